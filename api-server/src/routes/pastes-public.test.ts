import { SETTING_ALLOW_GUEST_PASTES } from '@cloudclip/contract';
import { sha256Hex } from '../lib/password-hash';
import { randomString } from '../lib/random';
import { toIso } from '../lib/time';
import { insertPasteRow } from '../testing/paste-fixtures';
import { guardOutcomes, PermissionMatrix } from '../testing/permission-matrix';
import { seedApiKey } from '../testing/seed';
import { adminTestAppForEachTest, apiKeyHeader, basic, bearer, TEST_ADMIN } from '../testing/test-app';

const HOUR_MS = 60 * 60 * 1000;

describe('public paste routes', () => {
  const env = adminTestAppForEachTest('2025-07-01T08:00:00.000Z');

  const post = (payload: unknown, headers: Record<string, string> = env.admin) =>
    env.t.app.inject({ method: 'POST', url: '/api/paste', payload: payload as object, headers });
  const create = async (payload: Record<string, unknown>, headers: Record<string, string> = env.admin) => {
    const response = await post(payload, headers);
    expect(response.statusCode).toBe(200);
    return response.json() as { id: string; slug: string; [field: string]: unknown };
  };
  const view = (slug: string) => env.t.app.inject({ method: 'GET', url: `/api/paste/${slug}` });
  const unlock = (slug: string, payload: unknown) =>
    env.t.app.inject({ method: 'POST', url: `/api/paste/${slug}`, payload: payload as object });
  const raw = (slug: string, query = '') => env.t.app.inject({ method: 'GET', url: `/api/raw/${slug}${query}` });
  const row = (slug: string) => env.t.container.repositories.pastes.findBySlug(slug);
  /** A paste written straight to the database (as imported from elsewhere): no creator, no limits. */
  const insertImported = (slug: string, content: string, passwordHash: string | null = null) =>
    insertPasteRow(env.t, env.now, { slug, content, password_hash: passwordHash });
  const setGuestPastes = (value: string) =>
    env.t.container.repositories.systemSettings.upsert({
      key: SETTING_ALLOW_GUEST_PASTES,
      value,
      description: null,
      updated_at: toIso(env.now),
    });

  describe('POST /api/paste', () => {
    it('creates a paste with a random 6-character slug and answers the flat shape without optional fields', async () => {
      const response = await post({ content: '# hello' });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(Object.keys(body).sort()).toEqual(['authorizedBy', 'createdAt', 'hasPassword', 'id', 'slug']);
      expect(body.slug).toMatch(/^[A-Za-z0-9]{6}$/);
      expect(body.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(body).toMatchObject({ hasPassword: false, createdAt: env.now.toISOString(), authorizedBy: 'admin' });
      const stored = await row(body.slug);
      expect(stored).toMatchObject({ id: body.id, content: '# hello', views: 0, max_views: null, expires_at: null });
    });

    it('echoes remark, expiresAt and maxViews when they are sent', async () => {
      const expiresAt = new Date(env.now.getTime() + HOUR_MS).toISOString();
      const body = await create({ content: 'x', remark: 'note', expiresAt, maxViews: 3, password: 'pw' });
      expect(body).toMatchObject({ remark: 'note', expiresAt, maxViews: 3, hasPassword: true });
    });

    it('stores an admin creator as the admin id and a key creator as apikey:<keyId>', async () => {
      const adminRow = await env.t.container.repositories.admins.findByUsername(TEST_ADMIN.username);
      const byAdmin = await create({ content: 'a' });
      expect((await row(byAdmin.slug))?.created_by).toBe(adminRow?.id);

      const key = await seedApiKey(env.t.container.repositories.apiKeys, { text: true });
      const byKey = await create({ content: 'k' }, apiKeyHeader(key.key));
      expect(byKey.authorizedBy).toBe('apikey');
      expect((await row(byKey.slug))?.created_by).toBe(`apikey:${key.id}`);
    });

    it('reports Basic-auth creators as authorizedBy basic: an admin stores no creator, a key stores itself', async () => {
      const byAdmin = await create({ content: 'a' }, basic(TEST_ADMIN.username, TEST_ADMIN.password));
      expect(byAdmin.authorizedBy).toBe('basic');
      expect((await row(byAdmin.slug))?.created_by).toBeNull();

      // Issue 41: a key over Basic is that key (its limit and its lists; routes/basic-key-ownership.test.ts).
      const key = await seedApiKey(env.t.container.repositories.apiKeys, { text: true, file: true, mount: true });
      const byKey = await create({ content: 'k' }, basic(key.key, key.key));
      expect(byKey.authorizedBy).toBe('basic');
      expect((await row(byKey.slug))?.created_by).toBe(`apikey:${key.id}`);
    });

    it('accepts a custom slug and answers 409 when it is taken', async () => {
      const first = await create({ content: 'x', slug: 'my_note-1' });
      expect(first.slug).toBe('my_note-1');
      const again = await post({ content: 'y', slug: 'my_note-1' });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ code: 409, success: false, data: null });
    });

    it.each(['has space', 'a/b', 'ünïcode', 'dot.ted'])('rejects the custom slug %p with 400', async (slug) => {
      const response = await post({ content: 'x', slug });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 400, success: false, data: null });
    });

    it.each([
      ['empty content', { content: '' }],
      ['missing content', { remark: 'r' }],
      ['negative maxViews', { content: 'x', maxViews: -1 }],
      ['fractional maxViews', { content: 'x', maxViews: 1.5 }],
      ['unreadable expiresAt', { content: 'x', expiresAt: 'next tuesday-ish' }],
      ['non-string content', { content: 42 }],
    ])('rejects %s with 400', async (_label, payload) => {
      const response = await post(payload);
      expect(response.statusCode).toBe(400);
    });

    it('accepts content larger than the default 1 MiB body limit', async () => {
      const content = 'a'.repeat(3 * 1024 * 1024);
      const body = await create({ content });
      expect((await row(body.slug))?.content.length).toBe(content.length);
    });

    it('is guarded by the text permission', async () => {
      const matrix = new PermissionMatrix(env.t);
      const outcomes = await matrix.outcomes({ method: 'POST', url: '/api/paste', payload: { content: 'matrix' } });
      expect(outcomes).toEqual(guardOutcomes('text'));
    });

    it('refuses anonymous visitors with 401 while guest pastes are off (the default and "false")', async () => {
      expect((await post({ content: 'x' }, {})).statusCode).toBe(401);
      await setGuestPastes('false');
      expect((await post({ content: 'x' }, {})).statusCode).toBe(401);
    });

    it('refuses unauthorised callers before reading the body', async () => {
      const response = await env.t.app.inject({
        method: 'POST',
        url: '/api/paste',
        headers: { 'content-type': 'application/json' },
        payload: '{"content": "not even valid JSON',
      });
      expect(response.statusCode).toBe(401);
    });

    it('lets anonymous visitors create ownerless pastes when guest pastes are on', async () => {
      await setGuestPastes('true');
      const body = await create({ content: 'from a guest' }, {});
      expect(body.authorizedBy).toBe('guest');
      expect((await row(body.slug))?.created_by).toBeNull();
    });

    it('still refuses bad credentials and keys without the text permission when guest pastes are on', async () => {
      await setGuestPastes('true');
      expect((await post({ content: 'x' }, bearer('not-a-token'))).statusCode).toBe(401);
      const fileKey = await seedApiKey(env.t.container.repositories.apiKeys, { file: true });
      expect((await post({ content: 'x' }, apiKeyHeader(fileKey.key))).statusCode).toBe(403);
    });
  });

  describe('share passwords', () => {
    it('stores the password as a scrypt hash plus a sealed copy, never in plain text', async () => {
      const password = 'correct horse battery';
      const body = await create({ content: 'secret', password });
      const stored = await row(body.slug);
      expect(stored?.password_hash).toMatch(/^scrypt\$/);
      expect(stored?.password_sealed).toMatch(/^v1:/);
      expect(JSON.stringify(stored)).not.toContain(password);
      expect(env.t.container.secretBox.decrypt(stored?.password_sealed ?? '')).toBe(password);
    });

    it('treats an empty password as no password', async () => {
      const body = await create({ content: 'open', password: '' });
      expect(body.hasPassword).toBe(false);
      expect((await row(body.slug))?.password_hash).toBeNull();
    });

    it('verifies legacy SHA-256 password hashes of imported pastes', async () => {
      const slug = 'legacy1';
      await insertImported(slug, 'imported', sha256Hex('old-pass'));
      expect((await unlock(slug, { password: 'wrong' })).statusCode).toBe(401);
      const response = await unlock(slug, { password: 'old-pass' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ content: 'imported', plain_password: null });
    });
  });

  describe('GET /api/paste/:slug', () => {
    it('returns the content of an unprotected paste and counts a view each time', async () => {
      const { slug } = await create({ content: 'hello', remark: 'r' });
      const first = await view(slug);
      expect(first.statusCode).toBe(200);
      const body = first.json();
      expect(Object.keys(body).sort()).toEqual(
        ['content', 'createdAt', 'created_by', 'expiresAt', 'hasPassword', 'id', 'maxViews', 'remark', 'slug', 'updatedAt', 'views'].sort(),
      );
      expect(body).toMatchObject({ slug, content: 'hello', remark: 'r', hasPassword: false, views: 1, maxViews: null, expiresAt: null });
      expect((await view(slug)).json().views).toBe(2);
      expect((await row(slug))?.views).toBe(2);
    });

    it('returns only metadata for a protected paste and counts no view', async () => {
      const { slug } = await create({ content: 'hidden', password: 'pw', maxViews: 1 });
      for (let i = 0; i < 3; i += 1) {
        const response = await view(slug);
        expect(response.statusCode).toBe(200);
        const body = response.json();
        expect(body).toMatchObject({ slug, hasPassword: true, requiresPassword: true, views: 0, maxViews: 1 });
        expect(body).not.toHaveProperty('content');
      }
      expect((await row(slug))?.views).toBe(0);
    });

    it('includes the paste id (a Cloudclip addition) in the public GET and POST answers', async () => {
      const open = await create({ content: 'open' });
      expect((await view(open.slug)).json()).toMatchObject({ id: open.id, slug: open.slug });
      const locked = await create({ content: 'locked', password: 'pw' });
      expect((await view(locked.slug)).json()).toMatchObject({ id: locked.id, requiresPassword: true });
      expect((await unlock(locked.slug, { password: 'pw' })).json()).toMatchObject({ id: locked.id, content: 'locked' });
    });

    it('answers 404 for an unknown slug', async () => {
      const response = await view('nope42');
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 404, success: false, data: null });
    });

    it('serves a paste with maxViews 2 twice, deletes it with the second read, then answers 404', async () => {
      const { slug } = await create({ content: 'twice', maxViews: 2 });
      const first = await view(slug);
      expect(first.json()).toMatchObject({ content: 'twice', views: 1 });
      expect(await row(slug)).toBeDefined();
      const second = await view(slug);
      expect(second.statusCode).toBe(200);
      expect(second.json()).toMatchObject({ content: 'twice', views: 2 });
      expect(await row(slug)).toBeUndefined();
      expect((await view(slug)).statusCode).toBe(404);
    });

    it('never serves more reads than maxViews to concurrent visitors', async () => {
      const { slug } = await create({ content: 'race', maxViews: 2 });
      const responses = await Promise.all(Array.from({ length: 8 }, (_, i) => (i % 2 === 0 ? view(slug) : raw(slug))));
      const served = responses.filter((response) => response.statusCode === 200);
      expect(served).toHaveLength(2);
      expect(responses.every((response) => [200, 404, 410].includes(response.statusCode))).toBe(true);
      expect(await row(slug)).toBeUndefined();
    });

    it('does not let HEAD requests use up views', async () => {
      const { slug } = await create({ content: 'x', maxViews: 1 });
      await env.t.app.inject({ method: 'HEAD', url: `/api/paste/${slug}` });
      await env.t.app.inject({ method: 'HEAD', url: `/api/raw/${slug}` });
      expect((await row(slug))?.views).toBe(0);
      expect((await view(slug)).json()).toMatchObject({ content: 'x', views: 1 });
    });

    it('treats maxViews 0 as unlimited', async () => {
      const { slug } = await create({ content: 'x', maxViews: 0 });
      for (let i = 1; i <= 4; i += 1) expect((await view(slug)).json().views).toBe(i);
    });

    it('answers 410 for a paste past its expiry and deletes it; the next request gets 404', async () => {
      const { slug } = await create({ content: 'soon gone', expiresAt: new Date(env.now.getTime() + HOUR_MS).toISOString() });
      env.now = new Date(env.now.getTime() + HOUR_MS - 1000);
      expect((await view(slug)).statusCode).toBe(200);
      env.now = new Date(env.now.getTime() + 2000);
      const expired = await view(slug);
      expect(expired.statusCode).toBe(410);
      expect(expired.json()).toMatchObject({ code: 410, success: false, data: null });
      expect(await row(slug)).toBeUndefined();
      expect((await view(slug)).statusCode).toBe(404);
    });

    it('answers 410 and deletes a stored paste whose view limit is already used up', async () => {
      const { slug } = await create({ content: 'x', maxViews: 5 });
      const stored = await row(slug);
      await env.t.container.repositories.pastes.update(stored?.id ?? '', { views: 5 });
      expect((await view(slug)).statusCode).toBe(410);
      expect(await row(slug)).toBeUndefined();
    });
  });

  describe('POST /api/paste/:slug', () => {
    it('returns the content and the plain password for the right password and counts a view', async () => {
      const { slug } = await create({ content: 'hidden', password: 'pw', remark: 'r' });
      const response = await unlock(slug, { password: 'pw' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        slug,
        content: 'hidden',
        remark: 'r',
        hasPassword: true,
        plain_password: 'pw',
        views: 1,
        maxViews: null,
        expiresAt: null,
      });
      expect(response.json()).toHaveProperty('updatedAt');
      expect(response.json()).toHaveProperty('created_by');
    });

    it('answers 401 for a wrong password without counting a view', async () => {
      const { slug } = await create({ content: 'hidden', password: 'pw' });
      const response = await unlock(slug, { password: 'PW' });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 401, success: false, data: null });
      expect((await row(slug))?.views).toBe(0);
    });

    it('answers 400 without a password and 400 for a paste that has none', async () => {
      const { slug: protectedSlug } = await create({ content: 'hidden', password: 'pw' });
      expect((await unlock(protectedSlug, {})).statusCode).toBe(400);
      const { slug: openSlug } = await create({ content: 'open' });
      expect((await unlock(openSlug, { password: 'pw' })).statusCode).toBe(400);
    });

    it('answers 404 for an unknown slug and 410 for an expired paste', async () => {
      expect((await unlock('nope42', { password: 'pw' })).statusCode).toBe(404);
      const { slug } = await create({ content: 'x', password: 'pw', expiresAt: new Date(env.now.getTime() + 1000).toISOString() });
      env.now = new Date(env.now.getTime() + 2000);
      expect((await unlock(slug, { password: 'pw' })).statusCode).toBe(410);
    });

    it('counts unlocks against maxViews: the last allowed unlock still gets the content', async () => {
      const { slug } = await create({ content: 'once', password: 'pw', maxViews: 1 });
      const response = await unlock(slug, { password: 'pw' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ content: 'once', views: 1 });
      expect((await unlock(slug, { password: 'pw' })).statusCode).toBe(404);
    });
  });

  describe('GET /api/raw/:slug', () => {
    it('answers the content as text/plain with an inline file name and counts a view', async () => {
      const { slug } = await create({ content: '# raw *markdown*' });
      const response = await raw(slug);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(response.headers['content-disposition']).toBe(`inline; filename="${slug}.txt"`);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.body).toBe('# raw *markdown*');
      expect((await row(slug))?.views).toBe(1);
    });

    it('counts raw reads against maxViews and answers 404 as text after the last one', async () => {
      const { slug } = await create({ content: 'limited', maxViews: 2 });
      expect((await raw(slug)).body).toBe('limited');
      expect((await raw(slug)).body).toBe('limited');
      const gone = await raw(slug);
      expect(gone.statusCode).toBe(404);
      expect(gone.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(gone.body.length).toBeGreaterThan(0);
    });

    it('shares one view counter between the JSON view and the raw view', async () => {
      const { slug } = await create({ content: 'shared', maxViews: 2 });
      expect((await view(slug)).statusCode).toBe(200);
      expect((await raw(slug)).statusCode).toBe(200);
      expect((await view(slug)).statusCode).toBe(404);
    });

    it('needs the password of a protected paste: 401 text without or with a wrong one, content with the right one', async () => {
      const { slug } = await create({ content: 'guarded', password: 'p w&d' });
      const missing = await raw(slug);
      expect(missing.statusCode).toBe(401);
      expect(missing.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect((await raw(slug, '?password=nope')).statusCode).toBe(401);
      expect((await row(slug))?.views).toBe(0);
      const ok = await raw(slug, `?password=${encodeURIComponent('p w&d')}`);
      expect(ok.statusCode).toBe(200);
      expect(ok.body).toBe('guarded');
      expect((await row(slug))?.views).toBe(1);
    });

    it('answers 404 and 410 as text/plain bodies', async () => {
      const unknown = await raw('nope42');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(() => JSON.parse(unknown.body)).toThrow();

      const { slug } = await create({ content: 'x', expiresAt: new Date(env.now.getTime() + 1000).toISOString() });
      env.now = new Date(env.now.getTime() + 5000);
      const expired = await raw(slug);
      expect(expired.statusCode).toBe(410);
      expect(expired.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(await row(slug)).toBeUndefined();
    });

    it('gives a safe file name for an imported slug with unusual characters', async () => {
      const slug = `imp${randomString(3)}"ü`;
      await insertImported(slug, 'odd');
      const response = await raw(encodeURIComponent(slug));
      expect(response.statusCode).toBe(200);
      const disposition = String(response.headers['content-disposition']);
      expect(disposition).toMatch(/^inline; filename="imp[A-Za-z0-9]{3}__\.txt"; filename\*=UTF-8''/);
      expect(disposition).toContain(encodeURIComponent(`${slug}.txt`));
    });
  });
});
