// Real remote storage servers for the end-to-end tests of the WebDAV and SFTP drivers (never mocks):
// Debian's `rclone serve webdav` over a temporary folder, and Debian's OpenSSH `sshd -D -e` as the
// current user with throwaway keys, key auth only and internal-sftp. The same behaviour as
// api-server/src/testing/rclone-webdav-server.ts and sshd-server.ts, in plain ESM for Playwright.
//
// Library: startRcloneWebDav({ port }), startSshd({ port }).
// CLI (Playwright webServer): `node e2e/support/remote-storage-servers.mjs` starts both on
// E2E_WEBDAV_PORT / E2E_SFTP_PORT, writes their details as JSON to STORAGE_SERVERS_FILE and serves
// E2E_STORAGE_CONTROL_PORT: GET /health (200 once both are up), POST /sftp/pause, POST /sftp/resume.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './api-process.mjs';

const RCLONE_BINARY = process.env.RCLONE_BINARY ?? '/usr/bin/rclone';
const SSHD_BINARY = process.env.SSHD_BINARY ?? '/usr/sbin/sshd';

/** `rclone serve webdav` on 127.0.0.1 (`port`, or one rclone picks) with a user and a password. */
export async function startRcloneWebDav({ port = 0, username = 'cloudclip', password = 'webdav-test-password' } = {}) {
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'cloudclip-e2e-rclone-'));
  const rootDir = path.join(workDir, 'root');
  mkdirSync(rootDir);
  const child = spawn(
    RCLONE_BINARY,
    [
      'serve',
      'webdav',
      rootDir,
      '--addr',
      `127.0.0.1:${port}`,
      '--user',
      username,
      '--pass',
      password,
      '--config',
      path.join(workDir, 'rclone.conf'),
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let url;
  try {
    url = await new Promise((resolve, reject) => {
      let log = '';
      const timer = setTimeout(() => reject(new Error(`rclone serve webdav did not start in 15 s:\n${log}`)), 15_000);
      child.stderr.setEncoding('utf8');
      child.stderr.on('data', (chunk) => {
        log = (log + chunk).slice(-8000);
        const match = /started on (?:\[)?(http:\/\/127\.0\.0\.1:\d+\/)/.exec(log);
        if (match) {
          clearTimeout(timer);
          resolve(match[1]);
        }
      });
      child.once('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`rclone serve webdav exited with ${code}:\n${log}`));
      });
    });
  } catch (error) {
    child.kill('SIGKILL');
    rmSync(workDir, { recursive: true, force: true });
    throw error;
  }
  return {
    url,
    username,
    password,
    rootDir,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(workDir, { recursive: true, force: true });
    },
  };
}

/** Every process below `root` (from /proc). */
function descendants(root) {
  const parents = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      parents.set(Number(name), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // exited meanwhile
    }
  }
  const found = [];
  const walk = (pid) => {
    for (const [child, parent] of parents) {
      if (parent === pid) {
        found.push(child);
        walk(child);
      }
    }
  };
  walk(root);
  return found;
}

async function waitForPort(port, child, log) {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`sshd exited (${child.exitCode}): ${log()}`);
    const ok = await new Promise((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`sshd did not listen on ${port}: ${log()}`);
}

/**
 * `sshd -D -e` as the current user on 127.0.0.1 (`port`, or a free one): throwaway ed25519 host and
 * client keys, a temporary authorized_keys, key auth only (password auth needs root with PAM),
 * internal-sftp. pause()/resume()/stop() signal sshd and its per-connection processes (they setsid).
 */
