import { createMountsApi } from './mounts';
import { ADMIN_TOKEN, API_KEY, BASE, createHarness, envelope } from './test-harness';
import { TWO_MOUNTS } from '../../../testing/mount-rows';

const [mount] = TWO_MOUNTS;

describe('mounts endpoints', () => {
  it('lists admin mounts with the Bearer token', async () => {
    const h = createHarness('admin');
    h.reply(envelope([mount]));
    const list = await createMountsApi(h.client).adminList();
    expect(h.last()).toMatchObject({ method: 'GET', url: `${BASE}/api/admin/mounts` });
    expect(h.last().headers.Authorization).toBe(`Bearer ${ADMIN_TOKEN}`);
    expect(list).toEqual([mount]);
  });

  it('creates a mount (body code 201) and updates and deletes it by id', async () => {
    const h = createHarness('admin');
    const api = createMountsApi(h.client);
    h.reply({ body: { code: 201, message: 'created', success: true, data: { ...mount, is_active: true } } });
    const body = { name: 'Photos', storage_type: 'S3', storage_config_id: 'c1', mount_path: '/photos', cache_ttl: 300 };
    const created = await api.adminCreate(body);
    expect(h.last()).toMatchObject({ method: 'POST', url: `${BASE}/api/admin/mounts`, body });
    expect(created.is_active).toBe(true);
    await api.adminUpdate('m1', { is_active: false });
    expect(h.last()).toMatchObject({ method: 'PUT', url: `${BASE}/api/admin/mounts/m1`, body: { is_active: false } });
    await api.adminRemove('m1');
    expect(h.last()).toMatchObject({ method: 'DELETE', url: `${BASE}/api/admin/mounts/m1` });
  });

  it('reads user mounts with the ApiKey header', async () => {
    const h = createHarness('apiKey');
    const api = createMountsApi(h.client);
    h.reply(envelope([mount]), envelope(mount));
    expect(await api.userList()).toEqual([mount]);
    expect(h.last()).toMatchObject({ method: 'GET', url: `${BASE}/api/user/mounts` });
    expect(await api.userGet('m1')).toEqual(mount);
    expect(h.last().url).toBe(`${BASE}/api/user/mounts/m1`);
    expect(h.last().headers.Authorization).toBe(`ApiKey ${API_KEY}`);
  });

  it('reads a mount index state and starts a rebuild (answered 202) by id', async () => {
    const h = createHarness('admin');
    const api = createMountsApi(h.client);
    const ready = {
      mount_id: 'm 1',
      status: 'ready',
      entries: 1200,
      pending_folders: 0,
      started_at: '2025-07-01T08:00:00.000Z',
      finished_at: '2025-07-01T08:01:00.000Z',
      error: null,
    };
    h.reply(envelope(ready));
    expect(await api.indexState('m 1')).toEqual(ready);
    expect(h.last()).toMatchObject({ method: 'GET', url: `${BASE}/api/admin/mounts/m%201/index` });
    expect(h.last().headers.Authorization).toBe(`Bearer ${ADMIN_TOKEN}`);
    const building = { ...ready, status: 'building', entries: 0, pending_folders: 1, finished_at: null };
    h.reply({ status: 202, body: { code: 202, message: 'accepted', success: true, data: building } });
    expect(await api.rebuildIndex('m 1')).toEqual(building);
    expect(h.last()).toMatchObject({ method: 'POST', url: `${BASE}/api/admin/mounts/m%201/index/rebuild` });
  });

  it('pages a mount’s WebDAV locks and releases one by its token (percent-encoded)', async () => {
    const h = createHarness('admin');
    const api = createMountsApi(h.client);
    const page = {
      mount_id: 'm1',
      items: [
        {
          token: 'opaquelocktoken:0b1c',
          path: '/photos/a.txt',
          scope: 'exclusive',
          depth: '0',
          owner: 'mailto:someone@example.com',
          holder: { kind: 'api_key', id: 'k1', name: 'laptop' },
          created_at: '2025-07-01T08:00:00.000Z',
          expires_at: '2025-07-02T08:00:00.000Z',
        },
      ],
      pagination: { total: 21, limit: 20, offset: 20, hasMore: false },
    };
    h.reply(envelope(page), envelope(page));
    expect(await api.davLocks('m1')).toEqual(page);
    expect(h.last()).toMatchObject({ method: 'GET', url: `${BASE}/api/admin/mounts/m1/dav-locks?limit=20&offset=0` });
    expect(h.last().headers.Authorization).toBe(`Bearer ${ADMIN_TOKEN}`);
    await api.davLocks('m1', { limit: 20, offset: 20 });
    expect(h.last().url).toBe(`${BASE}/api/admin/mounts/m1/dav-locks?limit=20&offset=20`);
    h.reply({ body: { code: 200, message: 'released', success: true } });
    await api.releaseDavLock('m1', 'opaquelocktoken:0b1c');
    expect(h.last()).toMatchObject({ method: 'DELETE', url: `${BASE}/api/admin/mounts/m1/dav-locks/opaquelocktoken%3A0b1c` });
  });
});
