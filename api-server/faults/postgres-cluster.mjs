// A throwaway PostgreSQL cluster that a fault test can stop and start again, the way
// scripts/with-postgres.sh starts one for `pnpm test:pg` (same binaries, same settings), but driven
// from JavaScript: the test keeps its load running while PostgreSQL goes down and comes back, so
// every command here is asynchronous (a spawnSync would stall the test's own clients).
//
// Binaries: PG_BIN, else Debian's /usr/lib/postgresql/<n>/bin (newest first), else initdb on PATH.
// initdb refuses to run as root: as root the cluster runs as PG_RUN_AS, else `postgres`, else `nobody`.
import { execFile, execFileSync } from 'node:child_process';
import { accessSync, chmodSync, chownSync, constants, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../bench/bench-server.mjs';

/** The folder holding initdb and pg_ctl, or null. */
export function findPostgresBinaries(env = process.env) {
  const usable = (dir) => {
    try {
      accessSync(path.join(dir, 'initdb'), constants.X_OK);
      accessSync(path.join(dir, 'pg_ctl'), constants.X_OK);
      return true;
    } catch {
      return false;
    }
  };
  if (env.PG_BIN && usable(env.PG_BIN)) return env.PG_BIN;
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    const versions = readdirSync(debian)
      .filter((name) => /^\d+$/.test(name))
      .sort((a, b) => Number(b) - Number(a));
    for (const version of versions) if (usable(path.join(debian, version, 'bin'))) return path.join(debian, version, 'bin');
  }
  try {
    const initdb = execFileSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' }).trim();
    if (initdb && usable(path.dirname(initdb))) return path.dirname(initdb);
  } catch {
    // not on PATH
  }
  return null;
}

/** The user the cluster runs as when we are root (initdb refuses root), else null (ourselves). */
function runAsUser(env) {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return null;
  if (env.PG_RUN_AS) return env.PG_RUN_AS;
  try {
    execFileSync('id', ['postgres'], { stdio: 'ignore' });
    return 'postgres';
  } catch {
    return 'nobody';
  }
}

function run(command, args, { user = null, timeoutMs = 120_000 } = {}) {
  const [file, argv] = user === null ? [command, args] : ['runuser', ['-u', user, '--', command, ...args]];
  return new Promise((resolve, reject) => {
    execFile(file, argv, { timeout: timeoutMs, encoding: 'utf8' }, (error, stdout, stderr) => {
      if (error) reject(new Error(`${path.basename(command)} ${args.join(' ')} failed: ${error.message}\n${stderr}`));
      else resolve(stdout);
    });
  });
}

/**
 * initdb's a fresh cluster in a temporary folder, starts it on a free loopback port and creates the
 * `cloudclip` database. Returns its `url` and:
 * - `stop(mode)`: `pg_ctl stop -m <mode>` (default `fast`: sessions are ended, as on a restart), waits until it is down;
 * - `start()`: starts it again on the same port and data folder, waits until it accepts connections;
 * - `destroy()`: stops it at once and removes its folder.
 */
export async function startPostgresCluster({ env = process.env } = {}) {
  const bin = findPostgresBinaries(env);
  if (bin === null) throw new Error('PostgreSQL server binaries (initdb, pg_ctl) not found: apt-get install -y postgresql, or set PG_BIN');
  const user = runAsUser(env);
  const work = mkdtempSync(path.join(os.tmpdir(), 'cloudclip-pg-fault-'));
  chmodSync(work, 0o755);
  if (user !== null) {
    const uid = Number(execFileSync('id', ['-u', user], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', user], { encoding: 'utf8' }).trim());
    chownSync(work, uid, gid);
  }
  const dataDir = path.join(work, 'data');
  const log = path.join(work, 'postgres.log');
  const pgCtl = path.join(bin, 'pg_ctl');
  let port = 0;
  let running = false;

  const startOnPort = () =>
    run(
      pgCtl,
      [
        '-D',
        dataDir,
        '-l',
        log,
        '-w',
        '-t',
        '60',
        '-o',
        `-c listen_addresses=127.0.0.1 -p ${port} -c unix_socket_directories=${work} -c max_connections=200 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c TimeZone=UTC`,
        'start',
      ],
      { user },
    );

  const cluster = {
    bin,
    work,
    get port() {
      return port;
    },
    get url() {
      return `postgres://cloudclip@127.0.0.1:${port}/cloudclip`;
    },
    /** The server's log so far (for a failure message). */
    log() {
      try {
        return readFileSync(log, 'utf8');
      } catch {
        return '';
      }
    },
    async stop(mode = 'fast') {
      await run(pgCtl, ['-D', dataDir, '-m', mode, '-w', '-t', '60', 'stop'], { user });
      running = false;
    },
    async start() {
      await startOnPort();
      running = true;
    },
    async destroy() {
      if (running) await run(pgCtl, ['-D', dataDir, '-m', 'immediate', '-w', 'stop'], { user }).catch(() => undefined);
      running = false;
      rmSync(work, { recursive: true, force: true });
    },
  };

  try {
    await run(path.join(bin, 'initdb'), ['-D', dataDir, '-U', 'cloudclip', '--auth=trust', '--no-locale', '-E', 'UTF8', '--no-sync'], {
      user,
    });
    // A port taken between freePort() and the start: try another, as with-postgres.sh does.
    for (let attempt = 1; !running; attempt += 1) {
      port = await freePort();
      try {
        await cluster.start();
      } catch (error) {
        if (attempt >= 5) throw error;
      }
    }
    await run(path.join(bin, 'createdb'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'cloudclip', 'cloudclip']);
    return cluster;
  } catch (error) {
    const serverLog = cluster.log();
    await cluster.destroy();
    throw new Error(`${error.message}${serverLog ? `\n${serverLog}` : ''}`);
  }
}
