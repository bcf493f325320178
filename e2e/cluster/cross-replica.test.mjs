// Two api-server replicas on one PostgreSQL behave as one server (issue 17), against `pnpm cluster`
// (scripts/cluster.mjs) with REPLICAS=2: the built api-server, a throwaway PostgreSQL cluster, one
// shared DATA_DIR (a temporary folder of this test) and the gateway on a port of its own. The
// checks talk HTTP to each replica directly, and through the gateway.
//
//   pnpm test:cluster        (needs the api-server build and Debian's postgresql)
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freeConsecutivePorts } from '../../scripts/cluster.mjs';
import { call, waitUntilHealthy } from '../support/api-process.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ADMIN = { username: 'cluster-admin', password: 'cluster-admin-password-1' };
/** The failed-credential budget per client address (LOGIN_RATE_LIMIT_MAX): small, so two replicas alone would each stay under it. */
const CREDENTIAL_LIMIT = 4;
const MOUNT = '/cluster';
const START_TIMEOUT_MS = 120_000;

let cluster;
let dataDir;
let replicas; // [origin of replica 1, origin of replica 2]
let gateway;
let auth;
let output = '';

/** Like `call`, for an admin request that must succeed; returns the JSON body. */
async function admin(origin, method, route, body) {
  const answer = await call(origin, method, route, { body, headers: auth });
  assert.ok(answer.status >= 200 && answer.status < 300, `${method} ${route} on ${origin}: ${answer.status} ${answer.text.slice(0, 300)}`);
  return answer.json;
}

/** The names in a folder's listing, asked of `origin`. */
async function namesIn(origin, folder) {
  const listing = await admin(origin, 'GET', `/api/admin/fs/list?path=${encodeURIComponent(folder)}`);
  return listing.data.items.map((item) => item.name);
}

/** The directory-listing cache of one replica (GET /api/admin/cache/stats). */
async function directoryCache(origin) {
  return (await admin(origin, 'GET', '/api/admin/cache/stats')).data.cache.directory;
}

before(async () => {
  const [gatewayPort, firstApiPort] = await freeConsecutivePorts(3);
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'cloudclip-cluster-test-'));
  cluster = spawn(process.execPath, ['scripts/cluster.mjs'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      REPLICAS: '2',
      CLUSTER_PORT: String(gatewayPort),
      CLUSTER_API_PORT: String(firstApiPort),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      LOGIN_RATE_LIMIT_MAX: String(CREDENTIAL_LIMIT),
      LOG_LEVEL: 'warn',
      // A DATABASE_URL or APP_SECRET of the caller's shell is not this cluster's.
      DATABASE_URL: '',
      APP_SECRET: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [cluster.stdout, cluster.stderr]) stream.on('data', (chunk) => (output += chunk));
  gateway = `http://127.0.0.1:${gatewayPort}`;
  replicas = [`http://127.0.0.1:${firstApiPort}`, `http://127.0.0.1:${firstApiPort + 1}`];
  await waitUntilHealthy([...replicas.map((origin) => `${origin}/api/health`), `${gateway}/healthz`], {
    process: cluster,
    output: () => output,
    timeoutMs: START_TIMEOUT_MS,
  });

  const login = await call(replicas[0], 'POST', '/api/admin/login', { body: ADMIN });
  assert.equal(login.status, 200, login.text);
  auth = { authorization: `Bearer ${login.json.data.token}` };
  const configs = await admin(replicas[1], 'GET', '/api/s3-configs');
  const local = configs.data.find((config) => String(config.provider_type).toLowerCase() === 'local');
  assert.ok(local, 'the default local storage config');
  await admin(replicas[0], 'POST', '/api/admin/mounts', {
    name: 'cluster test',
    storage_type: 'S3',
    storage_config_id: local.id,
    mount_path: MOUNT,
  });
});

