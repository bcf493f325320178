import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { seedApiKey } from '../testing/seed';
import { apiKeyHeader, bearer, createTestApp, loginAsAdmin, makeTempDir, removeTempDir, type TestApp } from '../testing/test-app';

const GIB = 1024 * 1024 * 1024;
const ACCESS_KEY = 'AKIA-VISIBLE-NEVER-1234';
const SECRET_KEY = 'super-secret-value-5678';

const S3_BODY = {
  name: 'Primary bucket',
  provider_type: 'Cloudflare R2',
  endpoint_url: 'https://account.r2.cloudflarestorage.com',
  bucket_name: 'media',
  access_key_id: ACCESS_KEY,
  secret_access_key: SECRET_KEY,
};

const ADMIN_FIELDS = [
  'bucket_name',
  'created_at',
  'custom_host',
  'default_folder',
  'driver',
  'endpoint_url',
  'id',
  'is_default',
  'is_public',
  'last_used',
  'name',
  'path_style',
  'provider_type',
  'region',
  'signature_expires_in',
  'total_storage_bytes',
  'updated_at',
];
/** The create answer's fields: the admin view's without is_default, last_used and the timestamps. */
const CREATED_FIELDS = ADMIN_FIELDS.filter((field) => !['created_at', 'is_default', 'last_used', 'updated_at'].includes(field));

