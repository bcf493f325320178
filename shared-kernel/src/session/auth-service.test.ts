import { createApi } from '../api/endpoints/api';
import { ADMIN_TOKEN, API_KEY, BASE, createHarness, envelope, loginAdmin, loginApiKey, type Harness } from '../api/endpoints/test-harness';
import { HttpClient } from '../api/http-client';
import type { BusEventType } from '../bus/event-bus';
import { CREDENTIAL_STALE_MS } from '../constants';
import { AuthService } from './auth-service';

/** The harness with an AuthService and the bus events it saw, signed in as `as` says (after subscribing). */
function setup(as?: 'admin' | 'apiKey') {
  const h = createHarness();
  const auth = new AuthService(createApi(h.client), h.session);
  const events: { type: BusEventType; payload: unknown }[] = [];
  h.bus.events$.subscribe((message) => events.push(message));
  const ofType = (type: BusEventType) => events.filter((event) => event.type === type).map((event) => event.payload);
  if (as === 'admin') loginAdmin(h);
  if (as === 'apiKey') loginApiKey(h);
  return { ...h, auth, events, ofType };
}

/** An AuthService over the same session whose every request fails at the network level. */
function offlineAuth(h: Harness): { auth: AuthService; attempts: () => number } {
  let attempts = 0;
  const client = new HttpClient({
    getBaseUrl: () => BASE,
    session: h.session,
    translate: (key) => key,
    getLanguage: () => 'en-US',
    fetchImpl: (async () => {
      attempts += 1;
      throw new TypeError('Failed to fetch');
    }) as typeof fetch,
  });
  return { auth: new AuthService(createApi(client), h.session), attempts: () => attempts };
}

const KEY_DATA = {
  name: 'ci',
  basic_path: '/docs',
  permissions: { text: true, file: false, mount: true },
  key_info: { id: 'key-9', name: 'ci', basic_path: '/docs' },
};

afterEach(() => {
  jest.restoreAllMocks();
});

describe('AuthService.loginAdmin', () => {
  it('posts the credentials without a stored credential and stores the returned token', async () => {
    const h = setup('apiKey');
    h.reply({
      body: { code: 200, message: '登录成功', data: { username: 'admin', token: 'T'.repeat(32), expiresAt: '2025-07-02T08:00:00.000Z' } },
    });
    await h.auth.loginAdmin('admin', 'admin123');
    expect(h.last()).toMatchObject({ method: 'POST', url: `${BASE}/api/admin/login`, body: { username: 'admin', password: 'admin123' } });
    expect(h.last().headers.Authorization).toBeUndefined();
    expect(window.localStorage.getItem('admin_token')).toBe('T'.repeat(32));
    expect(window.localStorage.getItem('api_key')).toBeNull();
    expect(h.session.kind).toBe('admin');
    expect(h.ofType('auth-changed')).toContainEqual({ type: 'admin-login', isAuthenticated: true });
  });

  it("fails with 'token not found in response' when the answer has no token, storing nothing", async () => {
    const h = setup();
    h.reply(envelope({ username: 'admin' }));
    await expect(h.auth.loginAdmin('admin', 'admin123')).rejects.toMatchObject({ message: 'errors.tokenMissing' });
    expect(window.localStorage.getItem('admin_token')).toBeNull();
    expect(h.session.kind).toBe('anonymous');
  });

  it('fails with the server message on wrong credentials and keeps an existing API-key session', async () => {
    const h = setup('apiKey');
    h.reply({ status: 401, body: { code: 401, message: '用户名或密码错误', success: false, data: null } });
    await expect(h.auth.loginAdmin('admin', 'bad')).rejects.toMatchObject({ status: 401, message: '用户名或密码错误' });
    expect(window.localStorage.getItem('admin_token')).toBeNull();
    expect(window.localStorage.getItem('api_key')).toBe(API_KEY);
    expect(h.ofType('api-key-invalid')).toEqual([]);
  });

  it("falls back to 'login failed' for a 401 without message", async () => {
    const h = setup();
    h.reply({ status: 401, body: { code: 401, success: false } });
    await expect(h.auth.loginAdmin('admin', 'bad')).rejects.toMatchObject({ message: 'errors.loginFailed' });
  });
});

