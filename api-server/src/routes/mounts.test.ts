import { MOUNT_RESERVED_PATHS } from '@cloudclip/contract';
import type { LightMyRequestResponse } from 'fastify';
import { DAY_MS } from '../lib/time';
import { seedApiKey } from '../testing/seed';
import { apiKeyHeader, bearer, createTestApp, loginAsAdmin, removeTempDir, TEST_ADMIN, type TestApp } from '../testing/test-app';

const MOUNT_FIELDS = [
  'cache_ttl',
  'created_at',
  'created_by',
  'id',
  'is_active',
  'last_used',
  'mount_path',
  'name',
  'remark',
  'sort_order',
  'storage_config_id',
  'storage_type',
  'updated_at',
];

describe('mounts (/api/admin/mounts, /api/user/mounts)', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let adminId: string;
  let configId: string;

  beforeEach(async () => {
    t = await createTestApp();
    admin = bearer(await loginAsAdmin(t.app));
    adminId = (await t.container.repositories.admins.findByUsername(TEST_ADMIN.username))?.id ?? '';
    const [local] = await t.container.repositories.storageConfigs.listByAdmin(adminId);
    configId = local?.id ?? '';
  });

  afterEach(async () => {
    await t.close();
    removeTempDir(t.dataDir);
  });

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    headers: Record<string, string>,
    payload?: object,
  ): Promise<LightMyRequestResponse> => t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });

  const valid = (extra: Record<string, unknown> = {}) => ({
    name: 'Docs',
    storage_type: 'S3',
    storage_config_id: configId,
    mount_path: '/docs',
    ...extra,
  });

  async function create(extra: Record<string, unknown> = {}): Promise<string> {
    const response = await call('POST', '/api/admin/mounts', admin, valid(extra));
    expect(response.statusCode).toBe(200);
    return response.json().data.id as string;
  }

  const key = (basicPath: string, flags: { mount?: boolean; file?: boolean } = { mount: true }) =>
    seedApiKey(t.container.repositories.apiKeys, { ...flags, basicPath, expiresAt: new Date(Date.now() + DAY_MS).toISOString() }).then(
      (row) => apiKeyHeader(row.key),
    );

  describe('POST /api/admin/mounts', () => {
    it('creates a mount: HTTP 200, body code 201, every field, boolean is_active, defaults ttl 300 and sort 0', async () => {
      const response = await call('POST', '/api/admin/mounts', admin, valid({ remark: 'team files' }));
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body).toMatchObject({ code: 201, success: true, message: expect.any(String) });
      expect(Object.keys(body.data).sort()).toEqual(MOUNT_FIELDS);
      expect(body.data).toMatchObject({
        name: 'Docs',
        storage_type: 'S3',
        storage_config_id: configId,
        mount_path: '/docs',
        remark: 'team files',
        is_active: true,
        created_by: adminId,
        sort_order: 0,
        cache_ttl: 300,
        last_used: null,
      });
    });

    it('stores the mount so that the admin list shows it with is_active as 0/1', async () => {
      const id = await create({ is_active: false });
      const list = (await call('GET', '/api/admin/mounts', admin)).json();
      expect(list.data).toEqual([expect.objectContaining({ id, is_active: 0 })]);
    });

    it('answers 409 when the mount path is already used', async () => {
      await create();
      const response = await call('POST', '/api/admin/mounts', admin, valid({ name: 'Other' }));
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ code: 409, success: false, data: null });
    });

    it('answers 400 naming every missing required field', async () => {
      const response = await call('POST', '/api/admin/mounts', admin, {});
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain('name');
      expect(response.json().message).toContain('storage_type');
      expect(response.json().message).toContain('mount_path');
    });

    it('answers 400 when the storage config is missing or unknown', async () => {
      expect((await call('POST', '/api/admin/mounts', admin, valid({ storage_config_id: undefined }))).statusCode).toBe(400);
      expect((await call('POST', '/api/admin/mounts', admin, valid({ storage_config_id: 'no-such-config' }))).statusCode).toBe(400);
    });

    it('refuses storage types other than S3 (the only functional one)', async () => {
      expect((await call('POST', '/api/admin/mounts', admin, valid({ storage_type: 'WebDAV' }))).statusCode).toBe(400);
      expect((await call('POST', '/api/admin/mounts', admin, valid({ storage_type: '' }))).statusCode).toBe(400);
    });

    it.each([
      ['name of 50 characters', 200, { name: 'n'.repeat(50) }],
      ['name of 51 characters', 400, { name: 'n'.repeat(51) }],
      ['blank name', 400, { name: '   ' }],
      ['root mount path', 200, { mount_path: '/' }],
      ['path without leading slash', 400, { mount_path: 'docs' }],
      ['path with trailing slash', 400, { mount_path: '/docs/' }],
      ['path with //', 400, { mount_path: '/docs//team' }],
      ['nested path', 200, { mount_path: '/docs/team-a_1' }],
      ['Chinese path', 200, { mount_path: '/文档/照片' }],
      ['path with a dot', 400, { mount_path: '/docs.v2' }],
      ['path with a space', 400, { mount_path: '/my docs' }],
      ['path with a backslash', 400, { mount_path: '/docs\\x' }],
      ['path with ..', 400, { mount_path: '/docs/..' }],
      ['path with an ideographic space', 400, { mount_path: '/docs\u3000x' }],
      ['path with a division slash', 400, { mount_path: '/docs\u2215x' }],
      ['path with a fullwidth solidus', 400, { mount_path: '/docs\uff0fx' }],
      ['path with a bidi override', 400, { mount_path: '/docs\u202ex' }],
      ['path of 100 characters', 200, { mount_path: `/${'p'.repeat(99)}` }],
      ['path of 101 characters', 400, { mount_path: `/${'p'.repeat(100)}` }],
      ['reserved /api', 400, { mount_path: '/api' }],
      ['under reserved /admin', 400, { mount_path: '/admin/files' }],
      ['reserved in mixed case /API', 400, { mount_path: '/API' }],
      ['reserved in mixed case /Upload/x', 400, { mount_path: '/Upload/x' }],
      ['reserved in fullwidth letters /ａｐｉ', 400, { mount_path: '/\uff41\uff50\uff49' }],
      ['each reserved root (/tmp)', 400, { mount_path: '/tmp' }],
      ['reserved prefix without boundary /apis', 200, { mount_path: '/apis' }],
      ['cache_ttl 0', 200, { cache_ttl: 0 }],
      ['cache_ttl 86400', 200, { cache_ttl: 86400 }],
      ['cache_ttl 86401', 400, { cache_ttl: 86401 }],
      ['cache_ttl -1', 400, { cache_ttl: -1 }],
      ['cache_ttl 1.5', 400, { cache_ttl: 1.5 }],
      ['cache_ttl "abc"', 400, { cache_ttl: 'abc' }],
      ['cache_ttl "600"', 200, { cache_ttl: '600' }],
      ['sort_order -5', 200, { sort_order: -5 }],
      ['sort_order 2.5', 400, { sort_order: 2.5 }],
      ['sort_order "x"', 400, { sort_order: 'x' }],
      ['sort_order beyond 32 bits', 400, { sort_order: 2 ** 31 }],
      ['is_active "yes"', 400, { is_active: 'yes' }],
    ] as const)('%s → %i', async (_label, status, extra) => {
      const response = await call('POST', '/api/admin/mounts', admin, valid(extra));
      expect(response.statusCode).toBe(status);
      if (status === 400) expect(response.json()).toMatchObject({ code: 400, success: false, data: null });
    });

    it('refuses every reserved path of the contract, and anything below it', async () => {
      for (const reserved of MOUNT_RESERVED_PATHS) {
        expect((await call('POST', '/api/admin/mounts', admin, valid({ mount_path: reserved }))).statusCode).toBe(400);
        expect((await call('POST', '/api/admin/mounts', admin, valid({ mount_path: `${reserved}/x` }))).statusCode).toBe(400);
      }
    });
  });

  describe('GET /api/admin/mounts[/{id}]', () => {
    it('lists every mount, inactive ones included, by sort_order then name', async () => {
      const b = await create({ name: 'b', mount_path: '/b', sort_order: 1 });
      const a = await create({ name: 'a', mount_path: '/a', sort_order: 1 });
      const z = await create({ name: 'z', mount_path: '/z', sort_order: 0, is_active: false });
      const list = (await call('GET', '/api/admin/mounts', admin)).json().data as Array<{ id: string }>;
      expect(list.map((mount) => mount.id)).toEqual([z, a, b]);
    });

    it('gets one mount, 404 when unknown', async () => {
      const id = await create();
      const response = await call('GET', `/api/admin/mounts/${id}`, admin);
      expect(response.statusCode).toBe(200);
      expect(Object.keys(response.json().data).sort()).toEqual(MOUNT_FIELDS);
      expect((await call('GET', '/api/admin/mounts/nope', admin)).statusCode).toBe(404);
    });
  });

  describe('PUT / DELETE /api/admin/mounts/{id}', () => {
    it('updates a subset of fields and answers 200 without data', async () => {
      const id = await create();
      const response = await call('PUT', `/api/admin/mounts/${id}`, admin, { name: 'Renamed', cache_ttl: 60, is_active: 0 });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toStrictEqual({ code: 200, message: expect.any(String), success: true });
      const stored = (await call('GET', `/api/admin/mounts/${id}`, admin)).json().data;
      expect(stored).toMatchObject({ name: 'Renamed', cache_ttl: 60, is_active: 0, mount_path: '/docs' });
    });

    it('answers 404 for an unknown mount, 400 for an invalid field, 409 for a path used by another mount', async () => {
      const id = await create();
      await create({ mount_path: '/other' });
      expect((await call('PUT', '/api/admin/mounts/nope', admin, { name: 'x' })).statusCode).toBe(404);
      expect((await call('PUT', `/api/admin/mounts/${id}`, admin, { mount_path: '/api/x' })).statusCode).toBe(400);
      expect((await call('PUT', `/api/admin/mounts/${id}`, admin, { cache_ttl: 90000 })).statusCode).toBe(400);
      expect((await call('PUT', `/api/admin/mounts/${id}`, admin, { storage_config_id: 'missing' })).statusCode).toBe(400);
      expect((await call('PUT', `/api/admin/mounts/${id}`, admin, { mount_path: '/other' })).statusCode).toBe(409);
      expect((await call('PUT', `/api/admin/mounts/${id}`, admin, { mount_path: '/docs' })).statusCode).toBe(200);
    });

    it('deletes a mount; 404 afterwards', async () => {
      const id = await create();
      expect((await call('DELETE', `/api/admin/mounts/${id}`, admin)).statusCode).toBe(200);
      expect((await call('DELETE', `/api/admin/mounts/${id}`, admin)).statusCode).toBe(404);
      expect((await call('GET', `/api/admin/mounts/${id}`, admin)).statusCode).toBe(404);
    });

    it("clears the mount's cached listings and links when it is updated or deleted", async () => {
      const id = await create();
      const { directory, presignedUrls } = t.container.caches;
      const fill = () => {
        directory.set(`x:${id}`, {}, { mountId: id, storageConfigId: configId });
        presignedUrls.set(`y:${id}`, 'u', { mountId: id, storageConfigId: configId });
        directory.set('other', {}, { mountId: 'other-mount' });
      };
      fill();
      await call('PUT', `/api/admin/mounts/${id}`, admin, { cache_ttl: 10 });
      expect(directory.has(`x:${id}`)).toBe(false);
      expect(presignedUrls.has(`y:${id}`)).toBe(false);
      expect(directory.has('other')).toBe(true);
      fill();
      await call('DELETE', `/api/admin/mounts/${id}`, admin);
      expect(directory.has(`x:${id}`)).toBe(false);
      expect(directory.has('other')).toBe(true);
    });
  });

  describe('key views', () => {
    let ids: Record<string, string>;

    beforeEach(async () => {
      ids = {
        docs: await create({ name: 'docs', mount_path: '/docs', sort_order: 2 }),
        team: await create({ name: 'team', mount_path: '/docs/team', sort_order: 1 }),
        other: await create({ name: 'other', mount_path: '/other' }),
        inactive: await create({ name: 'old', mount_path: '/docs/old', is_active: false }),
        deep: await create({ name: 'deep', mount_path: '/docs/team/deep' }),
      };
    });

    it('lists only active mounts within or above the basic path, by sort_order then name', async () => {
      const response = await call('GET', '/api/user/mounts', await key('/docs/team'));
      expect(response.statusCode).toBe(200);
      expect((response.json().data as Array<{ id: string }>).map((m) => m.id)).toEqual([ids.deep, ids.team, ids.docs]);
      const all = (await call('GET', '/api/user/mounts', await key('/'))).json().data as Array<{ id: string }>;
      expect(all.map((m) => m.id)).toEqual([ids.deep, ids.other, ids.team, ids.docs]);
    });

    it('does not show a sibling whose path merely shares a prefix', async () => {
      await create({ name: 'docs2', mount_path: '/docs2' });
      const list = (await call('GET', '/api/user/mounts', await key('/docs'))).json().data as Array<{ mount_path: string }>;
      expect(list.map((m) => m.mount_path)).not.toContain('/docs2');
    });

    it('gets a mount within the basic path; 403 for an ancestor mount; 404 for inactive or unknown ones', async () => {
      const headers = await key('/docs/team');
      expect((await call('GET', `/api/user/mounts/${ids.team}`, headers)).statusCode).toBe(200);
      expect((await call('GET', `/api/user/mounts/${ids.deep}`, headers)).statusCode).toBe(200);
      expect((await call('GET', `/api/user/mounts/${ids.docs}`, headers)).statusCode).toBe(403);
      expect((await call('GET', `/api/user/mounts/${ids.other}`, headers)).statusCode).toBe(403);
      expect((await call('GET', `/api/user/mounts/${ids.inactive}`, headers)).statusCode).toBe(404);
      expect((await call('GET', '/api/user/mounts/nope', headers)).statusCode).toBe(404);
    });

    it('needs the mount permission (403 without, 401 anonymous) and refuses admin tokens with 403', async () => {
      expect((await call('GET', '/api/user/mounts', await key('/', { file: true }))).statusCode).toBe(403);
      expect((await call('GET', '/api/user/mounts', {})).statusCode).toBe(401);
      expect((await call('GET', '/api/user/mounts', admin)).statusCode).toBe(403);
    });
  });
});
