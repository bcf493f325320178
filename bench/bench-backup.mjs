// Backup benchmark (issue 37): a measurement, never pass/fail. `pnpm bench --only=backup`, or alone:
// `node bench/bench-backup.mjs [--pastes=N] [--files=N] [--dbs=sqlite,postgres]`. Needs only the
// api-server build (api-server/dist/backup/cli.js); builds nothing itself.
//
// 1. Seeding (not timed as part of any figure): a migrated database made through the build
//    (openDatabase + migrateToLatest of api-server/dist/db), then, in ONE transaction, one admin, one
//    local storage configuration, PASTES pastes (default 100,000), their tags and FILES file shares
//    (default 10,000) with plain batched INSERTs (SQLite: one prepared INSERT per row; PostgreSQL:
//    multi-row INSERTs). The migration's triggers and indexes see them as normal writes. Rows are
//    deterministic (bench/bench-backup-lib.mjs): pastes are Markdown of 200 B – 4 KB (log-uniform)
//    and 1 % of 40–60 KB, 3 % encrypted envelopes, 30 % with 1–3 tags, 10 % with a password (one
//    scrypt hash, sealed copy per row with the server secret), some with a remark, expiry or view
//    limit. Every file share has its object in the local storage (DATA_DIR/storage/<config>/uploads/…):
//    1–64 KB log-uniform (about 15 KB on average, so ≈150 MB for 10,000), half text (Markdown, JSON,
//    CSV: compresses well), half pseudo-random bytes (images, PDFs, zips: does not compress).
//    PostgreSQL: a throwaway cluster of api-server/scripts/with-postgres.sh (fsync off,
//    synchronous_commit off); this file runs itself inside it, each database of the run its own
//    `CREATE DATABASE`. Both sources share one DATA_DIR (the same objects).
// 2. Each measured run is a child process of the build's CLI, `node api-server/dist/backup/cli.js
//    create --objects --out FILE` or `… restore FILE` (DATA_DIR, APP_SECRET, DATABASE_URL in its
//    environment; a restore goes into a new empty DATA_DIR and a new empty database): wall time from
//    spawn to exit, peak RSS of the child (`/usr/bin/time -f %M` when installed, else VmHWM of
//    /proc/<pid>/status polled every 20 ms), the archive's size, rows per second (rows in the archive
//    / wall time). After a restore the target's pastes, files, tags and objects are counted against
//    the source ("verified").
//    Runs: create and restore on each database, then (both databases) SQLite archive → PostgreSQL and
//    PostgreSQL archive → SQLite; and, for "memory stays flat", the same create + restore at a tenth
//    of the size (PASTES/10, FILES/10) on each database, whose peak RSS is compared with the full one.
//    `--no-small` leaves that tenth out. Every step runs on a copy of api-server/dist taken at the
//    start (api-server/.bench-backup-dist-*, removed at the end), so a rebuild meanwhile changes nothing.
// Results: bench-results/backup.json, a table, and one JSON line with the load average (before and
// after) and the command.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatTable } from '../scripts/budgets-lib.mjs';
import { repoRoot } from '../scripts/lib.mjs';
import {
  backupFile,
  backupPaste,
  countOption,
  databasesOption,
  fileBytes,
  growthPercent,
  humanBytes,
  parseMaxRss,
  parseVmHwm,
  rowsOfCliOutput,
} from './bench-backup-lib.mjs';

const apiDir = path.join(repoRoot, 'api-server');
const builtDist = path.join(apiDir, 'dist');
/**
 * The build every step uses: a copy of api-server/dist made when the measurement starts (inside
 * api-server, so its node_modules resolve), so a rebuild meanwhile (another migration) cannot make
 * the sources, archives and targets of one run disagree.
 */
let distDir = builtDist;
const cliFile = () => path.join(distDir, 'backup', 'cli.js');
const requireFromApi = createRequire(path.join(apiDir, 'package.json'));
const APP_SECRET = 'bench-backup-app-secret-0123456789abcdef';
const CONFIG_ID = 'b0000000-0000-4000-8000-000000000001';
const ADMIN_ID = 'a0000000-0000-4000-8000-000000000001';
const TIME_BIN = '/usr/bin/time';
const PG_MAX_PARAMETERS = 30_000;
const PG_MAX_ROWS_PER_INSERT = 500;

