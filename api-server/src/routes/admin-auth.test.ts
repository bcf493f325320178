import { addDays, DAY_MS } from '../lib/time';
import { bearer, createTestApp, loginAsAdmin, removeTempDir, TEST_ADMIN, type TestApp } from '../testing/test-app';

describe('admin login and logout', () => {
  let t: TestApp;
  let now: Date;

  beforeEach(async () => {
    now = new Date('2025-07-01T08:00:00.000Z');
    t = await createTestApp({ clock: () => now, loginRateLimitMax: 3 });
  });

  afterEach(async () => {
    await t.close();
    removeTempDir(t.dataDir);
  });

  const login = (payload: unknown, remoteAddress = '127.0.0.1') =>
    t.app.inject({ method: 'POST', url: '/api/admin/login', payload: payload as object, remoteAddress });

  it('logs in with the right credentials and returns a 32-character token valid for one day (shape E−)', async () => {
    const response = await login(TEST_ADMIN);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(['code', 'data', 'message']);
    expect(body.code).toBe(200);
    expect(typeof body.message).toBe('string');
    expect(body.data.username).toBe('admin');
    expect(body.data.token).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(body.data.expiresAt).toBe(addDays(now, 1).toISOString());
    const stored = await t.container.repositories.adminTokens.findByToken(body.data.token);
    expect(stored?.expires_at).toBe(body.data.expiresAt);
  });

  it('issues a different token on every login and keeps the earlier ones valid', async () => {
    const first = await loginAsAdmin(t.app);
    const second = await loginAsAdmin(t.app);
    expect(first).not.toBe(second);
    for (const token of [first, second]) {
      const check = await t.app.inject({ method: 'GET', url: '/api/test/admin-token', headers: bearer(token) });
      expect(check.statusCode).toBe(200);
    }
  });

  it('rejects login without a password with 400 naming the field', async () => {
    const response = await login({ username: 'admin' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 400, message: expect.stringContaining('password'), success: false, data: null });
  });

  it('rejects login without any body with 400', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/admin/login' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('username');
  });

  it('rejects login with a non-string username with 400', async () => {
    const response = await login({ username: 42, password: 'x' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('username');
  });

  it('rejects login with a wrong password with 401', async () => {
    const response = await login({ username: 'admin', password: 'wrong' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 401, success: false, data: null });
  });

  it('rejects login of an unknown user with 401', async () => {
    const response = await login({ username: 'nobody', password: TEST_ADMIN.password });
    expect(response.statusCode).toBe(401);
  });

  it('answers 429 with an envelope once a client exceeds the login rate limit, other clients unaffected', async () => {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await login({ username: 'admin', password: 'wrong' }, '10.0.0.1')).statusCode).toBe(401);
    }
    const limited = await login(TEST_ADMIN, '10.0.0.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ code: 429, message: expect.stringMatching(/\d+/), success: false, data: null });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.headers['access-control-allow-origin']).toBe('*');

    const otherClient = await login(TEST_ADMIN, '10.0.0.2');
    expect(otherClient.statusCode).toBe(200);
  });

  it('explains the rate limit in English when asked', async () => {
    for (let attempt = 0; attempt < 3; attempt += 1) await login({ username: 'admin', password: 'wrong' });
    const limited = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: TEST_ADMIN,
      headers: { 'accept-language': 'en-US' },
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^Too many login attempts/);
  });

  it('logs out by revoking the presented token only (shape E− without data)', async () => {
    const token = await loginAsAdmin(t.app);
    const other = await loginAsAdmin(t.app);
    const response = await t.app.inject({ method: 'POST', url: '/api/admin/logout', headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json()).sort()).toEqual(['code', 'message']);

    const revoked = await t.app.inject({ method: 'GET', url: '/api/test/admin-token', headers: bearer(token) });
    expect(revoked.statusCode).toBe(401);
    const stillValid = await t.app.inject({ method: 'GET', url: '/api/test/admin-token', headers: bearer(other) });
    expect(stillValid.statusCode).toBe(200);
  });

  it('accepts logout with a JSON content type and an empty body', async () => {
    const token = await loginAsAdmin(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/logout',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      payload: '',
    });
    expect(response.statusCode).toBe(200);
  });

  it('refuses logout without an admin token with 403', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/admin/logout' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 403, success: false, data: null });
  });

  it('treats an expired token as absent: 401 on the token test, 403 on an admin route, and deletes it', async () => {
    const forTest = await loginAsAdmin(t.app);
    const forAdminRoute = await loginAsAdmin(t.app);
    now = new Date(now.getTime() + DAY_MS + 1000);

    const check = await t.app.inject({ method: 'GET', url: '/api/test/admin-token', headers: bearer(forTest) });
    expect(check.statusCode).toBe(401);
    const logout = await t.app.inject({ method: 'POST', url: '/api/admin/logout', headers: bearer(forAdminRoute) });
    expect(logout.statusCode).toBe(403);

    expect(await t.container.repositories.adminTokens.findByToken(forTest)).toBeUndefined();
    expect(await t.container.repositories.adminTokens.findByToken(forAdminRoute)).toBeUndefined();
  });

  it('keeps a token valid until just before its expiry', async () => {
    const token = await loginAsAdmin(t.app);
    now = new Date(now.getTime() + DAY_MS - 1000);
    const check = await t.app.inject({ method: 'GET', url: '/api/test/admin-token', headers: bearer(token) });
    expect(check.statusCode).toBe(200);
  });
});