describe('AuthService.loginApiKey', () => {
  it('checks the trimmed candidate key with its own ApiKey header and stores key, permissions and info', async () => {
    const h = setup();
    h.reply(envelope(KEY_DATA));
    await h.auth.loginApiKey('  Candidate123  ');
    expect(h.last()).toMatchObject({ method: 'GET', url: `${BASE}/api/test/api-key` });
    expect(h.last().headers.Authorization).toBe('ApiKey Candidate123');
    expect(window.localStorage.getItem('api_key')).toBe('Candidate123');
    expect(JSON.parse(window.localStorage.getItem('api_key_permissions') ?? 'null')).toEqual({ text: true, file: false, mount: true });
    expect(JSON.parse(window.localStorage.getItem('api_key_info') ?? 'null')).toEqual({ id: 'key-9', name: 'ci', basic_path: '/docs' });
    expect(h.session.authorizationHeader()).toBe('ApiKey Candidate123');
    expect(h.ofType('auth-changed')).toEqual([{ type: 'apikey-login', isAuthenticated: true }]);
  });

  it('sends the candidate key, not the admin token, when an admin is logged in', async () => {
    const h = setup('admin');
    h.reply(envelope(KEY_DATA));
    await h.auth.loginApiKey('Candidate123');
    expect(h.last().headers.Authorization).toBe('ApiKey Candidate123');
    expect(window.localStorage.getItem('admin_token')).toBeNull();
  });

  it('accepts 0/1 permission flags and builds the info from the top level when key_info is missing', async () => {
    const h = setup();
    h.reply(envelope({ name: 'legacy', basic_path: '', permissions: { text: 1, file: 1, mount: 0 } }));
    await h.auth.loginApiKey('Candidate123');
    expect(h.session.snapshot.apiKeyPermissions).toEqual({ text: true, file: true, mount: false });
    expect(h.session.snapshot.apiKeyInfo).toEqual({ id: '', name: 'legacy', basic_path: '/' });
  });

  it('fails with the server message on a rejected key, storing nothing and keeping the admin session', async () => {
    const h = setup('admin');
    h.reply({ status: 401, body: { code: 401, message: 'API密钥无效', success: false } });
    await expect(h.auth.loginApiKey('Wrong')).rejects.toMatchObject({ status: 401, message: 'API密钥无效' });
    expect(window.localStorage.getItem('api_key')).toBeNull();
    expect(window.localStorage.getItem('admin_token')).toBe(ADMIN_TOKEN);
    expect(h.ofType('admin-token-expired')).toEqual([]);
  });

  it("fails with 'cannot get key permissions' when the answer has no permissions", async () => {
    const h = setup();
    h.reply(envelope({ name: 'ci', basic_path: '/' }));
    await expect(h.auth.loginApiKey('Candidate123')).rejects.toMatchObject({ message: 'errors.keyPermissionsFailed' });
    expect(window.localStorage.getItem('api_key')).toBeNull();
  });

  it('passes a network failure through unchanged', async () => {
    const h = setup();
    const { auth } = offlineAuth(h);
    await expect(auth.loginApiKey('Candidate123')).rejects.toMatchObject({ kind: 'network' });
    expect(window.localStorage.getItem('api_key')).toBeNull();
  });
});

describe('AuthService.logout', () => {
  it('tells the server with POST /admin/logout and the Bearer token, then clears every credential', async () => {
    const h = setup('admin');
    await h.auth.logout();
    expect(h.last()).toMatchObject({ method: 'POST', url: `${BASE}/api/admin/logout` });
    expect(h.last().headers.Authorization).toBe(`Bearer ${ADMIN_TOKEN}`);
    expect(window.localStorage.getItem('admin_token')).toBeNull();
    expect(h.session.kind).toBe('anonymous');
    expect(h.ofType('auth-changed')).toContainEqual({ type: 'logout', isAuthenticated: false });
  });

  it('clears the session even when the server logout fails', async () => {
    const h = setup('admin');
    h.reply({ status: 500, body: { code: 500, message: 'boom', success: false } });
    await expect(h.auth.logout()).resolves.toBeUndefined();
    expect(window.localStorage.getItem('admin_token')).toBeNull();
    expect(h.session.kind).toBe('anonymous');
  });

  it('clears the session even when the network is down', async () => {
    const h = setup('admin');
    const { auth, attempts } = offlineAuth(h);
    await expect(auth.logout()).resolves.toBeUndefined();
    expect(attempts()).toBe(1);
    expect(window.localStorage.getItem('admin_token')).toBeNull();
  });

  it('logs an API key out locally without calling the server', async () => {
    const h = setup('apiKey');
    await h.auth.logout();
    expect(h.requests).toHaveLength(0);
    expect(window.localStorage.getItem('api_key')).toBeNull();
    expect(window.localStorage.getItem('api_key_permissions')).toBeNull();
    expect(window.localStorage.getItem('api_key_info')).toBeNull();
  });
});

