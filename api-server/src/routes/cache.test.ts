import { randomUUID } from 'node:crypto';
import { DAY_MS } from '../lib/time';
import { seedApiKey } from '../testing/seed';
import { apiKeyHeader, bearer, createTestApp, loginAsAdmin, removeTempDir, TEST_ADMIN, type TestApp } from '../testing/test-app';
import { okEnvelope } from '../testing/expectations';

describe('cache endpoints', () => {
  let t: TestApp;
  let now: Date;
  let token: string;
  let adminId: string;
  let configA: string;
  let configB: string;
  let mounts: Record<'docs' | 'docsTeam' | 'other' | 'inactive' | 'root', string>;

  async function insertConfig(name: string): Promise<string> {
    const id = randomUUID();
    await t.container.db
      .insertInto('storage_configs')
      .values({
        id,
        name,
        provider_type: 'Other',
        bucket_name: name,
        admin_id: adminId,
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
      })
      .execute();
    return id;
  }

  async function insertMount(mountPath: string, configId: string | null, isActive = 1): Promise<string> {
    const id = randomUUID();
    await t.container.db
      .insertInto('mounts')
      .values({
        id,
        name: mountPath,
        storage_type: 'S3',
        storage_config_id: configId,
        mount_path: mountPath,
        remark: null,
        is_active: isActive,
        created_by: adminId,
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
        last_used: null,
      })
      .execute();
    return id;
  }

  /** Two listings per mount (tagged with mount and config), one presigned URL per config. */
  function fillCaches(): number {
    const { directory, presignedUrls } = t.container.caches;
    let count = 0;
    for (const [mountId, configId] of [
      [mounts.docs, configA],
      [mounts.docsTeam, configB],
      [mounts.other, configA],
      [mounts.inactive, configA],
      [mounts.root, configB],
    ] as const) {
      directory.set(`${mountId}:/`, { items: [] }, { mountId, storageConfigId: configId });
      directory.set(`${mountId}:/sub`, { items: [] }, { mountId, storageConfigId: configId });
      count += 2;
    }
    presignedUrls.set(`${configA}:x`, 'https://a/x', { storageConfigId: configA });
    presignedUrls.set(`${configB}:y`, 'https://b/y', { storageConfigId: configB });
    return count + 2;
  }

  beforeEach(async () => {
    now = new Date('2025-07-01T08:00:00.000Z');
    t = await createTestApp({ clock: () => now });
    token = await loginAsAdmin(t.app);
    adminId = (await t.container.repositories.admins.findByUsername(TEST_ADMIN.username))!.id;
    configA = await insertConfig('a');
    configB = await insertConfig('b');
    mounts = {
      docs: await insertMount('/docs', configA),
      docsTeam: await insertMount('/docs/team', configB),
      other: await insertMount('/other', configA),
      inactive: await insertMount('/docs/old', configA, 0),
      root: await insertMount('/', configB),
    };
  });

  afterEach(async () => {
    await t.close();
    removeTempDir(t.dataDir);
  });

  const seedKey = (input: Parameters<typeof seedApiKey>[1]) =>
    seedApiKey(t.container.repositories.apiKeys, { expiresAt: new Date(now.getTime() + DAY_MS).toISOString(), ...input });
  const post = (url: string, headers: Record<string, string>, payload?: unknown) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: payload === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
    });

  describe('admin-only access', () => {
    it.each([
      ['GET', '/api/admin/cache/stats'],
      ['POST', '/api/admin/cache/clear'],
    ] as const)('%s %s answers 403 to anonymous callers, bad tokens and API keys (even with every permission)', async (method, url) => {
      const key = await seedKey({ text: true, file: true, mount: true });
      fillCaches();
      for (const headers of [{}, bearer('not-a-token'), apiKeyHeader(key.key)]) {
        const response = await t.app.inject({ method, url, headers });
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual({ code: 403, message: expect.any(String), success: false, data: null });
      }
      expect(t.container.caches.directory.size).toBe(10);
    });
  });

  describe('GET /api/admin/cache/stats', () => {
    it('reports each cache, the process memory in MB and the uptime, with the clock as timestamp', async () => {
      fillCaches();
      t.container.caches.directory.get(`${mounts.docs}:/`);
      t.container.caches.directory.get('missing');
      const response = await t.app.inject({ method: 'GET', url: '/api/admin/cache/stats', headers: bearer(token) });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body).toMatchObject({ code: 200, success: true, message: expect.any(String) });
      expect(body.data.timestamp).toBe('2025-07-01T08:00:00.000Z');
      expect(body.data.cache.directory).toMatchObject({ size: 10, validItems: 10, hits: 1, misses: 1, hitRate: 50, maxItems: 1000 });
      expect(body.data.cache.s3Url).toMatchObject({ size: 2, hits: 0, misses: 0, hitRate: 0 });
      // The reference's counters are integers in both caches (issue 13: a recording lacked them).
      for (const name of ['directory', 's3Url']) {
        for (const field of ['cacheSize', 'expired', 'invalidations', 'pruned'])
          expect(Number.isInteger(body.data.cache[name][field])).toBe(true);
      }
      expect(body.data.cache.directory).toMatchObject({ cacheSize: 10, expired: 0 });
      const { memory } = body.data.system;
      for (const field of ['rss', 'heapTotal', 'heapUsed', 'external', 'arrayBuffers', 'heapUsagePercent']) {
        expect(typeof memory[field]).toBe('number');
      }
      expect(memory.rss).toBeGreaterThan(1);
      expect(memory.rss).toBeLessThan(1024 * 64); // megabytes, not bytes
      expect(memory.heapUsagePercent).toBeGreaterThan(0);
      expect(memory.heapUsagePercent).toBeLessThanOrEqual(100);
      expect(Number.isInteger(body.data.system.uptime)).toBe(true);
    });
  });

  describe('POST /api/admin/cache/clear', () => {
    it('clears everything without a body and reports how many entries went', async () => {
      const filled = fillCaches();
      now = new Date('2025-07-01T09:30:00.000Z');
      const response = await post('/api/admin/cache/clear', bearer(token));
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(okEnvelope({ clearedCount: filled, timestamp: '2025-07-01T09:30:00.000Z' }));
      expect(t.container.caches.directory.size + t.container.caches.presignedUrls.size).toBe(0);
      expect((await post('/api/admin/cache/clear', bearer(token), {})).json().data.clearedCount).toBe(0);
    });

    it('clears one mount with {mountId}', async () => {
      fillCaches();
      const response = await post('/api/admin/cache/clear', bearer(token), { mountId: mounts.docs });
      expect(response.json().data.clearedCount).toBe(2);
      expect(t.container.caches.directory.has(`${mounts.docs}:/`)).toBe(false);
      expect(t.container.caches.directory.has(`${mounts.other}:/`)).toBe(true);
    });

    it('clears a storage config with {s3ConfigId}: its own entries and those of every mount backed by it', async () => {
      fillCaches();
      // a listing of a config-A mount stored without the config tag is still found through the mount
      t.container.caches.directory.set(`${mounts.other}:/untagged`, {}, { mountId: mounts.other });
      const response = await post('/api/admin/cache/clear', bearer(token), { s3ConfigId: configA });
      // mounts docs, other, inactive: 2 each + the untagged one + 1 presigned URL
      expect(response.json().data.clearedCount).toBe(8);
      expect(t.container.caches.directory.size).toBe(4);
      expect(t.container.caches.presignedUrls.has(`${configB}:y`)).toBe(true);
    });

    it('answers 0 for an unknown mount and prefers mountId when both are given', async () => {
      fillCaches();
      expect((await post('/api/admin/cache/clear', bearer(token), { mountId: randomUUID() })).json().data.clearedCount).toBe(0);
      const both = await post('/api/admin/cache/clear', bearer(token), { mountId: mounts.root, s3ConfigId: configA });
      expect(both.json().data.clearedCount).toBe(2);
    });

    it.each([[['x']], ['everything'], [7], [{ mountId: 42 }], [{ mountId: '' }]])(
      'rejects the body %p with 400 in the error shape without data',
      async (payload) => {
        const filled = fillCaches();
        const response = await post('/api/admin/cache/clear', bearer(token), payload);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toStrictEqual({ code: 400, message: expect.any(String), success: false });
        expect(t.container.caches.directory.size + t.container.caches.presignedUrls.size).toBe(filled);
      },
    );
  });

  describe('POST /api/user/cache/clear', () => {
    it('answers 401 to anonymous callers and 403 to keys without the mount permission', async () => {
      const fileKey = await seedKey({ text: true, file: true });
      expect((await post('/api/user/cache/clear', {})).statusCode).toBe(401);
      expect((await post('/api/user/cache/clear', apiKeyHeader('unknown-key'))).statusCode).toBe(401);
      const refused = await post('/api/user/cache/clear', apiKeyHeader(fileKey.key));
      expect(refused.statusCode).toBe(403);
    });

    it('answers 403 to an admin token (our divergence from the reference 500), without data', async () => {
      fillCaches();
      const response = await post('/api/user/cache/clear', bearer(token));
      expect(response.statusCode).toBe(403);
      expect(response.json()).toStrictEqual({ code: 403, message: expect.any(String), success: false });
      expect(t.container.caches.directory.size).toBe(10);
    });

    it('clears only the active mounts visible to the key when no body is given', async () => {
      fillCaches();
      const key = await seedKey({ mount: true, basicPath: '/docs' });
      const response = await post('/api/user/cache/clear', apiKeyHeader(key.key));
      expect(response.statusCode).toBe(200);
      // visible: /docs, /docs/team (within), / (ancestor); not /other, not the inactive /docs/old
      expect(response.json()).toEqual(okEnvelope({ clearedCount: 6, timestamp: now.toISOString() }));
      expect(t.container.caches.directory.has(`${mounts.other}:/`)).toBe(true);
      expect(t.container.caches.directory.has(`${mounts.inactive}:/`)).toBe(true);
      expect(t.container.caches.presignedUrls.size).toBe(2);
    });

    it('clears a visible mount by id, refuses a mount outside the basic path with 403 and an unknown one with 404', async () => {
      fillCaches();
      const key = await seedKey({ mount: true, basicPath: '/docs' });
      expect((await post('/api/user/cache/clear', apiKeyHeader(key.key), { mountId: mounts.docsTeam })).json().data.clearedCount).toBe(2);

      const outside = await post('/api/user/cache/clear', apiKeyHeader(key.key), { mountId: mounts.other });
      expect(outside.statusCode).toBe(403);
      expect(outside.json()).toStrictEqual({ code: 403, message: expect.any(String), success: false });
      expect(t.container.caches.directory.has(`${mounts.other}:/`)).toBe(true);

      const unknown = await post('/api/user/cache/clear', apiKeyHeader(key.key), { mountId: randomUUID() });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toStrictEqual({ code: 404, message: expect.any(String), success: false });
      expect((await post('/api/user/cache/clear', apiKeyHeader(key.key), { mountId: mounts.inactive })).statusCode).toBe(404);
    });

    it('clears the visible mounts backed by a storage config with {s3ConfigId}', async () => {
      fillCaches();
      const key = await seedKey({ mount: true, basicPath: '/docs' });
      const response = await post('/api/user/cache/clear', apiKeyHeader(key.key), { s3ConfigId: configA });
      expect(response.json().data.clearedCount).toBe(2); // only /docs: /other is not visible, /docs/old inactive
      expect(t.container.caches.presignedUrls.has(`${configA}:x`)).toBe(true);
    });

    it('lets a key whose basic path is the root clear every active mount', async () => {
      fillCaches();
      const key = await seedKey({ mount: true });
      expect((await post('/api/user/cache/clear', apiKeyHeader(key.key))).json().data.clearedCount).toBe(8);
    });

    it('rejects a non-object body with 400 without data', async () => {
      const key = await seedKey({ mount: true });
      const response = await post('/api/user/cache/clear', apiKeyHeader(key.key), ['x']);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toStrictEqual({ code: 400, message: expect.any(String), success: false });
    });
  });
});
