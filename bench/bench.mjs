// pnpm bench: measurements, never pass/fail. Needs a build (pnpm build); builds nothing itself.
//
// 1. Cold page loads in Debian's Chromium against the real gateway + api-server (its own ports,
//    27080/27787, and a throwaway DATA_DIR; a real paste and a real file share are made first):
//    `/`, `/paste/{slug}`, `/file/{slug}`, `/upload`, `/admin`, `/mount-explorer`. Each route is
//    loaded RUNS times, every time in a new browser context (empty cache), after one unrecorded
//    warm-up pass over all routes. The median of each figure is printed and written, with every
//    run, to bench-results/pages.json:
//      bytes     all responses' bodies as sent (compressed), summed
//      requests  responses received
//      JS        the scripts' bodies as sent, summed
//      FCP       First Contentful Paint (performance paint entry)
//      LCP       Largest Contentful Paint (the latest largest-contentful-paint entry once the page is idle)
//      load      the load event's end (navigation timing)
//      page      the area's page rendered (the remote mounted its page; checked after the load event)
//      ready     the route's real content usable (scripts/bench-ready-lib.mjs, checked on every animation
//                frame from navigation start, in the main area or the first screen): `/paste/{slug}` its
//                third `##` heading visible, `/` an editor that takes input, `/admin` an enabled password
//                field. The paste is plain Markdown of 24 KB. Printed with the goals of the requirement
//                against the upstream 0.6.5 client's figures it records (not measured: that client is not
//                on this machine), and written to bench-results/first-response.json too.
//      heap      JS heap used once the page is idle, after a garbage collection (CDP Performance.getMetrics)
//    Every route is loaded on each network profile of BENCH_NETWORKS (default `loopback,slow-4g`;
//    slow-4g = Lighthouse's mobile profile through CDP, see page-harness.mjs); slow-4g figures go to
//    bench-results/pages-slow-4g.json.
// 2. The 1 MB paste (bench/bench-large-paste.mjs): first chunk on screen, whole document rendered,
//    frames per second while scrolling as it renders, with the Markdown worker and without it (the
//    main-thread fallback); median of BENCH_LARGE_RUNS (default 3), written to
//    bench-results/large-paste.json.
// 3. API latency through the gateway (sequential requests), written to bench-results/api-latency.json.
// 4. Search over 100,000 pastes and file shares on SQLite and PostgreSQL, and the write path with and
//    without the search index (bench/bench-search.mjs, which says how), written to
//    bench-results/search.json. Needs only the api-server build; BENCH_SEARCH_ROWS (default 100000),
//    BENCH_SEARCH_DBS (default sqlite,postgres), BENCH_SEARCH_SECONDS (default 10).
// 5. api-server replicas (issue 17, bench/bench-cluster.mjs, which says how): GET /api/paste/{slug}
//    through the gateway at 16 clients with 1 and with 2 replicas on one PostgreSQL, and "write then
//    list" across the two replicas (p50/p99), written to bench-results/cluster.json. Needs only the
//    api-server build; BENCH_CLUSTER_CLIENTS (16), BENCH_CLUSTER_SECONDS (10), BENCH_CLUSTER_WRITES (100).
//
// 6. Previews (bench/bench-previews.mjs, which says how): cold time to the first page / row / slide /
//    entry / line of a 20-page .docx, a 100-page PDF, a 50,000-row .xlsx, a 1,000-entry zip and a
//    50 MB log on the share page, on each network profile, with each viewer's JS bytes, written to
//    bench-results/previews.json. BENCH_PREVIEW_RUNS (default 3).
//
// 7. Backup and restore (issue 37, bench/bench-backup.mjs, which says how): `pnpm backup create|restore`
//    time, peak RSS, archive size and rows/s for 100,000 pastes and 10,000 files on SQLite and
//    PostgreSQL (and across them), and at a tenth of that size to show memory stays flat, written to
//    bench-results/backup.json. Needs only the api-server build; --pastes=N --files=N --dbs=sqlite,postgres
//    (or BENCH_BACKUP_PASTES / BENCH_BACKUP_FILES / BENCH_BACKUP_DBS).
//
// 8. Storage drivers (issue 38, bench/bench-storage-drivers.mjs, which says how): per driver — local,
//    S3 (s3rver), WebDAV (rclone serve webdav), SFTP (sshd) — listing a folder of 5,000 entries through
//    /api/admin/fs/list (p50 of 5), a 1 GB upload (PUT /dav) and download (fs/download) in MB/s, and the
//    time to the first byte of a ranged read (p50 of 20), written to bench-results/storage-drivers.json.
//    Needs only the api-server build, rclone and openssh-server; BENCH_STORAGE_MB (default 1024),
//    BENCH_STORAGE_ENTRIES (default 5000), BENCH_STORAGE_DRIVERS (default local,s3,webdav,sftp).
//
// 9. The server-rendered paste page (ssr): GET /paste/{slug} of the bench's 24 KB paste against
//    GET /api/paste/{slug}?burn=ask, both through the gateway, at BENCH_SSR_CLIENTS (16) keep-alive
//    clients with browser-like headers (autocannon, as api-server/bench does), after a 2-second
//    warm-up each, in A-B-B-A order for BENCH_SSR_SECONDS (10) per target: req/s, p50/p99, and
//    whether the page really carried the rendered paste. Written to bench-results/first-response.json.
//
// `pnpm bench --only=large-paste` (or pages, previews, api, ssr, search, cluster, soak, backup, storage) runs one part.
// Environment: BENCH_RUNS (default 5), BENCH_LARGE_RUNS (default 3), BENCH_PASTE_MB (default 1),
// BENCH_LARGE_VARIANTS (default worker,main-thread),
// BENCH_PORT / BENCH_API_PORT (default 27080 / 27787).
import { execFileSync } from 'node:child_process';
import http from 'node:http';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { median, repoRoot } from '../scripts/lib.mjs';
import { formatBytes, formatTable } from '../scripts/budgets-lib.mjs';
import {
  NETWORK_PROFILES,
  ROUTES,
  createContent,
  createPaste,
  launchChromium,
  openPage,
  pageFigures,
  requireBuild,
  routeUrl,
  stackPortsFromEnv,
  startStack,
} from '../scripts/page-harness.mjs';
import { benchLargePaste } from './bench-large-paste.mjs';
import { benchPreviews } from './bench-previews.mjs';
import { benchSearch } from './bench-search.mjs';
import { benchCluster } from './bench-cluster.mjs';
import { benchBackup } from './bench-backup.mjs';
import { benchStorageDrivers } from './bench-storage-drivers.mjs';
import {
  benchMarkdown,
  combineRuns,
  compareThroughput,
  inspectSharePage,
  mergeResults,
  readyGoalRows,
  readyGoalTable,
  readyProbeFor,
} from '../scripts/bench-ready-lib.mjs';

