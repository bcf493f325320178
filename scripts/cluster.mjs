// pnpm cluster: the scale-out of issue 17 on one machine. A throwaway PostgreSQL cluster (Debian's
// binaries, started by api-server/scripts/with-postgres.sh as for `pnpm test:pg`), REPLICAS built
// api-servers on it (default 2) on consecutive loopback ports, sharing one DATA_DIR for the local
// storage, one APP_SECRET and API_REPLICAS=<n>, and the gateway on CLUSTER_PORT (default 8090)
// spreading /api and /dav over them round robin (API_UPSTREAM=<replica 1>,<replica 2>,…).
//
// In the foreground: Ctrl+C (SIGINT or SIGTERM) stops the gateway and the replicas, then the
// PostgreSQL cluster, and removes its files (and DATA_DIR when it was a temporary one). A replica
// that stops on its own is reported and the others go on (the gateway sends a GET or HEAD it refused
// to the next one); when none is left, or the gateway stops, everything stops.
//
// Like `pnpm start`, it installs the dependencies when they are missing and builds what is not built
// yet (scripts/build.mjs --missing), so it works from a fresh clone.
//
// Environment: REPLICAS (default 2), CLUSTER_PORT (default 8090), CLUSTER_API_PORT (the first
// replica's port, default CLUSTER_PORT + 1), HOST (the gateway's address, default 127.0.0.1),
// DATA_DIR (default: a temporary folder, removed at the end), APP_SECRET (default: one generated for
// this run), ADMIN_USERNAME / ADMIN_PASSWORD (as with `pnpm start`), TRUST_PROXY (default
// 127.0.0.1: the gateway), LOG_LEVEL, PG_BIN (where initdb is, see with-postgres.sh).
//
// How it runs: this script starts with-postgres.sh in a process group of its own, with itself
// (`--in-postgres`) as the command; that second process, which has DATABASE_URL, runs the replicas
// and the gateway. Stopping signals the whole group: the replicas, the gateway and this second
// process stop, then with-postgres.sh stops PostgreSQL and removes its directory.
import { randomBytes } from 'node:crypto';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { BUILD_MARKERS, installAndBuildMissing, isBuilt, repoRoot, startProcess, waitForUrl } from './lib.mjs';

const IN_POSTGRES = '--in-postgres';
const WITH_POSTGRES = path.join(repoRoot, 'api-server/scripts/with-postgres.sh');
/** How long a replica or the gateway may take to answer its health check after it was started. */
const START_TIMEOUT_MS = 60_000;
/** How long the processes get to stop after SIGTERM before they are killed. */
const STOP_TIMEOUT_MS = 10_000;

/** A whole number from `value` (blank: `fallback`) between `min` and `max`; throws naming `name`. */
function integerSetting(name, value, fallback, min, max) {
  if (value === undefined || value.trim() === '') return fallback;
  const parsed = Number(value.trim());
  if (!Number.isInteger(parsed) || parsed < min || parsed > max) {
    throw new Error(`${name} must be a whole number from ${min} to ${max}, not "${value}"`);
  }
  return parsed;
}

/**
 * The cluster's settings from the environment (see the top of this file).
 * @param {NodeJS.ProcessEnv} env
 */
export function clusterSettings(env) {
  const replicas = integerSetting('REPLICAS', env.REPLICAS, 2, 1, 32);
  const gatewayPort = integerSetting('CLUSTER_PORT', env.CLUSTER_PORT, 8090, 1, 65535);
  const firstApiPort = integerSetting('CLUSTER_API_PORT', env.CLUSTER_API_PORT, gatewayPort + 1, 1, 65535 - replicas + 1);
  const apiPorts = Array.from({ length: replicas }, (_, index) => firstApiPort + index);
  if (apiPorts.includes(gatewayPort)) throw new Error(`CLUSTER_PORT ${gatewayPort} is one of the replicas' ports ${apiPorts.join(', ')}`);
  return { replicas, gatewayPort, apiPorts, host: env.HOST?.trim() || '127.0.0.1' };
}

/** The environment of replica `index` (0-based) of a cluster on `databaseUrl`. */
export function replicaEnv({ settings, index, databaseUrl, dataDir, appSecret, env }) {
  return {
    API_PORT: String(settings.apiPorts[index]),
    API_HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    APP_SECRET: appSecret,
    API_REPLICAS: String(settings.replicas),
    TRUST_PROXY: env.TRUST_PROXY ?? '127.0.0.1',
  };
}

