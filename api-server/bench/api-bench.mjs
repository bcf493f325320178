#!/usr/bin/env node
// API benchmark of the built server (dist/): a measurement, never a pass/fail test, never part of
// `pnpm test`.
//
//   pnpm --filter @cloudclip/api-server bench [-- --duration 5 --connections 1,16 --no-build]
//
// Builds dist/ when it is missing or older than src/ (--build forces, --no-build skips), starts
// `node dist/main.js` on a free loopback port with a temporary DATA_DIR and a known admin, creates
// one unprotected paste (maxViews 0) and then, with autocannon, measures requests/s and p50/p99
// latency of
//   GET  /api/paste/{slug}   (public read; counts a view each time)
//   POST /api/paste          (admin token; creates a paste each time)
// at each connection count, plus the server's resident memory (RSS) before and after; then
//   GET  /api/file-download/{slug} (one connection) while 16 connections send a wrong
//        `Authorization: Basic` header (the password-guessing flood of issue 19): the download's
//        p50/p99 with the flood on, and how the flood was answered (429 once its budget is spent,
//        503 when the password-hash queue is full).
//
// Database: SQLite in the temporary DATA_DIR. Set BENCH_DATABASE_URL=postgres://… to measure on
// PostgreSQL instead (e.g. `bash scripts/with-postgres.sh sh -c 'BENCH_DATABASE_URL=$DATABASE_URL node bench/api-bench.mjs'`).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const distMain = path.join(packageDir, 'dist', 'main.js');

function parseArgs(argv) {
  const options = { duration: 5, connections: [1, 16], build: 'auto' };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === '--') continue;
    if (arg === '--build') options.build = 'always';
    else if (arg === '--no-build') options.build = 'never';
    else if (arg === '--duration') options.duration = Number(argv[++i]);
    else if (arg === '--connections') options.connections = String(argv[++i]).split(',').map(Number);
    else if (arg === '--help' || arg === '-h') {
      process.stdout.write('usage: node bench/api-bench.mjs [--duration <s>] [--connections 1,16] [--build | --no-build]\n');
      process.exit(0);
    } else throw new Error(`unknown argument: ${arg}`);
  }
  if (!(options.duration > 0)) throw new Error('--duration must be a positive number of seconds');
  if (options.connections.some((n) => !Number.isInteger(n) || n < 1)) throw new Error('--connections must list positive integers');
  return options;
}

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(full));
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) newest = Math.max(newest, statSync(full).mtimeMs);
  }
  return newest;
}

