// pnpm bench --only=cluster: api-server replicas behind the gateway (issue 17), measured on this
// machine. Needs only the api-server build and Debian's postgresql; builds nothing.
//
// One throwaway PostgreSQL cluster (api-server/scripts/with-postgres.sh; this file runs itself inside
// it) and one DATA_DIR; on it, in turn, 1 then 2 replicas of the same build behind the gateway
// (scripts/cluster.mjs's Cluster, fresh ports each time, the same database and files):
//
// 1. GET /api/paste/{slug} through the gateway at BENCH_CLUSTER_CLIENTS (default 16) concurrent
//    clients, each a keep-alive connection sending its next request when the previous answer is
//    read, for BENCH_CLUSTER_SECONDS (default 10) after a 2-second warm-up: p50/p99/mean latency
//    and requests per second. Two cases: every client reading the same paste ("one paste": each
//    read counts a view, so every request updates the same row) and each client its own paste
//    ("a paste per client").
// 2. With 2 replicas, "write then list", BENCH_CLUSTER_WRITES (default 100) times: the parent
//    folder is listed through replica B (so B caches it), a folder is created in it through replica
//    A (POST /api/admin/fs/mkdir), then the parent is listed through B until the new folder is in
//    it. The time is from the mkdir's answer to the end of that listing: the list request's own
//    time when the folder is there at once. A and B alternate. A folder not seen within 5 s counts
//    as not seen (and 5 s).
//
// Written to bench-results/cluster.json with the load average before and after. The load
// generator runs on the same machine as PostgreSQL, the replicas and the gateway: with 2 CPUs a
// second replica cannot double anything; the figures say what one machine gives.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { BUILD_MARKERS, isBuilt, repoRoot } from '../scripts/lib.mjs';
import { invokedDirectly, machineInfo, runMeasurementChild, writeResults } from './bench-harness.mjs';
import { formatTable } from '../scripts/budgets-lib.mjs';
import { latencySummary, quantile } from './bench-search-lib.mjs';
import { Cluster, freeConsecutivePorts } from '../scripts/cluster.mjs';

const ADMIN = { username: 'bench-admin', password: 'bench-admin-password-1' };
const WARM_UP_MS = 2000;
const APPEAR_TIMEOUT_MS = 5000;
const REPLICA_COUNTS = [1, 2];

