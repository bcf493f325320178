import { randomUUID } from 'node:crypto';
import { pasteKeyHoldersForEachTest } from '../testing/paste-key-holders';
import { guardOutcomes, PermissionMatrix } from '../testing/permission-matrix';

describe('API-key user paste routes', () => {
  const env = pasteKeyHoldersForEachTest('2025-07-01T08:00:00.000Z', {
    alice: { text: true, basicPath: '/docs' },
    bob: { text: true },
  });
  const { as, create } = env;
  const request = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, headers: Record<string, string>, payload?: unknown) =>
    env.t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  const row = (slug: string) => env.t.container.repositories.pastes.findBySlug(slug);

  it('guards every user paste endpoint with the text permission', async () => {
    const matrix = new PermissionMatrix(env.t);
    const endpoints = [
      { method: 'GET', url: '/api/user/pastes' },
      { method: 'GET', url: `/api/user/pastes/${randomUUID()}` },
      { method: 'PUT', url: '/api/user/pastes/unknown1', payload: { content: 'x' } },
      { method: 'DELETE', url: `/api/user/pastes/${randomUUID()}` },
      { method: 'POST', url: '/api/user/pastes/batch-delete', payload: { ids: [randomUUID()] } },
    ] as const;
    for (const endpoint of endpoints) {
      expect({ endpoint, outcomes: await matrix.outcomes(endpoint) }).toEqual({ endpoint, outcomes: guardOutcomes('text') });
    }
  });

  describe('GET /api/user/pastes', () => {
    it('lists only the caller’s own pastes with full content, offset pagination and key_info (shape E)', async () => {
      const first = await create({ content: 'alice 1', password: 'pw' }, as(env.alice));
      const second = await create({ content: 'alice 2' }, as(env.alice));
      await create({ content: 'bob 1' }, as(env.bob));
      await create({ content: 'admin 1' }, env.admin);

      const response = await request('GET', '/api/user/pastes', as(env.alice));
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(Object.keys(body).sort()).toEqual(['code', 'data', 'key_info', 'message', 'pagination', 'success']);
      expect(body.success).toBe(true);
      expect(body.data.map((item: { id: string }) => item.id)).toEqual([second.id, first.id]);
      expect(body.data[1]).toEqual({
        id: first.id,
        slug: first.slug,
        content: 'alice 1',
        remark: null,
        has_password: 1,
        expires_at: null,
        max_views: null,
        views: 0,
        created_at: expect.any(String),
        updated_at: expect.any(String),
        created_by: `apikey:${env.alice.id}`,
        key_name: 'alice',
        content_preview: 'alice 1',
        tags: [],
      });
      expect(body.pagination).toEqual({ total: 2, limit: 30, offset: 0, hasMore: false });
      expect(body.key_info).toEqual({
        id: env.alice.id,
        name: 'alice',
        key: env.alice.key,
        basicPath: '/docs',
        permissions: { text: true, file: false, mount: false, admin: false },
      });
    });

    it('pages with limit and offset and says whether more rows follow', async () => {
      for (let i = 0; i < 5; i += 1) await create({ content: `p${i}` }, as(env.alice));
      const page = (await request('GET', '/api/user/pastes?limit=2&offset=2', as(env.alice))).json();
      expect(page.data.map((item: { content: string }) => item.content)).toEqual(['p2', 'p1']);
      expect(page.pagination).toEqual({ total: 5, limit: 2, offset: 2, hasMore: true });
      const last = (await request('GET', '/api/user/pastes?limit=2&offset=4', as(env.alice))).json();
      expect(last.data).toHaveLength(1);
      expect(last.pagination).toEqual({ total: 5, limit: 2, offset: 4, hasMore: false });
    });

    it('adds content_preview (first 200 characters, then ...) next to the full content', async () => {
      const long = `${'😀'.repeat(150)}${'x'.repeat(100)}`;
      await create({ content: long }, as(env.alice));
      const [item] = (await request('GET', '/api/user/pastes', as(env.alice))).json().data;
      expect(item.content).toBe(long);
      expect(item.content_preview).toBe(`${'😀'.repeat(150)}${'x'.repeat(50)}...`);
    });

    it('carries the whole remark, a long one too', async () => {
      const longRemark = 'r'.repeat(10_000);
      await create({ content: 'a', remark: longRemark }, as(env.alice));
      await create({ content: 'b', remark: 'short' }, as(env.alice));
      const body = (await request('GET', '/api/user/pastes', as(env.alice))).json();
      expect(body.data.map((item: { remark: string }) => item.remark)).toEqual(['short', longRemark]);
    });

    it('caps limit at 100', async () => {
      const body = (await request('GET', '/api/user/pastes?limit=100000', as(env.alice))).json();
      expect(body.pagination).toEqual({ total: 0, limit: 100, offset: 0, hasMore: false });
    });

    it('writes the JSON it always wrote: application/json, the same key order and text as JSON.stringify', async () => {
      await create({ content: 'line 1\nline "2" 😀', remark: 'r', maxViews: 3 }, as(env.alice));
      await create({ content: 'second' }, as(env.alice));
      const response = await request('GET', '/api/user/pastes?limit=5', { ...as(env.alice), 'accept-language': 'en-US' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      const body = response.json();
      expect(response.body).toBe(JSON.stringify(body));
      expect(Object.keys(body)).toEqual(['code', 'message', 'data', 'success', 'pagination', 'key_info']);
      expect(body.message).toBe('Text shares retrieved');
      expect(Object.keys(body.data[1])).toEqual([
        'id',
        'slug',
        'content',
        'remark',
        'has_password',
        'expires_at',
        'max_views',
        'views',
        'created_at',
        'updated_at',
        'created_by',
        'key_name',
        'content_preview',
        'tags',
      ]);
      expect(body.data[1]).toMatchObject({ content: 'line 1\nline "2" 😀', remark: 'r', max_views: 3 });
    });

    it('gives an admin an empty list with key_info null even when pastes exist', async () => {
      await create({ content: 'admin 1' }, env.admin);
      await create({ content: 'alice 1' }, as(env.alice));
      const body = (await request('GET', '/api/user/pastes', env.admin)).json();
      expect(body.data).toEqual([]);
      expect(body.key_info).toBeNull();
      expect(body.pagination).toMatchObject({ total: 0, hasMore: false });
    });
  });

  describe('GET /api/user/pastes/:id', () => {
    it('returns an own paste with has_password as a boolean and the plain password', async () => {
      const { id } = await create({ content: 'mine', password: 'pw' }, as(env.alice));
      const response = await request('GET', `/api/user/pastes/${id}`, as(env.alice));
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        code: 200,
        success: true,
        data: { id, content: 'mine', has_password: true, plain_password: 'pw', key_name: 'alice', views: 0 },
      });
    });

    it('answers 404 for another key’s paste and for admins', async () => {
      const { id } = await create({ content: 'mine' }, as(env.alice));
      expect((await request('GET', `/api/user/pastes/${id}`, as(env.bob))).statusCode).toBe(404);
      expect((await request('GET', `/api/user/pastes/${id}`, env.admin)).statusCode).toBe(404);
    });
  });

  describe('PUT /api/user/pastes/:slug', () => {
    it('updates an own paste and answers shape E with id and slug', async () => {
      const { id, slug } = await create({ content: 'v1', remark: 'r' }, as(env.alice));
      const response = await request('PUT', `/api/user/pastes/${slug}`, as(env.alice), { content: 'v2', newSlug: 'alice-note' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ code: 200, message: expect.any(String), success: true, data: { id, slug: 'alice-note' } });
      expect(await row('alice-note')).toMatchObject({ content: 'v2', remark: null });
    });

    it('answers 404 for another key’s paste and leaves it untouched', async () => {
      const { slug } = await create({ content: 'alice' }, as(env.alice));
      expect((await request('PUT', `/api/user/pastes/${slug}`, as(env.bob), { content: 'hijack' })).statusCode).toBe(404);
      expect((await row(slug))?.content).toBe('alice');
    });

    it('answers natural 4xx codes: 400 empty content, 400 bad newSlug, 409 taken newSlug', async () => {
      const { slug } = await create({ content: 'x' }, as(env.alice));
      await create({ content: 'y', slug: 'bobs' }, as(env.bob));
      expect((await request('PUT', `/api/user/pastes/${slug}`, as(env.alice), { content: '' })).statusCode).toBe(400);
      expect((await request('PUT', `/api/user/pastes/${slug}`, as(env.alice), { content: 'x', newSlug: 'no way' })).statusCode).toBe(400);
      expect((await request('PUT', `/api/user/pastes/${slug}`, as(env.alice), { content: 'x', newSlug: 'bobs' })).statusCode).toBe(409);
    });
  });

  describe('DELETE /api/user/pastes/:id', () => {
    it('deletes an own paste and refuses another key’s with 404', async () => {
      const mine = await create({ content: 'mine' }, as(env.alice));
      const theirs = await create({ content: 'theirs' }, as(env.bob));
      expect((await request('DELETE', `/api/user/pastes/${theirs.id}`, as(env.alice))).statusCode).toBe(404);
      expect(await row(theirs.slug)).toBeDefined();
      const response = await request('DELETE', `/api/user/pastes/${mine.id}`, as(env.alice));
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ code: 200, message: expect.any(String), success: true });
      expect(await row(mine.slug)).toBeUndefined();
    });
  });

  describe('POST /api/user/pastes/batch-delete', () => {
    it('deletes only the caller’s own pastes among the ids', async () => {
      const mine = await create({ content: 'mine' }, as(env.alice));
      const theirs = await create({ content: 'theirs' }, as(env.bob));
      const byAdmin = await create({ content: 'admin' }, env.admin);
      const response = await request(
        'POST',
        '/api/user/pastes/batch-delete',
        { ...as(env.alice), 'accept-language': 'en-US' },
        {
          ids: [mine.id, theirs.id, byAdmin.id],
        },
      );
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ code: 200, success: true, message: expect.stringContaining('1') });
      expect(await row(mine.slug)).toBeUndefined();
      expect(await row(theirs.slug)).toBeDefined();
      expect(await row(byAdmin.slug)).toBeDefined();
    });

    it('answers 400 for missing, empty or non-array ids', async () => {
      for (const payload of [{}, { ids: [] }, { ids: 'x' }]) {
        expect((await request('POST', '/api/user/pastes/batch-delete', as(env.alice), payload)).statusCode).toBe(400);
      }
    });
  });
});