function requireBackupBuild() {
  if (!existsSync(path.join(builtDist, 'backup', 'cli.js')))
    throw new Error('api-server/dist/backup/cli.js is missing: build the api-server first (pnpm --filter @cloudclip/api-server build)');
}

const idOf = (kind, index) => `${kind}0000000-0000-4000-8000-${index.toString(16).padStart(12, '0')}`;
const isoAt = (ms) => new Date(ms).toISOString();

/** Columns and row values of every seeded table, from the deterministic rows of bench-backup-lib. */
function seedPlan({ pastes, files, passwordHash, seal, now }) {
  const yearMs = 365 * 86_400_000;
  const at = (index, count) => isoAt(now - yearMs + Math.floor((index * yearMs) / count));
  const nowIso = isoAt(now);
  return {
    admin: { id: ADMIN_ID, username: 'bench-admin', password_hash: passwordHash, created_at: nowIso, updated_at: nowIso },
    config: {
      id: CONFIG_ID,
      name: 'Local storage',
      driver: 'local',
      provider_type: 'Local',
      bucket_name: 'local',
      default_folder: 'uploads',
      is_public: 1,
      is_default: 1,
      admin_id: ADMIN_ID,
      created_at: nowIso,
      updated_at: nowIso,
    },
    pastes: function* () {
      for (let index = 0; index < pastes; index += 1) {
        const paste = backupPaste(index);
        const created = at(index, pastes);
        const id = idOf('c', index);
        yield {
          row: {
            id,
            slug: `bp${index.toString(36)}`,
            content: paste.content,
            remark: paste.remark,
            password_hash: paste.hasPassword ? passwordHash : null,
            password_sealed: paste.hasPassword ? seal('bench-password') : null,
            expires_at: paste.expiresInDays === null ? null : isoAt(now + paste.expiresInDays * 86_400_000),
            max_views: paste.maxViews,
            views: paste.maxViews === null ? paste.views : Math.min(paste.views, paste.maxViews - 1),
            created_by: ADMIN_ID,
            created_at: created,
            updated_at: created,
            encryption: paste.encryption,
          },
          tags: paste.tags.map((tag, position) => ({ paste_id: id, tag, tag_key: tag.toLowerCase(), position })),
        };
      }
    },
    files: function* () {
      for (let index = 0; index < files; index += 1) {
        const file = backupFile(index);
        const created = at(index, files);
        yield {
          index,
          file,
          row: {
            id: idOf('d', index),
            filename: file.filename,
            storage_path: `uploads/${file.prefix}-${file.filename}`,
            mimetype: file.mimetype,
            size: file.size,
            s3_config_id: CONFIG_ID,
            slug: `bf${index.toString(36)}`,
            remark: file.remark,
            password_hash: file.hasPassword ? passwordHash : null,
            password_sealed: file.hasPassword ? seal('bench-password') : null,
            views: 0,
            use_proxy: 1,
            created_by: ADMIN_ID,
            created_at: created,
            updated_at: created,
          },
        };
      }
    },
  };
}

/** Writes every file share's object into the local storage of `dataDir`; returns their total bytes. */
function seedObjects(dataDir, files) {
  let bytes = 0;
  const root = path.join(dataDir, 'storage', CONFIG_ID, 'uploads');
  mkdirSync(root, { recursive: true });
  for (let index = 0; index < files; index += 1) {
    const file = backupFile(index);
    const body = fileBytes(index, file, randomBytes);
    writeFileSync(path.join(root, `${file.prefix}-${file.filename}`), body);
    bytes += body.length;
  }
  return bytes;
}

