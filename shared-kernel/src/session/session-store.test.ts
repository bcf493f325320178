import { EventBus, type BusMessage } from '../bus/event-bus';
import { createSafeStorage } from '../storage-keys';
import { normalisePermissions, SessionStore, type SessionKind, type SessionState } from './session-store';

const TOKEN = 'AdminToken0123456789abcdefghijkl';
const KEY = 'Key123456789';
const PERMISSIONS = { text: true, file: false, mount: true };
const INFO = { id: 'key-1', name: 'ci', basic_path: '/docs' };

function setup(stored: Record<string, string> = {}) {
  window.localStorage.clear();
  for (const [key, value] of Object.entries(stored)) window.localStorage.setItem(key, value);
  const bus = new EventBus();
  const events: BusMessage[] = [];
  bus.events$.subscribe((message) => events.push(message));
  const session = new SessionStore(createSafeStorage(window.localStorage), bus);
  return { session, bus, events, stored: snapshotStorage };
}

/** Everything in localStorage, as a plain object. */
function snapshotStorage(): Record<string, string> {
  const result: Record<string, string> = {};
  for (let index = 0; index < window.localStorage.length; index += 1) {
    const key = window.localStorage.key(index);
    if (key !== null) result[key] = window.localStorage.getItem(key) ?? '';
  }
  return result;
}

const storedKey = {
  api_key: KEY,
  api_key_permissions: JSON.stringify(PERMISSIONS),
  api_key_info: JSON.stringify(INFO),
};

describe('SessionStore restored from storage', () => {
  it('starts anonymous with empty storage', () => {
    const { session } = setup();
    expect(session.kind).toBe('anonymous');
    expect(session.authorizationHeader()).toBeNull();
    expect(session.snapshot).toEqual({ adminToken: null, apiKey: null, apiKeyPermissions: null, apiKeyInfo: null, validatedAt: 0 });
  });

  it('restores an admin token saved in admin_token', () => {
    const { session } = setup({ admin_token: TOKEN });
    expect(session.kind).toBe('admin');
    expect(session.authorizationHeader()).toBe(`Bearer ${TOKEN}`);
  });

  it('restores an API key with its permissions and info', () => {
    const { session } = setup(storedKey);
    expect(session.kind).toBe('apiKey');
    expect(session.authorizationHeader()).toBe(`ApiKey ${KEY}`);
    expect(session.snapshot.apiKeyPermissions).toEqual(PERMISSIONS);
    expect(session.snapshot.apiKeyInfo).toEqual(INFO);
  });

  it('lets a stored admin token take precedence over a stored API key', () => {
    const { session } = setup({ ...storedKey, admin_token: TOKEN });
    expect(session.kind).toBe('admin');
    expect(session.authorizationHeader()).toBe(`Bearer ${TOKEN}`);
  });

  it('reads 0/1 and "true" permission flags as booleans', () => {
    const { session } = setup({ ...storedKey, api_key_permissions: JSON.stringify({ text: 1, file: 'true', mount: 0 }) });
    expect(session.snapshot.apiKeyPermissions).toEqual({ text: true, file: true, mount: false });
  });

  it('survives corrupt permissions and info', () => {
    const { session } = setup({ api_key: KEY, api_key_permissions: '{oops', api_key_info: 'not json' });
    expect(session.kind).toBe('apiKey');
    expect(session.snapshot.apiKeyPermissions).toBeNull();
    expect(session.snapshot.apiKeyInfo).toBeNull();
    expect(session.canOpenAdminArea()).toBe(false);
  });

  it('ignores permissions left behind without a key', () => {
    const { session } = setup({ api_key_permissions: JSON.stringify(PERMISSIONS) });
    expect(session.kind).toBe('anonymous');
    expect(session.snapshot.apiKeyPermissions).toBeNull();
  });

  it('is stale until checked in this page', () => {
    const { session } = setup({ admin_token: TOKEN });
    expect(session.isStale(5 * 60 * 1000)).toBe(true);
  });
});

describe('SessionStore logins', () => {
  it('loginAdmin stores only the token, drops any key and announces admin-login', () => {
    const { session, events, stored } = setup(storedKey);
    session.loginAdmin(TOKEN);
    expect(stored()).toEqual({ admin_token: TOKEN });
    expect(session.kind).toBe('admin');
    expect(events).toEqual([{ type: 'auth-changed', payload: { type: 'admin-login', isAuthenticated: true } }]);
  });

  it('loginApiKey stores key, permissions and info, drops the admin token and announces apikey-login', () => {
    const { session, events, stored } = setup({ admin_token: TOKEN });
    session.loginApiKey(KEY, PERMISSIONS, INFO);
    const saved = stored();
    expect(saved.admin_token).toBeUndefined();
    expect(saved.api_key).toBe(KEY);
    expect(JSON.parse(saved.api_key_permissions ?? 'null')).toEqual(PERMISSIONS);
    expect(JSON.parse(saved.api_key_info ?? 'null')).toEqual(INFO);
    expect(session.authorizationHeader()).toBe(`ApiKey ${KEY}`);
    expect(events).toEqual([{ type: 'auth-changed', payload: { type: 'apikey-login', isAuthenticated: true } }]);
  });

  it('a login counts as a fresh check', () => {
    const { session } = setup();
    session.loginAdmin(TOKEN);
    expect(session.isStale(5 * 60 * 1000)).toBe(false);
    expect(session.isStale(5 * 60 * 1000, Date.now() + 5 * 60 * 1000 + 1)).toBe(true);
  });

  it('a new page restores what a login stored', () => {
    const first = setup();
    first.session.loginApiKey(KEY, PERMISSIONS, INFO);
    const restored = new SessionStore(createSafeStorage(window.localStorage), new EventBus());
    expect(restored.snapshot).toMatchObject({ apiKey: KEY, apiKeyPermissions: PERMISSIONS, apiKeyInfo: INFO });
  });

  it('refreshApiKey updates stored permissions and info of the current key', () => {
    const { session, stored } = setup(storedKey);
    session.refreshApiKey({ text: false, file: true, mount: false }, { id: 'key-1', name: 'renamed', basic_path: '/' });
    expect(JSON.parse(stored().api_key_permissions ?? 'null')).toEqual({ text: false, file: true, mount: false });
    expect(JSON.parse(stored().api_key_info ?? 'null')).toEqual({ id: 'key-1', name: 'renamed', basic_path: '/' });
    expect(session.isStale(60_000)).toBe(false);
  });

  it('refreshApiKey does nothing without a key', () => {
    const { session, stored } = setup();
    session.refreshApiKey(PERMISSIONS, INFO);
    expect(stored()).toEqual({});
    expect(session.snapshot.apiKeyPermissions).toBeNull();
  });
});

