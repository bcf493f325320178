// pnpm bench: measurements, never pass/fail. Needs a build (pnpm build).
// - the JavaScript a browser downloads for each page (bytes on the wire, compressed by the gateway,
//   and decoded), measured in Debian's Chromium against the real gateway + api-server;
// - API latency of a few cheap endpoints through the gateway.
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { mkdtempSync, rmSync } from 'node:fs';
import { isBuilt, repoRoot, startProcess, waitForUrl } from './lib.mjs';

const requireFromE2e = createRequire(path.join(repoRoot, 'e2e/package.json'));
const { chromium } = requireFromE2e('@playwright/test');

const API_PORT = 19787;
const PORT = 19080;
const PAGES = ['/', '/paste/bench', '/upload', '/admin', '/mount-explorer'];

function kb(bytes) {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

async function measurePage(browser, url) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const scripts = [];
  page.on('requestfinished', async (request) => {
    if (request.resourceType() !== 'script') return;
    const sizes = await request.sizes();
    const response = await request.response();
    scripts.push({
      url: request.url(),
      wire: sizes.responseBodySize,
      decoded: Number(response?.headers()['content-length'] ?? 0) || (await response?.body())?.length || 0,
    });
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForSelector('[data-testid="area-page"]', { timeout: 15000 });
  await context.close();
  return {
    count: scripts.length,
    wire: scripts.reduce((sum, item) => sum + item.wire, 0),
    decoded: scripts.reduce((sum, item) => sum + item.decoded, 0),
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
  return { p50: at(0.5), p99: at(0.99) };
}

async function main() {
  const missing = ['api-server', 'host-shell', 'mfe-public', 'mfe-upload', 'mfe-admin', 'mfe-explorer'].filter((pkg) => !isBuilt(pkg));
  if (missing.length) {
    console.error(`Not built: ${missing.join(', ')}. Run pnpm build first.`);
    process.exit(1);
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cloudclip-bench-'));
  const children = [
    startProcess('api', 'node', ['api-server/dist/main.js'], { API_PORT: String(API_PORT), DATA_DIR: dataDir, ADMIN_PASSWORD: 'bench-password-1', LOG_LEVEL: 'warn' }),
  ];
  try {
    await waitForUrl(`http://127.0.0.1:${API_PORT}/api/health`);
    children.push(startProcess('gateway', 'node', ['deploy/gateway/server.mjs'], { PORT: String(PORT), API_PORT: String(API_PORT) }));
    await waitForUrl(`http://127.0.0.1:${PORT}/healthz`);

    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    console.log('\nJavaScript loaded per page (first visit, empty cache):');
    console.log('  page              scripts   on the wire   decoded');
    for (const route of PAGES) {
      const result = await measurePage(browser, `http://127.0.0.1:${PORT}${route}`);
      console.log(`  ${route.padEnd(17)} ${String(result.count).padStart(7)}   ${kb(result.wire).padStart(11)}   ${kb(result.decoded).padStart(9)}`);
    }
    await browser.close();

    console.log('\nLatency through the gateway (sequential, 200 requests):');
    for (const endpoint of ['/api/health', '/api/version', '/env.json']) {
      const { p50, p99 } = await latency(`http://127.0.0.1:${PORT}${endpoint}`);
      console.log(`  ${endpoint.padEnd(17)} p50 ${p50.toFixed(2)} ms   p99 ${p99.toFixed(2)} ms`);
    }
  } finally {
    for (const child of children) child.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
