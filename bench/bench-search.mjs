// Search benchmark (issue 16): a measurement, never pass/fail. `pnpm bench --only=search`, or alone:
// `node bench/bench-search.mjs`. Needs a built api-server (api-server/dist with migration
// 0006-search); builds nothing itself.
//
// For each database of BENCH_SEARCH_DBS (default `sqlite,postgres`), in a child process of its own:
// 1. Start the built api-server (`node dist/main.js`, api-server/bench/bench-server.mjs: free
//    loopback port, temporary DATA_DIR, known admin). SQLite: the file in that DATA_DIR. PostgreSQL:
//    a throwaway cluster of Debian's binaries made by api-server/scripts/with-postgres.sh (fsync off,
//    synchronous_commit off, as for the test suite); the server migrates it at start.
// 2. Seed BENCH_SEARCH_ROWS (default 100,000) pastes and as many file shares straight into the
//    migrated schema with plain INSERTs, in batches inside transactions (SQLite: better-sqlite3, one
//    prepared INSERT per row, 2,000 rows a transaction; PostgreSQL: pg, multi-row INSERTs of 500 rows,
//    5,000 rows a transaction) while the server runs. These are normal writes for the database:
//    the migration's triggers fire and its indexes are updated as for the server's own writes. The
//    rows (bench/bench-search-lib.mjs) are deterministic: Markdown of English and Chinese sentences,
//    a remark on about a third, 5 % end-to-end encrypted (an envelope of ciphertext); file shares are a
//    row each (filename, type, size, remark) in one `local` storage configuration, with no bytes. On
//    PostgreSQL `ANALYZE pastes, files` follows, as autovacuum would after such a load.
// 3. Search through HTTP with the admin token: `GET /api/admin/search?q=&page=1&limit=20` and
//    `GET /api/admin/pastes?q=&page=1&limit=20`, each at 1 and 16 concurrent clients for
//    BENCH_SEARCH_SECONDS (default 10) after one unrecorded pass; every client walks through the query
//    mix (common word, rare word, Chinese 2 and 3 characters, multi-term, no hit). p50 / p99 / requests
//    per second, overall and per query. Nothing is written during these runs, so /admin/search reuses
//    its totals (api-server/src/services/search-totals.ts); "first" is each search's first request
//    after the seeding (one sample, counted in full).
// 4. The write path: POST /api/paste (admin token, new content every request, 5 % encrypted) at 16
//    clients, BENCH_SEARCH_SECONDS a round, alternately with the search index and without it (two
//    rounds each: with, without, with, without). "Without" = dropSearchIndex: every trigger on pastes
//    and files (the schema before 0006-search has none) and, on PostgreSQL, every trigram / to_tsvector
//    index of those tables dropped through SQL on the running server's database; after the round they
//    are made again from the statements the database's catalogue gave (sqlite_master.sql,
//    pg_get_triggerdef, pg_indexes.indexdef). The slowdown is 1 - with/without of the throughput, in %.
// Results: bench-results/search.json (with os.loadavg() before and after each database), and a table.
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatTable } from '../scripts/budgets-lib.mjs';
import { repoRoot } from '../scripts/lib.mjs';
import { invokedDirectly, machineInfo, runMeasurementChild, writeResults } from './bench-harness.mjs';
import { SEARCH_QUERIES, benchPaste, latencySummary, listKnob, slowdownPercent } from './bench-search-lib.mjs';
import { apiDir, seedSqlite, seedPostgres, dropSearchIndex, restoreSearchIndex } from './bench-search-database.mjs';

const DATABASES = ['sqlite', 'postgres'];
const SEARCH_ENDPOINTS = ['/api/admin/search', '/api/admin/pastes'];
const CLIENT_COUNTS = [1, 16];
const WRITE_CLIENTS = 16;
/** Pairs of write-path rounds (one with the index, one without), each BENCH_SEARCH_SECONDS long. */
const WRITE_ROUNDS = 2;

/** Throws unless api-server/dist holds a build with the search migration. */
function requireSearchBuild() {
  const migrations = path.join(apiDir, 'dist', 'db', 'migrations');
  const built =
    existsSync(path.join(apiDir, 'dist', 'main.js')) &&
    existsSync(migrations) &&
    readdirSync(migrations).some((name) => /^0006-.*search.*\.js$/u.test(name));
  if (!built) throw new Error('api-server/dist has no search migration (0006-search): build the api-server first (pnpm build)');
}

