import { createApiKeysApi } from './api-keys';
import { ADMIN_TOKEN, BASE, createHarness, envelope } from './test-harness';

const key = {
  id: 'k1',
  name: 'ci',
  key: 'Abcdef123456',
  key_masked: 'Abcdef...',
  text_permission: 1,
  file_permission: 0,
  mount_permission: 0,
  basic_path: '/',
  created_at: '2025-07-01T08:00:00.000Z',
  expires_at: '9999-12-31T23:59:59.000Z',
  last_used: '2025-07-01 09:00:00',
};

describe('api-keys endpoints', () => {
  it('lists keys with GET /api/admin/api-keys and the admin Bearer token', async () => {
    const h = createHarness('admin');
    h.reply(envelope([key]));
    const keys = await createApiKeysApi(h.client).list();
    expect(h.last()).toMatchObject({ method: 'GET', url: `${BASE}/api/admin/api-keys` });
    expect(h.last().headers.Authorization).toBe(`Bearer ${ADMIN_TOKEN}`);
    expect(keys).toEqual([key]);
  });

  it('accepts the create answer with HTTP 200 and body code 201', async () => {
    const h = createHarness('admin');
    const created = { ...key, text_permission: true, file_permission: false, mount_permission: false };
    h.reply({ body: { code: 201, message: '创建成功', success: true, data: created } });
    const body = { name: 'ci', expires_at: null, text_permission: true, custom_key: 'my_key-1', basic_path: '/docs' };
    const result = await createApiKeysApi(h.client).create(body);
    expect(h.last()).toMatchObject({ method: 'POST', url: `${BASE}/api/admin/api-keys`, body });
    expect(result).toEqual(created);
  });

  it('updates with PUT and deletes with DELETE on /api/admin/api-keys/{id}', async () => {
    const h = createHarness('admin');
    const api = createApiKeysApi(h.client);
    await api.update('k1', { name: 'renamed', expires_at: 'never' });
    expect(h.last()).toMatchObject({ method: 'PUT', url: `${BASE}/api/admin/api-keys/k1`, body: { name: 'renamed', expires_at: 'never' } });
    await api.remove('k1');
    expect(h.last()).toMatchObject({ method: 'DELETE', url: `${BASE}/api/admin/api-keys/k1` });
  });

  it('rejects with the server message on a 409 name conflict', async () => {
    const h = createHarness('admin');
    h.reply({ status: 409, body: { code: 409, message: '名称已存在', success: false, data: null } });
    await expect(createApiKeysApi(h.client).create({ name: 'ci' })).rejects.toMatchObject({ status: 409, message: '名称已存在' });
  });
});
