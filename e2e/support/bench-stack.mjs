// What the e2e benchmarks beside this file (bench-admin-text-list.mjs, bench-explorer-5000.mjs,
// bench-upload.mjs) share: the built api-server and gateway started on their own ports with a
// throwaway DATA_DIR, the admin's token, an admin page in Debian's Chromium, and a timing summary.
// The browser launch is scripts/page-harness.mjs's (the one `pnpm bench` uses). Nothing here builds.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot, waitForUrl } from '../../scripts/lib.mjs';

export { launchChromium } from '../../scripts/page-harness.mjs';
export { repoRoot };

/** The admin the benchmarks' api-server is started with. */
export const BENCH_ADMIN = { username: 'bench-admin', password: 'bench-Password-1' };

/** Starts a node process in the repository root; its stderr shows only with BENCH_VERBOSE set. */
function startQuiet(name, args, env) {
  const child = spawn('node', args, { cwd: repoRoot, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
  child.stderr.on('data', (chunk) => process.env.BENCH_VERBOSE && process.stderr.write(`[${name}] ${chunk}`));
  return child;
}

async function waitUntilUp(url) {
  if (!(await waitForUrl(url, 60_000))) throw new Error(`${url} did not come up`);
}

/**
 * Starts the built api-server (fresh SQLite + local disk in a temp DATA_DIR named after `name`,
 * BENCH_ADMIN as its admin, warnings-only logs, a login rate limit no benchmark reaches, plus
 * `apiEnv`) and the gateway in front of it, and waits for both.
 * @returns {Promise<{ origin: string, apiUrl: string, dataDir: string, stop: () => Promise<void> }>}
 *   origin is the gateway's; stop ends both processes and removes the DATA_DIR
 */
export async function startBenchStack({ name, port, apiPort, apiEnv = {} }) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `cloudclip-bench-${name}-`));
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  const origin = `http://127.0.0.1:${port}`;
  const children = [];
  const stop = async () => {
    for (const child of children) child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 500));
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    children.push(
      startQuiet('api', ['api-server/dist/main.js'], {
        API_PORT: String(apiPort),
        DATA_DIR: dataDir,
        ADMIN_USERNAME: BENCH_ADMIN.username,
        ADMIN_PASSWORD: BENCH_ADMIN.password,
        LOG_LEVEL: 'warn',
        LOGIN_RATE_LIMIT_MAX: '1000',
        ...apiEnv,
      }),
    );
    await waitUntilUp(`${apiUrl}/api/health`);
    children.push(
      startQuiet('gateway', ['deploy/gateway/server.mjs'], { PORT: String(port), API_PORT: String(apiPort), ENVIRONMENT: 'local' }),
    );
    await waitUntilUp(`${origin}/healthz`);
    return { origin, apiUrl, dataDir, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The admin's bearer token (POST /api/admin/login as BENCH_ADMIN) from the api-server or gateway at `baseUrl`. */
export async function benchAdminToken(baseUrl) {
  const response = await fetch(`${baseUrl}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(BENCH_ADMIN),
  });
  const json = await response.json();
  if (!response.ok) throw new Error(`POST /api/admin/login: ${response.status} ${JSON.stringify(json)}`);
  return json.data.token;
}

/**
 * A new browser context (locale en-US plus `contextOptions`) whose pages start signed in as the
 * admin (the token in localStorage), and a page in it. Close the context when done.
 */
export async function newAdminPage(browser, token, contextOptions = {}) {
  const context = await browser.newContext({ locale: 'en-US', ...contextOptions });
  await context.addInitScript((value) => window.localStorage.setItem('admin_token', value), token);
  const page = await context.newPage();
  return { context, page };
}

/** "median … ms (min …, max …)" of a list of milliseconds. */
export function timingSummary(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)];
  return `median ${median.toFixed(0)} ms (min ${sorted[0].toFixed(0)}, max ${sorted[sorted.length - 1].toFixed(0)})`;
}
