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
//      load      the load event's end (navigation timing)
//      ready     the area's page rendered (the remote mounted its page)
//      heap      JS heap used once the page is idle, after a garbage collection (CDP Performance.getMetrics)
// 2. API latency through the gateway (sequential requests), written to bench-results/api-latency.json.
//
// Environment: BENCH_RUNS (default 5), BENCH_PORT / BENCH_API_PORT (default 27080 / 27787).
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './lib.mjs';
import { formatBytes, formatTable } from './budgets-lib.mjs';
import { ROUTES, createContent, launchChromium, openPage, requireBuild, routeUrl, startStack } from './page-harness.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 27080);
const API_PORT = Number(process.env.BENCH_API_PORT ?? 27787);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const RESULTS_DIR = path.join(repoRoot, 'bench-results');

const median = (values) => {
  const sorted = values.filter((value) => typeof value === 'number' && Number.isFinite(value)).sort((a, b) => a - b);
  if (!sorted.length) return null;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const ms = (value) => (value === null ? '—' : `${Math.round(value)} ms`);
const mb = (bytes) => (bytes === null ? '—' : `${(bytes / 1024 / 1024).toFixed(1)} MB`);

/** Timings and heap of the open page, read before its context closes. */
async function pageFigures(page) {
  const timings = await page.evaluate(() => {
    const paint = performance.getEntriesByName('first-contentful-paint')[0];
    const navigation = /** @type {PerformanceNavigationTiming | undefined} */ (performance.getEntriesByType('navigation')[0]);
    return {
      fcpMs: paint ? paint.startTime : null,
      domContentLoadedMs: navigation ? navigation.domContentLoadedEventEnd : null,
      loadMs: navigation && navigation.loadEventEnd > 0 ? navigation.loadEventEnd : null,
    };
  });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  await cdp.send('HeapProfiler.collectGarbage');
  const { metrics } = await cdp.send('Performance.getMetrics');
  await cdp.detach();
  const heap = metrics.find((metric) => metric.name === 'JSHeapUsedSize');
  return { ...timings, jsHeapUsedBytes: heap ? heap.value : null };
}

async function loadOnce(browser, baseUrl, route, area, content) {
  const { responses, readyMs, extra } = await openPage(browser, `${baseUrl}${routeUrl(route, content)}`, { area, inspect: pageFigures });
  const scripts = responses.filter((response) => response.type === 'script');
  const round = (value) => (typeof value === 'number' ? Math.round(value * 10) / 10 : value);
  return {
    bytes: responses.reduce((sum, response) => sum + Math.max(0, response.wireBytes), 0),
    requests: responses.length,
    jsBytes: scripts.reduce((sum, response) => sum + Math.max(0, response.wireBytes), 0),
    jsFiles: scripts.length,
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
  requireBuild('pnpm bench');
  const stack = await startStack({ port: PORT, apiPort: API_PORT, name: 'bench' });
  try {
    const content = await createContent(stack.apiUrl);
    const browser = await launchChromium();
    const pages = {};
    try {
      console.log(`\nWarming up (one unrecorded load per route), then ${RUNS} cold loads per route…`);
      for (const { route, area } of ROUTES) await loadOnce(browser, stack.baseUrl, route, area, content);
      for (const { route, area } of ROUTES) {
        const runs = [];
        for (let run = 0; run < RUNS; run += 1) runs.push(await loadOnce(browser, stack.baseUrl, route, area, content));
        const keys = Object.keys(runs[0]);
        pages[route] = { median: Object.fromEntries(keys.map((key) => [key, median(runs.map((item) => item[key]))])), runs };
      }
      const chromiumVersion = browser.version();
      console.log(`\nCold page loads, median of ${RUNS} (Chromium ${chromiumVersion}, new context each run, empty cache):`);
      console.log(
        formatTable([
          ['route', 'bytes', 'requests', 'JS', 'JS files', 'FCP', 'load', 'ready', 'JS heap'],
          ...Object.entries(pages).map(([route, { median: m }]) => [
            route,
            formatBytes(m.bytes),
            m.requests,
            formatBytes(m.jsBytes),
            m.jsFiles,
            ms(m.fcpMs),
            ms(m.loadMs),
            ms(m.readyMs),
            mb(m.jsHeapUsedBytes),
          ]),
        ]),
      );
      console.log('bytes/JS: bodies as sent (compressed); ready: the area page rendered; JS heap: used, after a GC, once idle.');
      mkdirSync(RESULTS_DIR, { recursive: true });
      const pagesFile = path.join(RESULTS_DIR, 'pages.json');
      writeFileSync(
        pagesFile,
        `${JSON.stringify({ measuredAt: new Date().toISOString(), commit: gitCommit(), chromium: chromiumVersion, runs: RUNS, units: { bytes: 'bytes', times: 'ms since navigation start' }, pages }, null, 2)}\n`,
      );
      console.log(`Written: ${path.relative(repoRoot, pagesFile)}`);
    } finally {
      await browser.close();
    }

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
  } finally {
    stack.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
