// Populating a Cloudclip instance through its HTTP API, a load that keeps it busy, and a snapshot of
// everything its admin API lists, for e2e/backup/round-trip.test.mjs.
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { call, repoRoot } from '../../support/api-process.mjs';

// The CLI's envelope code (contract dist, CommonJS build), as `cloudclip paste --encrypt` uses it.
const requireFromE2e = createRequire(path.join(repoRoot, 'e2e/package.json'));
const { encryptPaste, decryptPaste } = requireFromE2e('@cloudclip/contract/paste-crypto');
const { PASTE_ENCRYPTION_V1 } = requireFromE2e('@cloudclip/contract');
export { decryptPaste };

export const ADMIN = { username: 'backup-admin', password: 'backup-admin-password-1' };
export const MOUNT_PATH = '/backup-mount';
export const PASTE_PASSWORD = 'paste-password-1';
export const FILE_PASSWORD = 'file-password-1';
/** Plain pastes besides the special ones: more than one page of the admin list (PAGE rows). */
const FILLER_PASTES = 25;
export const PAGE = 10;
/** The prefix of every paste the load creates: those made after the snapshot are not restored. */
export const LOAD_PREFIX = 'load paste ';

export const sha256 = (bytes) => createHash('sha256').update(bytes).digest('hex');

export async function login(origin) {
  const answer = await call(origin, 'POST', '/api/admin/login', { body: ADMIN });
  assert.equal(answer.status, 200, `login on ${origin}: ${answer.text}`);
  return { authorization: `Bearer ${answer.json.data.token}` };
}

/** An exchange that must succeed (2xx); the JSON body. */
export async function ok(origin, method, route, { body, headers } = {}) {
  const answer = await call(origin, method, route, { body, headers });
  assert.ok(answer.status >= 200 && answer.status < 300, `${method} ${route} on ${origin}: ${answer.status} ${answer.text.slice(0, 300)}`);
  return answer.json;
}

/** The bytes of a download and its status. */
export async function download(origin, route, headers = {}) {
  const response = await fetch(`${origin}${route}`, { headers });
  return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()) };
}

/**
 * Everything a backup must carry, made through the API of `origin`: pastes of every kind, file
 * shares in the local storage (one ~3 MB binary, one with a password), an API key with permissions
 * and a base path and what it made, a mount, changed settings and a changed storage configuration.
 * Returns what the checks after the restore need (slugs, passwords, keys, file hashes).
 */
export async function populate(origin, auth) {
  const configs = await ok(origin, 'GET', '/api/s3-configs', { headers: auth });
  const local = configs.data.find((config) => String(config.provider_type).toLowerCase() === 'local');
  assert.ok(local, 'the default local storage configuration');
  // Changed configuration and settings: the restore must carry the changes, not the defaults.
  await ok(origin, 'PUT', `/api/s3-configs/${local.id}`, { body: { is_public: true, default_folder: 'shares/' }, headers: auth });
  await ok(origin, 'PUT', '/api/admin/system-settings', { body: { max_upload_size: 321, webdav_upload_mode: 'proxy' }, headers: auth });
  const mount = await ok(origin, 'POST', '/api/admin/mounts', {
    body: {
      name: 'backup mount',
      storage_type: 'S3',
      storage_config_id: local.id,
      mount_path: MOUNT_PATH,
      remark: 'kept by the backup',
      cache_ttl: 120,
    },
    headers: auth,
  });
  const key = await ok(origin, 'POST', '/api/admin/api-keys', {
    body: {
      name: 'backup key',
      text_permission: true,
      file_permission: true,
      mount_permission: false,
      basic_path: '/',
      expires_at: 'never',
    },
    headers: auth,
  });
  const keyHeader = { authorization: `ApiKey ${key.data.key}` };
  const based = await ok(origin, 'POST', '/api/admin/api-keys', {
    body: {
      name: 'based key',
      text_permission: true,
      file_permission: true,
      mount_permission: true,
      basic_path: MOUNT_PATH,
      expires_at: 'never',
    },
    headers: auth,
  });

  const paste = async (body, headers = auth) => (await ok(origin, 'POST', '/api/paste', { body, headers })).slug;
  const secretText = `end-to-end encrypted ${randomBytes(4).toString('hex')}`;
  const encrypted = await encryptPaste(secretText);
  const pastes = {
    plain: await paste({ content: 'a plain paste', remark: 'plain' }),
    tagged: await paste({ content: 'a tagged paste', tags: ['work', 'notes', '工作'] }),
    password: await paste({ content: 'behind a password', password: PASTE_PASSWORD }),
    encrypted: await paste({ content: encrypted.envelope, encryption: PASTE_ENCRYPTION_V1, remark: 'encrypted' }),
    burn: await paste({ content: 'read me once', burnAfterReading: true }),
    limited: await paste({ content: 'five views at most', maxViews: 5 }),
    expiring: await paste({ content: 'expires one day', expiresAt: '2099-01-01T00:00:00.000Z' }),
    loadTarget: await paste({ content: 'the load reads this one' }),
    byKey: await paste({ content: 'made with the API key', remark: 'key' }, keyHeader),
  };
  for (let index = 0; index < FILLER_PASTES; index += 1) await paste({ content: `filler paste ${index}\n${'x'.repeat(index * 10)}` });
  // Two views counted before the backup.
  for (let index = 0; index < 2; index += 1) await ok(origin, 'GET', `/api/paste/${pastes.limited}`);

  const upload = async (name, bytes, query = '', headers = auth) => {
    const answer = await ok(origin, 'PUT', `/api/upload-direct/${encodeURIComponent(name)}${query}`, { body: bytes, headers });
    return { slug: answer.data.slug, id: answer.data.id, sha256: sha256(bytes), size: bytes.length };
  };
  const files = {
    text: await upload('notes.txt', Buffer.from('some notes\nsecond line\n'), '?remark=notes'),
    binary: await upload('blob.bin', randomBytes(3 * 1024 * 1024 + 17)),
    password: await upload('secret.txt', Buffer.from('a file behind a password\n'), `?password=${FILE_PASSWORD}&max_views=9`),
    byKey: await upload('from-key.txt', Buffer.from('uploaded with the API key\n'), '', keyHeader),
  };
  return {
    localConfigId: local.id,
    mountId: mount.data.id,
    key: { id: key.data.id, value: key.data.key },
    basedKey: { id: based.data.id, value: based.data.key },
    pastes,
    encrypted: { key: encrypted.key, text: secretText },
    files,
  };
}

