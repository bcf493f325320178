// The servers the WebDAV clients talk to: s3rver and the built api-server (start), and the storage
// configs, mounts, API key and folders the checks use (prepareWorld).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { freePort, json, postJson, serverEnv } from '../../api-server/bench/bench-server.mjs';
import { s3StorageConfig } from '../../scripts/remote-storage-servers.cjs';
import { track } from './processes.mjs';
import { KEY_HOME, MOUNTS, SECRET_TEXT, distMain, repoRoot } from './settings.mjs';

/** s3rver in a child process (OpenSSL's legacy provider for its DES continuation tokens), with one bucket. */
export async function startS3rver(directory) {
  const requireFromApi = createRequire(path.join(repoRoot, 'api-server', 'package.json'));
  const program = `
    const S3rver = require(process.env.S3RVER_MODULE);
    const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: process.env.S3RVER_DIR,
      configureBuckets: [{ name: process.env.S3RVER_BUCKET }] });
    server.run().then((address) => process.stdout.write(JSON.stringify({ port: address.port }) + '\\n'),
      (error) => { console.error(error); process.exit(1); });
    process.on('SIGTERM', () => server.close().finally(() => process.exit(0)));`;
  const bucket = 'webdav';
  const child = track(
    spawn(process.execPath, ['--openssl-legacy-provider', '-e', program], {
      env: { ...process.env, S3RVER_MODULE: requireFromApi.resolve('s3rver'), S3RVER_DIR: directory, S3RVER_BUCKET: bucket },
      stdio: ['ignore', 'pipe', 'inherit'],
    }),
  );
  const port = await new Promise((resolve, reject) => {
    let buffer = '';
    const timer = setTimeout(() => reject(new Error('s3rver did not start in 30 s')), 30_000);
    child.stdout.setEncoding('utf8').on('data', (chunk) => {
      buffer += chunk;
      const line = buffer.split('\n').find((candidate) => candidate.startsWith('{'));
      if (line) {
        clearTimeout(timer);
        resolve(JSON.parse(line).port);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`s3rver exited with code ${code}`));
    });
  });
  return { child, endpoint: `http://127.0.0.1:${port}`, bucket, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
}

/** The built api-server on a free port with a temporary DATA_DIR and a known admin; its stderr is prefixed. */
export async function startApiServer(dataDir) {
  const port = await freePort();
  const admin = { username: 'admin', password: `webdav-${randomBytes(9).toString('base64url')}` };
  const env = serverEnv({ port, dataDir, admin });
  const child = track(
    spawn(process.execPath, [distMain], { cwd: path.dirname(path.dirname(distMain)), env, stdio: ['ignore', 'ignore', 'pipe'] }),
  );
  child.stderr.setEncoding('utf8').on('data', (chunk) => {
    for (const line of chunk.split('\n')) if (line) process.stderr.write(`[api] ${line.slice(0, 2000)}\n`);
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the api-server exited with code ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error('the api-server did not answer /api/health within 60 s');
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const login = await postJson(base, '/api/admin/login', admin);
  const auth = { authorization: `Bearer ${login.data.token}` };
  return { child, base, port, admin, auth };
}

/** The storage configs, mounts, API key and folders the checks use (contract §5.2, §5.5, §5.6, §5.9). */
export async function prepareWorld(api, s3, bigMb) {
  // max_upload_size (MB) applies to WebDAV PUTs too (413 above it): room for the big file.
  const settings = await fetch(`${api.base}/api/admin/system-settings`, {
    method: 'PUT',
    headers: { ...api.auth, 'content-type': 'application/json' },
    body: JSON.stringify({ max_upload_size: Math.max(100, bigMb + 64) }),
  });
  await json(settings, 'PUT /api/admin/system-settings');
  const configs = await json(await fetch(`${api.base}/api/s3-configs`, { headers: api.auth }), 'GET /api/s3-configs');
  const local = configs.data.find((config) => String(config.provider_type).toLowerCase() === 'local');
  if (!local) throw new Error(`no local storage config among ${configs.data.map((config) => config.provider_type).join(', ')}`);
  const s3Config = await postJson(api.base, '/api/s3-configs', s3StorageConfig(s3, 's3rver'), api.auth);
  const configFor = { '/local': local.id, '/s3': s3Config.data.id };
  for (const mount of MOUNTS) {
    await postJson(
      api.base,
      '/api/admin/mounts',
      { name: `webdav ${mount.path}`, storage_type: 'S3', storage_config_id: configFor[mount.path], mount_path: mount.path },
      api.auth,
    );
  }
  const key = await postJson(
    api.base,
    '/api/admin/api-keys',
    { name: 'webdav key home', mount_permission: true, file_permission: true, basic_path: KEY_HOME, expires_at: 'never' },
    api.auth,
  );
  for (const folder of [`${KEY_HOME}/`, '/local/outside/', '/local/keyhome-sibling/']) {
    await postJson(api.base, '/api/admin/fs/mkdir', { path: folder }, api.auth);
  }
  await postJson(api.base, '/api/admin/fs/update', { path: '/local/outside/secret.txt', content: SECRET_TEXT }, api.auth);
  return { key: key.data.key };
}