/** The replicas' origins, as the gateway's API_UPSTREAM lists them. */
export function replicaOrigins(settings) {
  return settings.apiPorts.map((port) => `http://127.0.0.1:${port}`);
}

// --- the first process: checks, then with-postgres.sh ---------------------------------------------

async function startOutside() {
  try {
    clusterSettings(process.env); // checked here, before PostgreSQL is started for nothing
  } catch (error) {
    console.error(`pnpm cluster: ${error.message}`);
    process.exit(2);
  }
  // As `pnpm start`: a fresh clone gets its dependencies and builds first (only what is missing).
  const built = await installAndBuildMissing();
  if (built !== 0) process.exit(built);
  if (!isBuilt('api-server')) {
    console.error(`pnpm cluster runs the built api-server, and ${BUILD_MARKERS['api-server']} is still missing after the build.`);
    process.exit(1);
  }

  const child = spawn('bash', [WITH_POSTGRES, process.execPath, fileURLToPath(import.meta.url), IN_POSTGRES], {
    cwd: repoRoot,
    env: { ...process.env, WITH_POSTGRES_REQUIRED: '1' },
    stdio: 'inherit',
    detached: true,
  });
  let stopping = false;
  const stop = () => {
    if (stopping) {
      console.log('[cluster] still stopping (PostgreSQL is shut down and its files removed last)…');
      return;
    }
    stopping = true;
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  child.on('exit', (code, signal) => process.exit(stopping ? 0 : (code ?? (signal ? 1 : 0))));
}

// --- the replicas and the gateway on one database (also used by bench/bench-cluster.mjs) -----------

/** Whether `port` can be listened on (loopback). */
function isFree(port) {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** `count` free consecutive loopback ports from a random start (tests and benchmarks). */
export async function freeConsecutivePorts(count) {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const first = 20000 + Math.floor(Math.random() * 40000);
    const ports = Array.from({ length: count }, (_, index) => first + index);
    if ((await Promise.all(ports.map(isFree))).every(Boolean)) return ports;
  }
  throw new Error(`no ${count} free consecutive ports`);
}

/**
 * `settings.replicas` built api-servers on `databaseUrl` and the gateway in front of them.
 * `start()` starts replica 1 alone (it migrates an empty database and creates the admin account,
 * printing its password when it makes one up), then the others together, then the gateway, each
 * once the previous ones answer their health check; it throws when one does not. `stop()` stops
 * them all (SIGTERM, SIGKILL after STOP_TIMEOUT_MS), also while `start()` is still under way.
 * `onFailure(message)` is told when, once started, no replica is left or the gateway stops; a
 * replica that stops while others serve is reported on stderr.
 */
export class Cluster {
  /** @type {{ name: string, child: import('node:child_process').ChildProcess, exited: boolean }[]} */
  #services = [];
  #stopping = false;

  /**
   * @param {object} options
   * @param {ReturnType<typeof clusterSettings>} options.settings
   * @param {string} options.databaseUrl
   * @param {string} options.dataDir
   * @param {string} options.appSecret
   * @param {NodeJS.ProcessEnv} [options.env] the environment the replicas and the gateway start from
   * @param {(message: string) => void} [options.onFailure]
   */
  constructor({ settings, databaseUrl, dataDir, appSecret, env = process.env, onFailure = () => {} }) {
    this.settings = settings;
    this.databaseUrl = databaseUrl;
    this.dataDir = dataDir;
    this.appSecret = appSecret;
    this.env = env;
    this.onFailure = onFailure;
    this.origins = replicaOrigins(settings);
    this.gateway = `http://127.0.0.1:${settings.gatewayPort}`;
  }

  #start(name, args, env, onExit) {
    const service = { name, child: startProcess(name, process.execPath, args, { ...env }), exited: false };
    service.child.on('exit', (code, signal) => {
      service.exited = true;
      if (!this.#stopping) onExit(signal ?? `exit ${code}`);
    });
    this.#services.push(service);
    return service;
  }

  #startReplica(index, replicas) {
    const { settings, databaseUrl, dataDir, appSecret } = this;
    const env = { ...this.env, ...replicaEnv({ settings, index, databaseUrl, dataDir, appSecret, env: this.env }) };
    replicas.push(
      this.#start(`api-${index + 1}`, ['api-server/dist/main.js'], env, (how) => {
        const left = replicas.filter((replica) => !replica.exited).length;
        if (left) {
          console.error(
            `[cluster] replica ${index + 1} (${this.origins[index]}) stopped (${how}); ${left} of ${this.settings.replicas} still serve.`,
          );
        } else {
          this.onFailure(`replica ${index + 1} (${this.origins[index]}) stopped (${how}) and none is left`);
        }
      }),
    );
    return waitForUrl(`${this.origins[index]}/api/health`, START_TIMEOUT_MS);
  }

  async start() {
    const replicas = [];
    if (!(await this.#startReplica(0, replicas)) && !this.#stopping) {
      throw new Error(`replica 1 did not answer ${this.origins[0]}/api/health`);
    }
    const others = this.#stopping
      ? []
      : await Promise.all(this.origins.slice(1).map((_, offset) => this.#startReplica(offset + 1, replicas)));
    const silent = others.flatMap((ok, offset) => (ok ? [] : [offset + 2]));
    if (silent.length && !this.#stopping) throw new Error(`replica ${silent.join(', ')} did not answer its health check`);
    if (this.#stopping) return;
    const gatewayEnv = { PORT: String(this.settings.gatewayPort), HOST: this.settings.host, API_UPSTREAM: this.origins.join(',') };
    this.#start('gateway', ['deploy/gateway/server.mjs'], { ...this.env, ...gatewayEnv }, (how) =>
      this.onFailure(`the gateway stopped (${how})`),
    );
    if (!(await waitForUrl(`${this.gateway}/healthz`, START_TIMEOUT_MS)) && !this.#stopping) throw new Error('the gateway did not start');
  }

  async stop() {
    this.#stopping = true;
    const running = this.#services.filter((service) => !service.exited);
    const exits = running.map((service) => new Promise((resolve) => service.child.once('exit', resolve)));
    for (const service of running) service.child.kill('SIGTERM');
    const killer = setTimeout(() => {
      for (const service of running) if (!service.exited) service.child.kill('SIGKILL');
    }, STOP_TIMEOUT_MS);
    await Promise.all(exits);
    clearTimeout(killer);
  }
}

// --- the second process: inside with-postgres.sh, with DATABASE_URL ----------------------------------

async function runInPostgres() {
  const settings = clusterSettings(process.env);
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    console.error('pnpm cluster: DATABASE_URL is not set (this part runs inside api-server/scripts/with-postgres.sh).');
    process.exit(1);
  }
  const ownDataDir = !process.env.DATA_DIR?.trim();
  const dataDir = ownDataDir ? mkdtempSync(path.join(os.tmpdir(), 'cloudclip-cluster-')) : path.resolve(process.env.DATA_DIR);
  const appSecret = process.env.APP_SECRET?.trim() || randomBytes(32).toString('hex');
  let finishing = false;
  const finish = async (exitCode) => {
    if (finishing) return;
    finishing = true;
    console.log('[cluster] stopping the gateway and the replicas, then PostgreSQL…');
    await cluster.stop();
    if (ownDataDir) rmSync(dataDir, { recursive: true, force: true });
    process.exit(exitCode);
  };
  const cluster = new Cluster({
    settings,
    databaseUrl,
    dataDir,
    appSecret,
    onFailure: (message) => {
      console.error(`[cluster] ${message}: stopping.`);
      void finish(1);
    },
  });
  process.on('SIGINT', () => finish(0));
  process.on('SIGTERM', () => finish(0));
  try {
    await cluster.start();
  } catch (error) {
    console.error(`[cluster] ${error.message}.`);
    return finish(1);
  }
  if (finishing) return undefined;
  const width = 12;
  const lines = [
    `Cloudclip cluster: ${settings.replicas} api-server replica${settings.replicas === 1 ? '' : 's'} behind the gateway`,
    `${'gateway'.padEnd(width)}http://${settings.host}:${settings.gatewayPort}  (/api and /dav round robin)`,
    ...cluster.origins.map((origin, index) => `${`replica ${index + 1}`.padEnd(width)}${origin}`),
    `${'PostgreSQL'.padEnd(width)}${databaseUrl}  (throwaway)`,
    `${'DATA_DIR'.padEnd(width)}${dataDir}${ownDataDir ? '  (throwaway)' : ''}`,
    'Ctrl+C stops everything.',
  ];
  console.log(`\n  ${lines.join('\n  ')}\n`);
  return undefined;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (process.argv.includes(IN_POSTGRES)) {
    runInPostgres().catch((error) => {
      console.error(error);
      process.exit(1);
    });
  } else {
    startOutside().catch((error) => {
      console.error(error);
      process.exit(1);
    });
  }
}
