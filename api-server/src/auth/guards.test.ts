import { envelope } from '../http/envelope';
import { DAY_MS } from '../lib/time';
import { seedApiKey } from '../testing/seed';
import { apiKeyHeader, bearer, createTestApp, loginAsAdmin, removeTempDir, type TestApp } from '../testing/test-app';
import { adminOf, requireAdmin, requireAuth, requirePermission } from './guards';

describe('route guards', () => {
  let t: TestApp;
  let now: Date;
  let adminToken: string;

  beforeAll(async () => {
    now = new Date('2025-07-01T08:00:00.000Z');
    t = await createTestApp({ clock: () => now });
    // Probe routes registered the way later feature routes will use the guards.
    t.app.get('/api/probe/admin', { preHandler: requireAdmin }, async (request) => envelope('ok', { adminId: adminOf(request).adminId }));
    t.app.get('/api/probe/auth', { preHandler: requireAuth }, async (request) => envelope('ok', { kind: request.auth.kind }));
    t.app.get('/api/probe/text', { preHandler: requirePermission('text') }, async () => envelope('ok'));
    t.app.get('/api/probe/file', { preHandler: requirePermission('file') }, async () => envelope('ok'));
    t.app.get('/api/probe/mount', { preHandler: requirePermission('mount') }, async () => envelope('ok'));
    adminToken = await loginAsAdmin(t.app);
  });

  afterAll(async () => {
    await t.close();
    removeTempDir(t.dataDir);
  });

  const status = async (url: string, headers: Record<string, string> = {}) =>
    (await t.app.inject({ method: 'GET', url, headers })).statusCode;
  const seed = (input: Parameters<typeof seedApiKey>[1]) =>
    seedApiKey(t.container.repositories.apiKeys, { expiresAt: new Date(now.getTime() + DAY_MS).toISOString(), ...input });

  it('requireAdmin lets an admin through and answers 403 to anonymous callers, bad tokens and API keys', async () => {
    const key = await seed({ text: true, file: true, mount: true });
    expect(await status('/api/probe/admin', bearer(adminToken))).toBe(200);
    expect(await status('/api/probe/admin')).toBe(403);
    expect(await status('/api/probe/admin', bearer('nope'))).toBe(403);
    expect(await status('/api/probe/admin', apiKeyHeader(key.key))).toBe(403);
  });

  it('requireAuth answers 401 to anonymous callers and passes admins and keys', async () => {
    const key = await seed({});
    expect(await status('/api/probe/auth')).toBe(401);
    expect(await status('/api/probe/auth', bearer(adminToken))).toBe(200);
    expect(await status('/api/probe/auth', apiKeyHeader(key.key))).toBe(200);
  });

  it('requirePermission passes admins, passes keys with the flag, 403 for keys without it, 401 for anonymous', async () => {
    const textOnly = await seed({ text: true });
    for (const flag of ['text', 'file', 'mount']) {
      expect(await status(`/api/probe/${flag}`, bearer(adminToken))).toBe(200);
      expect(await status(`/api/probe/${flag}`)).toBe(401);
      expect(await status(`/api/probe/${flag}`, apiKeyHeader(textOnly.key))).toBe(flag === 'text' ? 200 : 403);
    }
  });

  it('explains a missing permission in the caller language', async () => {
    const key = await seed({ text: true });
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/probe/file',
      headers: { ...apiKeyHeader(key.key), 'accept-language': 'en' },
    });
    expect(response.json()).toEqual({ code: 403, message: 'This API key does not have the file permission', success: false, data: null });
  });
});