/** A migrated, empty database made by the build itself (as the server would at its first start). */
async function migrateThroughBuild(config) {
  const { openDatabase } = requireFromApi(path.join(distDir, 'db', 'database.js'));
  const { migrateToLatest } = requireFromApi(path.join(distDir, 'db', 'migrate.js'));
  const opened = await openDatabase(config);
  try {
    await migrateToLatest(opened.db, undefined, opened.schema === undefined ? {} : { migrationTableSchema: opened.schema });
  } finally {
    await opened.db.destroy();
  }
}

async function seedContext() {
  const { hashPassword } = requireFromApi(path.join(distDir, 'lib', 'password-hash.js'));
  const { SecretBox } = requireFromApi(path.join(distDir, 'lib', 'secret-box.js'));
  const box = new SecretBox(APP_SECRET);
  return { passwordHash: await hashPassword('bench-password'), seal: (plain) => box.encrypt(plain) };
}

/** Seeds the SQLite file in one transaction; returns the rows written per table. */
async function seedSqlite(file, sizes) {
  await migrateThroughBuild({ file });
  const plan = seedPlan({ ...sizes, ...(await seedContext()), now: Date.now() });
  const Database = requireFromApi('better-sqlite3');
  const db = new Database(file);
  const statements = new Map();
  const insert = (table, row) => {
    const columns = Object.keys(row);
    const key = `${table}(${columns.join(',')})`;
    if (!statements.has(key)) {
      statements.set(key, db.prepare(`INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`));
    }
    statements.get(key).run(...Object.values(row));
  };
  const counts = { pastes: 0, paste_tags: 0, files: 0 };
  try {
    db.transaction(() => {
      insert('admins', plan.admin);
      insert('storage_configs', plan.config);
      for (const { row, tags } of plan.pastes()) {
        insert('pastes', row);
        counts.pastes += 1;
        for (const tag of tags) insert('paste_tags', tag);
        counts.paste_tags += tags.length;
      }
      for (const { row } of plan.files()) {
        insert('files', row);
        counts.files += 1;
      }
    })();
  } finally {
    db.close();
  }
  return counts;
}

