// The mount-index part of the api-server benchmark (`node bench/api-bench.mjs --only=mount-index`,
// issue 16): a measurement, never a pass/fail test.
//
// On the started server (bench-server.mjs) it creates a local storage config and a mount `/index`
// on it, then writes BENCH_INDEX_ENTRIES (default 100000) small files in nested folders
// (`f<NN>/s<N>/…`, 100 top folders of 10 sub-folders each; every 1000th file an "Annual Report",
// every 500th a Chinese name) through the local storage driver of dist/ in this process, on the
// server's DATA_DIR (no HTTP request per file). Then:
//   build     POST /api/admin/mounts/{id}/index/rebuild, and GET …/index every 200 ms until the
//             state is `ready`: entries, seconds, entries per second; the server's RSS before the
//             rebuild and the highest RSS seen while it ran (growth = the difference), VmHWM; and
//             the latency of those state requests, answered while the crawl runs (how much the
//             crawl holds requests up).
//   search    GET /api/admin/fs/search for a few queries (a rare name, two terms, a Chinese term
//             scanned without the trigram index, a term matching nearly everything, a folder
//             scope, no hit), BENCH_INDEX_SEARCH_RUNS times each (default 30) after one unrecorded
//             round: p50 and p99, and each query's total.
// Results go to bench-results/api-mount-index.json with the machine's load average.
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { mb, packageDir, peakRssOf, postJson, round1, rssOf, table, timedGetJson, writeResults } from './bench-server.mjs';
import { createLocalMount, writeFiles } from './local-mount.mjs';

const repoRoot = path.resolve(packageDir, '..');
const RESULTS_FILE = path.join(repoRoot, 'bench-results', 'api-mount-index.json');
const MOUNT_PATH = '/index';
const SEED_CONCURRENCY = 16;
const POLL_MS = 200;
const TOP_FOLDERS = 100;
const SUB_FOLDERS = 10;

