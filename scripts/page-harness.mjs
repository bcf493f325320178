// What `pnpm bench` and `pnpm budgets` share: start the built api-server and gateway on their own
// ports with a throwaway DATA_DIR, create a real paste and a real file share through the API, and
// open pages in Debian's Chromium. Nothing here builds; it needs `pnpm build` first.
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { mkdtempSync, rmSync } from 'node:fs';
import { isBuilt, repoRoot, startProcess, waitForUrl } from './lib.mjs';
import { benchMarkdown, readyPollerScript } from './bench-ready-lib.mjs';

const requireFromE2e = createRequire(path.join(repoRoot, 'e2e/package.json'));

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
export const BUILT_PACKAGES = ['api-server', 'host-shell', 'mfe-public', 'mfe-upload', 'mfe-admin', 'mfe-explorer'];
const ADMIN = { username: 'bench-admin', password: 'bench-Password-123' };

/**
 * The pages measured and checked, by route pattern. `{slug}` is filled with the paste or file made
 * for the run. `area` is the host's area whose page must have rendered before a load counts.
 */
export const ROUTES = [
  { route: '/', area: 'public' },
  { route: '/paste/{slug}', area: 'public' },
  { route: '/file/{slug}', area: 'public' },
  { route: '/upload', area: 'upload' },
  { route: '/admin', area: 'admin' },
  { route: '/mount-explorer', area: 'explorer' },
];

/** Exits with a clear message when something is not built. */
export function requireBuild(command) {
  const missing = BUILT_PACKAGES.filter((pkg) => !isBuilt(pkg));
  if (missing.length) {
    console.error(
      `${command} measures the built product, and these packages are not built: ${missing.join(', ')}.\nRun \`pnpm build\` first.`,
    );
    process.exit(1);
  }
}

/**
 * The ports of a measuring stack (startStack) from the environment: `${prefix}_PORT` for the
 * gateway and `${prefix}_API_PORT` for the api-server, by default 27080 and 27787 (the same for
 * `pnpm bench` and `pnpm check-budgets`, which are not meant to run at once).
 * @param {string} prefix e.g. 'BENCH' (BENCH_PORT, BENCH_API_PORT)
 * @returns {{ port: number, apiPort: number }}
 */
export function stackPortsFromEnv(prefix) {
  return { port: Number(process.env[`${prefix}_PORT`] ?? 27080), apiPort: Number(process.env[`${prefix}_API_PORT`] ?? 27787) };
}

/**
 * Starts the api-server (fresh SQLite + local disk in a temp DATA_DIR) and the gateway. With
 * `workspaceRoots`, one gateway per folder (each serving `<folder>/<package>/dist`, on `port`,
 * `port + 1`, …) in front of the one api-server: `baseUrls`, in that order.
 * @param {{ port: number, apiPort: number, name: string, workspaceRoots?: string[] }} options
 * @returns {Promise<{ baseUrl: string, baseUrls: string[], apiUrl: string, stop: () => void }>}
 */
export async function startStack({ port, apiPort, name, workspaceRoots = [repoRoot] }) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `cloudclip-${name}-`));
  const children = [];
  const stop = () => {
    for (const child of children) child.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    children.push(
      startProcess('api', 'node', ['api-server/dist/main.js'], {
        API_PORT: String(apiPort),
        DATA_DIR: dataDir,
        ADMIN_USERNAME: ADMIN.username,
        ADMIN_PASSWORD: ADMIN.password,
        LOG_LEVEL: 'warn',
        TRUST_PROXY: '127.0.0.1',
      }),
    );
    const apiUrl = `http://127.0.0.1:${apiPort}`;
    if (!(await waitForUrl(`${apiUrl}/api/health`, 60000))) throw new Error(`the api-server did not answer on port ${apiPort}`);
    const baseUrls = workspaceRoots.map((_, index) => `http://127.0.0.1:${port + index}`);
    workspaceRoots.forEach((workspaceRoot, index) => {
      children.push(
        startProcess(workspaceRoots.length > 1 ? `gateway ${index + 1}` : 'gateway', 'node', ['deploy/gateway/server.mjs'], {
          PORT: String(port + index),
          HOST: '127.0.0.1',
          API_PORT: String(apiPort),
          API_UPSTREAM: apiUrl,
          ENVIRONMENT: 'local',
          DEPLOY_ENV: 'local',
          WORKSPACE_ROOT: workspaceRoot,
        }),
      );
    });
    for (const baseUrl of baseUrls) {
      if (!(await waitForUrl(`${baseUrl}/healthz`, 60000))) throw new Error(`the gateway did not answer on ${baseUrl}`);
    }
    return { baseUrl: baseUrls[0], baseUrls, apiUrl, stop };
  } catch (error) {
    stop();
    throw error;
  }
}