const STACK_PORTS = stackPortsFromEnv('BENCH');
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const RESULTS_DIR = path.join(repoRoot, 'bench-results');
const PARTS = ['pages', 'large-paste', 'previews', 'api', 'ssr', 'search', 'cluster', 'soak', 'backup', 'storage'];
const only = process.argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length);
if (only && !PARTS.includes(only)) {
  console.error(`--only takes one of: ${PARTS.join(', ')}`);
  process.exit(2);
}
const runs = (part) => !only || only === part;
/** The network profiles of the page loads: BENCH_NETWORKS (comma-separated), default both. */
const NETWORKS = (process.env.BENCH_NETWORKS ?? 'loopback,slow-4g')
  .split(',')
  .map((name) => name.trim())
  .filter(Boolean);
for (const network of NETWORKS) {
  if (!(network in NETWORK_PROFILES)) {
    console.error(`BENCH_NETWORKS: unknown profile ${network} (known: ${Object.keys(NETWORK_PROFILES).join(', ')})`);
    process.exit(2);
  }
}

const ms = (value) => (value === null ? '—' : `${Math.round(value)} ms`);
const mb = (bytes) => (bytes === null ? '—' : `${(bytes / 1024 / 1024).toFixed(1)} MB`);

async function loadOnce(browser, baseUrl, route, area, content, network = 'loopback') {
  const { responses, pageMs, readyMs, extra } = await openPage(browser, `${baseUrl}${routeUrl(route, content)}`, {
    area,
    inspect: pageFigures,
    network,
    ready: readyProbeFor(route),
  });
  const scripts = responses.filter((response) => response.type === 'script');
  const round = (value) => (typeof value === 'number' ? Math.round(value * 10) / 10 : value);
  return {
    bytes: responses.reduce((sum, response) => sum + Math.max(0, response.wireBytes), 0),
    requests: responses.length,
    jsBytes: scripts.reduce((sum, response) => sum + Math.max(0, response.wireBytes), 0),
    jsFiles: scripts.length,
    pageMs: round(pageMs),
    readyMs: round(readyMs),
    ...Object.fromEntries(Object.entries(extra).map(([key, value]) => [key, round(value)])),
  };
}