/**
 * Runs `clients` loops for `seconds`: each sends request number n (from `requestOf`, n = client,
 * client + clients, …), waits for the whole answer and records its time under the request's label.
 * Non-2xx answers are counted as errors, not timed.
 */
async function load({ clients, seconds, requestOf, keepLatencies = false }) {
  const latencies = [];
  const byLabel = new Map();
  let errors = 0;
  let firstError = null;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      for (let n = client; performance.now() < deadline; n += clients) {
        const { url, init, label } = requestOf(n);
        const sent = performance.now();
        const response = await fetch(url, init);
        const text = await response.text();
        const ms = performance.now() - sent;
        if (!response.ok) {
          errors += 1;
          firstError ??= `HTTP ${response.status} ${text.slice(0, 200)}`;
          continue;
        }
        latencies.push(ms);
        if (!byLabel.has(label)) byLabel.set(label, []);
        byLabel.get(label).push(ms);
      }
    }),
  );
  const elapsedMs = performance.now() - started;
  return {
    ...latencySummary(latencies, elapsedMs),
    ...(keepLatencies ? { latencies, elapsedMs } : {}),
    errors,
    firstError,
    byQuery: Object.fromEntries([...byLabel].map(([label, values]) => [label, latencySummary(values, elapsedMs)])),
  };
}

/** The rounds of one side of the write comparison as one figure: all latencies, over all their time. */
function pooled(rounds) {
  const elapsedMs = rounds.reduce((sum, round) => sum + round.elapsedMs, 0);
  return {
    ...latencySummary(
      rounds.flatMap((round) => round.latencies),
      elapsedMs,
    ),
    errors: rounds.reduce((sum, round) => sum + round.errors, 0),
    firstError: rounds.find((round) => round.firstError)?.firstError ?? null,
    perRound: rounds.map((round) => round.perSecond),
  };
}

const searchUrl = (base, endpoint, q) => `${base}${endpoint}?q=${encodeURIComponent(q)}&page=1&limit=20`;

/**
 * Total hits of each query at each endpoint (one request each, the first of that search since the
 * seeding), so the figures can be read with them; and that request's time. The timed runs repeat
 * the same searches with nothing written meanwhile, so /admin/search reuses its counts there
 * (api-server/src/services/search-totals.ts); the first request of each counted them.
 */
async function hitCounts(base, auth) {
  const counts = {};
  const firstMs = {};
  for (const endpoint of SEARCH_ENDPOINTS) {
    counts[endpoint] = {};
    firstMs[endpoint] = {};
    for (const { q } of SEARCH_QUERIES) {
      const sent = performance.now();
      const response = await fetch(searchUrl(base, endpoint, q), { headers: auth });
      const body = await response.json();
      firstMs[endpoint][q] = performance.now() - sent;
      if (!response.ok) throw new Error(`GET ${endpoint}?q=${q}: HTTP ${response.status} ${JSON.stringify(body).slice(0, 200)}`);
      counts[endpoint][q] = body.pagination?.total ?? body.data?.pagination?.total ?? null;
    }
  }
  return { counts, firstMs };
}

function writeRequest(base, auth, offset) {
  return (n) => {
    const paste = benchPaste(offset + n);
    const body = {
      content: paste.content,
      remark: paste.remark ?? undefined,
      ...(paste.encryption ? { encryption: paste.encryption } : {}),
    };
    return {
      url: `${base}/api/paste`,
      init: { method: 'POST', headers: auth, body: JSON.stringify(body) },
      label: paste.encryption ? 'encrypted' : 'plain',
    };
  };
}