export async function startSshd({ port } = {}) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cloudclip-e2e-sshd-'));
  const hostKey = path.join(dir, 'host_ed25519');
  const clientKey = path.join(dir, 'client_ed25519');
  execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', hostKey]);
  execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', clientKey]);
  const authorizedKeys = path.join(dir, 'authorized_keys');
  writeFileSync(authorizedKeys, readFileSync(`${clientKey}.pub`));
  const hostKeySha256 =
    execFileSync('ssh-keygen', ['-l', '-E', 'sha256', '-f', `${hostKey}.pub`], { encoding: 'utf8' }).split(' ')[1] ?? '';
  const dataDir = path.join(dir, 'data');
  mkdirSync(dataDir);
  // sshd started by root insists on its privilege separation folder (Debian's init script makes it).
  if (process.getuid?.() === 0 && !existsSync('/run/sshd')) mkdirSync('/run/sshd', { mode: 0o755 });
  const listenPort = port ?? (await freePort());
  const config = path.join(dir, 'sshd_config');
  writeFileSync(
    config,
    [
      `Port ${listenPort}`,
      'ListenAddress 127.0.0.1',
      `HostKey ${hostKey}`,
      `PidFile ${path.join(dir, 'sshd.pid')}`,
      `AuthorizedKeysFile ${authorizedKeys}`,
      'PasswordAuthentication no',
      'KbdInteractiveAuthentication no',
      'PubkeyAuthentication yes',
      'UsePAM no',
      'StrictModes no',
      'Subsystem sftp internal-sftp',
      'LogLevel ERROR',
      '',
    ].join('\n'),
  );
  let log = '';
  const child = spawn(SSHD_BINARY, ['-D', '-e', '-f', config], { stdio: ['ignore', 'ignore', 'pipe'] });
  child.stderr.on('data', (chunk) => {
    log = (log + chunk.toString('utf8')).slice(-4000);
  });
  const signalTree = (signal) => {
    if (!child.pid) return;
    for (const pid of [child.pid, ...descendants(child.pid)]) {
      try {
        process.kill(pid, signal);
      } catch {
        // already gone
      }
    }
  };
  try {
    await waitForPort(listenPort, child, () => log);
  } catch (error) {
    signalTree('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    host: '127.0.0.1',
    port: listenPort,
    username: os.userInfo().username,
    privateKey: readFileSync(clientKey, 'utf8'),
    hostKeySha256,
    dataDir,
    pause: () => signalTree('SIGSTOP'),
    resume: () => signalTree('SIGCONT'),
    async stop() {
      signalTree('SIGCONT');
      const exited = child.exitCode === null && child.signalCode === null ? new Promise((resolve) => child.once('exit', resolve)) : null;
      signalTree('SIGKILL');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function main() {
  const file = process.env.STORAGE_SERVERS_FILE;
  if (!file) throw new Error('STORAGE_SERVERS_FILE is required');
  const controlPort = Number(process.env.E2E_STORAGE_CONTROL_PORT ?? 18793);
  let webdav = null;
  let sftp = null;
  const control = createHttpServer((req, res) => {
    const reply = (status, body) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.method === 'GET' && req.url === '/health') return reply(webdav && sftp ? 200 : 503, { ready: !!(webdav && sftp) });
    if (req.method === 'POST' && (req.url === '/sftp/pause' || req.url === '/sftp/resume')) {
      if (!sftp) return reply(503, { error: 'sftp not started' });
      if (req.url === '/sftp/pause') sftp.pause();
      else sftp.resume();
      return reply(200, { ok: true });
    }
    return reply(404, { error: 'not found' });
  });
  await new Promise((resolve) => control.listen(controlPort, '127.0.0.1', resolve));
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    control.close();
    await Promise.allSettled([webdav?.stop(), sftp?.stop()]);
    rmSync(file, { force: true });
    try {
      rmdirSync(path.dirname(file)); // the run's folder, when nothing else is left in it
    } catch {
      // not empty, or already gone
    }
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  const envPort = (name) => (process.env[name] ? Number(process.env[name]) : undefined);
  const [startedWebDav, startedSftp] = await Promise.all([
    startRcloneWebDav({ port: envPort('E2E_WEBDAV_PORT') }),
    startSshd({ port: envPort('E2E_SFTP_PORT') }),
  ]);
  mkdirSync(path.dirname(file), { recursive: true });
  const { stop: _stopWebDav, ...webdavDetails } = startedWebDav;
  const { pause: _p, resume: _r, stop: _stopSftp, ...sftpDetails } = startedSftp;
  writeFileSync(file, JSON.stringify({ webdav: webdavDetails, sftp: sftpDetails }, null, 2), { mode: 0o600 });
  webdav = startedWebDav;
  sftp = startedSftp;
  console.log(`remote storage servers: WebDAV ${webdav.url}, SFTP ${sftp.host}:${sftp.port} (details in ${file})`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