export async function apiJson(response, what) {
  const text = await response.text();
  if (!response.ok) throw new Error(`${what} failed: ${response.status} ${text}`);
  return JSON.parse(text);
}

/** The admin's Authorization header (POST /api/admin/login). */
export async function adminAuth(apiUrl) {
  const login = await apiJson(
    await fetch(`${apiUrl}/api/admin/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(ADMIN),
    }),
    'admin login',
  );
  return { Authorization: `Bearer ${login.data.token}` };
}

/**
 * Makes a Markdown paste with the given content as the admin (POST /api/paste).
 * @returns {Promise<string>} its slug
 */
export async function createPaste(apiUrl, content, remark = 'bench') {
  const paste = await apiJson(
    await fetch(`${apiUrl}/api/paste`, {
      method: 'POST',
      headers: { ...(await adminAuth(apiUrl)), 'Content-Type': 'application/json' },
      body: JSON.stringify({ content, remark }),
    }),
    'create paste',
  );
  const slug = paste.slug ?? paste.data?.slug;
  if (!slug) throw new Error(`unexpected answer: paste ${JSON.stringify(paste).slice(0, 300)}`);
  return slug;
}

/**
 * Makes what the content pages show: a plain 24 KB Markdown paste with eight `##` sections
 * (bench-ready-lib.mjs's benchMarkdown; POST /api/paste, no password, no view limit) and a small text file
 * (PUT /api/upload-direct/{filename}, api-contract §5.4.2), both as the admin.
 * @returns {Promise<{ pasteSlug: string, fileSlug: string }>}
 */
export async function createContent(apiUrl) {
  const auth = await adminAuth(apiUrl);
  const markdown = benchMarkdown();
  const paste = await apiJson(
    await fetch(`${apiUrl}/api/paste`, {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ content: markdown, remark: 'bench' }),
    }),
    'create paste',
  );
  const pasteSlug = paste.slug ?? paste.data?.slug;
  const file = await apiJson(
    await fetch(`${apiUrl}/api/upload-direct/notes.txt?remark=bench`, {
      method: 'PUT',
      headers: auth,
      body: 'A small text file for the page measurements.\n'.repeat(20),
    }),
    'upload file',
  );
  const fileSlug = file.data?.slug;
  if (!pasteSlug || !fileSlug) throw new Error(`unexpected answers: paste ${JSON.stringify(paste)}, file ${JSON.stringify(file)}`);
  return { pasteSlug, fileSlug };
}

/** Fills `{slug}` in a route pattern with the paste or file made for the run. */
export function routeUrl(route, content) {
  if (route.startsWith('/paste/')) return route.replace('{slug}', content.pasteSlug);
  if (route.startsWith('/file/')) return route.replace('{slug}', content.fileSlug);
  return route;
}

export async function launchChromium() {
  const { chromium } = requireFromE2e('@playwright/test');
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

/**
 * Network profiles for page loads. `slow-4g` is Lighthouse's mobile profile (150 ms round trip,
 * 1.6 Mbit/s down, 750 kbit/s up), emulated through the DevTools protocol; `loopback` is none.
 */
export const NETWORK_PROFILES = {
  loopback: null,
  'slow-4g': { offline: false, latency: 150, downloadThroughput: (1.6 * 1000 * 1000) / 8, uploadThroughput: (750 * 1000) / 8 },
};

/**
 * A fresh browser context (en-US, empty cache) and its page, as a measured visit sees them: the
 * `initScripts` first, then a visitor who saves data, on the `network` of NETWORK_PROFILES (an
 * unknown name throws). The figures are what the page itself needs: the shell's idle prefetch of
 * the other areas' remotes (host-shell remote-prefetch.ts) is off for visitors who save data, so is it here.
 * @returns {Promise<{ context: import('@playwright/test').BrowserContext, page: import('@playwright/test').Page }>}
 */
export async function newVisitorPage(browser, { network = 'loopback', initScripts = [] } = {}) {
  const context = await browser.newContext({ locale: 'en-US' });
  for (const script of initScripts) await context.addInitScript(script);
  await context.addInitScript(() => Object.defineProperty(navigator, 'connection', { value: { saveData: true }, configurable: true }));
  const page = await context.newPage();
  const conditions = NETWORK_PROFILES[network];
  if (conditions === undefined) throw new Error(`unknown network profile: ${network}`);
  if (conditions) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', conditions);
  }
  return { context, page };
}

/** How long a load waits for its `ready` probe to hold after the area's page is in. */
const READY_TIMEOUT_MS = 30000;

/**
 * Opens one page in a new browser context (empty cache) and waits until the area's page has
 * rendered and the network is idle. Records every response with its size on the wire.
 * `network` names a NETWORK_PROFILES entry (default loopback).
 * pageMs: when the area's page was found rendered (checked after the load event).
 * readyMs: with `ready` (a bench-ready-lib.mjs READY_PROBES entry), the first animation frame from
 * the document's start at which the route's real content was usable; null without `ready` or when
 * it did not happen within READY_TIMEOUT_MS of the area's page.
 * @param {(page: import('@playwright/test').Page) => Promise<T>} [inspect] runs before the context closes
 * @returns {Promise<{ responses: Array<{ url: string, type: string, status: number, wireBytes: number, decodedBytes: number, body?: Buffer }>, pageMs: number, readyMs: number | null, extra: T }>}
 * @template T
 */
export async function openPage(browser, url, { area, keepScriptBodies = false, inspect, network = 'loopback', ready = null } = {}) {
  const { context, page } = await newVisitorPage(browser, { network, initScripts: ready ? [readyPollerScript(ready)] : [] });
  const pending = [];
  page.on('requestfinished', (request) => {
    pending.push(
      (async () => {
        const response = await request.response();
        const sizes = await request.sizes();
        const type = request.resourceType();
        const body = keepScriptBodies && type === 'script' && response ? await response.body().catch(() => undefined) : undefined;
        return {
          url: request.url(),
          type,
          status: response?.status() ?? 0,
          wireBytes: sizes.responseBodySize,
          decodedBytes: body?.length ?? Number(response?.headers()['content-length'] ?? 0),
          body,
        };
      })(),
    );
  });
  try {
    await page.goto(url, { waitUntil: 'load' });
    await page.locator(`[data-testid="area-page"][data-area="${area}"]`).first().waitFor({ state: 'visible', timeout: 30000 });
    const pageMs = await page.evaluate(() => performance.now());
    const readyMs = ready ? await readyTime(page, url) : null;
    await page.waitForLoadState('networkidle');
    const extra = inspect ? await inspect(page) : undefined;
    const responses = await Promise.all(pending);
    return { responses, pageMs, readyMs, extra };
  } finally {
    await context.close();
  }
}

/** The ready poller's time (ms since navigation start), once it holds; null (with a note) if it does not in time. */
async function readyTime(page, url) {
  const held = await page
    .waitForFunction(() => typeof window.__cloudclipBenchReady?.readyMs === 'number', null, { timeout: READY_TIMEOUT_MS })
    .then(
      () => true,
      () => false,
    );
  const state = await page.evaluate(() => window.__cloudclipBenchReady ?? null);
  if (!held)
    console.log(`note: ${url}: not ready within ${READY_TIMEOUT_MS / 1000} s of the page${state?.failure ? ` (${state.failure})` : ''}`);
  return held ? state.readyMs : null;
}

/** FCP, LCP, DOMContentLoaded and load of the open page (ms since navigation start). */
export function pageTimings(page) {
  return page.evaluate(async () => {
    const paint = performance.getEntriesByName('first-contentful-paint')[0];
    const navigation = /** @type {PerformanceNavigationTiming | undefined} */ (performance.getEntriesByType('navigation')[0]);
    // The latest largest-contentful-paint candidate (buffered entries arrive in an observer task).
    const lcpMs = await new Promise((resolve) => {
      let latest = null;
      const observer = new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) latest = entry.startTime;
      });
      observer.observe({ type: 'largest-contentful-paint', buffered: true });
      setTimeout(() => {
        observer.disconnect();
        resolve(latest);
      }, 100);
    });
    return {
      fcpMs: paint ? paint.startTime : null,
      lcpMs,
      domContentLoadedMs: navigation ? navigation.domContentLoadedEventEnd : null,
      loadMs: navigation && navigation.loadEventEnd > 0 ? navigation.loadEventEnd : null,
    };
  });
}

/** Timings and heap (used, after a forced garbage collection) of the open page, read before its context closes. */
export async function pageFigures(page) {
  const timings = await pageTimings(page);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  await cdp.send('HeapProfiler.collectGarbage');
  const { metrics } = await cdp.send('Performance.getMetrics');
  await cdp.detach();
  const heap = metrics.find((metric) => metric.name === 'JSHeapUsedSize');
  return { ...timings, jsHeapUsedBytes: heap ? heap.value : null };
}