describe('AuthService.checkAdminToken', () => {
  it('answers false without a request when no admin token is stored', async () => {
    const h = setup();
    await expect(h.auth.checkAdminToken({ force: true })).resolves.toBe(false);
    expect(h.requests).toHaveLength(0);
  });

  it('trusts a token checked within the last 5 minutes unless forced', async () => {
    const h = setup('admin');
    await expect(h.auth.checkAdminToken()).resolves.toBe(true);
    expect(h.requests).toHaveLength(0);
  });

  it('asks GET /test/admin-token with the Bearer token once the last check is older than 5 minutes', async () => {
    const h = setup('admin');
    const later = Date.now() + CREDENTIAL_STALE_MS + 1000;
    jest.spyOn(Date, 'now').mockReturnValue(later);
    await expect(h.auth.checkAdminToken()).resolves.toBe(true);
    expect(h.requests).toHaveLength(1);
    expect(h.last()).toMatchObject({ method: 'GET', url: `${BASE}/api/test/admin-token` });
    expect(h.last().headers.Authorization).toBe(`Bearer ${ADMIN_TOKEN}`);
    // The successful check counts as fresh again.
    await h.auth.checkAdminToken();
    expect(h.requests).toHaveLength(1);
  });

  it('always asks the server when forced and keeps a valid token', async () => {
    const h = setup('admin');
    await expect(h.auth.checkAdminToken({ force: true })).resolves.toBe(true);
    expect(h.requests.map((request) => request.url)).toEqual([`${BASE}/api/test/admin-token`]);
    expect(window.localStorage.getItem('admin_token')).toBe(ADMIN_TOKEN);
    expect(h.ofType('admin-token-expired')).toEqual([]);
  });

  it('clears the token and fires admin-token-expired exactly once on a 401', async () => {
    const h = setup('admin');
    h.reply({ status: 401, body: { code: 401, message: 'token 无效', success: false } });
    await expect(h.auth.checkAdminToken({ force: true })).resolves.toBe(false);
    expect(window.localStorage.getItem('admin_token')).toBeNull();
    expect(h.session.kind).toBe('anonymous');
    expect(h.ofType('admin-token-expired')).toHaveLength(1);
  });

  it('keeps the token when the check answers 502 (the API is down behind the gateway)', async () => {
    const h = setup('admin');
    h.reply({ status: 502, body: 'Bad Gateway' });
    await expect(h.auth.checkAdminToken({ force: true })).resolves.toBe(true);
    expect(window.localStorage.getItem('admin_token')).toBe(ADMIN_TOKEN);
    expect(h.ofType('admin-token-expired')).toEqual([]);
  });

  it.each([403])('clears the token and fires admin-token-expired once when the check answers %i', async (status) => {
    const h = setup('admin');
    h.reply({ status, body: { code: status, message: 'no', success: false } });
    await expect(h.auth.checkAdminToken({ force: true })).resolves.toBe(false);
    expect(window.localStorage.getItem('admin_token')).toBeNull();
    expect(h.ofType('admin-token-expired')).toEqual([{ reason: 'check-failed' }]);
  });

  it('keeps the token when the check fails at the network level', async () => {
    const h = setup('admin');
    const { auth, attempts } = offlineAuth(h);
    await expect(auth.checkAdminToken({ force: true })).resolves.toBe(true);
    expect(attempts()).toBe(1);
    expect(window.localStorage.getItem('admin_token')).toBe(ADMIN_TOKEN);
    expect(h.ofType('admin-token-expired')).toEqual([]);
  });

  it('shares one request between concurrent checks', async () => {
    const h = setup('admin');
    h.reply({ status: 401, body: { code: 401, message: 'x', success: false } });
    const results = await Promise.all([
      h.auth.checkAdminToken({ force: true }),
      h.auth.checkAdminToken({ force: true }),
      h.auth.checkAdminToken({ force: true }),
    ]);
    expect(results).toEqual([false, false, false]);
    expect(h.requests).toHaveLength(1);
    expect(h.ofType('admin-token-expired')).toHaveLength(1);
  });

  it('sends a new request for a check started after the previous one finished', async () => {
    const h = setup('admin');
    await h.auth.checkAdminToken({ force: true });
    await h.auth.checkAdminToken({ force: true });
    expect(h.requests).toHaveLength(2);
  });
});

