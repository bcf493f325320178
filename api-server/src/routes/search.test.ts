import { ADMIN_SEARCH_PAGE, SEARCH_SNIPPET_LENGTH, type AdminSearchData, type AdminSearchHit } from '@cloudclip/contract';
import { guardOutcomes, PermissionMatrix } from '../testing/permission-matrix';
import { seedFiles, seedPastes, seedSearchConfig, seededTime } from '../testing/search-seed';
import { bearer, createTestApp, loginAsAdmin, removeTempDir, type TestApp } from '../testing/test-app';

const ENVELOPE = JSON.stringify({ v: 1, alg: 'aes-256-gcm', iv: 'AAAAAAAAAAAAAAAA', ct: 'bGFudGVybkNpcGhlcnRleHRCeXRlcw' });

describe('GET /api/admin/search (issue 16)', () => {
  let t: TestApp;
  let admin: Record<string, string>;

  beforeEach(async () => {
    t = await createTestApp();
    admin = bearer(await loginAsAdmin(t.app));
    await seedSearchConfig(t.container.db);
  });

  afterEach(async () => {
    await t.close();
    removeTempDir(t.dataDir);
  });

  const search = async (query: string, headers: Record<string, string> = admin) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/admin/search?${query}`, headers });
    return {
      status: response.statusCode,
      body: response.json() as { code: number; message: string; success: boolean; data: AdminSearchData },
    };
  };
  const keysOf = (items: AdminSearchHit[]) => items.map((hit) => `${hit.kind}:${hit.slug}`);

  it('is for the admin only', async () => {
    const matrix = new PermissionMatrix(t);
    expect(await matrix.outcomes({ method: 'GET', url: '/api/admin/search?q=x' })).toEqual(guardOutcomes('admin'));
  });

  it('lists pastes and files matching every term, newest first, in the E envelope', async () => {
    await seedPastes(t.container.db, [
      { id: 'p-old', content: 'lantern festival photos', remark: 'Family', createdAt: seededTime(1), createdBy: 'admin' },
      { id: 'p-enc', remark: 'lantern (encrypted)', content: ENVELOPE, encryption: 'aes-256-gcm/v1', createdAt: seededTime(3) },
      { id: 'p-none', content: 'nothing to see', createdAt: seededTime(5) },
    ]);
    await seedFiles(t.container.db, [
      { id: 'f-new', filename: 'Lantern-Photos.zip', createdAt: seededTime(4), createdBy: 'apikey:k1' },
      { id: 'f-old', filename: 'other.zip', remark: 'photos only', createdAt: seededTime(2) },
    ]);

    const { status, body } = await search('q=lantern');
    expect(status).toBe(200);
    expect(body).toMatchObject({ code: 200, success: true });
    expect(keysOf(body.data.items)).toEqual(['file:f-new', 'paste:p-enc', 'paste:p-old']);
    expect(body.data.pagination).toEqual({ total: 3, page: 1, limit: ADMIN_SEARCH_PAGE.limit, totalPages: 1 });
    const [file, encrypted, plain] = body.data.items;
    expect(file).toEqual({
      kind: 'file',
      id: 'f-new',
      slug: 'f-new',
      title: 'Lantern-Photos.zip',
      snippet: 'Lantern-Photos.zip',
      has_password: 0,
      created_by: 'apikey:k1',
      created_at: seededTime(4),
    });
    expect(encrypted).toMatchObject({ kind: 'paste', title: 'lantern (encrypted)', snippet: '', encrypted: true });
    expect(plain).toMatchObject({
      kind: 'paste',
      title: 'Family',
      snippet: 'lantern festival photos',
      encrypted: false,
      created_by: 'admin',
    });

    expect(keysOf((await search('q=LANTERN%20photos')).body.data.items)).toEqual(['file:f-new', 'paste:p-old']);
    expect(keysOf((await search('q=photos&type=file')).body.data.items)).toEqual(['file:f-new', 'file:f-old']);
    expect(keysOf((await search('q=photos&type=paste')).body.data.items)).toEqual(['paste:p-old']);
    expect(keysOf((await search('q=photos&type=all')).body.data.items)).toEqual(['file:f-new', 'file:f-old', 'paste:p-old']);
    // The ciphertext of the encrypted paste is not searched.
    expect((await search('q=bGFudGVybkNp')).body.data.items).toEqual([]);
  });

  it('pages the hits with the defaults, a given page and limit, and caps the limit', async () => {
    await seedPastes(
      t.container.db,
      Array.from({ length: 25 }, (_, index) => ({
        id: `p${String(index).padStart(2, '0')}`,
        content: 'common words',
        createdAt: seededTime(index),
      })),
    );
    await seedFiles(
      t.container.db,
      Array.from({ length: 5 }, (_, index) => ({ id: `f${index}`, filename: 'common.txt', createdAt: seededTime(100 + index) })),
    );
    const first = (await search('q=common')).body.data;
    expect(first.items).toHaveLength(20);
    expect(first.pagination).toEqual({ total: 30, page: 1, limit: 20, totalPages: 2 });
    expect(keysOf(first.items.slice(0, 6))).toEqual(['file:f4', 'file:f3', 'file:f2', 'file:f1', 'file:f0', 'paste:p24']);

    const third = (await search('q=common&page=3&limit=7')).body.data;
    expect(keysOf(third.items)).toEqual(['paste:p15', 'paste:p14', 'paste:p13', 'paste:p12', 'paste:p11', 'paste:p10', 'paste:p09']);
    expect(third.pagination).toEqual({ total: 30, page: 3, limit: 7, totalPages: 5 });

    const capped = (await search(`q=common&limit=${ADMIN_SEARCH_PAGE.maxLimit + 50}`)).body.data;
    expect(capped.pagination.limit).toBe(ADMIN_SEARCH_PAGE.maxLimit);
    expect(capped.items).toHaveLength(30);

    const beyond = (await search('q=common&page=9')).body.data;
    expect(beyond).toEqual({ items: [], pagination: { total: 30, page: 9, limit: 20, totalPages: 2 } });
  });

  it('gives exact totals after every kind of write, also when the same search was just counted', async () => {
    await seedPastes(t.container.db, [{ id: 'p1', content: 'walnut cake', createdAt: seededTime(1) }]);
    await seedFiles(t.container.db, [{ id: 'f1', filename: 'walnut.txt', createdAt: seededTime(2) }]);
    const totalOf = async (query = 'q=walnut') => {
      const { body } = await search(query);
      return { total: body.data.pagination.total, keys: keysOf(body.data.items) };
    };
    expect(await totalOf()).toEqual({ total: 2, keys: ['file:f1', 'paste:p1'] });
    expect(await totalOf()).toEqual({ total: 2, keys: ['file:f1', 'paste:p1'] });

    const created = await t.app.inject({ method: 'POST', url: '/api/paste', headers: admin, payload: { content: 'more walnut' } });
    expect(created.statusCode).toBeLessThan(300);
    expect((await totalOf()).total).toBe(3);
    expect((await totalOf('q=walnut&type=paste')).total).toBe(2);

    await t.container.db.updateTable('pastes').set({ content: 'plain cake' }).where('id', '=', 'p1').execute();
    expect(await totalOf('q=walnut&type=paste')).toMatchObject({ total: 1 });
    await t.container.db.deleteFrom('files').where('id', '=', 'f1').execute();
    expect((await totalOf()).total).toBe(1);
    expect((await totalOf('q=walnut&type=file')).total).toBe(0);
    await seedFiles(t.container.db, [{ id: 'f2', filename: 'walnut-2.txt', createdAt: seededTime(3) }]);
    expect(await totalOf('q=walnut&type=file')).toEqual({ total: 1, keys: ['file:f2'] });
  });

  it('cuts snippets around the first match of the first term, with an ellipsis at each cut end', async () => {
    const long = `${'a'.repeat(300)} marker in the middle ${'b'.repeat(300)}`;
    await seedPastes(t.container.db, [
      { id: 'long', content: long, createdAt: seededTime(1) },
      { id: 'short', content: 'the marker\n\n  at   the start', createdAt: seededTime(2) },
      { id: 'marker-slug', content: 'no match in the text', remark: 'none here', createdAt: seededTime(3) },
      { id: 'remark', content: 'plain', remark: 'a remark with the MARKER', createdAt: seededTime(4) },
    ]);
    const items = (await search('q=marker')).body.data.items;
    const snippets = new Map(items.map((hit) => [hit.slug, hit.snippet]));
    const cut = snippets.get('long') ?? '';
    expect(Array.from(cut)).toHaveLength(SEARCH_SNIPPET_LENGTH);
    expect(cut.startsWith('…aaa')).toBe(true);
    expect(cut.endsWith('b…')).toBe(true);
    expect(cut).toContain('marker in the middle');
    expect(snippets.get('short')).toBe('the marker at the start');
    expect(snippets.get('marker-slug')).toBe('');
    expect(snippets.get('remark')).toBe('a remark with the MARKER');
  });

  it('answers 400 for a blank query, a refused query and an unknown type', async () => {
    const blank = await search('q=%20%20');
    expect(blank.status).toBe(400);
    expect(blank.body).toMatchObject({ code: 400, success: false, message: '请输入要搜索的内容' });
    expect((await search('type=all')).status).toBe(400);
    const english = await t.app.inject({ method: 'GET', url: '/api/admin/search?q=', headers: { ...admin, 'accept-language': 'en-US' } });
    expect(english.json()).toMatchObject({ message: 'Enter something to search for' });

    const badType = await search('q=x&type=folder');
    expect(badType.status).toBe(400);
    expect(badType.body.message).toBe('搜索类型无效，可选 paste、file 或 all');
    expect((await search(`q=${'y'.repeat(201)}`)).status).toBe(400);
    expect((await search(`q=${encodeURIComponent('a b c d e f g h i')}`)).status).toBe(400);
  });
});