after(async () => {
  if (cluster && cluster.exitCode === null) {
    const exited = new Promise((resolve) => cluster.once('exit', resolve));
    cluster.kill('SIGTERM');
    await exited;
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test('an admin token issued by one replica is accepted by the other and by the gateway', async () => {
  for (const origin of [...replicas, gateway]) {
    const answer = await call(origin, 'GET', '/api/test/admin-token', { headers: auth });
    assert.equal(answer.status, 200, `${origin}: ${answer.text}`);
  }
});

test('a folder made through one replica is listed at once through the other, which had listed its parent', async () => {
  const parent = `${MOUNT}/listed-${Date.now()}/`;
  await admin(replicas[0], 'POST', '/api/admin/fs/mkdir', { path: parent });
  // Both replicas list (and cache) the empty folder.
  for (const origin of replicas) assert.deepEqual(await namesIn(origin, parent), []);

  await admin(replicas[0], 'POST', '/api/admin/fs/mkdir', { path: `${parent}made-on-1/` });
  assert.deepEqual(await namesIn(replicas[1], parent), ['made-on-1']);

  await admin(replicas[1], 'POST', '/api/admin/fs/mkdir', { path: `${parent}made-on-2/` });
  assert.deepEqual((await namesIn(replicas[0], parent)).sort(), ['made-on-1', 'made-on-2']);

  // Through the gateway: two writes, one on each replica; both replicas list both at once.
  await admin(gateway, 'POST', '/api/admin/fs/mkdir', { path: `${parent}via-gateway-a/` });
  await admin(gateway, 'POST', '/api/admin/fs/mkdir', { path: `${parent}via-gateway-b/` });
  for (const origin of replicas) {
    assert.deepEqual((await namesIn(origin, parent)).sort(), ['made-on-1', 'made-on-2', 'via-gateway-a', 'via-gateway-b'], origin);
  }

  // A removal too.
  const removed = await call(replicas[1], 'DELETE', `/api/admin/fs/remove?path=${encodeURIComponent(`${parent}made-on-1/`)}`, {
    headers: auth,
  });
  assert.equal(removed.status, 200, removed.text);
  assert.deepEqual((await namesIn(replicas[0], parent)).sort(), ['made-on-2', 'via-gateway-a', 'via-gateway-b']);
});

test('failed logins spread over both replicas reach the credential limit together', async () => {
  // One client address (the replicas trust 127.0.0.1's X-Forwarded-For, as behind the gateway) and
  // an account nobody uses, so nothing else in this file is throttled.
  const client = { 'x-forwarded-for': '198.51.100.23' };
  const attempt = (origin) =>
    call(origin, 'POST', '/api/admin/login', { body: { username: 'nobody-here', password: 'wrong' }, headers: client });
  const statuses = [];
  for (let index = 0; index < CREDENTIAL_LIMIT; index += 1) statuses.push((await attempt(replicas[index % 2])).status);
  assert.deepEqual(statuses, Array(CREDENTIAL_LIMIT).fill(401));
  // Each replica has seen only half of the failures; together they are at the limit.
  for (const origin of replicas) {
    const refused = await attempt(origin);
    assert.equal(refused.status, 429, `${origin}: ${refused.text}`);
    assert.match(refused.headers.get('retry-after') ?? '', /^\d+$/);
  }
  // Through the gateway as well (it sends the client's address on as X-Forwarded-For).
  const viaGateway = await call(gateway, 'POST', '/api/admin/login', { body: { username: 'nobody-here', password: 'wrong' } });
  assert.equal(viaGateway.status, 401, 'the gateway test client has its own address (127.0.0.1)');
});

test('an upload reserved on one replica is stored and committed through the other', async () => {
  const configs = await admin(replicas[0], 'GET', '/api/s3-configs');
  const local = configs.data.find((config) => String(config.provider_type).toLowerCase() === 'local');
  const content = `stored across replicas ${Date.now()}\n`;
  const size = Buffer.byteLength(content);
  const presign = await admin(replicas[0], 'POST', '/api/s3/presign', { s3_config_id: local.id, filename: 'cross-replica.txt', size });
  const { upload_url: uploadUrl, contentType, file_id: fileId } = presign.data;
  // The signed URL names replica 1; the bytes go to replica 2 (same path and signature).
  const target = new URL(uploadUrl, replicas[0]);
  const put = await call(replicas[1], 'PUT', `${target.pathname}${target.search}`, {
    body: content,
    headers: { 'content-type': contentType },
  });
  assert.equal(put.status, 200, put.text);
  const commit = await admin(replicas[1], 'POST', '/api/s3/commit', { file_id: fileId, size: String(size) });
  const { slug } = commit.data;
  assert.equal(Number(commit.data.size), size);
  for (const origin of [...replicas, gateway]) {
    const download = await call(origin, 'GET', `/api/file-download/${slug}`);
    assert.equal(download.status, 200, origin);
    assert.equal(download.text, content, origin);
  }
  // One file row, the same on both replicas, holding the bytes that were stored.
  for (const origin of replicas) {
    const files = await admin(origin, 'GET', `/api/admin/files?limit=100&s3_config_id=${local.id}`);
    const rows = files.data.files.filter((row) => row.slug === slug);
    assert.deepEqual(
      rows.map((row) => [row.id, Number(row.size)]),
      [[fileId, size]],
      origin,
    );
  }
});

test('the cache-clear endpoints clear the listing cache of every replica', async () => {
  const folder = `${MOUNT}/cached-${Date.now()}/`;
  await admin(replicas[0], 'POST', '/api/admin/fs/mkdir', { path: folder });
  for (const origin of replicas) await namesIn(origin, folder);
  for (const origin of replicas) assert.ok((await directoryCache(origin)).size > 0, `${origin} caches a listing`);

  await admin(replicas[0], 'POST', '/api/admin/cache/clear', {});
  assert.equal((await directoryCache(replicas[1])).size, 0, 'the admin clear on replica 1 emptied replica 2');

  // The API key's clear (guard mount), on replica 2 this time.
  const key = await admin(replicas[0], 'POST', '/api/admin/api-keys', {
    name: `cluster clear ${Date.now()}`,
    mount_permission: true,
    file_permission: true,
    basic_path: '/',
    expires_at: 'never',
  });
  for (const origin of replicas) await namesIn(origin, folder);
  assert.ok((await directoryCache(replicas[0])).size > 0);
  const cleared = await call(replicas[1], 'POST', '/api/user/cache/clear', {
    body: {},
    headers: { authorization: `ApiKey ${key.data.key}` },
  });
  assert.equal(cleared.status, 200, cleared.text);
  assert.equal((await directoryCache(replicas[0])).size, 0, 'the key clear on replica 2 emptied replica 1');
});

test('the gateway spreads requests over both replicas', async () => {
  const folder = `${MOUNT}/spread-${Date.now()}/`;
  await admin(replicas[0], 'POST', '/api/admin/fs/mkdir', { path: folder });
  const lookups = async (origin) => {
    const stats = await directoryCache(origin);
    return stats.hits + stats.misses;
  };
  const before = await Promise.all(replicas.map(lookups));
  for (let index = 0; index < 6; index += 1) {
    const listing = await admin(gateway, 'GET', `/api/admin/fs/list?path=${encodeURIComponent(folder)}`);
    assert.deepEqual(listing.data.items, []);
  }
  const afterwards = await Promise.all(replicas.map(lookups));
  const served = afterwards.map((count, index) => count - before[index]);
  assert.ok(
    served.every((count) => count > 0),
    `listings served by replica 1 and 2: ${served.join(' and ')}`,
  );
  assert.equal(
    served.reduce((sum, count) => sum + count, 0),
    6,
  );
});