describe('AuthService.checkApiKey', () => {
  it('answers false without a request when no key is stored', async () => {
    const h = setup();
    await expect(h.auth.checkApiKey()).resolves.toBe(false);
    expect(h.requests).toHaveLength(0);
  });

  it('re-validates the stored key with GET /test/api-key and refreshes its permissions and info', async () => {
    const h = setup('apiKey');
    h.reply(
      envelope({
        ...KEY_DATA,
        permissions: { text: false, file: true, mount: false },
        key_info: { id: 'key-1', name: 'renamed', basic_path: '/docs' },
      }),
    );
    await expect(h.auth.checkApiKey()).resolves.toBe(true);
    expect(h.last().url).toBe(`${BASE}/api/test/api-key`);
    expect(h.last().headers.Authorization).toBe(`ApiKey ${API_KEY}`);
    expect(JSON.parse(window.localStorage.getItem('api_key_permissions') ?? 'null')).toEqual({ text: false, file: true, mount: false });
    expect(JSON.parse(window.localStorage.getItem('api_key_info') ?? 'null')).toEqual({
      id: 'key-1',
      name: 'renamed',
      basic_path: '/docs',
    });
    expect(h.session.hasPermission('text')).toBe(false);
  });

  it('clears key, permissions and info and fires api-key-invalid once on a 401', async () => {
    const h = setup('apiKey');
    h.reply({ status: 401, body: { code: 401, message: 'API密钥无效', success: false } });
    await expect(h.auth.checkApiKey()).resolves.toBe(false);
    expect(window.localStorage.getItem('api_key')).toBeNull();
    expect(window.localStorage.getItem('api_key_permissions')).toBeNull();
    expect(window.localStorage.getItem('api_key_info')).toBeNull();
    expect(h.ofType('api-key-invalid')).toHaveLength(1);
  });

  it('invalidates the key when the server rejects it with another status', async () => {
    const h = setup('apiKey');
    h.reply({ status: 403, body: { code: 403, message: 'no', success: false } });
    await expect(h.auth.checkApiKey()).resolves.toBe(false);
    expect(h.session.kind).toBe('anonymous');
    expect(h.ofType('api-key-invalid')).toEqual([{ reason: 'check-failed' }]);
  });

  it('keeps the key when the check fails at the network level', async () => {
    const h = setup('apiKey');
    const { auth } = offlineAuth(h);
    await expect(auth.checkApiKey()).resolves.toBe(true);
    expect(window.localStorage.getItem('api_key')).toBe(API_KEY);
    expect(h.ofType('api-key-invalid')).toEqual([]);
  });

  it('shares one request between concurrent checks', async () => {
    const h = setup('apiKey');
    h.reply(envelope(KEY_DATA));
    await Promise.all([h.auth.checkApiKey(), h.auth.checkApiKey()]);
    expect(h.requests).toHaveLength(1);
  });
});

describe('AuthService.validateStoredCredentials', () => {
  it('checks a stored admin token with the server even when it was checked recently', async () => {
    const h = setup('admin');
    await h.auth.validateStoredCredentials();
    expect(h.requests.map((request) => request.url)).toEqual([`${BASE}/api/test/admin-token`]);
  });

  it('checks a stored API key with the server', async () => {
    const h = setup('apiKey');
    h.reply(envelope(KEY_DATA));
    await h.auth.validateStoredCredentials();
    expect(h.requests.map((request) => request.url)).toEqual([`${BASE}/api/test/api-key`]);
  });

  it('sends nothing for an anonymous visitor', async () => {
    const h = setup();
    await h.auth.validateStoredCredentials();
    expect(h.requests).toHaveLength(0);
  });
});