function positiveInt(name, fallback) {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer`);
  return value;
}

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

const load = () => os.loadavg().map((value) => Number(value.toFixed(2)));

/** The key of file `index`: spread over TOP_FOLDERS × SUB_FOLDERS folders. */
function keyOf(index) {
  const top = index % TOP_FOLDERS;
  const sub = Math.floor(index / TOP_FOLDERS) % SUB_FOLDERS;
  const folder = `f${String(top).padStart(2, '0')}/s${sub}/`;
  if (index % 1000 === 0) return `${folder}Annual Report ${index}.pdf`;
  if (index % 500 === 0) return `${folder}年度报告-${index}.docx`;
  return `${folder}doc-${String(index).padStart(6, '0')}.txt`;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs the mount-index measurements on a started server (see bench-server.mjs `startServer`). */
export async function benchMountIndex(server) {
  const count = positiveInt('BENCH_INDEX_ENTRIES', 100000);
  const runs = positiveInt('BENCH_INDEX_SEARCH_RUNS', 30);
  const { base, auth, child } = server;
  const { mountId, driver } = await createLocalMount(server, {
    configName: 'bench mount index',
    mountName: 'index',
    mountPath: MOUNT_PATH,
  });
  process.stderr.write(`bench: writing ${count} files into ${MOUNT_PATH} (${TOP_FOLDERS}×${SUB_FOLDERS} folders) …\n`);
  const seedStarted = performance.now();
  await writeFiles(driver, count, keyOf, SEED_CONCURRENCY);
  const seedMs = performance.now() - seedStarted;

  const stateUrl = `${base}/api/admin/mounts/${mountId}/index`;
  // The first crawl ran when the mount was created (an empty folder then): let it end.
  for (;;) {
    const { body } = await timedGetJson(stateUrl, auth);
    if (body.data.status !== 'building' && body.data.status !== 'pending') break;
    await sleep(POLL_MS);
  }
  const loadBefore = load();
  const rssBefore = rssOf(child.pid);
  process.stderr.write('bench: rebuilding the index …\n');
  const started = performance.now();
  await postJson(base, `/api/admin/mounts/${mountId}/index/rebuild`, {}, auth);
  let rssMax = rssBefore;
  const stateMs = [];
  let state;
  for (;;) {
    await sleep(POLL_MS);
    const answer = await timedGetJson(stateUrl, auth);
    stateMs.push(answer.ms);
    rssMax = Math.max(rssMax, rssOf(child.pid));
    state = answer.body.data;
    if (state.status === 'ready' || state.status === 'failed') break;
  }
  const buildSeconds = (performance.now() - started) / 1000;
  if (state.status !== 'ready') throw new Error(`the index failed: ${state.error}`);
  const build = {
    entries: state.entries,
    seconds: round1(buildSeconds),
    entriesPerSecond: Math.round(state.entries / buildSeconds),
    rssBeforeBytes: rssBefore,
    rssMaxBytes: rssMax,
    rssGrowthBytes: rssMax - rssBefore,
    vmHwmBytes: peakRssOf(child.pid),
    stateRequestsWhileBuilding: { count: stateMs.length, p50Ms: round1(percentile(stateMs, 50)), maxMs: round1(Math.max(...stateMs)) },
  };

  const queries = [
    { label: 'rare name', q: 'doc-012345', path: undefined },
    { label: 'two terms', q: 'annual report', path: undefined },
    { label: 'Chinese, 2 chars (scan)', q: '报告', path: undefined },
    { label: 'nearly everything', q: '.txt', path: undefined },
    { label: 'in one folder', q: 'doc', path: `${MOUNT_PATH}/f42/` },
    { label: 'no hit', q: 'zzzz-none', path: undefined },
  ];
  process.stderr.write(`bench: ${queries.length} queries × ${runs} …\n`);
  const search = [];
  for (const query of queries) {
    const url = `${base}/api/admin/fs/search?q=${encodeURIComponent(query.q)}${query.path ? `&path=${encodeURIComponent(query.path)}` : ''}`;
    await timedGetJson(url, auth);
    const times = [];
    let total = 0;
    for (let run = 0; run < runs; run += 1) {
      const answer = await timedGetJson(url, auth);
      times.push(answer.ms);
      total = answer.body.data.pagination.total;
    }
    search.push({ ...query, total, p50Ms: round1(percentile(times, 50)), p99Ms: round1(percentile(times, 99)) });
  }
  const loadAfter = load();

  process.stdout.write(
    `\nMount index on the local driver (SQLite unless BENCH_DATABASE_URL) — Node ${process.version}, ${os.cpus().length} CPU(s), load before ${loadBefore.join(' ')}, after ${loadAfter.join(' ')}\n\n`,
  );
  process.stdout.write(
    `build: ${build.entries} entries in ${build.seconds} s = ${build.entriesPerSecond} entries/s; RSS ${mb(rssBefore)} → max ${mb(rssMax)} (growth ${mb(build.rssGrowthBytes)}), VmHWM ${mb(build.vmHwmBytes)}; ` +
      `${build.stateRequestsWhileBuilding.count} state requests while building: p50 ${build.stateRequestsWhileBuilding.p50Ms} ms, max ${build.stateRequestsWhileBuilding.maxMs} ms\n\n`,
  );
  process.stdout.write(
    `${table(
      search.map((row) => [row.label, row.q, row.path ?? '/', row.total, row.p50Ms, row.p99Ms]),
      ['query', 'q', 'path', 'total', 'p50 ms', 'p99 ms'],
    )}\n`,
  );
  writeResults(RESULTS_FILE, {
    when: new Date().toISOString(),
    node: process.version,
    cpus: os.cpus().length,
    loadBefore,
    loadAfter,
    files: count,
    seedMs: Math.round(seedMs),
    searchRuns: runs,
    build,
    search,
  });
}
