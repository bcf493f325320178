import { randomUUID } from 'node:crypto';
import { DAY_MS } from '../lib/time';
import { seedApiKey } from '../testing/seed';
import { adminTestAppForEachTest, apiKeyHeader, basic, bearer, loginAsAdmin, TEST_ADMIN } from '../testing/test-app';
import { okEnvelope } from '../testing/expectations';

const GIB = 1024 * 1024 * 1024;

describe('admin system settings and dashboard', () => {
  const env = adminTestAppForEachTest('2025-07-10T12:00:00.000Z');
  let adminId: string;

  beforeEach(async () => {
    adminId = (await env.t.container.repositories.admins.findByUsername(TEST_ADMIN.username))!.id;
  });

  const getSettings = () => env.t.app.inject({ method: 'GET', url: '/api/admin/system-settings', headers: env.admin });
  const putSettings = (payload: unknown) =>
    env.t.app.inject({
      method: 'PUT',
      url: '/api/admin/system-settings',
      headers: { ...env.admin, 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    });
  const maxUploadSize = async () =>
    (await env.t.app.inject({ method: 'GET', url: '/api/system/max-upload-size' })).json().data.max_upload_size;

  describe('admin-only access', () => {
    const endpoints = [
      ['GET', '/api/admin/system-settings'],
      ['PUT', '/api/admin/system-settings'],
      ['GET', '/api/admin/dashboard/stats'],
    ] as const;

    it.each(endpoints)('%s %s answers 403 to anonymous callers, bad and expired tokens and API keys', async (method, url) => {
      const key = await seedApiKey(env.t.container.repositories.apiKeys, {
        text: true,
        file: true,
        mount: true,
        expiresAt: new Date(env.now.getTime() + DAY_MS).toISOString(),
      });
      const payload = method === 'PUT' ? { max_upload_size: 5 } : undefined;
      for (const headers of [{}, bearer('not-a-token'), apiKeyHeader(key.key), basic(key.key, key.key)]) {
        const response = await env.t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual({ code: 403, message: expect.any(String), success: false, data: null });
      }
      env.now = new Date(env.now.getTime() + 2 * DAY_MS); // the admin token has expired
      expect((await env.t.app.inject({ method, url, headers: env.admin, ...(payload ? { payload } : {}) })).statusCode).toBe(403);
      expect(await maxUploadSize()).toBe(100);
    });

    it('accepts Basic admin credentials as well as the bearer token', async () => {
      const response = await env.t.app.inject({
        method: 'GET',
        url: '/api/admin/system-settings',
        headers: basic(TEST_ADMIN.username, TEST_ADMIN.password),
      });
      expect(response.statusCode).toBe(200);
    });
  });

  describe('GET /api/admin/system-settings', () => {
    it('lists the seeded max_upload_size row as {key, value, description, updated_at} in an E envelope', async () => {
      const response = await getSettings();
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body).toEqual({ code: 200, message: expect.any(String), success: true, data: expect.any(Array) });
      expect(body.data).toEqual([
        { key: 'max_upload_size', value: '100', description: expect.any(String), updated_at: expect.any(String) },
      ]);
    });

    it('returns every row, internal ones included, ordered by key', async () => {
      const repo = env.t.container.repositories.systemSettings;
      for (const key of ['schema_version', 'db_initialized', 'migration_3']) {
        await repo.upsert({ key, value: 'x', description: null, updated_at: env.now.toISOString() });
      }
      await putSettings({ webdav_upload_mode: 'proxy', allow_guest_pastes: true });
      const keys = (await getSettings()).json().data.map((row: { key: string }) => row.key);
      expect(keys).toEqual([
        'allow_guest_pastes',
        'db_initialized',
        'max_upload_size',
        'migration_3',
        'schema_version',
        'webdav_upload_mode',
      ]);
    });
  });

  describe('PUT /api/admin/system-settings', () => {
    it('stores a positive integer max_upload_size, given as a number or a string of digits, and keeps the description', async () => {
      const before = (await getSettings()).json().data[0];
      env.now = new Date('2025-07-10T13:00:00.000Z');
      const response = await putSettings({ max_upload_size: 250 });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ code: 200, message: expect.any(String), success: true });
      expect(await maxUploadSize()).toBe(250);
      const after = (await getSettings()).json().data[0];
      expect(after).toEqual({
        key: 'max_upload_size',
        value: '250',
        description: before.description,
        updated_at: '2025-07-10T13:00:00.000Z',
      });

      expect((await putSettings({ max_upload_size: '300' })).statusCode).toBe(200);
      expect(await maxUploadSize()).toBe(300);
    });

    it.each([[0], [-5], [1.5], ['abc'], ['12MB'], [''], [true], [null], [[100]], [{ mb: 1 }], [1e300]])(
      'rejects max_upload_size %p with 400 and keeps the stored value',
      async (value) => {
        const response = await putSettings({ max_upload_size: value });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ code: 400, message: expect.stringContaining('max_upload_size'), success: false, data: null });
        expect(await maxUploadSize()).toBe(100);
      },
    );

    it.each(['auto', 'proxy', 'multipart', 'direct'])('stores webdav_upload_mode %s', async (mode) => {
      expect((await putSettings({ webdav_upload_mode: mode })).statusCode).toBe(200);
      expect(await env.t.container.repositories.systemSettings.getValue('webdav_upload_mode')).toBe(mode);
      expect(await env.t.container.services.system.webdavUploadMode()).toBe(mode);
    });

    it.each(['fast', 'AUTO', '', 3])('rejects webdav_upload_mode %p with 400', async (mode) => {
      const response = await putSettings({ webdav_upload_mode: mode });
      expect(response.statusCode).toBe(400);
      expect(await env.t.container.repositories.systemSettings.getValue('webdav_upload_mode')).toBeUndefined();
    });

    it('keeps guest pastes off by default and stores allow_guest_pastes from a boolean or "true"/"false"', async () => {
      const system = env.t.container.services.system;
      expect(await system.allowGuestPastes()).toBe(false);
      expect((await putSettings({ allow_guest_pastes: true })).statusCode).toBe(200);
      expect(await env.t.container.repositories.systemSettings.getValue('allow_guest_pastes')).toBe('true');
      expect(await system.allowGuestPastes()).toBe(true);
      expect((await putSettings({ allow_guest_pastes: 'false' })).statusCode).toBe(200);
      expect(await env.t.container.repositories.systemSettings.getValue('allow_guest_pastes')).toBe('false');
      expect(await system.allowGuestPastes()).toBe(false);
      expect((await putSettings({ allow_guest_pastes: 'true' })).statusCode).toBe(200);
      expect(await system.allowGuestPastes()).toBe(true);
    });

    it.each(['yes', 1, 0, 'TRUE'])('rejects allow_guest_pastes %p with 400', async (value) => {
      expect((await putSettings({ allow_guest_pastes: value })).statusCode).toBe(400);
      expect(await env.t.container.repositories.systemSettings.getValue('allow_guest_pastes')).toBeUndefined();
    });

    it('changes nothing when one field of several is invalid', async () => {
      const response = await putSettings({ max_upload_size: 50, webdav_upload_mode: 'sideways' });
      expect(response.statusCode).toBe(400);
      expect(await maxUploadSize()).toBe(100);
    });

    it('stores several settings in one request and ignores unknown fields', async () => {
      const response = await putSettings({
        max_upload_size: 7,
        webdav_upload_mode: 'direct',
        allow_guest_pastes: true,
        schema_version: '99',
      });
      expect(response.statusCode).toBe(200);
      const rows = (await getSettings()).json().data as { key: string; value: string }[];
      expect(Object.fromEntries(rows.map((row) => [row.key, row.value]))).toEqual({
        allow_guest_pastes: 'true',
        max_upload_size: '7',
        webdav_upload_mode: 'direct',
      });
    });

    it('accepts an empty object as a no-op', async () => {
      expect((await putSettings({})).statusCode).toBe(200);
      expect((await getSettings()).json().data).toHaveLength(1);
    });

    it.each([[['max_upload_size', 5]], ['text'], [42]])('rejects the non-object body %p with 400', async (body) => {
      const response = await putSettings(body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 400, success: false, data: null });
      expect(await maxUploadSize()).toBe(100);
    });
  });

  describe('GET /api/admin/dashboard/stats', () => {
    const day = (iso: string) => iso; // readability in the tables below

    async function insertConfig(input: { name: string; provider: string; total?: number | null; owner?: string }): Promise<string> {
      const id = randomUUID();
      await env.t.container.db
        .insertInto('storage_configs')
        .values({
          id,
          name: input.name,
          provider_type: input.provider,
          bucket_name: `${input.name}-bucket`,
          total_storage_bytes: input.total ?? null,
          admin_id: input.owner ?? adminId,
          created_at: env.now.toISOString(),
          updated_at: env.now.toISOString(),
        })
        .execute();
      return id;
    }

    async function insertPaste(createdAt: string): Promise<void> {
      await env.t.container.db
        .insertInto('pastes')
        .values({ id: randomUUID(), slug: `p-${randomUUID()}`, content: 'x', created_at: createdAt, updated_at: createdAt })
        .execute();
    }

    async function insertFile(configId: string, size: number, createdAt: string): Promise<void> {
      await env.t.container.db
        .insertInto('files')
        .values({
          id: randomUUID(),
          filename: 'f.bin',
          storage_path: `files/${randomUUID()}`,
          size,
          s3_config_id: configId,
          slug: `f-${randomUUID()}`,
          created_at: createdAt,
          updated_at: createdAt,
        })
        .execute();
    }

    const stats = async () => {
      const response = await env.t.app.inject({ method: 'GET', url: '/api/admin/dashboard/stats', headers: env.admin });
      expect(response.statusCode).toBe(200);
      return response.json();
    };

    /** Storage configs present before a test inserts any (e.g. the default local storage seeded at start). */
    let seededConfigs: number;

    beforeEach(async () => {
      seededConfigs = (await env.t.container.db.selectFrom('storage_configs').select('id').where('admin_id', '=', adminId).execute())
        .length;
    });

    const bucketsOf = (data: { s3Buckets: { id: string }[] }, ids: string[]) => data.s3Buckets.filter((bucket) => ids.includes(bucket.id));

    it('reports zero shares and keys, no storage used and seven empty days on a new instance', async () => {
      const body = await stats();
      expect(body).toEqual(
        okEnvelope({
          totalPastes: 0,
          totalFiles: 0,
          totalApiKeys: 0,
          totalS3Configs: seededConfigs,
          totalStorageUsed: 0,
          s3Buckets: expect.any(Array),
          lastWeekPastes: [0, 0, 0, 0, 0, 0, 0],
          lastWeekFiles: [0, 0, 0, 0, 0, 0, 0],
        }),
      );
      expect(body.data.s3Buckets).toHaveLength(seededConfigs);
      for (const bucket of body.data.s3Buckets) expect(bucket).toMatchObject({ usedStorage: 0, fileCount: 0, usagePercent: 0 });
    });

    it('counts totals, per-bucket usage with provider default quotas, and creations per UTC day over the last seven days', async () => {
      // now = 2025-07-10T12:00Z: index 0 = 2025-07-04 … index 6 = 2025-07-10
      const r2 = await insertConfig({ name: 'a-r2', provider: 'Cloudflare R2' });
      const small = await insertConfig({ name: 'b-small', provider: 'Other', total: 1000 });
      const b2 = await insertConfig({ name: 'c-b2', provider: 'Backblaze B2', total: 0 });
      const aws = await insertConfig({ name: 'd-aws', provider: 'AWS S3' });
      const foreign = await insertConfig({ name: 'z-foreign', provider: 'Other', owner: randomUUID() });

      for (const createdAt of [
        day('2025-07-03T23:59:59.999Z'), // eight days back: outside the week
        day('2025-07-04 00:00:00'), // SQLite clock form, index 0
        day('2025-07-04T10:00:00.000Z'),
        day('2025-07-06T01:00:00.000Z'),
        day('2025-07-06T02:00:00.000Z'),
        day('2025-07-06 23:59:59'),
        day('2025-07-10 08:00:00'),
        day('2025-07-10T11:59:59.000Z'),
        day('2025-07-11T00:00:00.000Z'), // tomorrow (clock skew): outside the week
      ]) {
        await insertPaste(createdAt);
      }

      await insertFile(r2, 6 * GIB, '2025-07-02T09:00:00.000Z');
      await insertFile(r2, 1 * GIB, '2025-07-05T09:00:00.000Z');
      await insertFile(small, 700, '2025-07-10T00:00:00.000Z');
      await insertFile(small, 800, '2025-07-10 06:30:00');
      await insertFile(foreign, 5, '2025-07-09T09:00:00.000Z');

      for (let i = 0; i < 3; i += 1) {
        await seedApiKey(env.t.container.repositories.apiKeys, { expiresAt: new Date(env.now.getTime() + DAY_MS).toISOString() });
      }

      const { data } = await stats();
      expect(data.totalPastes).toBe(9);
      expect(data.totalFiles).toBe(5);
      expect(data.totalApiKeys).toBe(3);
      expect(data.totalS3Configs).toBe(seededConfigs + 4);
      expect(data.s3Buckets).toHaveLength(seededConfigs + 4);
      expect(data.totalStorageUsed).toBe(7 * GIB + 1500);
      expect(data.lastWeekPastes).toEqual([2, 0, 3, 0, 0, 0, 2]);
      expect(data.lastWeekFiles).toEqual([0, 1, 0, 0, 0, 1, 2]);
      expect(bucketsOf(data, [r2, small, b2, aws, foreign])).toEqual([
        {
          id: r2,
          name: 'a-r2',
          providerType: 'Cloudflare R2',
          bucketName: 'a-r2-bucket',
          usedStorage: 7 * GIB,
          totalStorage: 10 * GIB,
          fileCount: 2,
          usagePercent: 70,
        },
        {
          id: small,
          name: 'b-small',
          providerType: 'Other',
          bucketName: 'b-small-bucket',
          usedStorage: 1500,
          totalStorage: 1000,
          fileCount: 2,
          usagePercent: 100,
        },
        {
          id: b2,
          name: 'c-b2',
          providerType: 'Backblaze B2',
          bucketName: 'c-b2-bucket',
          usedStorage: 0,
          totalStorage: 102 * GIB,
          fileCount: 0,
          usagePercent: 0,
        },
        {
          id: aws,
          name: 'd-aws',
          providerType: 'AWS S3',
          bucketName: 'd-aws-bucket',
          usedStorage: 0,
          totalStorage: 5 * GIB,
          fileCount: 0,
          usagePercent: 0,
        },
      ]);
      for (const bucket of data.s3Buckets) {
        expect(Number.isInteger(bucket.usagePercent)).toBe(true);
        expect(typeof bucket.usedStorage).toBe('number');
      }
    });

    it('moves the seven-day window with the clock, day boundaries in UTC', async () => {
      await insertPaste('2025-07-10T23:59:59.999Z');
      await insertPaste('2025-07-11T00:00:00.000Z');
      expect((await stats()).data.lastWeekPastes).toEqual([0, 0, 0, 0, 0, 0, 1]);
      env.now = new Date('2025-07-11T00:00:01.000Z');
      expect((await stats()).data.lastWeekPastes).toEqual([0, 0, 0, 0, 0, 1, 1]);
      env.now = new Date('2025-07-17T00:00:00.000Z');
      env.admin = bearer(await loginAsAdmin(env.t.app)); // the earlier token has expired by now
      expect((await stats()).data.lastWeekPastes).toEqual([1, 0, 0, 0, 0, 0, 0]);
    });

    it('rounds usagePercent to an integer', async () => {
      const config = await insertConfig({ name: 'q', provider: 'Other', total: 3000 });
      await insertFile(config, 1000, env.now.toISOString()); // 33.3 %
      await insertFile(config, 5, env.now.toISOString());
      expect(bucketsOf((await stats()).data, [config])[0]).toMatchObject({ usedStorage: 1005, usagePercent: 34 });
    });
  });
});
