// What the api-server benchmarks share (not a benchmark itself): building dist/ when it is stale,
// starting `node dist/main.js` on a free loopback port with a temporary DATA_DIR and a known admin,
// logging in, reading the server's memory from /proc, timing a GET and writing the results file.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { stopProcess, waitUntilHealthy } from '../scripts/server-process.mjs';

export const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The built server: dist/main.js, or API_SERVER_MAIN (a private build, `tsc -p tsconfig.build.json --outDir .dist-<name>`). */
export const distMain = process.env.API_SERVER_MAIN ? path.resolve(process.env.API_SERVER_MAIN) : path.join(packageDir, 'dist', 'main.js');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(full));
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) newest = Math.max(newest, statSync(full).mtimeMs);
  }
  return newest;
}

/** `mode`: 'auto' builds when dist/ is missing or older than src/, 'always' builds, 'never' only checks. */
export function buildIfNeeded(mode) {
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

export function freePort() {
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
export function rssOf(pid) {
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
export function peakRssOf(pid) {
  try {
    const match = /^VmHWM:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : NaN;
  } catch {
    return NaN;
  }
}

/** The JSON body of a response; throws with the status and the start of the body when it is not 2xx. */
export async function json(response, what) {
  const text = await response.text();
  if (!response.ok) throw new Error(`${what}: HTTP ${response.status} ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

/** POSTs `body` as JSON to `route` of the server at `base`; returns the answer's JSON body (see `json`). */
export async function postJson(base, route, body, headers = {}) {
  const init = { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) };
  return json(await fetch(`${base}${route}`, init), `POST ${route}`);
}

/**
 * One timed GET of `url`: milliseconds from the request sent to the whole body read, the parsed
 * JSON body and its size in bytes; throws like `json` when the answer is not 2xx.
 */
export async function timedGetJson(url, headers = {}) {
  const started = performance.now();
  const response = await fetch(url, { headers });
  const text = await response.text();
  const ms = performance.now() - started;
  if (!response.ok) throw new Error(`GET ${url}: HTTP ${response.status} ${text.slice(0, 300)}`);
  return { ms, body: JSON.parse(text), bytes: Buffer.byteLength(text) };
}

export const round1 = (value) => Math.round(value * 10) / 10;

/** Writes a measurement's results as indented JSON to `file` (its folder created). */
export function writeResults(file, results) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
}

export function mb(bytes) {
  return Number.isFinite(bytes) ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : 'n/a';
}

export function table(rows, headers) {
  const widths = headers.map((header, i) => Math.max(header.length, ...rows.map((row) => String(row[i]).length)));
  const line = (cells) => cells.map((cell, i) => String(cell).padStart(widths[i])).join('  ');
  return [line(headers), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

/**
 * The environment of a built api-server started for a measurement: loopback only, SQLite in
 * `dataDir` (any DATABASE_URL of the caller's shell removed), a known admin, quiet logs and a login
 * limit no measurement reaches.
 */
export function serverEnv({ port, dataDir, admin }) {
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
  return env;
}

/**
 * Starts the built server (SQLite in a temporary DATA_DIR, or BENCH_DATABASE_URL) and logs the
 * admin in. Returns its base URL, DATA_DIR, process, admin headers (Bearer + JSON) and `stop()`,
 * which ends the server and removes the DATA_DIR (unless the caller passed its own `dataDir`).
 *
 * Options (the fault tests, `faults/`, use them): `dataDir`, a folder of the caller's (kept on stop);
 * `env`, variables set on top of `serverEnv` (e.g. DATABASE_URL, APP_SECRET, API_REPLICAS);
 * `admin`, the admin's credentials (the same on every replica of one database).
 */
export async function startServer(options = {}) {
  const ownDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'cloudclip-bench-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const admin = options.admin ?? { username: 'admin', password: `bench-${Math.random().toString(36).slice(2)}` };
  const env = serverEnv({ port, dataDir, admin });
  if (process.env.BENCH_DATABASE_URL) env.DATABASE_URL = process.env.BENCH_DATABASE_URL;
  Object.assign(env, options.env ?? {});

  const child = spawn(process.execPath, [distMain], { cwd: packageDir, env, stdio: ['ignore', 'ignore', 'inherit'] });
  const stop = async () => {
    await stopProcess(child, 5000);
    if (ownDataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitUntilHealthy([`${base}/api/health`], { process: child, timeoutMs: 30_000, intervalMs: 100 });
    const login = await postJson(base, '/api/admin/login', admin);
    const auth = { authorization: `Bearer ${login.data.token}`, 'content-type': 'application/json' };
    return { base, port, dataDir, child, auth, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