describe('SessionStore logout and rejection', () => {
  it('clear removes every credential key and announces the logout', () => {
    const { session, events, stored } = setup({ ...storedKey, admin_token: TOKEN, themeMode: 'dark' });
    session.clear();
    expect(stored()).toEqual({ themeMode: 'dark' });
    expect(session.kind).toBe('anonymous');
    expect(events).toEqual([{ type: 'auth-changed', payload: { type: 'logout', isAuthenticated: false } }]);
  });

  it('clear announces nothing when nobody was logged in', () => {
    const { session, events } = setup();
    session.clear();
    expect(events).toEqual([]);
  });

  it('expireAdminToken clears the token and raises admin-token-expired', () => {
    const { session, events, stored } = setup({ admin_token: TOKEN });
    session.expireAdminToken('unauthorized');
    expect(stored().admin_token).toBeUndefined();
    expect(session.kind).toBe('anonymous');
    expect(events.map((event) => event.type)).toEqual(['admin-token-expired', 'auth-changed']);
    expect(events[0]?.payload).toEqual({ reason: 'unauthorized' });
    expect(events[1]?.payload).toEqual({ type: 'logout', isAuthenticated: false });
  });

  it('expireAdminToken does nothing without an admin token', () => {
    const { session, events, stored } = setup(storedKey);
    session.expireAdminToken('check-failed');
    expect(events).toEqual([]);
    expect(stored().api_key).toBe(KEY);
  });

  it('invalidateApiKey clears key, permissions and info and raises api-key-invalid', () => {
    const { session, events, stored } = setup({ ...storedKey, language: 'en-US' });
    session.invalidateApiKey('check-failed');
    expect(stored()).toEqual({ language: 'en-US' });
    expect(session.snapshot).toMatchObject({ apiKey: null, apiKeyPermissions: null, apiKeyInfo: null });
    expect(events.map((event) => event.type)).toEqual(['api-key-invalid', 'auth-changed']);
    expect(events[0]?.payload).toEqual({ reason: 'check-failed' });
  });

  it('invalidateApiKey does nothing without a key', () => {
    const { session, events, stored } = setup({ admin_token: TOKEN });
    session.invalidateApiKey('unauthorized');
    expect(events).toEqual([]);
    expect(stored().admin_token).toBe(TOKEN);
  });
});

describe('SessionStore permissions', () => {
  it('opens the admin area to admins', () => {
    expect(setup({ admin_token: TOKEN }).session.canOpenAdminArea()).toBe(true);
  });

  it('opens the admin area to keys with any permission and not to keys without one', () => {
    const { session } = setup();
    session.loginApiKey(KEY, { text: false, file: false, mount: true }, INFO);
    expect(session.canOpenAdminArea()).toBe(true);
    session.loginApiKey(KEY, { text: false, file: false, mount: false }, INFO);
    expect(session.canOpenAdminArea()).toBe(false);
  });

  it('keeps the admin area closed to anonymous visitors', () => {
    expect(setup().session.canOpenAdminArea()).toBe(false);
  });

  it('grants every permission to an admin and only the key flags to a key', () => {
    const admin = setup({ admin_token: TOKEN }).session;
    expect(['text', 'file', 'mount'].map((flag) => admin.hasPermission(flag as 'text'))).toEqual([true, true, true]);
    const key = setup(storedKey).session;
    expect(key.hasPermission('text')).toBe(true);
    expect(key.hasPermission('file')).toBe(false);
    expect(key.hasPermission('mount')).toBe(true);
    expect(setup().session.hasPermission('text')).toBe(false);
  });

  it('normalisePermissions treats 1/true alike and anything else as false', () => {
    expect(normalisePermissions({ text: 1, file: true, mount: null })).toEqual({ text: true, file: true, mount: false });
    expect(normalisePermissions(undefined)).toEqual({ text: false, file: false, mount: false });
  });
});

describe('SessionStore observables', () => {
  it('changes() emits the current state first and every update', () => {
    const { session } = setup();
    const seen: SessionState[] = [];
    session.changes().subscribe((state) => seen.push(state));
    session.loginAdmin(TOKEN);
    session.clear();
    expect(seen.map((state) => state.adminToken)).toEqual([null, TOKEN, null]);
  });

  it('kind$() emits only when the kind changes', () => {
    const { session } = setup();
    const kinds: SessionKind[] = [];
    session.kind$().subscribe((kind) => kinds.push(kind));
    session.loginApiKey(KEY, PERMISSIONS, INFO);
    session.refreshApiKey(PERMISSIONS, INFO);
    session.loginAdmin(TOKEN);
    session.expireAdminToken('unauthorized');
    expect(kinds).toEqual(['anonymous', 'apiKey', 'admin', 'anonymous']);
  });
});