describe('storage configurations (/api/s3-configs)', () => {
  let t: TestApp;
  let admin: { authorization: string };
  let adminId: string;
  const responses: string[] = [];

  beforeEach(async () => {
    t = await createTestApp();
    admin = bearer(await loginAsAdmin(t.app));
    adminId = (await t.container.repositories.admins.findByUsername('admin'))?.id ?? '';
    responses.length = 0;
  });

  afterEach(async () => {
    await t.close();
    removeTempDir(t.dataDir);
  });

  /** Every response body is kept so tests can check that no secret ever leaves the server. */
  async function call(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    headers: Record<string, string>,
    payload?: object,
  ): Promise<LightMyRequestResponse> {
    const response = await t.app.inject({ method, url, headers, payload });
    responses.push(response.body);
    return response;
  }

  async function createS3(body: object = S3_BODY): Promise<string> {
    const response = await call('POST', '/api/s3-configs', admin, body);
    expect(response.statusCode).toBe(200);
    return response.json().data.id as string;
  }

  async function defaultLocalId(): Promise<string> {
    const list = (await call('GET', '/api/s3-configs', admin)).json().data as Array<{ id: string; driver: string }>;
    const local = list.find((config) => config.driver === 'local');
    if (!local) throw new Error('no local config');
    return local.id;
  }

  describe('default local storage', () => {
    it('exists after start: local, public, default, so uploads work without any other service', async () => {
      const response = await call('GET', '/api/s3-configs', admin);
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body).toMatchObject({ code: 200, success: true });
      expect(body.data).toHaveLength(1);
      expect(body.data[0]).toMatchObject({
        name: 'Local storage',
        provider_type: 'Local',
        driver: 'local',
        is_default: 1,
        is_public: 1,
        total_storage_bytes: 5 * GIB,
        signature_expires_in: 3600,
      });
    });

    /** An app on a data directory owned by the test, so its database survives a restart (SQLite and PostgreSQL). */
    async function startOnOwnDataDir(): Promise<string> {
      await t.close();
      removeTempDir(t.dataDir);
      const dataDir = makeTempDir();
      t = await createTestApp({ dataDir });
      admin = bearer(await loginAsAdmin(t.app));
      return dataDir;
    }

    async function restart(dataDir: string): Promise<void> {
      await t.close();
      t = await createTestApp({ dataDir });
      admin = bearer(await loginAsAdmin(t.app));
    }

    it('is not created again when the server restarts on the same data', async () => {
      const dataDir = await startOnOwnDataDir();
      const before = (await call('GET', '/api/s3-configs', admin)).json().data as Array<{ id: string }>;
      await restart(dataDir);
      const after = (await call('GET', '/api/s3-configs', admin)).json().data as Array<{ id: string }>;
      expect(after.map((c) => c.id)).toEqual(before.map((c) => c.id));
      expect(after).toHaveLength(1);
    });

    it('is not added for an admin who already has a configuration', async () => {
      const dataDir = await startOnOwnDataDir();
      const localId = await defaultLocalId();
      await createS3();
      expect((await call('DELETE', `/api/s3-configs/${localId}`, admin)).statusCode).toBe(200);
      await restart(dataDir);
      const names = ((await call('GET', '/api/s3-configs', admin)).json().data as Array<{ name: string }>).map((c) => c.name);
      expect(names).toEqual(['Primary bucket']);
    });
  });

  describe('POST', () => {
    it('creates an S3 configuration: HTTP 200, body code 201, booleans, quota and signature defaults', async () => {
      const response = await call('POST', '/api/s3-configs', admin, {
        ...S3_BODY,
        path_style: true,
        is_public: 'no',
        default_folder: '/uploads/',
      });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body).toMatchObject({ code: 201, success: true });
      expect(Object.keys(body.data).sort()).toEqual(CREATED_FIELDS);
      expect(body.data).toMatchObject({
        name: 'Primary bucket',
        provider_type: 'Cloudflare R2',
        driver: 's3',
        endpoint_url: 'https://account.r2.cloudflarestorage.com',
        bucket_name: 'media',
        region: '',
        path_style: true,
        is_public: false,
        default_folder: 'uploads',
        total_storage_bytes: 10 * GIB,
        custom_host: null,
        signature_expires_in: 3600,
      });
      expect(body.data.id).toMatch(/^[0-9a-f-]{36}$/);
    });

    it.each([
      ['Cloudflare R2', 10 * GIB],
      ['Backblaze B2', 10 * GIB],
      ['AWS S3', 5 * GIB],
      ['Other', 5 * GIB],
    ])('defaults the quota of %s to %d bytes and keeps a given positive quota', async (provider, quota) => {
      const created = (await call('POST', '/api/s3-configs', admin, { ...S3_BODY, provider_type: provider })).json().data;
      expect(created.total_storage_bytes).toBe(quota);
      const explicit = (
        await call('POST', '/api/s3-configs', admin, {
          ...S3_BODY,
          provider_type: provider,
          total_storage_bytes: '12345',
          signature_expires_in: 60,
        })
      ).json().data;
      expect(explicit.total_storage_bytes).toBe(12345);
      expect(explicit.signature_expires_in).toBe(60);
    });

    it('reports every missing required field of an S3 configuration with 400', async () => {
      const response = await call('POST', '/api/s3-configs', admin, { name: 'x', provider_type: 'AWS S3', bucket_name: '  ' });
      expect(response.statusCode).toBe(400);
      const message: string = response.json().message;
      expect(
        message
          .split(/[:：]\s*/)
          .pop()
          ?.split(', '),
      ).toEqual(['endpoint_url', 'bucket_name', 'access_key_id', 'secret_access_key']);
    });

    it('requires only a name for a Local configuration', async () => {
      const response = await call('POST', '/api/s3-configs', admin, { name: 'Second disk', provider_type: 'local' });
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toMatchObject({ driver: 'local', provider_type: 'Local', bucket_name: 'local', endpoint_url: '' });
      const missingName = await call('POST', '/api/s3-configs', admin, { provider_type: 'Local' });
      expect(missingName.statusCode).toBe(400);
      expect(missingName.json().message).toContain('name');
    });

    it('refuses an endpoint that is not an http(s) URL and a default folder that climbs out', async () => {
      expect((await call('POST', '/api/s3-configs', admin, { ...S3_BODY, endpoint_url: 'file:///etc' })).statusCode).toBe(400);
      expect((await call('POST', '/api/s3-configs', admin, { ...S3_BODY, default_folder: 'a/../../b' })).statusCode).toBe(400);
    });

    it('is for admins only: 403 for an API key, 403 anonymous', async () => {
      const key = await seedApiKey(t.container.repositories.apiKeys, { file: true });
      expect((await call('POST', '/api/s3-configs', apiKeyHeader(key.key), S3_BODY)).statusCode).toBe(403);
      expect((await call('POST', '/api/s3-configs', {}, S3_BODY)).statusCode).toBe(403);
    });
  });

  describe('secrets', () => {
    it('seals them in the database and never returns them in any response', async () => {
      // An endpoint that refuses connections at once: the test endpoint reports failures, never secrets.
      const id = await createS3({ ...S3_BODY, endpoint_url: 'http://127.0.0.1:1', is_public: true });
      await call('GET', '/api/s3-configs', admin);
      await call('GET', `/api/s3-configs/${id}`, admin);
      await call('PUT', `/api/s3-configs/${id}`, admin, { name: 'Renamed' });
      await call('PUT', `/api/s3-configs/${id}/set-default`, admin);
      const key = await seedApiKey(t.container.repositories.apiKeys, { file: true });
      await call('GET', '/api/s3-configs', apiKeyHeader(key.key));
      await call('GET', `/api/s3-configs/${id}`, apiKeyHeader(key.key));
      await call('POST', `/api/s3-configs/${id}/test`, admin);

      expect(responses.length).toBeGreaterThanOrEqual(8);
      for (const body of responses) {
        expect(body).not.toContain(ACCESS_KEY);
        expect(body).not.toContain(SECRET_KEY);
        expect(body).not.toMatch(/access_key_id|secret_access_key|_sealed|admin_id/);
      }

      const row = await t.container.repositories.storageConfigs.findById(id);
      expect(row?.access_key_id_sealed).toMatch(/^v1:/);
      expect(row?.secret_access_key_sealed).toMatch(/^v1:/);
      expect(JSON.stringify(row)).not.toContain(SECRET_KEY);
      expect(t.container.secretBox.decrypt(row?.access_key_id_sealed ?? '')).toBe(ACCESS_KEY);
      expect(t.container.secretBox.decrypt(row?.secret_access_key_sealed ?? '')).toBe(SECRET_KEY);
    });
  });

  describe('GET visibility', () => {
    it('shows an admin its own configurations with every non-secret field, ordered by name', async () => {
      await createS3({ ...S3_BODY, name: 'Beta' });
      await createS3({ ...S3_BODY, name: 'Alpha' });
      const list = (await call('GET', '/api/s3-configs', admin)).json().data as Array<Record<string, unknown>>;
      expect(list.map((c) => c.name)).toEqual(['Alpha', 'Beta', 'Local storage']);
      for (const config of list) expect(Object.keys(config).sort()).toEqual(ADMIN_FIELDS);
    });

    it('hides configurations of other admins (list and 404 by id)', async () => {
      const foreign = randomUUID();
      await t.container.repositories.storageConfigs.create({
        id: foreign,
        name: 'Not yours',
        provider_type: 'Other',
        bucket_name: 'x',
        admin_id: 'another-admin',
        total_storage_bytes: null,
        custom_host: null,
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
        last_used: null,
        access_key_id_sealed: null,
        secret_access_key_sealed: null,
      });
      const list = (await call('GET', '/api/s3-configs', admin)).json().data as Array<{ id: string }>;
      expect(list.map((c) => c.id)).not.toContain(foreign);
      expect((await call('GET', `/api/s3-configs/${foreign}`, admin)).statusCode).toBe(404);
      expect((await call('PUT', `/api/s3-configs/${foreign}`, admin, { name: 'mine now' })).statusCode).toBe(404);
      expect((await call('DELETE', `/api/s3-configs/${foreign}`, admin)).statusCode).toBe(404);
    });

    it('shows an API key with file permission only public configurations, without is_public and last_used', async () => {
      const publicId = await createS3({ ...S3_BODY, name: 'Public one', is_public: true });
      const privateId = await createS3({ ...S3_BODY, name: 'Private one', is_public: false });
      const key = await seedApiKey(t.container.repositories.apiKeys, { file: true });

      const list = (await call('GET', '/api/s3-configs', apiKeyHeader(key.key))).json().data as Array<Record<string, unknown>>;
      expect(list.map((c) => c.name)).toEqual(['Local storage', 'Public one']);
      const expectedFields = ADMIN_FIELDS.filter((field) => field !== 'is_public' && field !== 'last_used');
      for (const config of list) expect(Object.keys(config).sort()).toEqual(expectedFields);

      const one = await call('GET', `/api/s3-configs/${publicId}`, apiKeyHeader(key.key));
      expect(one.statusCode).toBe(200);
      expect(one.json().data).not.toHaveProperty('is_public');
      expect((await call('GET', `/api/s3-configs/${privateId}`, apiKeyHeader(key.key))).statusCode).toBe(404);
    });

    it('answers 401 to anonymous callers and 403 to a key without file permission', async () => {
      const key = await seedApiKey(t.container.repositories.apiKeys, { text: true });
      expect((await call('GET', '/api/s3-configs', {})).statusCode).toBe(401);
      expect((await call('GET', '/api/s3-configs', apiKeyHeader(key.key))).statusCode).toBe(403);
    });

    it('answers 404 for an unknown id', async () => {
      const response = await call('GET', `/api/s3-configs/${randomUUID()}`, admin);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 404, success: false, data: null });
    });
  });

  describe('PUT', () => {
    it('changes only the given fields and keeps omitted secrets', async () => {
      const id = await createS3();
      const before = await t.container.repositories.storageConfigs.findById(id);
      const response = await call('PUT', `/api/s3-configs/${id}`, admin, { name: 'Renamed', path_style: true, region: 'eu-west-1' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ code: 200, message: expect.any(String), success: true });
      const after = await t.container.repositories.storageConfigs.findById(id);
      expect(after).toMatchObject({ name: 'Renamed', path_style: 1, region: 'eu-west-1', bucket_name: 'media' });
      expect(after?.access_key_id_sealed).toBe(before?.access_key_id_sealed);
      expect(after?.secret_access_key_sealed).toBe(before?.secret_access_key_sealed);
      expect(after?.updated_at).not.toBe(before?.updated_at);
    });

    it('overwrites a secret sent as an empty string, and replaces one sent with a value', async () => {
      const id = await createS3();
      await call('PUT', `/api/s3-configs/${id}`, admin, { access_key_id: '', secret_access_key: 'rotated' });
      const row = await t.container.repositories.storageConfigs.findById(id);
      expect(row?.access_key_id_sealed).toBeNull();
      expect(t.container.secretBox.decrypt(row?.secret_access_key_sealed ?? '')).toBe('rotated');
    });

    it('resets a null quota to the provider default, ignores a non-positive one, and turns a bad signature lifetime into 3600', async () => {
      const id = await createS3({ ...S3_BODY, provider_type: 'Backblaze B2', total_storage_bytes: 100, signature_expires_in: 60 });
      await call('PUT', `/api/s3-configs/${id}`, admin, { total_storage_bytes: -5, signature_expires_in: 'soon' });
      let row = await t.container.repositories.storageConfigs.findById(id);
      expect(row).toMatchObject({ total_storage_bytes: 100, signature_expires_in: 3600 });
      await call('PUT', `/api/s3-configs/${id}`, admin, { total_storage_bytes: null, signature_expires_in: 900 });
      row = await t.container.repositories.storageConfigs.findById(id);
      expect(row).toMatchObject({ total_storage_bytes: 10 * GIB, signature_expires_in: 900 });
    });

    it('refuses to blank out the endpoint of an S3 configuration with 400', async () => {
      const id = await createS3();
      expect((await call('PUT', `/api/s3-configs/${id}`, admin, { endpoint_url: '' })).statusCode).toBe(400);
      expect((await call('PUT', `/api/s3-configs/${id}`, admin, { name: ' ' })).statusCode).toBe(400);
    });

    it('answers 404 for an unknown id and 403 for an API key', async () => {
      expect((await call('PUT', `/api/s3-configs/${randomUUID()}`, admin, { name: 'x' })).statusCode).toBe(404);
      const key = await seedApiKey(t.container.repositories.apiKeys, { file: true });
      expect((await call('PUT', `/api/s3-configs/${await defaultLocalId()}`, apiKeyHeader(key.key), { name: 'x' })).statusCode).toBe(403);
    });
  });

  describe('DELETE', () => {
    /** Runs `insert` with a new id and the current time as created_at/updated_at; returns the id. */
    async function insertWithNewId(insert: (id: string, times: { created_at: string; updated_at: string }) => Promise<unknown>) {
      const id = randomUUID();
      const now = new Date().toISOString();
      await insert(id, { created_at: now, updated_at: now });
      return id;
    }

    const insertFile = (configId: string): Promise<string> =>
      insertWithNewId((id, times) =>
        t.container.db
          .insertInto('files')
          .values({ id, filename: 'a.txt', storage_path: 'a.txt', s3_config_id: configId, slug: `s-${id.slice(0, 8)}`, ...times })
          .execute(),
      );

    const insertMount = (configId: string): Promise<string> =>
      insertWithNewId((id, times) =>
        t.container.db
          .insertInto('mounts')
          .values({
            id,
            name: 'm',
            storage_type: 'S3',
            storage_config_id: configId,
            mount_path: `/m-${id.slice(0, 8)}`,
            created_by: adminId,
            ...times,
          })
          .execute(),
      );

    it('is refused with 409 while a file row uses the configuration', async () => {
      const id = await createS3();
      const fileId = await insertFile(id);
      const refused = await call('DELETE', `/api/s3-configs/${id}`, admin);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: 409, success: false });
      await t.container.db.deleteFrom('files').where('id', '=', fileId).execute();
      expect((await call('DELETE', `/api/s3-configs/${id}`, admin)).statusCode).toBe(200);
      expect((await call('GET', `/api/s3-configs/${id}`, admin)).statusCode).toBe(404);
    });

    it('is refused with 409 while a mount uses the configuration', async () => {
      const id = await createS3();
      await insertMount(id);
      expect((await call('DELETE', `/api/s3-configs/${id}`, admin)).statusCode).toBe(409);
      expect(await t.container.repositories.storageConfigs.findById(id)).toBeDefined();
    });

    it('answers 404 for an unknown id', async () => {
      expect((await call('DELETE', `/api/s3-configs/${randomUUID()}`, admin)).statusCode).toBe(404);
    });
  });

  describe('PUT …/set-default', () => {
    it('makes the configuration the only default of the admin', async () => {
      const localId = await defaultLocalId();
      const id = await createS3();
      const response = await call('PUT', `/api/s3-configs/${id}/set-default`, admin);
      expect(response.statusCode).toBe(200);
      const list = (await call('GET', '/api/s3-configs', admin)).json().data as Array<{ id: string; is_default: number }>;
      expect(list.find((c) => c.id === id)?.is_default).toBe(1);
      expect(list.find((c) => c.id === localId)?.is_default).toBe(0);
      await call('PUT', `/api/s3-configs/${localId}/set-default`, admin);
      const again = (await call('GET', '/api/s3-configs', admin)).json().data as Array<{ id: string; is_default: number }>;
      expect(again.filter((c) => c.is_default === 1).map((c) => c.id)).toEqual([localId]);
    });

    it('answers 404 for an unknown id', async () => {
      expect((await call('PUT', `/api/s3-configs/${randomUUID()}/set-default`, admin)).statusCode).toBe(404);
    });
  });
});
