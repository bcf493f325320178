// One built api-server (api-server/dist/main.js, temporary DATA_DIR, free loopback port) with a mount
// per storage driver, each made through the HTTP API as an admin makes it: the default local storage,
// s3rver (e2e/support/s3rver.mjs in a child process), `rclone serve webdav` and OpenSSH's sshd
// (e2e/support/remote-storage-servers.mjs) as storage configs (POST /api/s3-configs), and a mount on
// each (POST /api/admin/mounts). Shared by e2e/storage-drivers/litmus-on-drivers.test.mjs and
// bench/bench-storage-drivers.mjs.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, json, postJson, startServer } from '../../api-server/bench/bench-server.mjs';
import {
  s3StorageConfig,
  sftpStorageConfig,
  startRcloneWebDav,
  startSshd,
  webDavStorageConfig,
} from '../../scripts/remote-storage-servers.cjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const DRIVERS = ['local', 's3', 'webdav', 'sftp'];
/** Base folder of the WebDAV config on rclone's root, and of the SFTP config under sshd's data folder. */
const WEBDAV_BASE = 'cloudclip/objects';
const SFTP_SUB = 'objects';
const S3_BUCKET = 'drivers';

/** The commands the world needs on PATH (or at their Debian paths), by driver. */
export function missingCommands(drivers, extra = []) {
  const needed = [...extra];
  if (drivers.includes('webdav')) needed.push('rclone');
  if (drivers.includes('sftp')) needed.push('ssh-keygen', '/usr/sbin/sshd');
  const onPath = (command) =>
    command.startsWith('/')
      ? existsSync(command)
      : (process.env.PATH ?? '').split(path.delimiter).some((dir) => dir && existsSync(path.join(dir, command)));
  return needed.filter((command) => !onPath(command));
}

/** s3rver on a free port with one bucket, as a child process; resolves once it listens. */
async function startS3rver() {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(repoRoot, 'e2e/support/s3rver.mjs')], {
    env: { ...process.env, S3RVER_PORT: String(port), S3RVER_BUCKET: S3_BUCKET },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`s3rver did not start in 30 s: ${output}`)), 30_000);
    child.stdout.setEncoding('utf8').on('data', (chunk) => {
      output += chunk;
      if (output.includes('s3rver on ')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`s3rver exited with ${code}: ${output}`));
    });
  });
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket: S3_BUCKET,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(killer);
    },
  };
}

/** The storage config payload (POST /api/s3-configs) of each remote driver. */
function configPayload(driver, server) {
  if (driver === 's3') return s3StorageConfig(server, 's3rver');
  if (driver === 'webdav') return webDavStorageConfig(server, 'rclone webdav', WEBDAV_BASE);
  return sftpStorageConfig(server, 'sshd sftp', SFTP_SUB);
}

/**
 * Starts the servers of `drivers` and the api-server, and makes a mount `/<driver>` on each.
 * `maxUploadMb` raises max_upload_size (it applies to /dav PUTs); `cacheTtl` is the mounts' listing cache.
 * Returns { api: { base, auth, admin, dataDir, child }, mounts: { [driver]: { path, configId, remoteDir } },
 * servers: { s3?, webdav?, sftp? }, stop() }. `remoteDir` is the folder on this machine where the mount's
 * root lands (null for S3, whose objects s3rver keeps in its own layout).
 */
export async function startDriverWorld({ drivers = DRIVERS, maxUploadMb = 100, cacheTtl = 300 } = {}) {
  const servers = {};
  const stops = [];
  const stop = async () => {
    for (const stopOne of stops.reverse()) await stopOne().catch((error) => console.error(error));
  };
  try {
    if (drivers.includes('s3')) servers.s3 = await startS3rver();
    if (servers.s3) stops.push(() => servers.s3.stop());
    if (drivers.includes('webdav')) servers.webdav = await startRcloneWebDav();
    if (servers.webdav) stops.push(() => servers.webdav.stop());
    if (drivers.includes('sftp')) servers.sftp = await startSshd();
    if (servers.sftp) stops.push(() => servers.sftp.stop());
    const admin = { username: 'admin', password: `drivers-${randomBytes(9).toString('base64url')}` };
    const server = await startServer({ admin });
    stops.push(() => server.stop());
    const api = { base: server.base, auth: server.auth, admin, dataDir: server.dataDir, child: server.child };
    const settings = await fetch(`${api.base}/api/admin/system-settings`, {
      method: 'PUT',
      headers: api.auth,
      body: JSON.stringify({ max_upload_size: Math.max(100, maxUploadMb) }),
    });
    await json(settings, 'PUT /api/admin/system-settings');
    const configs = (await json(await fetch(`${api.base}/api/s3-configs`, { headers: api.auth }), 'GET /api/s3-configs')).data;
    const mounts = {};
    for (const driver of drivers) {
      let configId;
      let remoteDir = null;
      if (driver === 'local') {
        const local = configs.find((config) => String(config.provider_type).toLowerCase() === 'local');
        if (!local) throw new Error('the api-server has no local storage config');
        configId = local.id;
        remoteDir = path.join(api.dataDir, 'storage', configId);
      } else {
        configId = (await postJson(api.base, '/api/s3-configs', configPayload(driver, servers[driver]), api.auth)).data.id;
        if (driver === 'webdav') remoteDir = path.join(servers.webdav.rootDir, WEBDAV_BASE);
        if (driver === 'sftp') remoteDir = path.join(servers.sftp.dataDir, SFTP_SUB);
      }
      const mountPath = `/${driver}`;
      await postJson(
        api.base,
        '/api/admin/mounts',
        { name: `on ${driver}`, storage_type: 'S3', storage_config_id: configId, mount_path: mountPath, cache_ttl: cacheTtl },
        api.auth,
      );
      mounts[driver] = { path: mountPath, configId, remoteDir };
    }
    return { api, mounts, servers, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** `Authorization: Basic` for /dav as the world's admin. */
export function davAuth(api) {
  return `Basic ${Buffer.from(`${api.admin.username}:${api.admin.password}`).toString('base64')}`;
}