async function latency(url, rounds = 200) {
  const times = [];
  for (let i = 0; i < rounds; i += 1) {
    const started = process.hrtime.bigint();
    const response = await fetch(url);
    await response.arrayBuffer();
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  times.sort((a, b) => a - b);
  const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
  return { rounds, p50Ms: at(0.5), p99Ms: at(0.99) };
}

function gitCommit() {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repoRoot, encoding: 'utf8' }).trim();
  } catch {
    return null;
  }
}

async function main() {
  // The search, cluster, soak, backup and storage parts need only the api-server (and PostgreSQL), not Chromium.
  if (only !== 'search' && only !== 'cluster' && only !== 'soak' && only !== 'backup' && only !== 'storage') await benchStack();
  if (runs('search')) await benchSearch({ resultsDir: RESULTS_DIR, commit: gitCommit() });
  if (runs('cluster')) await benchCluster({ resultsDir: RESULTS_DIR, commit: gitCommit() });
  if (runs('backup')) await benchBackup({ resultsDir: RESULTS_DIR, commit: gitCommit() });
  if (runs('storage')) await benchStorageDrivers({ resultsDir: RESULTS_DIR, commit: gitCommit() });
  // The full mixed soak (3 minutes unless SOAK_SECONDS says otherwise); `pnpm test` runs it for 45 s.
  if (runs('soak')) {
    execFileSync(process.execPath, ['--test', 'api-server/faults/soak.test.mjs'], {
      cwd: repoRoot,
      stdio: 'inherit',
      env: { ...process.env, SOAK_SECONDS: process.env.SOAK_SECONDS ?? '180' },
    });
  }
}

async function benchStack() {
  requireBuild('pnpm bench');
  const stack = await startStack({ ...STACK_PORTS, name: 'bench' });
  try {
    const content = await createContent(stack.apiUrl);
    if (runs('pages') || runs('large-paste') || runs('previews')) {
      const browser = await launchChromium();
      try {
        if (runs('pages')) await benchPages(browser, stack, content);
        if (runs('large-paste')) {
          await benchLargePaste({ browser, baseUrl: stack.baseUrl, apiUrl: stack.apiUrl, median, commit: gitCommit() });
        }
        if (runs('previews')) {
          await benchPreviews({ browser, baseUrl: stack.baseUrl, apiUrl: stack.apiUrl, median, commit: gitCommit(), networks: NETWORKS });
        }
      } finally {
        await browser.close();
      }
    }
    if (runs('api')) await benchApi(stack);
    if (runs('ssr')) await benchSsr(stack);
  } finally {
    stack.stop();
  }
}

