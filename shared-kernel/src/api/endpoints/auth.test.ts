import { createAuthApi } from './auth';
import { ADMIN_TOKEN, API_KEY, BASE, createHarness, envelope } from './test-harness';

describe('auth endpoints', () => {
  it('logs in with a JSON POST to /api/admin/login and returns the E− data', async () => {
    const h = createHarness();
    h.reply({
      body: { code: 200, message: '登录成功', data: { username: 'admin', token: 'T'.repeat(32), expiresAt: '2025-07-02T08:00:00.000Z' } },
    });
    const result = await createAuthApi(h.client).login({ username: 'admin', password: 'admin123' });
    const request = h.last();
    expect(request.method).toBe('POST');
    expect(request.url).toBe(`${BASE}/api/admin/login`);
    expect(request.headers['Content-Type']).toBe('application/json');
    expect(request.body).toEqual({ username: 'admin', password: 'admin123' });
    expect(result).toEqual({ username: 'admin', token: 'T'.repeat(32), expiresAt: '2025-07-02T08:00:00.000Z' });
  });

  it('sends the login without a stored credential and keeps the session on a 401', async () => {
    const h = createHarness('apiKey');
    h.reply({ status: 401, body: { code: 401, message: '用户名或密码错误', success: false, data: null } });
    await expect(createAuthApi(h.client).login({ username: 'admin', password: 'bad' })).rejects.toMatchObject({
      status: 401,
      message: '用户名或密码错误',
    });
    expect(h.last().headers.Authorization).toBeUndefined();
    expect(h.session.snapshot.apiKey).toBe(API_KEY);
  });

  it('checks the admin session with GET /api/test/admin-token and the Bearer token', async () => {
    const h = createHarness('admin');
    h.reply({ body: { code: 200, message: 'ok', success: true } });
    await createAuthApi(h.client).checkAdminToken();
    expect(h.last()).toMatchObject({ method: 'GET', url: `${BASE}/api/test/admin-token` });
    expect(h.last().headers.Authorization).toBe(`Bearer ${ADMIN_TOKEN}`);
  });

  it('clears the admin token and raises admin-token-expired when the session check answers 401', async () => {
    const h = createHarness('admin');
    const events: unknown[] = [];
    h.bus.on('admin-token-expired').subscribe((event) => events.push(event));
    h.reply({ status: 401, body: { code: 401, message: 'invalid', success: false, data: null } });
    await expect(createAuthApi(h.client).checkAdminToken()).rejects.toMatchObject({ status: 401 });
    expect(h.session.snapshot.adminToken).toBeNull();
    expect(events).toEqual([{ reason: 'unauthorized' }]);
  });

  it('checks a candidate API key with its own ApiKey header and returns permissions and key_info', async () => {
    const h = createHarness();
    const data = {
      name: 'ci',
      basic_path: '/docs',
      permissions: { text: true, file: true, mount: false },
      key_info: { id: 'k1', name: 'ci', basic_path: '/docs' },
    };
    h.reply(envelope(data));
    const result = await createAuthApi(h.client).testApiKey('Candidate123');
    expect(h.last().url).toBe(`${BASE}/api/test/api-key`);
    expect(h.last().headers.Authorization).toBe('ApiKey Candidate123');
    expect(result).toEqual(data);
  });

  it('does not touch the stored key when a candidate key is rejected with 401', async () => {
    const h = createHarness('apiKey');
    h.reply({ status: 401, body: { code: 401, message: 'bad key', success: false, data: null } });
    await expect(createAuthApi(h.client).testApiKey('Wrong')).rejects.toMatchObject({ status: 401 });
    expect(h.session.snapshot.apiKey).toBe(API_KEY);
  });

  it('invalidates the stored key when its re-validation answers 401', async () => {
    const h = createHarness('apiKey');
    h.reply({ status: 401, body: { code: 401, message: 'expired', success: false, data: null } });
    await expect(createAuthApi(h.client).testApiKey()).rejects.toMatchObject({ status: 401 });
    expect(h.requests[0]?.headers.Authorization).toBe(`ApiKey ${API_KEY}`);
    expect(h.session.snapshot.apiKey).toBeNull();
  });

  it('keeps the admin session when change-password answers 401 for a wrong current password', async () => {
    const h = createHarness('admin');
    h.reply({ status: 401, body: { code: 401, message: '当前密码错误', success: false, data: null } });
    await expect(createAuthApi(h.client).changePassword({ currentPassword: 'x', newPassword: 'y' })).rejects.toMatchObject({
      status: 401,
      message: '当前密码错误',
    });
    expect(h.last()).toMatchObject({
      method: 'POST',
      url: `${BASE}/api/admin/change-password`,
      body: { currentPassword: 'x', newPassword: 'y' },
    });
    expect(h.session.snapshot.adminToken).toBe(ADMIN_TOKEN);
  });

  it('logs out with POST /api/admin/logout and the Bearer token', async () => {
    const h = createHarness('admin');
    h.reply({ body: { code: 200, message: '登出成功' } });
    await createAuthApi(h.client).logout();
    expect(h.last()).toMatchObject({ method: 'POST', url: `${BASE}/api/admin/logout` });
    expect(h.last().headers.Authorization).toBe(`Bearer ${ADMIN_TOKEN}`);
  });
});
