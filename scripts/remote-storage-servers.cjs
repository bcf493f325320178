// Real remote storage servers for the tests of the WebDAV and SFTP drivers (never mocks): Debian's
// `rclone serve webdav` over a temporary folder, and Debian's OpenSSH `sshd -D -e` as the current
// user with throwaway keys, key auth only and internal-sftp.
//
// The one implementation for both test runners: the api-server's jest tests load it through
// api-server/src/testing/rclone-webdav-server.ts and sshd-server.ts, the end-to-end harness
// (e2e/support/remote-storage-servers.mjs, e2e/storage-drivers) imports it directly. CommonJS so
// that jest (which runs the api-server's tests as CommonJS) and plain Node ESM both load it as it
// is; its types are in remote-storage-servers.d.cts.
'use strict';

const { execFileSync, spawn } = require('node:child_process');
const { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } = require('node:fs');
const { connect, createServer } = require('node:net');
const os = require('node:os');
const path = require('node:path');

const RCLONE_BINARY = process.env.RCLONE_BINARY ?? '/usr/bin/rclone';
const SSHD_BINARY = process.env.SSHD_BINARY ?? '/usr/sbin/sshd';

/** A loopback port that was free a moment ago (nothing listens on it once this resolves). */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** `rclone serve webdav` on 127.0.0.1 (`port`, or one rclone picks) with a user and a password. */
async function startRcloneWebDav({ port = 0, username = 'cloudclip', password = 'webdav-test-password', extraArgs = [] } = {}) {
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'cloudclip-rclone-'));
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
      ...extraArgs,
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
 * `sshd -D -e` as the current user (root in the containers; a non-root user works too) on 127.0.0.1
 * (`port`, or a free one): throwaway ed25519 host and client keys, a temporary authorized_keys, key
 * auth only (password auth needs root with PAM), internal-sftp. `detached`: sshd in a process group
 * of its own (signals to the caller's group do not reach it). pause()/resume()/stop() signal sshd
 * and its per-connection processes (they setsid).
 */
async function startSshd({ port, detached = false } = {}) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cloudclip-sshd-'));
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
  const child = spawn(SSHD_BINARY, ['-D', '-e', '-f', config], { detached, stdio: ['ignore', 'ignore', 'pipe'] });
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

/** The `POST /api/s3-configs` body of a storage on an rclone WebDAV server, in its folder `baseFolder`. */
function webDavStorageConfig(server, name, baseFolder) {
  return {
    name,
    provider_type: 'WebDAV',
    endpoint_url: server.url,
    bucket_name: baseFolder,
    access_key_id: server.username,
    secret_access_key: server.password,
  };
}

/** The `POST /api/s3-configs` body of a storage on an sshd, in `<dataDir>/<subFolder>` (key auth, host key pinned). */
function sftpStorageConfig(server, name, subFolder) {
  return {
    name,
    provider_type: 'SFTP',
    endpoint_url: `sftp://${server.host}:${server.port}`,
    bucket_name: `${server.dataDir}/${subFolder}`,
    access_key_id: server.username,
    secret_access_key: server.privateKey,
    host_key_sha256: server.hostKeySha256,
  };
}

/** The `POST /api/s3-configs` body of a public storage on an s3rver bucket (path-style addressing, us-east-1). */
function s3StorageConfig(server, name) {
  return {
    name,
    provider_type: 'Other',
    endpoint_url: server.endpoint,
    bucket_name: server.bucket,
    region: 'us-east-1',
    access_key_id: server.accessKeyId,
    secret_access_key: server.secretAccessKey,
    path_style: true,
    is_public: true,
  };
}

module.exports = {
  RCLONE_BINARY,
  SSHD_BINARY,
  freePort,
  startRcloneWebDav,
  startSshd,
  webDavStorageConfig,
  sftpStorageConfig,
  s3StorageConfig,
};