async function benchPages(browser, stack, content) {
  for (const network of NETWORKS) {
    const pages = {};
    console.log(`\n[${network}] Warming up (one unrecorded load per route), then ${RUNS} cold loads per route…`);
    for (const { route, area } of ROUTES) await loadOnce(browser, stack.baseUrl, route, area, content, network);
    for (const { route, area } of ROUTES) {
      const runs = [];
      for (let run = 0; run < RUNS; run += 1) runs.push(await loadOnce(browser, stack.baseUrl, route, area, content, network));
      const keys = Object.keys(runs[0]);
      pages[route] = { median: Object.fromEntries(keys.map((key) => [key, median(runs.map((item) => item[key]))])), runs };
    }
    const chromiumVersion = browser.version();
    console.log(`\n[${network}] Cold page loads, median of ${RUNS} (Chromium ${chromiumVersion}, new context each run, empty cache):`);
    console.log(
      formatTable([
        ['route', 'bytes', 'requests', 'JS', 'JS files', 'FCP', 'LCP', 'load', 'page', 'ready', 'JS heap'],
        ...Object.entries(pages).map(([route, { median: m }]) => [
          route,
          formatBytes(m.bytes),
          m.requests,
          formatBytes(m.jsBytes),
          m.jsFiles,
          ms(m.fcpMs),
          ms(m.lcpMs),
          ms(m.loadMs),
          ms(m.pageMs),
          ms(m.readyMs),
          mb(m.jsHeapUsedBytes),
        ]),
      ]),
    );
    console.log(
      'bytes/JS: bodies as sent (compressed); page: the area page rendered; ready: the real content usable (see below); JS heap: used, after a GC, once idle.',
    );
    printReadyGoals(network, pages);
    mkdirSync(RESULTS_DIR, { recursive: true });
    const pagesFile = path.join(RESULTS_DIR, network === 'loopback' ? 'pages.json' : `pages-${network}.json`);
    const conditions = NETWORK_PROFILES[network];
    writeFileSync(
      pagesFile,
      `${JSON.stringify({ measuredAt: new Date().toISOString(), commit: gitCommit(), chromium: chromiumVersion, network, conditions, runs: RUNS, units: { bytes: 'bytes', times: 'ms since navigation start', throughput: 'bytes per second' }, pages }, null, 2)}\n`,
    );
    console.log(`Written: ${path.relative(repoRoot, pagesFile)}`);
  }
}

/** Updates one section of bench-results/first-response.json, keeping the others. */
function writeFirstResponse(section, value) {
  const file = path.join(RESULTS_DIR, 'first-response.json');
  let existing = null;
  try {
    existing = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
  } catch {
    existing = null;
  }
  mkdirSync(RESULTS_DIR, { recursive: true });
  writeFileSync(file, `${JSON.stringify(mergeResults(existing, section, value), null, 2)}\n`);
  console.log(`Written: ${path.relative(repoRoot, file)} (${section})`);
}

/** The ready medians of `network` against the goals, printed and kept in first-response.json. */
function printReadyGoals(network, pages) {
  const rows = readyGoalRows(network, Object.fromEntries(Object.entries(pages).map(([route, { median: m }]) => [route, m.readyMs])));
  const loadavg = os.loadavg();
  console.log(
    `\n[${network}] Ready, median of ${RUNS} cold loads, against the goals (load average ${loadavg.map((v) => v.toFixed(2)).join(' ')}):`,
  );
  console.log(formatTable(readyGoalTable(rows)));
  console.log(
    '* the upstream 0.6.5 client is not on this machine: its figures are the ones the requirement records for this machine, not measured by this run.',
  );
  const readyRuns = Object.fromEntries(rows.map((row) => [row.route, pages[row.route]?.runs.map((run) => run.readyMs) ?? []]));
  writeFirstResponse(`ready-${network}`, {
    measuredAt: new Date().toISOString(),
    commit: gitCommit(),
    runs: RUNS,
    loadavg,
    goals: rows,
    readyRuns,
  });
}

/** Browser-like request headers of the throughput part. */
const PAGE_HEADERS = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'accept-language': 'en-US,en;q=0.9',
  'accept-encoding': 'gzip, deflate, br',
  // A browser's navigation: only that makes the gateway answer with the paste (share-prerender.mjs).
  'sec-fetch-mode': 'navigate',
  'sec-fetch-dest': 'document',
};
const API_HEADERS = { ...PAGE_HEADERS, accept: 'application/json, text/plain, */*', 'sec-fetch-mode': 'cors', 'sec-fetch-dest': 'empty' };