/** A positive whole number from the environment variable `name`, else `fallback`. */
function knob(name, fallback) {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive whole number`);
  return value;
}

/** One request on `agent`; resolves with the status and the body as text. */
function request(agent, url, { method = 'GET', headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    const req = http.request(url, {
      method,
      agent,
      headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    });
    req.on('response', (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode, text: Buffer.concat(chunks).toString() }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

async function jsonOk(agent, url, options, what) {
  const answer = await request(agent, url, options);
  if (answer.status < 200 || answer.status >= 300) throw new Error(`${what}: HTTP ${answer.status} ${answer.text.slice(0, 300)}`);
  return JSON.parse(answer.text);
}

/**
 * `clients` loops, each on its own keep-alive connection, GETting `urlOf(client)` back to back
 * until `durationMs` is over; the latencies of the requests that ended inside it, and any failure.
 */
async function closedLoop(urlOf, clients, durationMs) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
  const latencies = [];
  let failures = 0;
  const started = performance.now();
  const end = started + durationMs;
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      while (performance.now() < end) {
        const sent = performance.now();
        const answer = await request(agent, urlOf(client)).catch(() => ({ status: 0 }));
        if (answer.status !== 200) failures += 1;
        else latencies.push(performance.now() - sent);
      }
    }),
  );
  const elapsed = performance.now() - started;
  agent.destroy();
  return { ...latencySummary(latencies, elapsed), failures };
}

/** The "write then list" times (ms) over `writes` folders on two replicas, and how many were never seen. */
async function writeThenList(origins, auth, writes) {
  const agent = new http.Agent({ keepAlive: true });
  const parent = `/bench/write-then-list-${Date.now()}/`;
  const listUrl = (origin) => `${origin}/api/admin/fs/list?path=${encodeURIComponent(parent)}`;
  await jsonOk(agent, `${origins[0]}/api/admin/fs/mkdir`, { method: 'POST', headers: auth, body: { path: parent } }, 'mkdir parent');
  const times = [];
  let firstListing = 0;
  let unseen = 0;
  for (let index = 0; index < writes; index += 1) {
    const [writer, reader] = index % 2 === 0 ? origins : [origins[1], origins[0]];
    await jsonOk(agent, listUrl(reader), { headers: auth }, 'list (cache)');
    const name = `w${index}`;
    await jsonOk(agent, `${writer}/api/admin/fs/mkdir`, { method: 'POST', headers: auth, body: { path: `${parent}${name}/` } }, 'mkdir');
    const written = performance.now();
    let attempts = 0;
    for (;;) {
      attempts += 1;
      const listing = await jsonOk(agent, listUrl(reader), { headers: auth }, 'list');
      if (listing.data.items.some((item) => item.name === name)) {
        times.push(performance.now() - written);
        if (attempts === 1) firstListing += 1;
        break;
      }
      if (performance.now() - written > APPEAR_TIMEOUT_MS) {
        times.push(APPEAR_TIMEOUT_MS);
        unseen += 1;
        break;
      }
    }
  }
  agent.destroy();
  const sorted = [...times].sort((a, b) => a - b);
  const round = (value) => (value === null ? null : Math.round(value * 100) / 100);
  return {
    writes,
    p50Ms: round(quantile(sorted, 0.5)),
    p99Ms: round(quantile(sorted, 0.99)),
    maxMs: round(sorted.at(-1) ?? null),
    seenInFirstListing: firstListing,
    unseen,
  };
}

/** Everything measured on one PostgreSQL database (run inside with-postgres.sh). */
async function measure() {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error('DATABASE_URL is not set (run inside api-server/scripts/with-postgres.sh)');
  const clients = knob('BENCH_CLUSTER_CLIENTS', 16);
  const seconds = knob('BENCH_CLUSTER_SECONDS', 10);
  const writes = knob('BENCH_CLUSTER_WRITES', 100);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cloudclip-bench-cluster-'));
  const appSecret = randomBytes(32).toString('hex');
  const env = {
    ...process.env,
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'warn',
    // Every request of the load comes from 127.0.0.1: no limit of the server may be what is measured.
    LOGIN_RATE_LIMIT_MAX: '1000000',
  };
  const results = { clients, seconds, readPaste: {}, writeThenList: null };
  let slugs;
  try {
    for (const replicas of REPLICA_COUNTS) {
      const [gatewayPort, ...apiPorts] = await freeConsecutivePorts(replicas + 1);
      const cluster = new Cluster({
        settings: { replicas, gatewayPort, apiPorts, host: '127.0.0.1' },
        databaseUrl,
        dataDir,
        appSecret,
        env,
        onFailure: (message) => console.error(`bench cluster: ${message}`),
      });
      try {
        await cluster.start();
        const agent = new http.Agent({ keepAlive: true });
        const login = await jsonOk(agent, `${cluster.origins[0]}/api/admin/login`, { method: 'POST', body: ADMIN }, 'login');
        const auth = { authorization: `Bearer ${login.data.token}` };
        if (!slugs) {
          slugs = [];
          for (let index = 0; index < clients; index += 1) {
            const created = await jsonOk(
              agent,
              `${cluster.gateway}/api/paste`,
              {
                method: 'POST',
                headers: auth,
                body: { content: `Hello from the cluster benchmark, paste ${index}.\n`.repeat(20), maxViews: 0 },
              },
              'POST /api/paste',
            );
            slugs.push(created.slug);
          }
          const configs = await jsonOk(agent, `${cluster.origins[0]}/api/s3-configs`, { headers: auth }, 'GET /api/s3-configs');
          const local = configs.data.find((config) => String(config.provider_type).toLowerCase() === 'local');
          await jsonOk(
            agent,
            `${cluster.origins[0]}/api/admin/mounts`,
            {
              method: 'POST',
              headers: auth,
              body: { name: 'bench', storage_type: 'S3', storage_config_id: local.id, mount_path: '/bench' },
            },
            'POST /api/admin/mounts',
          );
        }
        agent.destroy();
        const paste = (slug) => `${cluster.gateway}/api/paste/${encodeURIComponent(slug)}`;
        const cases = { onePaste: () => paste(slugs[0]), pastePerClient: (client) => paste(slugs[client]) };
        results.readPaste[replicas] = {};
        for (const [name, urlOf] of Object.entries(cases)) {
          await closedLoop(urlOf, clients, WARM_UP_MS);
          const loadavgBefore = os.loadavg();
          const measured = await closedLoop(urlOf, clients, seconds * 1000);
          results.readPaste[replicas][name] = { ...measured, loadavgBefore, loadavgAfter: os.loadavg() };
          process.stderr.write(`bench cluster: ${replicas} replica(s), ${name}: ${measured.perSecond} req/s, p50 ${measured.p50Ms} ms\n`);
        }
        if (replicas === 2) results.writeThenList = await writeThenList(cluster.origins, auth, writes);
      } finally {
        await cluster.stop();
      }
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  return results;
}

/** Runs `measure` in a child process inside with-postgres.sh; returns its results. */
function runInPostgres() {
  return runMeasurementChild({
    script: fileURLToPath(import.meta.url),
    postgres: true,
    env: { WITH_POSTGRES_REQUIRED: '1' },
    cwd: repoRoot,
    tempPrefix: 'cloudclip-bench-cluster-out-',
    what: 'the cluster measurement',
  });
}

function printResults(results) {
  const rows = [];
  for (const [replicas, cases] of Object.entries(results.readPaste)) {
    for (const [name, m] of Object.entries(cases)) {
      rows.push([replicas, name, m.perSecond, m.p50Ms, m.p99Ms, m.meanMs, m.failures, m.loadavgBefore.map((v) => v.toFixed(2)).join(' ')]);
    }
  }
  console.log(`\nGET /api/paste/{slug} through the gateway, ${results.clients} clients, ${results.seconds} s each:`);
  console.log(formatTable([['replicas', 'case', 'req/s', 'p50 ms', 'p99 ms', 'mean ms', 'failed', 'load before'], ...rows]));
  const w = results.writeThenList;
  if (w) {
    console.log(
      `\nWrite then list (mkdir through one replica, list the parent through the other until it is there), ${w.writes} times:\n` +
        `  p50 ${w.p50Ms} ms, p99 ${w.p99Ms} ms, max ${w.maxMs} ms; in the first listing: ${w.seenInFirstListing}; not seen within ${APPEAR_TIMEOUT_MS} ms: ${w.unseen}`,
    );
  }
}

/**
 * The cluster benchmark of `pnpm bench --only=cluster`: measured, printed and written to
 * bench-results/cluster.json. Returns the results.
 */
export async function benchCluster({ resultsDir = path.join(repoRoot, 'bench-results'), commit = null } = {}) {
  if (!isBuilt('api-server')) {
    throw new Error(
      `pnpm bench --only=cluster measures the built api-server, and ${BUILD_MARKERS['api-server']} is missing: run \`pnpm build\` first.`,
    );
  }
  const loadavgBefore = os.loadavg();
  const measured = await runInPostgres();
  const results = {
    measuredAt: new Date().toISOString(),
    commit,
    machine: machineInfo(),
    setup:
      'One throwaway PostgreSQL (with-postgres.sh: fsync off) and one DATA_DIR; 1 then 2 api-server replicas of the same build behind the gateway (round robin), all on this machine with the load generator.',
    units: {
      times: 'ms, request sent to whole answer read',
      throughput: 'requests per second, all clients together',
      loadavg: '1, 5, 15 minutes',
    },
    ...measured,
    loadavgBefore,
    loadavgAfter: os.loadavg(),
  };
  printResults(results);
  writeResults(resultsDir, 'cluster.json', results);
  return results;
}

if (invokedDirectly(import.meta.url)) {
  const out = process.argv.find((arg) => arg.startsWith('--out='))?.slice('--out='.length);
  if (out) {
    measure().then(
      (results) => {
        writeFileSync(out, JSON.stringify(results));
        process.exit(0);
      },
      (error) => {
        console.error(error);
        process.exit(1);
      },
    );
  } else {
    benchCluster().catch((error) => {
      console.error(error.message ?? error);
      process.exit(1);
    });
  }
}