function buildIfNeeded(mode) {
  if (mode === 'never') {
    if (!existsSync(distMain)) throw new Error('dist/main.js is missing: build first (pnpm build) or drop --no-build');
    return;
  }
  const stale = !existsSync(distMain) || statSync(distMain).mtimeMs < newestMtime(path.join(packageDir, 'src'));
  if (mode === 'auto' && !stale) return;
  process.stderr.write('bench: building dist/ …\n');
  const result = spawnSync('pnpm', ['run', 'build'], { cwd: packageDir, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('build failed');
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Resident set size of a process in bytes (Linux /proc, else ps). */
function rssOf(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
    if (match) return Number(match[1]) * 1024;
  } catch {
    // not Linux
  }
  const ps = spawnSync('ps', ['-o', 'rss=', '-p', String(pid)], { encoding: 'utf8' });
  const kb = Number(ps.stdout.trim());
  return Number.isFinite(kb) && kb > 0 ? kb * 1024 : NaN;
}

/** Peak resident set size (Linux VmHWM), NaN elsewhere. */
function peakRssOf(pid) {
  try {
    const match = /^VmHWM:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : NaN;
  } catch {
    return NaN;
  }
}

async function waitForHealth(base, child, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      const response = await fetch(`${base}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the server did not become healthy in time');
}

async function json(response, what) {
  const text = await response.text();
  if (!response.ok) throw new Error(`${what}: HTTP ${response.status} ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

function runAutocannon(options) {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

/** autocannon's histogram holds whole milliseconds. */
function ms(value) {
  return value < 1 ? '<1' : String(Math.round(value));
}

function mb(bytes) {
  return Number.isFinite(bytes) ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : 'n/a';
}

function table(rows, headers) {
  const widths = headers.map((header, i) => Math.max(header.length, ...rows.map((row) => String(row[i]).length)));
  const line = (cells) => cells.map((cell, i) => String(cell).padStart(widths[i])).join('  ');
  return [line(headers), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

/** A 1 KiB file share on the default (local) storage: presign → PUT → commit; returns its download URL. */
async function createFileShare(base, auth) {
  const configs = await json(await fetch(`${base}/api/s3-configs`, { headers: auth }), 'GET /api/s3-configs');
  const config = configs.data.find((entry) => entry.is_default === 1) ?? configs.data[0];
  if (!config) throw new Error('no storage config to upload to');
  const body = Buffer.alloc(1024, 'x');
  const presigned = await json(
    await fetch(`${base}/api/s3/presign`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ s3_config_id: config.id, filename: 'bench.txt', size: body.length }),
    }),
    'POST /api/s3/presign',
  );
  const put = await fetch(new URL(presigned.data.upload_url, base), {
    method: 'PUT',
    headers: { 'content-type': presigned.data.contentType },
    body,
  });
  if (!put.ok) throw new Error(`PUT upload_url: HTTP ${put.status}`);
  await json(
    await fetch(`${base}/api/s3/commit`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ file_id: presigned.data.file_id, size: body.length }),
    }),
    'POST /api/s3/commit',
  );
  return `${base}/api/file-download/${encodeURIComponent(presigned.data.slug)}`;
}

/** Downloads on one connection while 16 others send wrong Basic credentials, for `duration` seconds. */
async function downloadUnderBasicFlood(base, auth, duration) {
  const downloadUrl = await createFileShare(base, auth);
  const bogus = `Basic ${Buffer.from('admin:not-the-password').toString('base64')}`;
  process.stderr.write(`bench: file download under a 16-connection bogus Basic flood for ${duration} s …\n`);
  const [download, flood] = await Promise.all([
    runAutocannon({ url: downloadUrl, method: 'GET', connections: 1, duration }),
    runAutocannon({ url: `${base}/api/health`, method: 'GET', headers: { authorization: bogus }, connections: 16, duration }),
  ]);
  const statusCodes = {};
  for (const [code, stats] of Object.entries(flood.statusCodeStats ?? {})) statusCodes[code] = stats.count;
  return { download, flood, statusCodes };
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  buildIfNeeded(options.build);

  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cloudclip-bench-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const admin = { username: 'admin', password: `bench-${Math.random().toString(36).slice(2)}` };
  const env = {
    ...process.env,
    API_PORT: String(port),
    API_HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ADMIN_USERNAME: admin.username,
    ADMIN_PASSWORD: admin.password,
    LOG_LEVEL: 'warn',
    LOGIN_RATE_LIMIT_MAX: '1000',
    NODE_ENV: 'production',
  };
  delete env.DATABASE_URL;
  if (process.env.BENCH_DATABASE_URL) env.DATABASE_URL = process.env.BENCH_DATABASE_URL;

  const child = spawn(process.execPath, [distMain], { cwd: packageDir, env, stdio: ['ignore', 'ignore', 'inherit'] });
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await Promise.race([new Promise((resolve) => child.once('exit', resolve)), new Promise((resolve) => setTimeout(resolve, 5000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForHealth(base, child);
    const login = await json(
      await fetch(`${base}/api/admin/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(admin),
      }),
      'login',
    );
    const token = login.data.token;
    const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const created = await json(
      await fetch(`${base}/api/paste`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ content: 'Hello from the benchmark.\n'.repeat(20), maxViews: 0 }),
      }),
      'POST /api/paste (setup)',
    );
    const slug = created.slug;
    if (typeof slug !== 'string') throw new Error(`POST /api/paste returned no slug: ${JSON.stringify(created)}`);
    // warm-up
    await json(await fetch(`${base}/api/paste/${encodeURIComponent(slug)}`), 'GET /api/paste/{slug} (warm-up)');

    const rssIdle = rssOf(child.pid);
    const scenarios = [
      { name: `GET /api/paste/{slug}`, request: { url: `${base}/api/paste/${encodeURIComponent(slug)}`, method: 'GET' } },
      {
        name: 'POST /api/paste',
        request: { url: `${base}/api/paste`, method: 'POST', headers: auth, body: JSON.stringify({ content: 'benchmark paste body' }) },
      },
    ];

    const rows = [];
    for (const scenario of scenarios) {
      for (const connections of options.connections) {
        process.stderr.write(`bench: ${scenario.name} with ${connections} connection(s) for ${options.duration} s …\n`);
        const result = await runAutocannon({ ...scenario.request, connections, duration: options.duration });
        const failed = (result.non2xx ?? 0) + (result.errors ?? 0) + (result.timeouts ?? 0);
        rows.push([
          scenario.name,
          connections,
          Math.round(result.requests.average),
          // closed loop, one request in flight per connection: mean latency = connections / throughput
          result.requests.average > 0 ? ((connections * 1000) / result.requests.average).toFixed(2) : 'n/a',
          ms(result.latency.p50),
          ms(result.latency.p99),
          result.requests.total,
          failed,
        ]);
      }
    }
    const flood = await downloadUnderBasicFlood(base, auth, options.duration);
    const rssAfter = rssOf(child.pid);
    const rssPeak = peakRssOf(child.pid);

    const engine = (await json(await fetch(`${base}/api/version`), 'GET /api/version')).data.storage;
    process.stdout.write(
      `\nCloudclip API benchmark — ${engine}, Node ${process.version}, ${os.cpus().length} CPU(s), ${options.duration} s per row\n\n`,
    );
    process.stdout.write(
      `${table(rows, ['endpoint', 'conns', 'req/s', 'mean ms*', 'p50 ms', 'p99 ms', 'requests', 'non-2xx/errors'])}\n\n`,
    );
    process.stdout.write(
      `${table(
        [
          [
            `GET /api/file-download/{slug} + Basic flood`,
            1,
            Math.round(flood.download.requests.average),
            ms(flood.download.latency.p50),
            ms(flood.download.latency.p99),
            flood.download.requests.total,
            (flood.download.non2xx ?? 0) + (flood.download.errors ?? 0),
          ],
        ],
        ['endpoint (under a 16-connection bogus Basic flood)', 'conns', 'req/s', 'p50 ms', 'p99 ms', 'requests', 'non-2xx/errors'],
      )}\n`,
    );
    process.stdout.write(`flood: ${flood.flood.requests.total} requests, status codes ${JSON.stringify(flood.statusCodes)}\n\n`);
    process.stdout.write(`server RSS: idle ${mb(rssIdle)}, after the run ${mb(rssAfter)}, peak ${mb(rssPeak)}\n`);
    process.stdout.write('autocannon records latencies in whole milliseconds ("<1" = under one);\n');
    process.stdout.write('* mean ms = connections / (req/s): each connection keeps exactly one request in flight\n');
    if (rows.some((row) => row[7] > 0))
      process.stdout.write('note: some requests failed (non-2xx or socket errors); see the last column\n');
  } finally {
    await stop();
  }
}

main().catch((error) => {
  process.stderr.write(`bench: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