/**
 * Requests against `origin` until `stop()`: reads of one paste, an admin list, and a new paste each
 * round. `stop()` resolves with the number of rounds; every answer must have been 2xx.
 */
export function startLoad(origin, auth, readSlug) {
  let running = true;
  let rounds = 0;
  const failures = [];
  const loop = (async () => {
    while (running) {
      const answers = await Promise.all([
        call(origin, 'GET', `/api/paste/${readSlug}`),
        call(origin, 'GET', `/api/admin/pastes?page=1&limit=${PAGE}`, { headers: auth }),
        call(origin, 'POST', '/api/paste', { body: { content: `${LOAD_PREFIX}${rounds}` }, headers: auth }),
      ]);
      for (const answer of answers) if (answer.status !== 200) failures.push(`${answer.status} ${answer.text.slice(0, 200)}`);
      rounds += 1;
    }
  })();
  return {
    rounds: () => rounds,
    async stop() {
      running = false;
      await loop;
      assert.deepEqual(failures, [], 'every request of the load was answered');
      return rounds;
    },
  };
}

/** Replaces every occurrence of `from` in the strings of `value` (deeply) by `to`. */
function replaceDeep(value, from, to) {
  if (typeof value === 'string') return value.split(from).join(to);
  if (Array.isArray(value)) return value.map((item) => replaceDeep(item, from, to));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, replaceDeep(v, from, to)]));
  return value;
}

/**
 * Everything the admin API lists, every list paged through to its end, and every detail:
 * pastes (+ tag counts), files, API keys, mounts, system settings, storage configurations.
 * The instance's own origin is replaced by `<origin>` (links name the server that answers), and so
 * are `otherOrigins` (a local file's stored `s3_url` names the server that took the upload).
 */
export async function snapshot(origin, auth, otherOrigins = []) {
  const get = async (route) => (await ok(origin, 'GET', route, { headers: auth })).data;
  const getFull = (route) => ok(origin, 'GET', route, { headers: auth });

  const pasteList = [];
  for (let page = 1; ; page += 1) {
    const answer = await getFull(`/api/admin/pastes?page=${page}&limit=${PAGE}`);
    pasteList.push(...answer.data);
    if (page >= answer.pagination.totalPages) break;
  }
  const fileList = [];
  for (let offset = 0; ; offset += PAGE) {
    const answer = await get(`/api/admin/files?limit=${PAGE}&offset=${offset}`);
    fileList.push(...answer.files);
    if (offset + PAGE >= answer.pagination.total) break;
  }
  const mounts = await get('/api/admin/mounts');
  const configs = await get('/api/s3-configs');
  const state = {
    pastes: pasteList,
    pasteDetails: Object.fromEntries(await Promise.all(pasteList.map(async (row) => [row.id, await get(`/api/admin/pastes/${row.id}`)]))),
    pasteTags: await get('/api/admin/paste-tags'),
    files: fileList,
    fileDetails: Object.fromEntries(await Promise.all(fileList.map(async (row) => [row.id, await get(`/api/admin/files/${row.id}`)]))),
    apiKeys: await get('/api/admin/api-keys'),
    mounts,
    mountDetails: Object.fromEntries(await Promise.all(mounts.map(async (row) => [row.id, await get(`/api/admin/mounts/${row.id}`)]))),
    settings: await get('/api/admin/system-settings'),
    storageConfigs: configs,
    storageConfigDetails: Object.fromEntries(
      await Promise.all(configs.map(async (row) => [row.id, await get(`/api/s3-configs/${row.id}`)])),
    ),
  };
  return [origin, ...otherOrigins].reduce((value, name) => replaceDeep(value, name, '<origin>'), state);
}
