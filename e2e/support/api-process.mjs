// Helpers for the `node --test` suites that drive built api-server processes over HTTP
// (e2e/cluster/cross-replica.test.mjs, e2e/backup/round-trip.test.mjs): one HTTP exchange, a free
// port, a built api-server on a DATA_DIR (SQLite) or a DATABASE_URL, a throwaway PostgreSQL cluster
// (api-server/scripts/with-postgres.sh, as `pnpm test:pg` and `pnpm cluster` use it) holding as
// many databases as a suite asks for, and the backup command line.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../api-server/bench/bench-server.mjs';
import { exchange, exitOf, stopProcess, waitUntilHealthy } from '../../api-server/scripts/server-process.mjs';

/** A free loopback port; polling URLs until they answer 2xx (api-server/scripts/server-process.mjs). */
export { freePort, waitUntilHealthy };

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const BACKUP_CLI = path.join(repoRoot, 'api-server/dist/backup/cli.js');
/** Modules of the api-server's own dependencies (pg, better-sqlite3), loaded as it loads them. */
export const requireFromApiServer = createRequire(path.join(repoRoot, 'api-server/package.json'));

const START_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 10_000;

/** One HTTP exchange; the answer's status, headers and body (JSON when it parses). */
export function call(origin, method, route, { body, headers = {} } = {}) {
  return exchange(`${origin}${route}`, { method, body, headers });
}

/**
 * A built api-server (api-server/dist/main.js) on `dataDir`, on SQLite or `databaseUrl`, with the
 * given admin account and APP_SECRET; resolves once /api/health answers. `stop()` ends it (SIGTERM,
 * SIGKILL after STOP_TIMEOUT_MS); `output()` is what it printed.
 */
export async function startApiServer({ dataDir, databaseUrl = '', appSecret, admin, env = {} }) {
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, ['api-server/dist/main.js'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      API_PORT: String(port),
      API_HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      APP_SECRET: appSecret,
      ADMIN_USERNAME: admin.username,
      ADMIN_PASSWORD: admin.password,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk) => (output += chunk));
  const origin = `http://127.0.0.1:${port}`;
  const server = {
    origin,
    child,
    output: () => output,
    stop: () => stopProcess(child, STOP_TIMEOUT_MS),
  };
  await waitUntilHealthy([`${origin}/api/health`], { process: child, output: () => output });
  return server;
}

/**
 * A throwaway PostgreSQL cluster: with-postgres.sh runs, in a process group of its own, a small
 * node process that prints DATABASE_URL and waits. `createDatabase(name)` adds an empty database
 * and returns its URL; `stop()` signals the group (with-postgres.sh then stops PostgreSQL and
 * removes its files).
 */
export async function startPostgres() {
  const waiter = `process.stdout.write('DATABASE_URL=' + process.env.DATABASE_URL + '\\n'); setInterval(() => {}, 1 << 30);`;
  const child = spawn('bash', [path.join(repoRoot, 'api-server/scripts/with-postgres.sh'), process.execPath, '-e', waiter], {
    cwd: repoRoot,
    env: { ...process.env, WITH_POSTGRES_REQUIRED: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  const databaseUrl = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`PostgreSQL did not start in time:\n${output}`)), START_TIMEOUT_MS);
    const onData = (chunk) => {
      output += chunk;
      const found = /DATABASE_URL=(\S+)/.exec(output);
      if (found) {
        clearTimeout(timer);
        resolve(found[1]);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`with-postgres.sh stopped (exit ${code}):\n${output}`));
    });
  });
  const pg = requireFromApiServer('pg');
  return {
    databaseUrl,
    async createDatabase(name) {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE "${name}"`);
      } finally {
        await client.end();
      }
      const url = new URL(databaseUrl);
      url.pathname = `/${name}`;
      return url.toString();
    },
    async stop() {
      if (child.exitCode !== null) return;
      const exited = exitOf(child);
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
      await exited;
    },
  };
}

/**
 * `node api-server/dist/backup/cli.js ...args` with the instance's environment (DATA_DIR,
 * DATABASE_URL, APP_SECRET); resolves with its exit code, signal, stdout and stderr.
 * `fileSizeLimitKb`: run it under `ulimit -f` (RLIMIT_FSIZE) with SIGXFSZ ignored, so a write past
 * the limit fails with EFBIG as on a full disk. `onSpawn(child)` sees the process as it starts.
 */
export function runBackupCli(args, { dataDir, databaseUrl = '', appSecret, fileSizeLimitKb, onSpawn } = {}) {
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl, APP_SECRET: appSecret, LOG_LEVEL: 'warn' };
  const child =
    fileSizeLimitKb === undefined
      ? spawn(process.execPath, [BACKUP_CLI, ...args], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] })
      : spawn('bash', ['-c', `trap '' XFSZ; ulimit -f ${fileSizeLimitKb}; exec "$0" "$@"`, process.execPath, BACKUP_CLI, ...args], {
          cwd: repoRoot,
          env,
          stdio: ['ignore', 'pipe', 'pipe'],
        });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  onSpawn?.(child);
  return new Promise((resolve) => child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr })));
}