/** The server-rendered paste page's throughput against the API read it embeds (part 9). */
async function benchSsr(stack) {
  const clients = Number(process.env.BENCH_SSR_CLIENTS ?? 16);
  const seconds = Number(process.env.BENCH_SSR_SECONDS ?? 10);
  const autocannon = createRequire(path.join(repoRoot, 'api-server/package.json'))('autocannon');
  const run = (options) =>
    new Promise((resolve, reject) => autocannon(options, (error, result) => (error ? reject(error) : resolve(result))));
  const slug = await createPaste(stack.apiUrl, benchMarkdown(), 'bench ssr');
  const targets = {
    page: { url: `${stack.baseUrl}/paste/${encodeURIComponent(slug)}`, headers: PAGE_HEADERS },
    api: { url: `${stack.baseUrl}/api/paste/${encodeURIComponent(slug)}?burn=ask`, headers: API_HEADERS },
  };
  // The gateway loads the renderer with the first share page (which may go without): probe the second.
  await fetch(targets.page.url).then((response) => response.arrayBuffer());
  await new Promise((resolve) => setTimeout(resolve, 1000));
  // node:http, not fetch: fetch sets Sec-Fetch-Mode itself (cors), and the gateway answers a navigation only.
  const probe = await new Promise((resolve, reject) => {
    http
      .get(targets.page.url, { headers: { ...PAGE_HEADERS, 'accept-encoding': 'identity' } }, (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode,
            cacheControl: response.headers['cache-control'],
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      })
      .on('error', reject);
  });
  const page = { status: probe.status, cacheControl: probe.cacheControl ?? null, ...inspectSharePage(probe.text) };
  if (!page.serverRendered)
    console.log(
      'note: the paste page does not carry the rendered paste (no [data-server-rendered="paste"]): the page figure is not of a server-rendered page.',
    );
  console.log(`\nServer-rendered paste page vs its API read, ${clients} clients, ${seconds} s each (A-B-B-A after a 2 s warm-up)…`);
  for (const target of Object.values(targets)) await run({ ...target, connections: clients, duration: 2 });
  const loadavgBefore = os.loadavg();
  const halves = { page: [], api: [] };
  for (const name of ['api', 'page', 'page', 'api'])
    halves[name].push(await run({ ...targets[name], connections: clients, duration: seconds / 2 }));
  const figures = { api: combineRuns(halves.api), page: combineRuns(halves.page) };
  const comparison = compareThroughput(figures.page, figures.api);
  const loadavgAfter = os.loadavg();
  console.log(
    formatTable([
      ['request', 'req/s', 'p50 ms', 'p99 ms', 'bytes/answer*', 'failed'],
      [
        'GET /api/paste/{slug}?burn=ask',
        figures.api.perSecond,
        figures.api.p50Ms,
        figures.api.p99Ms,
        figures.api.bytesPerResponse,
        figures.api.failed,
      ],
      [
        'GET /paste/{slug} (page)',
        figures.page.perSecond,
        figures.page.p50Ms,
        figures.page.p99Ms,
        figures.page.bytesPerResponse,
        figures.page.failed,
      ],
    ]),
  );
  console.log('* bytes/answer: as read, headers included, compressed as sent.');
  console.log(
    `page/API: ${comparison.ratio ?? '—'}× (goal ≥ ${comparison.goal}×: ${comparison.met === null ? '—' : comparison.met ? 'met' : 'NOT met'}); ` +
      `page carries the rendered paste: ${page.serverRendered ? 'yes' : 'no'}, the API answer: ${page.earlyAnswers ? 'yes' : 'no'}; ` +
      `Cache-Control: ${page.cacheControl ?? '—'}; load average ${loadavgBefore.map((v) => v.toFixed(2)).join(' ')} → ${loadavgAfter.map((v) => v.toFixed(2)).join(' ')}`,
  );
  writeFirstResponse('throughput', {
    measuredAt: new Date().toISOString(),
    commit: gitCommit(),
    machine: { cpus: os.cpus().length, node: process.version },
    clients,
    secondsPerTarget: seconds,
    paste: { bytes: Buffer.byteLength(benchMarkdown()), plain: true },
    page,
    units: {
      times: 'ms (autocannon, whole ms)',
      throughput: 'requests per second, all clients together',
      bytes: 'response as read by the client, headers included, compressed as sent',
    },
    api: figures.api,
    pageLoad: figures.page,
    comparison,
    loadavgBefore,
    loadavgAfter,
  });
}

async function benchApi(stack) {
  console.log('\nLatency through the gateway (sequential, 200 requests):');
  const api = {};
  for (const endpoint of ['/api/health', '/api/version', '/env.json']) {
    api[endpoint] = await latency(`${stack.baseUrl}${endpoint}`);
    console.log(`  ${endpoint.padEnd(17)} p50 ${api[endpoint].p50Ms.toFixed(2)} ms   p99 ${api[endpoint].p99Ms.toFixed(2)} ms`);
  }
  writeFileSync(
    path.join(RESULTS_DIR, 'api-latency.json'),
    `${JSON.stringify({ measuredAt: new Date().toISOString(), commit: gitCommit(), endpoints: api }, null, 2)}\n`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
