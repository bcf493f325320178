import { randomUUID } from 'node:crypto';
import { guardOutcomes, PermissionMatrix } from '../testing/permission-matrix';
import { seedApiKey } from '../testing/seed';
import { adminTestAppForEachTest, apiKeyHeader, basic, TEST_ADMIN } from '../testing/test-app';

const HOUR_MS = 60 * 60 * 1000;

describe('admin paste management', () => {
  const env = adminTestAppForEachTest('2025-07-01T08:00:00.000Z');

  /** Creates a paste one second after the previous one, so creation order is unambiguous. */
  const create = async (payload: Record<string, unknown>, headers: Record<string, string> = env.admin) => {
    env.now = new Date(env.now.getTime() + 1000);
    const response = await env.t.app.inject({ method: 'POST', url: '/api/paste', payload, headers });
    expect(response.statusCode).toBe(200);
    return response.json() as { id: string; slug: string };
  };
  const request = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: unknown, headers = env.admin) =>
    env.t.app.inject({
      method,
      url,
      headers: { ...headers, 'accept-language': 'en-US' },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const row = (slug: string) => env.t.container.repositories.pastes.findBySlug(slug);

  it('guards every admin paste endpoint with the admin guard', async () => {
    const matrix = new PermissionMatrix(env.t);
    const { id, slug } = await create({ content: 'x' });
    const endpoints = [
      { method: 'GET', url: '/api/admin/pastes' },
      { method: 'GET', url: `/api/admin/pastes/${id}` },
      { method: 'PUT', url: `/api/admin/pastes/${slug}`, payload: { content: '' } },
      { method: 'DELETE', url: `/api/admin/pastes/${randomUUID()}` },
      { method: 'POST', url: '/api/admin/pastes/batch-delete', payload: { ids: [randomUUID()] } },
      { method: 'POST', url: '/api/admin/pastes/clear-expired', payload: {} },
    ] as const;
    for (const endpoint of endpoints) {
      expect({ endpoint, outcomes: await matrix.outcomes(endpoint) }).toEqual({ endpoint, outcomes: guardOutcomes('admin') });
    }
  });

  describe('GET /api/admin/pastes', () => {
    it('answers shape E− with list rows, newest first, and page pagination', async () => {
      const older = await create({ content: 'older', remark: 'r1' });
      const newer = await create({ content: 'newer', password: 'pw', maxViews: 4, expiresAt: '2030-01-01T00:00:00.000Z' });
      const response = await request('GET', '/api/admin/pastes');
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(Object.keys(body).sort()).toEqual(['code', 'data', 'message', 'pagination']);
      expect(body.pagination).toEqual({ total: 2, page: 1, limit: 10, totalPages: 1 });
      expect(body.data.map((item: { id: string }) => item.id)).toEqual([newer.id, older.id]);
      expect(body.data[0]).toEqual({
        id: newer.id,
        slug: newer.slug,
        remark: null,
        has_password: 1,
        expires_at: '2030-01-01T00:00:00.000Z',
        max_views: 4,
        view_count: 0,
        created_by: expect.any(String),
        content_preview: 'newer',
        created_at: expect.any(String),
        updated_at: expect.any(String),
        tags: [],
      });
      expect(body.data[1]).toMatchObject({ remark: 'r1', has_password: 0, content_preview: 'older' });
    });

    it('pages with page and limit: 23 rows, limit 10 → 3 pages, the last with 3 rows', async () => {
      for (let i = 0; i < 23; i += 1) await create({ content: `paste ${i}` });
      const third = (await request('GET', '/api/admin/pastes?page=3&limit=10')).json();
      expect(third.pagination).toEqual({ total: 23, page: 3, limit: 10, totalPages: 3 });
      expect(third.data.map((item: { content_preview: string }) => item.content_preview)).toEqual(['paste 2', 'paste 1', 'paste 0']);
      const second = (await request('GET', '/api/admin/pastes?page=2&limit=10')).json();
      expect(second.data[0].content_preview).toBe('paste 12');
      const beyond = (await request('GET', '/api/admin/pastes?page=9&limit=10')).json();
      expect(beyond.data).toEqual([]);
      expect(beyond.pagination.totalPages).toBe(3);
      const fallback = (await request('GET', '/api/admin/pastes?page=abc&limit=-4')).json();
      expect(fallback.pagination).toMatchObject({ page: 1, limit: 10 });
    });

    it('cuts content_preview to 200 characters plus "..." only when the content is longer', async () => {
      await create({ content: 'a'.repeat(200) });
      await create({ content: `${'b'.repeat(200)}c` });
      await create({ content: `${'😀'.repeat(201)}` });
      const [emoji, long, exact] = (await request('GET', '/api/admin/pastes')).json().data as Array<{ content_preview: string }>;
      expect(exact?.content_preview).toBe('a'.repeat(200));
      expect(long?.content_preview).toBe(`${'b'.repeat(200)}...`);
      expect(emoji?.content_preview).toBe(`${'😀'.repeat(200)}...`);
    });

    it('names the key of key-created rows and filters by created_by', async () => {
      const key = await seedApiKey(env.t.container.repositories.apiKeys, { name: 'writer', text: true });
      const byKey = await create({ content: 'k' }, apiKeyHeader(key.key));
      const byAdmin = await create({ content: 'a' });
      const all = (await request('GET', '/api/admin/pastes')).json().data as Array<Record<string, unknown>>;
      expect(all.find((item) => item.id === byKey.id)).toMatchObject({ key_name: 'writer', created_by: `apikey:${key.id}` });
      expect(all.find((item) => item.id === byAdmin.id)).not.toHaveProperty('key_name');

      const filtered = (await request('GET', `/api/admin/pastes?created_by=${encodeURIComponent(`apikey:${key.id}`)}`)).json();
      expect(filtered.data.map((item: { id: string }) => item.id)).toEqual([byKey.id]);
      expect(filtered.pagination.total).toBe(1);
    });

    it('writes the JSON it always wrote and the whole remark, a long one too', async () => {
      const longRemark = `${'备注'.repeat(3000)}end`;
      await create({ content: 'first', remark: longRemark });
      await create({ content: 'second "quoted"\n😀', remark: 'short' });
      const response = await request('GET', '/api/admin/pastes');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      const body = response.json();
      expect(response.body).toBe(JSON.stringify(body));
      expect(Object.keys(body)).toEqual(['code', 'message', 'data', 'pagination']);
      expect(body.data.map((item: { remark: string }) => item.remark)).toEqual(['short', longRemark]);
      expect(body.data[0].content_preview).toBe('second "quoted"\n😀');
    });

    it('does not count views', async () => {
      const { slug } = await create({ content: 'x', maxViews: 1 });
      await request('GET', '/api/admin/pastes');
      expect((await row(slug))?.views).toBe(0);
    });
  });

  describe('GET /api/admin/pastes/:id', () => {
    it('returns the full row with the plain password and counts no view', async () => {
      const { id, slug } = await create({ content: 'full', password: 'pw', remark: 'r', maxViews: 3 });
      const response = await request('GET', `/api/admin/pastes/${id}`);
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(Object.keys(body).sort()).toEqual(['code', 'data', 'message']);
      expect(body.data).toEqual({
        id,
        slug,
        content: 'full',
        remark: 'r',
        has_password: 1,
        expires_at: null,
        max_views: 3,
        views: 0,
        created_at: expect.any(String),
        updated_at: expect.any(String),
        created_by: expect.any(String),
        plain_password: 'pw',
        tags: [],
      });
      expect((await row(slug))?.views).toBe(0);
    });

    it('answers 404 for an unknown id', async () => {
      const response = await request('GET', `/api/admin/pastes/${randomUUID()}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 404, success: false, data: null });
    });
  });

  describe('PUT /api/admin/pastes/:slug', () => {
    it('replaces the fields: omitted remark, expiry and view limit become null (shape E− with id and slug)', async () => {
      const { id, slug } = await create({ content: 'v1', remark: 'r', maxViews: 5, expiresAt: '2030-01-01T00:00:00.000Z', password: 'pw' });
      const response = await request('PUT', `/api/admin/pastes/${slug}`, { content: 'v2' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ code: 200, message: expect.any(String), data: { id, slug } });
      const stored = await row(slug);
      expect(stored).toMatchObject({ content: 'v2', remark: null, max_views: null, expires_at: null, updated_at: env.now.toISOString() });
      expect(stored?.password_hash).not.toBeNull();
    });

    it('sets a new password, or clears it with clearPassword', async () => {
      const { id, slug } = await create({ content: 'x', password: 'old' });
      await request('PUT', `/api/admin/pastes/${slug}`, { content: 'x', password: 'new' });
      const unlockOld = await env.t.app.inject({ method: 'POST', url: `/api/paste/${slug}`, payload: { password: 'old' } });
      expect(unlockOld.statusCode).toBe(401);
      expect((await request('GET', `/api/admin/pastes/${id}`)).json().data.plain_password).toBe('new');

      await request('PUT', `/api/admin/pastes/${slug}`, { content: 'x', clearPassword: true });
      const stored = await row(slug);
      expect(stored).toMatchObject({ password_hash: null, password_sealed: null });
    });

    it('prefers a new password over clearPassword', async () => {
      const { id, slug } = await create({ content: 'x', password: 'old' });
      await request('PUT', `/api/admin/pastes/${slug}`, { content: 'x', password: 'new', clearPassword: true });
      expect((await request('GET', `/api/admin/pastes/${id}`)).json().data.plain_password).toBe('new');
    });

    it('renames to a custom newSlug, or to a new random slug for "" and null', async () => {
      const { id, slug } = await create({ content: 'x' });
      const renamed = (await request('PUT', `/api/admin/pastes/${slug}`, { content: 'x', newSlug: 'renamed' })).json();
      expect(renamed.data).toEqual({ id, slug: 'renamed' });
      expect(await row(slug)).toBeUndefined();

      const randomA = (await request('PUT', '/api/admin/pastes/renamed', { content: 'x', newSlug: '' })).json().data.slug;
      expect(randomA).toMatch(/^[A-Za-z0-9]{6}$/);
      const randomB = (await request('PUT', `/api/admin/pastes/${randomA}`, { content: 'x', newSlug: null })).json().data.slug;
      expect(randomB).toMatch(/^[A-Za-z0-9]{6}$/);
      expect(randomB).not.toBe(randomA);
      expect((await row(randomB))?.id).toBe(id);
    });

    it('answers 409 for a taken newSlug, 400 for a malformed one, and accepts the current slug', async () => {
      const { slug } = await create({ content: 'x' });
      await create({ content: 'y', slug: 'taken' });
      expect((await request('PUT', `/api/admin/pastes/${slug}`, { content: 'x', newSlug: 'taken' })).statusCode).toBe(409);
      expect((await request('PUT', `/api/admin/pastes/${slug}`, { content: 'x', newSlug: 'bad slug' })).statusCode).toBe(400);
      expect((await request('PUT', `/api/admin/pastes/${slug}`, { content: 'x', newSlug: slug })).statusCode).toBe(200);
    });

    it('answers 400 for empty content and a negative maxViews, 404 for an unknown slug', async () => {
      const { slug } = await create({ content: 'x' });
      expect((await request('PUT', `/api/admin/pastes/${slug}`, { content: '' })).statusCode).toBe(400);
      expect((await request('PUT', `/api/admin/pastes/${slug}`, { content: 'x', maxViews: -2 })).statusCode).toBe(400);
      expect((await request('PUT', '/api/admin/pastes/unknown1', { content: 'x' })).statusCode).toBe(404);
    });

    it('answers 410 for an expired paste and deletes it', async () => {
      const { slug } = await create({ content: 'x', expiresAt: new Date(env.now.getTime() + HOUR_MS).toISOString() });
      env.now = new Date(env.now.getTime() + 2 * HOUR_MS);
      expect((await request('PUT', `/api/admin/pastes/${slug}`, { content: 'y' })).statusCode).toBe(410);
      expect(await row(slug)).toBeUndefined();
    });

    it('resets views to 0 only when the new maxViews is below the current count', async () => {
      const { slug } = await create({ content: 'x', maxViews: 10 });
      for (let i = 0; i < 3; i += 1) await env.t.app.inject({ method: 'GET', url: `/api/paste/${slug}` });
      expect((await row(slug))?.views).toBe(3);
      await request('PUT', `/api/admin/pastes/${slug}`, { content: 'x', maxViews: 5 });
      expect((await row(slug))?.views).toBe(3);
      await request('PUT', `/api/admin/pastes/${slug}`, { content: 'x', maxViews: 2 });
      expect((await row(slug))?.views).toBe(0);
    });
  });

  describe('DELETE /api/admin/pastes/:id', () => {
    it('deletes the paste (shape E− without data) and answers 404 afterwards', async () => {
      const { id, slug } = await create({ content: 'x' });
      const response = await request('DELETE', `/api/admin/pastes/${id}`);
      expect(response.statusCode).toBe(200);
      expect(Object.keys(response.json()).sort()).toEqual(['code', 'message']);
      expect(await row(slug)).toBeUndefined();
      expect((await request('DELETE', `/api/admin/pastes/${id}`)).statusCode).toBe(404);
    });
  });

  describe('POST /api/admin/pastes/batch-delete', () => {
    it('deletes the listed pastes, ignores unknown ids and reports the count only in the message', async () => {
      const a = await create({ content: 'a' });
      const b = await create({ content: 'b' });
      const keep = await create({ content: 'keep' });
      const response = await request('POST', '/api/admin/pastes/batch-delete', { ids: [a.id, b.id, randomUUID()] });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(Object.keys(body).sort()).toEqual(['code', 'message']);
      expect(body.message).toContain('2');
      expect(await row(a.slug)).toBeUndefined();
      expect(await row(b.slug)).toBeUndefined();
      expect(await row(keep.slug)).toBeDefined();
    });

    it.each([
      ['an empty list', { ids: [] }],
      ['a non-array', { ids: 'abc' }],
      ['no ids at all', {}],
      ['non-string ids', { ids: [1, 2] }],
    ])('answers 400 for %s', async (_label, payload) => {
      expect((await request('POST', '/api/admin/pastes/batch-delete', payload)).statusCode).toBe(400);
    });
  });

  describe('POST /api/admin/pastes/clear-expired', () => {
    it('deletes only pastes past their expiry, whatever the body', async () => {
      const expired = await create({ content: 'old', expiresAt: new Date(env.now.getTime() + HOUR_MS).toISOString() });
      const alive = await create({ content: 'new', expiresAt: new Date(env.now.getTime() + 5 * HOUR_MS).toISOString() });
      const never = await create({ content: 'never' });
      const limited = await create({ content: 'limited', maxViews: 1 });
      env.now = new Date(env.now.getTime() + 2 * HOUR_MS);
      const response = await request('POST', '/api/admin/pastes/clear-expired', { clearExpired: true });
      expect(response.statusCode).toBe(200);
      expect(Object.keys(response.json()).sort()).toEqual(['code', 'message']);
      expect(response.json().message).toContain('1');
      expect(await row(expired.slug)).toBeUndefined();
      for (const kept of [alive, never, limited]) expect(await row(kept.slug)).toBeDefined();
    });
  });

  it('lets the Basic-auth admin manage pastes too', async () => {
    const { id } = await create({ content: 'x' });
    const auth = basic(TEST_ADMIN.username, TEST_ADMIN.password);
    expect((await request('GET', `/api/admin/pastes/${id}`, undefined, auth)).statusCode).toBe(200);
  });
});