/** A URL of the same PostgreSQL server naming database `name`. */
function databaseUrlFor(baseUrl, name) {
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function createPostgresDatabase(baseUrl, name) {
  const { Client } = requireFromApi('pg');
  const client = new Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
  return databaseUrlFor(baseUrl, name);
}

/** Seeds a new PostgreSQL database in one transaction (multi-row INSERTs); returns its URL and the rows per table. */
async function seedPostgres(baseUrl, name, sizes) {
  const url = await createPostgresDatabase(baseUrl, name);
  await migrateThroughBuild({ url });
  const plan = seedPlan({ ...sizes, ...(await seedContext()), now: Date.now() });
  const { Client } = requireFromApi('pg');
  const client = new Client({ connectionString: url });
  await client.connect();
  const pending = new Map();
  const flush = async (table) => {
    // Tags reference their paste: the pastes still pending go first.
    if (table === 'paste_tags') await flush('pastes');
    const rows = pending.get(table) ?? [];
    if (!rows.length) return;
    pending.set(table, []);
    const columns = Object.keys(rows[0]);
    const values = [];
    const tuples = rows.map((row) => {
      const start = values.length;
      values.push(...columns.map((column) => row[column]));
      return `(${columns.map((_, i) => `$${start + i + 1}`).join(', ')})`;
    });
    await client.query(`INSERT INTO ${table} (${columns.join(', ')}) VALUES ${tuples.join(', ')}`, values);
  };
  const add = async (table, row) => {
    if (!pending.has(table)) pending.set(table, []);
    const rows = pending.get(table);
    rows.push(row);
    if (rows.length >= Math.min(PG_MAX_ROWS_PER_INSERT, Math.floor(PG_MAX_PARAMETERS / Object.keys(row).length))) await flush(table);
  };
  const counts = { pastes: 0, paste_tags: 0, files: 0 };
  try {
    await client.query('BEGIN');
    await add('admins', plan.admin);
    await flush('admins');
    await add('storage_configs', plan.config);
    await flush('storage_configs');
    for (const { row, tags } of plan.pastes()) {
      await add('pastes', row);
      counts.pastes += 1;
      for (const tag of tags) await add('paste_tags', tag);
      counts.paste_tags += tags.length;
    }
    await flush('pastes');
    await flush('paste_tags');
    for (const { row } of plan.files()) {
      await add('files', row);
      counts.files += 1;
    }
    await flush('files');
    await client.query('COMMIT');
    await client.query('ANALYZE');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
  return { url, counts };
}

/**
 * Runs the build's backup CLI as a child process; resolves with its wall time, peak RSS and output.
 * Fails (with its stderr) when it exits non-zero.
 */
function runCli(args, env) {
  const useTime = existsSync(TIME_BIN);
  const rssDir = mkdtempSync(path.join(os.tmpdir(), 'cloudclip-bench-rss-'));
  const rssFile = path.join(rssDir, 'maxrss');
  const [command, commandArgs] = useTime
    ? [TIME_BIN, ['-f', '%M', '-o', rssFile, process.execPath, cliFile(), ...args]]
    : [process.execPath, [cliFile(), ...args]];
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(command, commandArgs, { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    let polledPeak = null;
    const poll = useTime
      ? null
      : setInterval(() => {
          try {
            const peak = parseVmHwm(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
            if (peak !== null) polledPeak = Math.max(polledPeak ?? 0, peak);
          } catch {
            /* gone */
          }
        }, 20);
    child.once('error', reject);
    child.once('exit', (code) => {
      const seconds = (performance.now() - started) / 1000;
      if (poll) clearInterval(poll);
      const peakRssBytes = useTime && existsSync(rssFile) ? parseMaxRss(readFileSync(rssFile, 'utf8')) : polledPeak;
      rmSync(rssDir, { recursive: true, force: true });
      if (code !== 0) {
        reject(new Error(`backup ${args.join(' ')} exited with ${code}: ${stderr.trim().split('\n').slice(-3).join(' | ')}`));
        return;
      }
      resolve({ seconds, peakRssBytes, rssSource: useTime ? '/usr/bin/time %M' : 'VmHWM polled', output: stdout.trim() });
    });
  });
}

/** The CLI's environment: the given instance only (no inherited DATABASE_URL). */
function cliEnv({ dataDir, databaseUrl }) {
  const env = { ...process.env, DATA_DIR: dataDir, APP_SECRET };
  delete env.DATABASE_URL;
  delete env.TEST_DATABASE_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  return env;
}

/** Rows of pastes, files and paste_tags in a target database. */
async function countRows({ sqliteFile, databaseUrl }) {
  const tables = ['pastes', 'paste_tags', 'files'];
  if (sqliteFile) {
    const Database = requireFromApi('better-sqlite3');
    const db = new Database(sqliteFile, { readonly: true });
    try {
      return Object.fromEntries(tables.map((table) => [table, db.prepare(`SELECT count(*) AS n FROM ${table}`).get().n]));
    } finally {
      db.close();
    }
  }
  const { Client } = requireFromApi('pg');
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const counts = {};
    for (const table of tables) counts[table] = Number((await client.query(`SELECT count(*) AS n FROM ${table}`)).rows[0].n);
    return counts;
  } finally {
    await client.end();
  }
}

function countObjects(dataDir) {
  const root = path.join(dataDir, 'storage', CONFIG_ID, 'uploads');
  return existsSync(root) ? readdirSync(root).length : 0;
}

/** Everything inside one process that has DATABASE_URL when PostgreSQL is measured. */
async function measureAll({ pastes, files, dbs, withSmall = true }) {
  requireBackupBuild();
  const baseUrl = process.env.DATABASE_URL;
  if (dbs.includes('postgres') && !baseUrl)
    throw new Error('postgres: DATABASE_URL is not set (run inside api-server/scripts/with-postgres.sh)');
  const snapshot = mkdtempSync(path.join(apiDir, '.bench-backup-dist-'));
  cpSync(builtDist, snapshot, { recursive: true });
  distDir = snapshot;
  const work = mkdtempSync(path.join(os.tmpdir(), 'cloudclip-bench-backup-'));
  const runs = [];
  const seeding = {};
  let databaseCounter = 0;
  const newTarget = async (db) => {
    databaseCounter += 1;
    const dataDir = path.join(work, `target-${databaseCounter}`);
    mkdirSync(dataDir);
    if (db === 'sqlite') return { dataDir, sqliteFile: path.join(dataDir, 'cloudclip.db') };
    return { dataDir, databaseUrl: await createPostgresDatabase(baseUrl, `bench_target_${databaseCounter}`) };
  };
  const measure = async (label, size, fn) => {
    process.stderr.write(`[backup] ${label} (${size})…\n`);
    const loadavgBefore = os.loadavg();
    const run = await fn();
    runs.push({ label, size, ...run, loadavgBefore, loadavgAfter: os.loadavg() });
    const last = runs[runs.length - 1];
    process.stderr.write(
      `[backup]   ${last.seconds.toFixed(1)} s, peak RSS ${humanBytes(last.peakRssBytes ?? 0)}, archive ${humanBytes(last.archiveBytes)}, ${last.rows} rows, ${last.rowsPerSecond} rows/s${last.verified === undefined ? '' : `, verified ${last.verified}`}; load ${last.loadavgBefore.map((v) => v.toFixed(2)).join(' ')}\n`,
    );
  };

  try {
    /** One size: a source per database (sharing one DATA_DIR's objects), archives, and the runs. */
    const measureSize = async (size, sizes, { cross }) => {
      const sourceDir = path.join(work, `source-${size}`);
      const objectStarted = performance.now();
      const objectBytes = seedObjects(sourceDir, sizes.files);
      seeding[size] = { objects: sizes.files, objectBytes, objectSeconds: (performance.now() - objectStarted) / 1000 };
      const sources = {};
      for (const db of dbs) {
        const started = performance.now();
        if (db === 'sqlite') {
          const sqliteFile = path.join(sourceDir, 'cloudclip.db');
          const counts = await seedSqlite(sqliteFile, sizes);
          sources.sqlite = { dataDir: sourceDir, sqliteFile, counts };
        } else {
          const { url, counts } = await seedPostgres(baseUrl, `bench_source_${size}`, sizes);
          sources.postgres = { dataDir: sourceDir, databaseUrl: url, counts };
        }
        seeding[size][db] = { ...sources[db].counts, seconds: (performance.now() - started) / 1000 };
        process.stderr.write(`[backup] seeded ${db} (${size}) in ${seeding[size][db].seconds.toFixed(1)} s\n`);
      }
      const archives = {};
      for (const db of dbs) {
        const out = path.join(work, `${db}-${size}.tar.gz`);
        await measure(`create ${db}`, size, async () => {
          const result = await runCli(['create', '--objects', '--out', out], cliEnv(sources[db]));
          const rows = rowsOfCliOutput(result.output);
          const archiveBytes = statSync(out).size;
          return {
            ...result,
            from: db,
            to: 'archive',
            rows,
            archiveBytes,
            rowsPerSecond: rows === null ? null : Math.round(rows / result.seconds),
          };
        });
        archives[db] = out;
      }
      const pairs = dbs.map((db) => [db, db]);
      if (cross && dbs.length === 2) pairs.push(['sqlite', 'postgres'], ['postgres', 'sqlite']);
      for (const [from, to] of pairs) {
        await measure(`restore ${from} → ${to}`, size, async () => {
          const target = await newTarget(to);
          try {
            const result = await runCli(['restore', archives[from]], cliEnv(target));
            const rows = rowsOfCliOutput(result.output);
            const counts = await countRows(target);
            const objects = countObjects(target.dataDir);
            const expected = sources[from].counts;
            const verified =
              counts.pastes === expected.pastes &&
              counts.files === expected.files &&
              counts.paste_tags === expected.paste_tags &&
              objects === sizes.files;
            return {
              ...result,
              from,
              to,
              rows,
              archiveBytes: statSync(archives[from]).size,
              rowsPerSecond: rows === null ? null : Math.round(rows / result.seconds),
              restored: { ...counts, objects },
              verified,
            };
          } finally {
            rmSync(target.dataDir, { recursive: true, force: true });
          }
        });
      }
      rmSync(sourceDir, { recursive: true, force: true });
      for (const file of Object.values(archives)) rmSync(file, { force: true });
    };

    const small = { pastes: Math.max(1, Math.round(pastes / 10)), files: Math.max(1, Math.round(files / 10)) };
    if (withSmall) await measureSize('small', small, { cross: false });
    await measureSize('full', { pastes, files }, { cross: true });
    return { pastes, files, small, dbs, seeding, runs };
  } finally {
    rmSync(work, { recursive: true, force: true });
    rmSync(snapshot, { recursive: true, force: true });
  }
}

/** Runs measureAll in a child process inside with-postgres.sh (when PostgreSQL is measured) and returns its result. */
function runInChild(options) {
  const outDir = mkdtempSync(path.join(os.tmpdir(), 'cloudclip-bench-backup-out-'));
  const out = path.join(outDir, 'result.json');
  const self = fileURLToPath(import.meta.url);
  const args = [
    `--inside`,
    `--out=${out}`,
    `--pastes=${options.pastes}`,
    `--files=${options.files}`,
    `--dbs=${options.dbs.join(',')}`,
    ...(options.withSmall ? [] : ['--no-small']),
  ];
  const [command, commandArgs] = options.dbs.includes('postgres')
    ? ['bash', [path.join(apiDir, 'scripts', 'with-postgres.sh'), process.execPath, self, ...args]]
    : [process.execPath, [self, ...args]];
  return new Promise((resolve, reject) => {
    const child = spawn(command, commandArgs, { cwd: repoRoot, stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, CI: '1' } });
    child.once('error', reject);
    child.once('exit', (code) => {
      try {
        if (code !== 0) throw new Error(`the backup measurement exited with code ${code}`);
        resolve(JSON.parse(readFileSync(out, 'utf8')));
      } catch (error) {
        reject(error);
      } finally {
        rmSync(outDir, { recursive: true, force: true });
      }
    });
  });
}

const seconds = (value) => `${value.toFixed(1)} s`;

function printResults(results) {
  const rows = [['size', 'run', 'rows', 'objects', 'archive', 'wall', 'rows/s', 'peak RSS', 'verified', 'load before']];
  for (const run of results.runs) {
    rows.push([
      run.size,
      run.label,
      run.rows ?? '—',
      run.size === 'full' ? results.files : results.small.files,
      humanBytes(run.archiveBytes),
      seconds(run.seconds),
      run.rowsPerSecond ?? '—',
      run.peakRssBytes === null ? '—' : humanBytes(run.peakRssBytes),
      run.verified === undefined ? '' : run.verified ? 'yes' : 'NO',
      run.loadavgBefore.map((v) => v.toFixed(2)).join(' '),
    ]);
  }
  const full = results.seeding.full;
  console.log(
    `\nBackup and restore through the CLI (node api-server/dist/backup/cli.js), ${results.pastes} pastes + ${results.files} files (objects ${humanBytes(full.objectBytes)}); small = ${results.small.pastes} + ${results.small.files}:`,
  );
  console.log(formatTable(rows));
  const flatRows = [['run', `peak RSS (${results.small.pastes} pastes)`, `peak RSS (${results.pastes} pastes)`, 'growth']];
  for (const flat of results.memoryFlat) {
    flatRows.push([
      flat.label,
      humanBytes(flat.smallPeakRssBytes ?? 0),
      humanBytes(flat.fullPeakRssBytes ?? 0),
      flat.growthPercent === null ? '—' : `${flat.growthPercent} %`,
    ]);
  }
  console.log('\nMemory, 10× the rows:');
  console.log(formatTable(flatRows));
  console.log(
    `peak RSS: ${results.runs[0]?.rssSource ?? '—'} of the CLI child; rows/s: rows in the archive / wall time; verified: target's pastes, tags, files and objects counted.`,
  );
  for (const [size, seed] of Object.entries(results.seeding)) {
    const dbs = results.dbs.map((db) => `${db} ${seed[db].seconds.toFixed(1)} s`).join(', ');
    console.log(
      `seeding (${size}): ${seed.objects} objects, ${humanBytes(seed.objectBytes)} in ${seed.objectSeconds.toFixed(1)} s; ${dbs}`,
    );
  }
}

/** Peak RSS of each run at the small and at the full size. */
function memoryFlat(runs) {
  const labels = [...new Set(runs.filter((run) => run.size === 'small').map((run) => run.label))];
  return labels.map((label) => {
    const small = runs.find((run) => run.size === 'small' && run.label === label)?.peakRssBytes ?? null;
    const full = runs.find((run) => run.size === 'full' && run.label === label)?.peakRssBytes ?? null;
    return { label, smallPeakRssBytes: small, fullPeakRssBytes: full, growthPercent: growthPercent(small, full) };
  });
}

/**
 * The backup benchmark of `pnpm bench --only=backup`: options from the command line (`--pastes=`,
 * `--files=`, `--dbs=`) or BENCH_BACKUP_PASTES / BENCH_BACKUP_FILES / BENCH_BACKUP_DBS; prints the
 * table and the JSON line, writes bench-results/backup.json and returns the results.
 */
export async function benchBackup({ resultsDir = path.join(repoRoot, 'bench-results'), commit = null, argv = process.argv } = {}) {
  requireBackupBuild();
  const options = {
    pastes: countOption(argv, 'pastes', process.env.BENCH_BACKUP_PASTES, 100_000),
    files: countOption(argv, 'files', process.env.BENCH_BACKUP_FILES, 10_000),
    dbs: databasesOption(argv, process.env.BENCH_BACKUP_DBS),
    withSmall: !argv.includes('--no-small'),
  };
  const command = [path.basename(argv[0] ?? 'node'), ...argv.slice(1).map((arg) => path.relative(repoRoot, arg) || arg)].join(' ');
  const loadavgBefore = os.loadavg();
  const measured = await runInChild(options);
  const results = {
    measuredAt: new Date().toISOString(),
    commit,
    command,
    machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model ?? null, memoryBytes: os.totalmem(), node: process.version },
    loadavgBefore,
    loadavgAfter: os.loadavg(),
    ...measured,
    memoryFlat: memoryFlat(measured.runs),
    units: {
      seconds: 'wall time, spawn to exit',
      peakRssBytes: 'bytes, peak resident set of the CLI process',
      rowsPerSecond: 'rows in the archive / wall time',
    },
  };
  printResults(results);
  console.log(
    JSON.stringify({
      bench: 'backup',
      command,
      loadavg: { before: loadavgBefore.map((v) => Number(v.toFixed(2))), after: results.loadavgAfter.map((v) => Number(v.toFixed(2))) },
      pastes: results.pastes,
      files: results.files,
      runs: results.runs.map((run) => ({
        size: run.size,
        run: run.label,
        seconds: Number(run.seconds.toFixed(2)),
        peakRssBytes: run.peakRssBytes,
        archiveBytes: run.archiveBytes,
        rowsPerSecond: run.rowsPerSecond,
        ...(run.verified === undefined ? {} : { verified: run.verified }),
      })),
    }),
  );
  mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, 'backup.json');
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`Written: ${path.relative(repoRoot, file)}`);
  return results;
}

const invokedDirectly = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (invokedDirectly) {
  const argv = process.argv;
  const inside = argv.includes('--inside');
  const task = inside
    ? measureAll({
        pastes: countOption(argv, 'pastes', undefined, 100_000),
        files: countOption(argv, 'files', undefined, 10_000),
        dbs: databasesOption(argv, undefined),
        withSmall: !argv.includes('--no-small'),
      }).then((result) => writeFileSync(argv.find((arg) => arg.startsWith('--out=')).slice('--out='.length), JSON.stringify(result)))
    : benchBackup();
  task.catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
