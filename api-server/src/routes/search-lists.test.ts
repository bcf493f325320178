import { SEARCH_MAX_TERMS, SEARCH_QUERY_MAX_LENGTH } from '@cloudclip/contract';
import { apiKeyCreator } from '../auth/ownership';
import { pasteKeyHoldersForEachTest } from '../testing/paste-key-holders';
import { seedFiles, seedPastes, seedSearchConfig, seededTime } from '../testing/search-seed';

interface Listed {
  status: number;
  body: Record<string, unknown>;
}

describe('q on the paste and file lists (issue 16)', () => {
  const env = pasteKeyHoldersForEachTest('2026-03-01T08:00:00.000Z', {
    alice: { text: true, file: true },
    bob: { text: true, file: true },
  });
  const { as, create } = env;

  beforeEach(async () => {
    await seedSearchConfig(env.t.container.db);
  });

  const get = async (url: string, headers: Record<string, string>): Promise<Listed> => {
    const response = await env.t.app.inject({ method: 'GET', url, headers });
    return { status: response.statusCode, body: response.json() as Record<string, unknown> };
  };
  const slugsOf = (body: Record<string, unknown>, field: 'data' | 'files') => {
    const items = field === 'data' ? (body.data as Array<{ slug: string }>) : (body.data as { files: Array<{ slug: string }> }).files;
    return items.map((item) => item.slug);
  };

  it('filters the admin paste list by every term, keeping order, paging and totals', async () => {
    for (let index = 0; index < 5; index += 1) await create({ content: `weekly report ${index}`, slug: `report-${index}` }, env.admin);
    await create({ content: 'monthly REPORT', slug: 'monthly' }, env.admin);
    await create({ content: 'unrelated', slug: 'other' }, env.admin);

    const all = await get('/api/admin/pastes?q=report', env.admin);
    expect(all.status).toBe(200);
    expect(slugsOf(all.body, 'data')).toEqual(['monthly', 'report-4', 'report-3', 'report-2', 'report-1', 'report-0']);
    expect(all.body.pagination).toEqual({ total: 6, page: 1, limit: 10, totalPages: 1 });

    const page = await get('/api/admin/pastes?q=weekly%20report&page=2&limit=2', env.admin);
    expect(slugsOf(page.body, 'data')).toEqual(['report-2', 'report-1']);
    expect(page.body.pagination).toEqual({ total: 5, page: 2, limit: 2, totalPages: 3 });

    const blank = await get('/api/admin/pastes?q=%20%20', env.admin);
    expect((blank.body.pagination as { total: number }).total).toBe(7);
  });

  it('lets a key holder find only their own pastes and files', async () => {
    await create({ content: 'project alpha notes', slug: 'alice-paste' }, as(env.alice));
    await create({ content: 'project alpha notes', slug: 'bob-paste' }, as(env.bob));
    await create({ content: 'project alpha notes', slug: 'admin-paste' }, env.admin);
    await seedFiles(env.t.container.db, [
      { id: 'f-alice', slug: 'alice-file', filename: 'alpha.pdf', createdBy: apiKeyCreator(env.alice.id) },
      { id: 'f-bob', slug: 'bob-file', filename: 'alpha.pdf', createdBy: apiKeyCreator(env.bob.id) },
      { id: 'f-admin', slug: 'admin-file', filename: 'alpha.pdf', createdBy: 'admin' },
    ]);

    const pastes = await get('/api/user/pastes?q=alpha', as(env.alice));
    expect(slugsOf(pastes.body, 'data')).toEqual(['alice-paste']);
    expect(pastes.body.pagination).toEqual({ total: 1, limit: 30, offset: 0, hasMore: false });
    // Another key's slug does not reveal its row either.
    expect(slugsOf((await get('/api/user/pastes?q=bob-paste', as(env.alice))).body, 'data')).toEqual([]);

    const files = await get('/api/user/files?q=alpha', as(env.alice));
    expect(slugsOf(files.body, 'files')).toEqual(['alice-file']);
    expect((files.body.data as { pagination: unknown }).pagination).toEqual({ total: 1, limit: 30, offset: 0, hasMore: false });
    expect(slugsOf((await get('/api/user/files?q=admin-file', as(env.alice))).body, 'files')).toEqual([]);

    // The admin list sees every row.
    expect(slugsOf((await get('/api/admin/files?q=alpha.PDF', env.admin)).body, 'files')).toEqual(['admin-file', 'bob-file', 'alice-file']);
  });

  it('filters the admin file list by slug, filename and remark with offset paging', async () => {
    await seedFiles(env.t.container.db, [
      { id: 'a', slug: 'invoice-1', filename: 'x.bin', createdAt: seededTime(1) },
      { id: 'b', filename: 'Invoice-March.pdf', createdAt: seededTime(2) },
      { id: 'c', filename: 'y.bin', remark: '三月 invoice 发票', createdAt: seededTime(3) },
      { id: 'd', filename: 'z.bin', createdAt: seededTime(4) },
    ]);
    const all = await get('/api/admin/files?q=INVOICE', env.admin);
    expect(slugsOf(all.body, 'files')).toEqual(['c', 'b', 'invoice-1']);
    expect((all.body.data as { pagination: unknown }).pagination).toEqual({ total: 3, limit: 30, offset: 0 });
    const second = await get('/api/admin/files?q=invoice&limit=1&offset=1', env.admin);
    expect(slugsOf(second.body, 'files')).toEqual(['b']);
    expect(slugsOf((await get('/api/admin/files?q=发票', env.admin)).body, 'files')).toEqual(['c']);
  });

  it('finds an encrypted paste by its remark, never by its content', async () => {
    const envelope = JSON.stringify({
      v: 1,
      alg: 'aes-256-gcm',
      iv: 'AAAAAAAAAAAAAAAA',
      ct: 'c2VhcmNoYWJsZUNpcGhlcnRleHRCeXRlc0hlcmU',
    });
    await seedPastes(env.t.container.db, [
      { id: 'enc', slug: 'enc-slug', remark: 'holiday plans', content: envelope, encryption: 'aes-256-gcm/v1', createdBy: 'admin' },
    ]);
    expect(slugsOf((await get('/api/admin/pastes?q=holiday', env.admin)).body, 'data')).toEqual(['enc-slug']);
    expect(slugsOf((await get('/api/admin/pastes?q=c2VhcmNoYWJsZUNp', env.admin)).body, 'data')).toEqual([]);
    expect(slugsOf((await get('/api/admin/pastes?q=aes-256-gcm', env.admin)).body, 'data')).toEqual([]);
  });

  it('keeps the results current after an update, a slug rename, a delete, a batch delete and clearing expired pastes', async () => {
    const first = await create({ content: 'original words', slug: 'first' }, env.admin);
    const second = await create({ content: 'second words', slug: 'second' }, env.admin);
    const third = await create({ content: 'third words', slug: 'third' }, env.admin);
    const q = async (query: string) => slugsOf((await get(`/api/admin/pastes?q=${encodeURIComponent(query)}`, env.admin)).body, 'data');

    const update = await env.t.app.inject({
      method: 'PUT',
      url: '/api/admin/pastes/first',
      headers: env.admin,
      payload: { content: 'edited words', remark: 'new remark', newSlug: 'renamed' },
    });
    expect(update.statusCode).toBe(200);
    expect(await q('original')).toEqual([]);
    expect(await q('first')).toEqual([]);
    expect(await q('edited renamed')).toEqual(['renamed']);
    expect(await q('remark')).toEqual(['renamed']);

    expect((await env.t.app.inject({ method: 'DELETE', url: `/api/admin/pastes/${second.id}`, headers: env.admin })).statusCode).toBe(200);
    expect(await q('second')).toEqual([]);
    const batch = await env.t.app.inject({
      method: 'POST',
      url: '/api/admin/pastes/batch-delete',
      headers: env.admin,
      payload: { ids: [third.id, first.id] },
    });
    expect(batch.statusCode).toBe(200);
    expect(await q('words')).toEqual([]);

    await seedPastes(env.t.container.db, [
      { id: 'expired', content: 'stale words', expiresAt: '2026-01-01T00:00:00.000Z' },
      { id: 'fresh', content: 'stale but fresh', expiresAt: '2027-01-01T00:00:00.000Z' },
    ]);
    expect(await q('stale')).toEqual(['fresh', 'expired']);
    expect((await env.t.app.inject({ method: 'POST', url: '/api/admin/pastes/clear-expired', headers: env.admin })).statusCode).toBe(200);
    expect(await q('stale')).toEqual(['fresh']);
  });

  it('refuses a query that is too long or has too many terms on all four lists, in both languages', async () => {
    const tooLong = encodeURIComponent('x'.repeat(SEARCH_QUERY_MAX_LENGTH + 1));
    const tooMany = encodeURIComponent(Array.from({ length: SEARCH_MAX_TERMS + 1 }, (_, index) => `t${index}`).join(' '));
    const lists = [
      ['/api/admin/pastes', env.admin],
      ['/api/user/pastes', as(env.alice)],
      ['/api/admin/files', env.admin],
      ['/api/user/files', as(env.alice)],
      // An admin on a user list gets the same answer as a key holder.
      ['/api/user/pastes', env.admin],
    ] as const;
    for (const [url, headers] of lists) {
      const long = await get(`${url}?q=${tooLong}`, headers);
      expect({ url, status: long.status, code: long.body.code }).toEqual({ url, status: 400, code: 400 });
      expect(long.body.message).toContain(String(SEARCH_QUERY_MAX_LENGTH));
      const many = await get(`${url}?q=${tooMany}`, { ...headers, 'accept-language': 'en-US' });
      expect({ url, status: many.status }).toEqual({ url, status: 400 });
      expect(many.body.message).toBe(`Too many search terms: at most ${SEARCH_MAX_TERMS} (separated by spaces)`);
    }
    const exactlyMax = encodeURIComponent('x'.repeat(SEARCH_QUERY_MAX_LENGTH));
    expect((await get(`/api/admin/pastes?q=${exactlyMax}`, env.admin)).status).toBe(200);
    const zh = await get(`/api/admin/pastes?q=${tooLong}`, env.admin);
    expect(zh.body.message).toBe(`搜索内容过长，最多 ${SEARCH_QUERY_MAX_LENGTH} 个字符`);
  });
});