/** One database, start to end (run in a child process; PostgreSQL inside with-postgres.sh). */
async function measureDatabase(db, rows, seconds) {
  requireSearchBuild();
  const databaseUrl = db === 'postgres' ? process.env.DATABASE_URL : undefined;
  if (db === 'postgres' && !databaseUrl)
    throw new Error('postgres: DATABASE_URL is not set (run inside api-server/scripts/with-postgres.sh)');
  if (databaseUrl) process.env.BENCH_DATABASE_URL = databaseUrl;
  else delete process.env.BENCH_DATABASE_URL;
  const { startServer } = await import(path.join(apiDir, 'bench', 'bench-server.mjs'));
  const server = await startServer();
  const { base, auth } = server;
  try {
    const version = await (await fetch(`${base}/api/version`)).json();
    if (!version.data?.features?.includes('search'))
      throw new Error(`GET /api/version does not list the search feature: ${JSON.stringify(version.data)}`);
    process.stderr.write(`[${db}] seeding ${rows} pastes and ${rows} file shares…\n`);
    const seeding = db === 'sqlite' ? await seedSqlite(server.dataDir, rows) : await seedPostgres(databaseUrl, rows);
    const { counts: hits, firstMs } = await hitCounts(base, auth);
    process.stderr.write(`[${db}] seeded in ${Math.round(seeding.pastesSeconds)} s + ${Math.round(seeding.filesSeconds)} s; searching…\n`);
    const search = {};
    for (const endpoint of SEARCH_ENDPOINTS) {
      search[endpoint] = {};
      const requestOf = (n) => {
        const { kind, q } = SEARCH_QUERIES[n % SEARCH_QUERIES.length];
        return { url: searchUrl(base, endpoint, q), init: { headers: auth }, label: kind };
      };
      for (let n = 0; n < SEARCH_QUERIES.length; n += 1) await (await fetch(requestOf(n).url, requestOf(n).init)).arrayBuffer();
      for (const clients of CLIENT_COUNTS) search[endpoint][clients] = await load({ clients, seconds, requestOf });
    }
    // Write path: with, without, with, without… (WRITE_ROUNDS pairs), so a drift of the machine or
    // the table's growth falls on both sides.
    const connection = { dataDir: server.dataDir, databaseUrl };
    const rounds = { withIndex: [], withoutIndex: [] };
    let dropped = [];
    let offset = rows;
    const writeRound = async (side) => {
      process.stderr.write(`[${db}] write path, ${side === 'withIndex' ? 'with' : 'without'} the index…\n`);
      rounds[side].push(await load({ clients: WRITE_CLIENTS, seconds, requestOf: writeRequest(base, auth, offset), keepLatencies: true }));
      offset += 1_000_000;
    };
    for (let round = 0; round < WRITE_ROUNDS; round += 1) {
      await writeRound('withIndex');
      const off = await dropSearchIndex(db, connection);
      dropped = off.dropped;
      await writeRound('withoutIndex');
      await restoreSearchIndex(db, connection, off.restore);
    }
    const withIndex = pooled(rounds.withIndex);
    const withoutIndex = pooled(rounds.withoutIndex);
    return {
      seeding: { ...seeding, rowsPerSecond: Math.round((rows * 2) / (seeding.pastesSeconds + seeding.filesSeconds)) },
      hits,
      firstMs,
      search,
      write: {
        clients: WRITE_CLIENTS,
        rounds: WRITE_ROUNDS,
        withIndex,
        withoutIndex,
        dropped,
        slowdownPercent: dropped.length ? slowdownPercent(withIndex.perSecond, withoutIndex.perSecond) : null,
      },
    };
  } finally {
    await server.stop();
  }
}

/** Runs measureDatabase for `db` in a child process and returns its result. */
function runChild(db, rows, seconds) {
  return runMeasurementChild({
    script: fileURLToPath(import.meta.url),
    args: [`--database=${db}`],
    postgres: db === 'postgres',
    env: { CI: '1', BENCH_SEARCH_ROWS: String(rows), BENCH_SEARCH_SECONDS: String(seconds) },
    tempPrefix: 'cloudclip-bench-search-',
    what: `the ${db} measurement`,
  });
}

const ms = (value) => (value === null || value === undefined ? '—' : `${value.toFixed(1)} ms`);
const rate = (value) => (value === null || value === undefined ? '—' : value.toFixed(1));

