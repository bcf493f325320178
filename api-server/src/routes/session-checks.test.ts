import { DAY_MS } from '../lib/time';
import { seedApiKey } from '../testing/seed';
import { apiKeyHeader, basic, bearer, createTestApp, loginAsAdmin, removeTempDir, TEST_ADMIN, type TestApp } from '../testing/test-app';
import { okEnvelope } from '../testing/expectations';

describe('credential test endpoints and Authorization schemes', () => {
  let t: TestApp;
  let now: Date;

  beforeEach(async () => {
    now = new Date('2025-07-01T08:00:00.000Z');
    t = await createTestApp({ clock: () => now });
  });

  afterEach(async () => {
    await t.close();
    removeTempDir(t.dataDir);
  });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
  const seed = (input: Parameters<typeof seedApiKey>[1] = {}) =>
    seedApiKey(t.container.repositories.apiKeys, { expiresAt: new Date(now.getTime() + DAY_MS).toISOString(), ...input });

  describe('GET /api/test/admin-token', () => {
    it('answers 200 with code, message and success (no data) for an admin token', async () => {
      const token = await loginAsAdmin(t.app);
      const response = await get('/api/test/admin-token', bearer(token));
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ code: 200, message: expect.any(String), success: true });
    });

    it('answers 401 without credentials', async () => {
      const response = await get('/api/test/admin-token');
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 401, success: false, data: null });
    });

    it('answers 401 for an unknown bearer token', async () => {
      expect((await get('/api/test/admin-token', bearer('x'.repeat(32)))).statusCode).toBe(401);
    });

    it('answers 403 for an API key', async () => {
      const key = await seed({ text: true });
      const response = await get('/api/test/admin-token', apiKeyHeader(key.key));
      expect(response.statusCode).toBe(403);
    });

    it('accepts Basic admin credentials', async () => {
      const response = await get('/api/test/admin-token', basic(TEST_ADMIN.username, TEST_ADMIN.password));
      expect(response.statusCode).toBe(200);
    });

    it('treats Basic with a wrong admin password as anonymous (401)', async () => {
      const response = await get('/api/test/admin-token', basic(TEST_ADMIN.username, 'wrong'));
      expect(response.statusCode).toBe(401);
    });

    it('treats an unknown scheme as anonymous (401)', async () => {
      const token = await loginAsAdmin(t.app);
      expect((await get('/api/test/admin-token', { authorization: `Token ${token}` })).statusCode).toBe(401);
    });
  });

  describe('GET /api/test/api-key', () => {
    it('describes the presented key: name, basic path, boolean permissions and key_info', async () => {
      const key = await seed({ name: 'ci-uploader', text: true, mount: true, basicPath: '/docs' });
      const response = await get('/api/test/api-key', apiKeyHeader(key.key));
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(
        okEnvelope({
          name: 'ci-uploader',
          basic_path: '/docs',
          permissions: { text: true, file: false, mount: true },
          key_info: { id: key.id, name: 'ci-uploader', basic_path: '/docs' },
        }),
      );
    });

    it('answers 403 for an admin token (our permitted divergence from the reference 500)', async () => {
      const token = await loginAsAdmin(t.app);
      const response = await get('/api/test/api-key', bearer(token));
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 403, success: false, data: null });
    });

    it('answers 401 without credentials', async () => {
      expect((await get('/api/test/api-key')).statusCode).toBe(401);
    });

    it('answers 401 for an unknown key', async () => {
      expect((await get('/api/test/api-key', apiKeyHeader('doesNotExist'))).statusCode).toBe(401);
    });

    it('deletes an expired key when it is presented and answers 401', async () => {
      const key = await seed({ expiresAt: new Date(now.getTime() - 1000).toISOString(), text: true });
      const response = await get('/api/test/api-key', apiKeyHeader(key.key));
      expect(response.statusCode).toBe(401);
      expect(await t.container.repositories.apiKeys.findById(key.id)).toBeUndefined();
    });

    it('updates last_used on every successful key authentication', async () => {
      const key = await seed({ file: true });
      expect(key.last_used).toBeNull();
      await get('/api/test/api-key', apiKeyHeader(key.key));
      expect((await t.container.repositories.apiKeys.findById(key.id))?.last_used).toBe(now.toISOString());

      now = new Date(now.getTime() + 60_000);
      await get('/api/health', apiKeyHeader(key.key));
      expect((await t.container.repositories.apiKeys.findById(key.id))?.last_used).toBe(now.toISOString());
    });

    it('does not touch last_used for a request without the key', async () => {
      const key = await seed({ file: true });
      await get('/api/test/api-key');
      expect((await t.container.repositories.apiKeys.findById(key.id))?.last_used).toBeNull();
    });

    it('accepts Basic user = pass = key value for a key with the mount permission', async () => {
      const key = await seed({ name: 'webdav', mount: true });
      const response = await get('/api/test/api-key', basic(key.key, key.key));
      expect(response.statusCode).toBe(200);
      expect(response.json().data.key_info.id).toBe(key.id);
    });

    it('refuses Basic key credentials when the key lacks the mount permission (anonymous, 401)', async () => {
      const key = await seed({ text: true, file: true });
      const response = await get('/api/test/api-key', basic(key.key, key.key));
      expect(response.statusCode).toBe(401);
      expect((await t.container.repositories.apiKeys.findById(key.id))?.last_used).toBeNull();
    });

    it('refuses Basic with the key as user but another password (401)', async () => {
      const key = await seed({ mount: true });
      expect((await get('/api/test/api-key', basic(key.key, 'other'))).statusCode).toBe(401);
    });
  });
});
