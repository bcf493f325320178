import { isApiError } from '../api-error';
import { isBurnPendingPasteView, isProtectedPasteView } from '@cloudclip/contract';
import { createPastesApi } from './pastes';
import { EARLY_RESPONSES_GLOBAL } from '../early-responses';
import { jsonResponse } from '../../../testing/json-response';
import { ADMIN_TOKEN, API_KEY, BASE, createHarness, envelope, KEY_INFO, loginApiKey } from './test-harness';

describe('pastes endpoints', () => {
  it('creates a paste and returns the flat F body unchanged', async () => {
    const h = createHarness('apiKey');
    const flat = {
      id: 'p1',
      slug: 'abc123',
      expiresAt: '2025-07-02T08:00:00.000Z',
      hasPassword: false,
      createdAt: '2025-07-01T08:00:00.000Z',
      authorizedBy: 'apikey',
    };
    h.reply({ body: flat });
    const body = { content: '# hi', expiresAt: '2025-07-02T08:00:00.000Z', maxViews: 3 };
    const result = await createPastesApi(h.client).create(body);
    expect(h.last()).toMatchObject({ method: 'POST', url: `${BASE}/api/paste`, body });
    expect(h.last().headers.Authorization).toBe(`ApiKey ${API_KEY}`);
    expect(result).toEqual(flat);
  });

  it('reads a protected paste view without content and recognises it', async () => {
    const h = createHarness();
    const view = {
      slug: 'abc',
      hasPassword: true,
      requiresPassword: true,
      remark: null,
      expiresAt: null,
      maxViews: null,
      views: 0,
      createdAt: '2025-07-01 08:00:00',
      created_by: null,
    };
    h.reply({ body: view });
    const result = await createPastesApi(h.client).get('abc');
    expect(h.last()).toMatchObject({ method: 'GET', url: `${BASE}/api/paste/abc` });
    expect(isProtectedPasteView(result)).toBe(true);
    expect(result).toEqual(view);
  });

  it('passes through the optional paste id that our own server adds to the public views', async () => {
    const h = createHarness();
    h.reply({ body: { id: 'p-9', slug: 'abc', content: 'x', remark: null, hasPassword: false, views: 1 } });
    const open = await createPastesApi(h.client).get('abc');
    expect(open.id).toBe('p-9');
    h.reply({ body: { slug: 'abc', hasPassword: true, requiresPassword: true, views: 0 } });
    const reference = await createPastesApi(h.client).get('abc');
    expect(reference.id).toBeUndefined();
    h.reply({ body: { id: 'p-9', slug: 'abc', content: 'secret', hasPassword: true, plain_password: 'pw', views: 1 } });
    expect((await createPastesApi(h.client).unlock('abc', 'pw')).id).toBe('p-9');
  });

  it('asks before a burn-after-reading paste is delivered, and confirms with POST { confirmBurn: true }', async () => {
    const h = createHarness();
    h.reply({ body: { slug: 'abc', hasPassword: false, requiresConfirmation: true, burnAfterReading: true, views: 0 } });
    const pending = await createPastesApi(h.client).open('abc');
    expect(h.last()).toMatchObject({ method: 'GET', url: `${BASE}/api/paste/abc?burn=ask` });
    expect(isBurnPendingPasteView(pending)).toBe(true);
    expect(pending).not.toHaveProperty('content');
    h.reply({ body: { slug: 'abc', content: 'once', hasPassword: false, burnAfterReading: true, burned: true, views: 1 } });
    const delivered = await createPastesApi(h.client).confirmBurn('abc');
    expect(h.last()).toMatchObject({ method: 'POST', url: `${BASE}/api/paste/abc`, body: { confirmBurn: true } });
    expect(delivered).toMatchObject({ content: 'once', burned: true });
  });

  it('opens a paste without the session credentials, the same plain GET the boot page sends early', async () => {
    const h = createHarness('admin');
    h.reply({ body: { slug: 'abc', content: '# hi', hasPassword: false, views: 1 } });
    await createPastesApi(h.client).open('abc');
    expect(h.last()).toMatchObject({ method: 'GET', url: `${BASE}/api/paste/abc?burn=ask` });
    expect(h.last().headers.Authorization).toBeUndefined();
    expect(h.session.snapshot.adminToken).toBe(ADMIN_TOKEN);
  });

  it("adopts the boot page's early answer for a signed-in visitor too: one request, one view", async () => {
    const h = createHarness('apiKey');
    const early = { [`${BASE}/api/paste/abc?burn=ask`]: Promise.resolve(jsonResponse(200, { slug: 'abc', content: 'early', views: 1 })) };
    (window as unknown as Record<string, unknown>)[EARLY_RESPONSES_GLOBAL] = { language: 'en-US', responses: early };
    try {
      await expect(createPastesApi(h.client).open('abc')).resolves.toMatchObject({ content: 'early' });
      expect(h.requests).toHaveLength(0);
    } finally {
      delete (window as unknown as Record<string, unknown>)[EARLY_RESPONSES_GLOBAL];
    }
  });

  it('unlocks with POST /api/paste/{slug} and a JSON password', async () => {
    const h = createHarness();
    h.reply({ body: { slug: 'abc', content: 'secret', hasPassword: true, plain_password: 'pw', views: 1 } });
    const result = await createPastesApi(h.client).unlock('abc', 'pw');
    expect(h.last()).toMatchObject({ method: 'POST', url: `${BASE}/api/paste/abc`, body: { password: 'pw' } });
    expect(result.content).toBe('secret');
  });

  it('keeps the admin session when a share password is wrong (401)', async () => {
    const h = createHarness('admin');
    h.reply({ status: 401, body: { code: 401, message: '密码错误', success: false, data: null } });
    const error: unknown = await createPastesApi(h.client)
      .unlock('abc', 'nope')
      .catch((e: unknown) => e);
    expect(isApiError(error) && error.status).toBe(401);
    expect(isApiError(error) && error.message).toBe('密码错误');
    expect(h.session.snapshot.adminToken).toBe(ADMIN_TOKEN);
  });

  it('builds the raw link with an encoded ?password= only when a password is given', () => {
    const h = createHarness();
    const api = createPastesApi(h.client);
    expect(api.rawUrl('abc')).toBe(`${BASE}/api/raw/abc`);
    expect(api.rawUrl('abc', 'p&ss word')).toBe(`${BASE}/api/raw/abc?password=p%26ss+word`);
    expect(api.rawUrl('abc', '')).toBe(`${BASE}/api/raw/abc`);
  });

  it('lists admin pastes with page 1 and limit 10 by default and returns data plus top-level pagination', async () => {
    const h = createHarness('admin');
    const row = { id: 'p1', slug: 'abc', has_password: 0, view_count: 2, content_preview: 'x' };
    const pagination = { total: 11, page: 1, limit: 10, totalPages: 2 };
    // Shape E−: no `success`.
    h.reply({ body: { code: 200, message: 'ok', data: [row], pagination } });
    const result = await createPastesApi(h.client).adminList();
    expect(h.last().url).toBe(`${BASE}/api/admin/pastes?page=1&limit=10`);
    expect(result.data).toEqual([row]);
    expect(result.pagination).toEqual(pagination);
  });

  it('passes explicit page, limit and created_by to the admin list', async () => {
    const h = createHarness('admin');
    h.reply({ body: { code: 200, message: 'ok', data: [], pagination: { total: 0, page: 3, limit: 20, totalPages: 0 } } });
    await createPastesApi(h.client).adminList({ page: 3, limit: 20, created_by: 'apikey:k1' });
    expect(h.last().url).toBe(`${BASE}/api/admin/pastes?page=3&limit=20&created_by=apikey%3Ak1`);
  });

  it.each([
    {
      list: 'admin' as const,
      as: 'admin' as const,
      query: { q: '  notes 2025 ' },
      url: `${BASE}/api/admin/pastes?page=1&limit=10&q=notes+2025`,
      blank: '   ',
      blankUrl: `${BASE}/api/admin/pastes?page=1&limit=10`,
    },
    {
      list: 'user' as const,
      as: 'apiKey' as const,
      query: { limit: 20, offset: 40, q: '中文' },
      url: `${BASE}/api/user/pastes?limit=20&offset=40&q=${encodeURIComponent('中文')}`,
      blank: '',
      blankUrl: `${BASE}/api/user/pastes?limit=10&offset=0`,
    },
  ])(
    'sends a non-blank search as q (trimmed) on the $list list and leaves a blank one out',
    async ({ list, as, query, url, blank, blankUrl }) => {
      const h = createHarness(as);
      const api = createPastesApi(h.client);
      const send = (q: typeof query) => (list === 'admin' ? api.adminList(q) : api.userList(q));
      await send(query);
      expect(h.last().url).toBe(url);
      await send({ q: blank });
      expect(h.last().url).toBe(blankUrl);
    },
  );

  it('sends a non-blank tag filter on both lists, together with q and paging, and leaves a blank one out', async () => {
    const h = createHarness('admin');
    const api = createPastesApi(h.client);
    await api.adminList({ page: 2, limit: 20, q: 'notes', tag: ' Work Log ' });
    expect(h.last().url).toBe(`${BASE}/api/admin/pastes?page=2&limit=20&q=notes&tag=Work+Log`);
    await api.adminList({ tag: '  ' });
    expect(h.last().url).toBe(`${BASE}/api/admin/pastes?page=1&limit=10`);
    loginApiKey(h);
    await api.userList({ limit: 10, offset: 10, tag: '工作' });
    expect(h.last().url).toBe(`${BASE}/api/user/pastes?limit=10&offset=10&tag=${encodeURIComponent('工作')}`);
    await api.userList({ tag: '' });
    expect(h.last().url).toBe(`${BASE}/api/user/pastes?limit=10&offset=0`);
  });

  it('lists the admin’s and the key’s tag counts from /paste-tags, [] when there is no data', async () => {
    const h = createHarness('admin');
    const api = createPastesApi(h.client);
    const counts = [
      { tag: 'work', count: 3 },
      { tag: '笔记', count: 1 },
    ];
    h.reply(envelope(counts));
    expect(await api.adminTags()).toEqual(counts);
    expect(h.last()).toMatchObject({ method: 'GET', url: `${BASE}/api/admin/paste-tags` });
    loginApiKey(h);
    h.reply(envelope([{ tag: 'mine', count: 2 }]));
    expect(await api.userTags()).toEqual([{ tag: 'mine', count: 2 }]);
    expect(h.last()).toMatchObject({ method: 'GET', url: `${BASE}/api/user/paste-tags` });
    expect(h.last().headers.Authorization).toBe(`ApiKey ${API_KEY}`);
    h.reply(envelope(null));
    expect(await api.userTags()).toEqual([]);
  });

  it('sends tags in create and update bodies exactly as given ([] included) and none when absent', async () => {
    const h = createHarness('admin');
    const api = createPastesApi(h.client);
    h.reply({ body: { id: 'p1', slug: 'abc', hasPassword: false, createdAt: 'x', authorizedBy: 'admin' } });
    await api.create({ content: 'hi', tags: ['Work', 'notes'] });
    expect(h.last().body).toEqual({ content: 'hi', tags: ['Work', 'notes'] });
    h.reply(envelope({ id: 'p1', slug: 'abc' }));
    await api.adminUpdate('abc', { content: 'hi', tags: [] });
    expect(h.last().body).toEqual({ content: 'hi', tags: [] });
    h.reply(envelope({ id: 'p1', slug: 'abc' }));
    await api.adminUpdate('abc', { content: 'hi' });
    expect(h.last().body).not.toHaveProperty('tags');
    loginApiKey(h);
    h.reply(envelope({ id: 'p1', slug: 'abc' }));
    await api.userUpdate('abc', { content: 'hi', tags: ['a'] });
    expect(h.last()).toMatchObject({ method: 'PUT', url: `${BASE}/api/user/pastes/abc`, body: { content: 'hi', tags: ['a'] } });
  });

  it('updates an admin paste by slug and returns the possibly new slug', async () => {
    const h = createHarness('admin');
    h.reply({ body: { code: 200, message: 'ok', data: { id: 'p1', slug: 'new-slug' } } });
    const body = { content: 'text', remark: null, newSlug: 'new-slug', clearPassword: true };
    const result = await createPastesApi(h.client).adminUpdate('old', body);
    expect(h.last()).toMatchObject({ method: 'PUT', url: `${BASE}/api/admin/pastes/old`, body });
    expect(result).toEqual({ id: 'p1', slug: 'new-slug' });
  });

  it('sends batch delete ids and the legacy clear-expired body', async () => {
    const h = createHarness('admin');
    const api = createPastesApi(h.client);
    h.reply({ body: { code: 200, message: '已删除 2 条' } });
    const message = await api.adminBatchRemove(['a', 'b']);
    expect(h.last()).toMatchObject({ method: 'POST', url: `${BASE}/api/admin/pastes/batch-delete`, body: { ids: ['a', 'b'] } });
    expect(message.message).toBe('已删除 2 条');
    await api.adminClearExpired();
    expect(h.last()).toMatchObject({ method: 'POST', url: `${BASE}/api/admin/pastes/clear-expired`, body: { clearExpired: true } });
  });

  it('gets and deletes admin pastes by id', async () => {
    const h = createHarness('admin');
    const api = createPastesApi(h.client);
    h.reply(envelope({ id: 'p1', slug: 'abc', content: 'x', has_password: 1, plain_password: 'pw' }));
    expect((await api.adminGet('p1')).plain_password).toBe('pw');
    expect(h.last().url).toBe(`${BASE}/api/admin/pastes/p1`);
    await api.adminRemove('p1');
    expect(h.last()).toMatchObject({ method: 'DELETE', url: `${BASE}/api/admin/pastes/p1` });
  });

  it('lists user pastes with limit 10 offset 0 by default and returns pagination and key_info', async () => {
    const h = createHarness('apiKey');
    const pagination = { total: 1, limit: 10, offset: 0, hasMore: false };
    const keyInfo = KEY_INFO;
    h.reply(envelope([{ id: 'p1', slug: 'abc', content: 'full', has_password: 0 }], { pagination, key_info: keyInfo }));
    const result = await createPastesApi(h.client).userList();
    expect(h.last().url).toBe(`${BASE}/api/user/pastes?limit=10&offset=0`);
    expect(h.last().headers.Authorization).toBe(`ApiKey ${API_KEY}`);
    expect(result.pagination).toEqual(pagination);
    expect(result.key_info).toEqual(keyInfo);
    expect(result.data[0]?.content).toBe('full');
  });

  it('updates user pastes by slug and deletes them by id', async () => {
    const h = createHarness('apiKey');
    const api = createPastesApi(h.client);
    h.reply(envelope({ id: 'p1', slug: 'abc' }));
    await api.userUpdate('abc', { content: 'new' });
    expect(h.last()).toMatchObject({ method: 'PUT', url: `${BASE}/api/user/pastes/abc`, body: { content: 'new' } });
    await api.userRemove('p1');
    expect(h.last()).toMatchObject({ method: 'DELETE', url: `${BASE}/api/user/pastes/p1` });
    await api.userBatchRemove(['p1']);
    expect(h.last()).toMatchObject({ method: 'POST', url: `${BASE}/api/user/pastes/batch-delete`, body: { ids: ['p1'] } });
  });
});