function printResults(results) {
  const searchRows = [['database', 'endpoint', 'clients', 'requests', 'p50', 'p99', 'req/s', 'errors']];
  const queryRows = [['database', 'endpoint', 'query', 'hits', 'first', 'p50 (1 client)', 'p99 (1 client)', 'p50 (16)', 'p99 (16)']];
  const writeRows = [['database', 'index', 'clients', 'requests', 'p50', 'p99', 'req/s', 'errors', 'slowdown']];
  for (const [db, result] of Object.entries(results.databases)) {
    for (const [endpoint, byClients] of Object.entries(result.search)) {
      for (const [clients, figures] of Object.entries(byClients)) {
        searchRows.push([
          db,
          endpoint,
          clients,
          figures.requests,
          ms(figures.p50Ms),
          ms(figures.p99Ms),
          rate(figures.perSecond),
          figures.errors,
        ]);
      }
      for (const { kind, q } of SEARCH_QUERIES) {
        const one = byClients[1].byQuery[kind];
        const many = byClients[16].byQuery[kind];
        queryRows.push([
          db,
          endpoint,
          `${kind}: ${q}`,
          result.hits[endpoint][q] ?? '—',
          ms(result.firstMs?.[endpoint]?.[q]),
          ms(one?.p50Ms),
          ms(one?.p99Ms),
          ms(many?.p50Ms),
          ms(many?.p99Ms),
        ]);
      }
    }
    const { withIndex, withoutIndex, slowdownPercent: slowdown, clients } = result.write;
    writeRows.push([
      db,
      'with',
      clients,
      withIndex.requests,
      ms(withIndex.p50Ms),
      ms(withIndex.p99Ms),
      rate(withIndex.perSecond),
      withIndex.errors,
      '',
    ]);
    writeRows.push([
      db,
      'without',
      clients,
      withoutIndex.requests,
      ms(withoutIndex.p50Ms),
      ms(withoutIndex.p99Ms),
      rate(withoutIndex.perSecond),
      withoutIndex.errors,
      slowdown === null ? '—' : `${slowdown} %`,
    ]);
  }
  console.log(
    `\nSearch over ${results.rows} pastes + ${results.rows} file shares, ${results.seconds} s per figure (query mix of ${SEARCH_QUERIES.length}):`,
  );
  console.log(formatTable(searchRows));
  console.log('\nPer query:');
  console.log(formatTable(queryRows));
  console.log('\nWrite path, POST /api/paste:');
  console.log(formatTable(writeRows));
  for (const [db, result] of Object.entries(results.databases)) {
    console.log(
      `${db}: seeded at ${result.seeding.rowsPerSecond} rows/s; load average ${result.loadavgBefore.map((v) => v.toFixed(2)).join(' ')} before, ${result.loadavgAfter.map((v) => v.toFixed(2)).join(' ')} after; dropped for "without": ${result.write.dropped.join(', ') || 'nothing'}`,
    );
  }
}

/**
 * The search benchmark of `pnpm bench --only=search`: every database of BENCH_SEARCH_DBS measured
 * in turn, the table printed and bench-results/search.json written. Returns the results.
 */
export async function benchSearch({ resultsDir = path.join(repoRoot, 'bench-results'), commit = null } = {}) {
  requireSearchBuild();
  const rows = Number(process.env.BENCH_SEARCH_ROWS ?? 100_000);
  const seconds = Number(process.env.BENCH_SEARCH_SECONDS ?? 10);
  const dbs = listKnob(process.env.BENCH_SEARCH_DBS, DATABASES.join(','));
  const unknown = dbs.filter((db) => !DATABASES.includes(db));
  if (unknown.length) throw new Error(`BENCH_SEARCH_DBS: unknown ${unknown.join(', ')} (known: ${DATABASES.join(', ')})`);
  if (!(rows > 0) || !(seconds > 0)) throw new Error('BENCH_SEARCH_ROWS and BENCH_SEARCH_SECONDS must be positive numbers');
  const results = {
    measuredAt: new Date().toISOString(),
    commit,
    rows,
    seconds,
    queries: SEARCH_QUERIES,
    machine: machineInfo(),
    seeding:
      'Plain INSERTs into the migrated schema while the server runs, in batches inside transactions (SQLite: 2,000 rows each; PostgreSQL: multi-row INSERTs of 500, 5,000 rows a transaction, then ANALYZE); triggers and indexes see them as normal writes.',
    writeWithoutIndex:
      'Alternating rounds on the same database: with the index, then after dropping every trigger on pastes and files (and on PostgreSQL their trigram / to_tsvector indexes), then with them made again, and so on.',
    units: { times: 'ms, request sent to whole answer read', throughput: 'requests per second, all clients together' },
    databases: {},
  };
  for (const db of dbs) {
    const loadavgBefore = os.loadavg();
    const measured = await runChild(db, rows, seconds);
    results.databases[db] = { ...measured, loadavgBefore, loadavgAfter: os.loadavg() };
  }
  printResults(results);
  writeResults(resultsDir, 'search.json', results);
  return results;
}

if (invokedDirectly(import.meta.url)) {
  const database = process.argv.find((arg) => arg.startsWith('--database='))?.slice('--database='.length);
  const out = process.argv.find((arg) => arg.startsWith('--out='))?.slice('--out='.length);
  const task = database
    ? measureDatabase(database, Number(process.env.BENCH_SEARCH_ROWS ?? 100_000), Number(process.env.BENCH_SEARCH_SECONDS ?? 10)).then(
        (result) => writeFileSync(out, JSON.stringify(result)),
      )
    : benchSearch();
  task.catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
