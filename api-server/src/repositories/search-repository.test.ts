import { searchTermsOf, type SearchKind } from '@cloudclip/contract';
import { sql } from 'kysely';
import { searchAccessFor, SPARSE_MATCHES, termIndexOf } from '../db/search-sql';
import { POSTGRES_SEARCH_INDEXES, searchDatabaseForEachTest, seedFiles, seedPastes, seededTime } from '../testing/search-seed';
import { SearchRepository } from './search-repository';

/** Base64url ciphertext: its trigrams must never reach the index. */
const CIPHERTEXT = 'QmVyZ2tyaXN0YWxsU2VjcmV0Q2lwaGVydGV4dA';
const ENVELOPE = JSON.stringify({ v: 1, alg: 'aes-256-gcm', iv: 'AAAAAAAAAAAAAAAA', ct: CIPHERTEXT });

describe('search over pastes and file shares (SQLite FTS5 trigram / PostgreSQL pg_trgm)', () => {
  const env = searchDatabaseForEachTest();
  let search: SearchRepository;

  beforeEach(() => {
    search = new SearchRepository(env.database.db);
  });

  async function pasteIds(q: string, createdBy?: string): Promise<string[]> {
    const terms = searchTermsOf(q);
    const rows = await env.pastes.listSummaries({ createdBy, terms, limit: 100, offset: 0 }, 10);
    expect(await env.pastes.count(createdBy, terms)).toBe(rows.length);
    return rows.map((row) => row.id);
  }

  async function fileIds(q: string): Promise<string[]> {
    const terms = searchTermsOf(q);
    const rows = await env.files.list({ terms, limit: 100, offset: 0 });
    expect(await env.files.count({ terms })).toBe(rows.length);
    return rows.map((row) => row.id);
  }

  it('matches every term as a case-insensitive substring of slug, remark or content, newest first', async () => {
    await seedPastes(env.database.db, [
      { id: 'p-slug', slug: 'QuarterlyReport', content: 'nothing here' },
      { id: 'p-remark', remark: 'Budget QUARTERLY notes', content: 'body' },
      { id: 'p-content', content: '# Title\n\nthe quarterly budget is due' },
      { id: 'p-other', content: 'unrelated text' },
    ]);
    expect(await pasteIds('quarterly')).toEqual(['p-content', 'p-remark', 'p-slug']);
    expect(await pasteIds('QUARTERLY budget')).toEqual(['p-content', 'p-remark']);
    expect(await pasteIds('quarterly missing')).toEqual([]);
    // Terms may sit in different fields: slug and content.
    expect(await pasteIds('report nothing')).toEqual(['p-slug']);
    // Short terms (no trigram) match too, and combine with long ones.
    expect(await pasteIds('ue')).toEqual(['p-content']);
    expect(await pasteIds('qu is')).toEqual(['p-content']);
    expect(await pasteIds('')).toEqual(['p-other', 'p-content', 'p-remark', 'p-slug']);
  });

  it('matches Chinese terms of two and of three or more characters without a segmenter', async () => {
    await seedPastes(env.database.db, [
      { id: 'zh-content', content: '这是一个剪贴板服务的说明' },
      { id: 'zh-remark', remark: '会议纪要：剪贴板', content: 'x' },
      { id: 'zh-none', content: '完全无关的内容' },
    ]);
    expect(await pasteIds('贴板')).toEqual(['zh-remark', 'zh-content']);
    expect(await pasteIds('贴板服')).toEqual(['zh-content']);
    expect(await pasteIds('剪贴板 纪要')).toEqual(['zh-remark']);
    expect(await pasteIds('服务的说明')).toEqual(['zh-content']);
  });

  it('takes %, _ and \\ in a query literally', async () => {
    await seedPastes(env.database.db, [
      { id: 'percent', content: 'discount 50% today' },
      { id: 'underscore', content: 'my_var = 1' },
      { id: 'backslash', content: 'C:\\temp\\x' },
      { id: 'plain', content: 'discount 50 today, myXvar' },
    ]);
    expect(await pasteIds('%')).toEqual(['percent']);
    expect(await pasteIds('50%')).toEqual(['percent']);
    expect(await pasteIds('_')).toEqual(['underscore']);
    expect(await pasteIds('y_v')).toEqual(['underscore']);
    expect(await pasteIds('\\')).toEqual(['backslash']);
    expect(await pasteIds(':\\t')).toEqual(['backslash']);
    expect(await pasteIds('"')).toEqual([]);
  });

  it('never matches the content of an encrypted paste, but does match its remark and slug', async () => {
    await seedPastes(env.database.db, [
      { id: 'enc', slug: 'secret-note', remark: 'tax papers', content: ENVELOPE, encryption: 'aes-256-gcm/v1' },
      { id: 'plain', content: `quoting ${CIPHERTEXT.slice(0, 12)} on purpose` },
    ]);
    expect(await pasteIds(CIPHERTEXT)).toEqual([]);
    expect(await pasteIds(CIPHERTEXT.slice(0, 12))).toEqual(['plain']);
    expect(await pasteIds('aes-256')).toEqual([]);
    expect(await pasteIds('iv')).toEqual([]);
    expect(await pasteIds('tax')).toEqual(['enc']);
    expect(await pasteIds('secret-note')).toEqual(['enc']);
  });

  it('keeps the index current through updates of content, remark, slug and encryption', async () => {
    await seedPastes(env.database.db, [{ id: 'p', slug: 'first-slug', content: 'alpha text', remark: 'old remark' }]);
    expect(await pasteIds('alpha')).toEqual(['p']);

    await env.pastes.update('p', { content: 'bravo text' });
    expect(await pasteIds('alpha')).toEqual([]);
    expect(await pasteIds('bravo')).toEqual(['p']);

    await env.pastes.update('p', { remark: 'fresh remark' });
    expect(await pasteIds('old')).toEqual([]);
    expect(await pasteIds('fresh')).toEqual(['p']);

    await env.pastes.update('p', { slug: 'renamed-slug' });
    expect(await pasteIds('first-slug')).toEqual([]);
    expect(await pasteIds('renamed')).toEqual(['p']);

    await env.pastes.update('p', { encryption: 'aes-256-gcm/v1', content: ENVELOPE });
    expect(await pasteIds('bravo')).toEqual([]);
    expect(await pasteIds(CIPHERTEXT)).toEqual([]);
    expect(await pasteIds('fresh')).toEqual(['p']);

    // A view count does not touch the searched fields.
    await env.pastes.incrementViews('p');
    expect(await pasteIds('renamed fresh')).toEqual(['p']);
  });

  it('drops deleted, batch-deleted and burned pastes from the index', async () => {
    await seedPastes(env.database.db, [
      { id: 'a', content: 'gone zulu one' },
      { id: 'b', content: 'gone zulu two' },
      { id: 'c', content: 'gone zulu three' },
      { id: 'd', content: 'gone zulu four' },
      { id: 'e', content: 'kept zulu five' },
    ]);
    expect(await env.pastes.deleteById('a')).toBe(true);
    expect(await env.pastes.deleteByIds(['b', 'c'])).toBe(2);
    expect((await env.pastes.burnById('d'))?.content).toBe('gone zulu four');
    expect(await pasteIds('zulu')).toEqual(['e']);
    expect(await pasteIds('gone')).toEqual([]);
    // Ids whose index entries were removed are not found again when new rows arrive.
    await seedPastes(env.database.db, [{ id: 'f', content: 'new zulu six', createdAt: seededTime(30) }]);
    expect(await pasteIds('zulu')).toEqual(['f', 'e']);
  });

  it('matches files by slug, filename and remark, and keeps their index current', async () => {
    await seedFiles(env.database.db, [
      { id: 'f-name', filename: 'Holiday-Photos.ZIP' },
      { id: 'f-remark', filename: 'a.bin', remark: '年度报告 draft' },
      { id: 'f-slug', slug: 'photos-2026', filename: 'b.bin' },
    ]);
    expect(await fileIds('photos')).toEqual(['f-slug', 'f-name']);
    expect(await fileIds('.zip holiday')).toEqual(['f-name']);
    expect(await fileIds('报告')).toEqual(['f-remark']);
    expect(await fileIds('年度报告 DRAFT')).toEqual(['f-remark']);

    await env.files.update('f-name', { filename: 'renamed.tar', slug: 'other-slug' });
    expect(await fileIds('holiday')).toEqual([]);
    expect(await fileIds('renamed')).toEqual(['f-name']);
    expect(await env.files.deleteById('f-slug')).toBe(true);
    expect(await fileIds('photos')).toEqual([]);
    expect(await env.files.deleteByStorageKey('search-seed-config', 'seed/f-remark')).toBe(1);
    expect(await fileIds('报告')).toEqual([]);
  });

  it('limits the lists to one creator when asked', async () => {
    await seedPastes(env.database.db, [
      { id: 'mine', content: 'shared word', createdBy: 'apikey:k1' },
      { id: 'theirs', content: 'shared word', createdBy: 'apikey:k2' },
      { id: 'admin', content: 'shared word', createdBy: 'admin:x' },
    ]);
    expect(await pasteIds('shared', 'apikey:k1')).toEqual(['mine']);
  });

  it('pages hits across both kinds newest first, counts them, and reads snippet windows of the page only', async () => {
    await seedPastes(env.database.db, [
      { id: 'p1', content: `${'x'.repeat(100)} needle in the content ${'y'.repeat(300)}`, createdAt: seededTime(1) },
      { id: 'p2', remark: 'needle remark', content: ENVELOPE, encryption: 'aes-256-gcm/v1', createdAt: seededTime(3) },
      { id: 'needle-slug', content: 'no match inside', createdAt: seededTime(5) },
    ]);
    await seedFiles(env.database.db, [
      { id: 'f1', filename: 'needle.txt', createdAt: seededTime(2) },
      { id: 'f2', filename: 'x.bin', remark: 'a needle here', createdAt: seededTime(4) },
    ]);
    expect(await search.count(['needle'], ['paste', 'file'])).toBe(5);
    expect(await search.count(['needle'], ['file'])).toBe(2);
    const page = await search.page(['needle'], ['paste', 'file'], { limit: 3, offset: 0 });
    expect(page.map((hit) => `${hit.kind}:${hit.id}`)).toEqual(['paste:needle-slug', 'file:f2', 'paste:p2']);
    const rest = await search.page(['needle'], ['paste', 'file'], { limit: 3, offset: 3, matches: { paste: 3, file: 2 } });
    expect(rest.map((hit) => `${hit.kind}:${hit.id}`)).toEqual(['file:f1', 'paste:p1']);

    const details = await search.pasteDetails(['p1', 'p2', 'needle-slug'], 'NEEDLE');
    const byId = new Map(details.map((detail) => [detail.id, detail]));
    expect(byId.get('p1')?.snippet).toMatchObject({ position: 102, start: 62, fieldLength: 100 + 23 + 300 });
    expect(byId.get('p1')?.snippet?.window.startsWith('x'.repeat(39) + ' needle')).toBe(true);
    expect(byId.get('p2')).toMatchObject({ encrypted: true, snippet: null, title: 'needle remark' });
    expect(byId.get('needle-slug')?.snippet).toBeNull();
    const fileDetails = await search.fileDetails(['f1', 'f2'], 'needle');
    expect(new Map(fileDetails.map((detail) => [detail.id, detail.snippet?.window]))).toEqual(
      new Map([
        ['f1', 'needle.txt'],
        ['f2', 'a needle here'],
      ]),
    );
  });

  it("pages both kinds newest first whatever each kind's plan, with ties by id and pastes before files", async () => {
    // Pairs of pastes share a creation time, file i has paste 2i's time and id; hits spread unevenly.
    const id = (kind: string, index: number) => `${kind}${String(index).padStart(3, '0')}`;
    await seedPastes(
      env.database.db,
      Array.from({ length: 40 }, (_, index) => ({
        id: id('p', index),
        content: index % 4 === 3 ? 'filler' : `kiwi note ${index}`,
        createdAt: seededTime(Math.floor(index / 2)),
      })),
    );
    await seedFiles(
      env.database.db,
      Array.from({ length: 25 }, (_, index) => ({
        id: id('p', index * 2),
        filename: index % 5 === 4 ? 'other.bin' : `kiwi-${index}.txt`,
        createdAt: seededTime(index),
      })),
    );
    const terms = ['kiwi'];
    const counts = { paste: await search.countOf(terms, 'paste'), file: await search.countOf(terms, 'file') };
    expect(counts).toEqual({ paste: 30, file: 20 });
    // Expected: every hit of both kinds sorted in the database by the list's order.
    const { rows } = await sql<{ kind: SearchKind; id: string }>`
      SELECT kind, id FROM (
        SELECT 'paste' AS kind, id, created_at FROM pastes WHERE content LIKE '%kiwi%'
        UNION ALL SELECT 'file' AS kind, id, created_at FROM files WHERE filename LIKE '%kiwi%'
      ) hits ORDER BY created_at DESC, id DESC, kind DESC`.execute(env.database.db);
    const all = rows.map((row) => `${row.kind}:${row.id}`);
    expect(all).toHaveLength(50);
    // A tie of a paste and a file with the same id and time lists the paste first.
    expect(all.indexOf('paste:p010')).toBe(all.indexOf('file:p010') - 1);
    const plans: Array<Partial<Record<SearchKind, number>> | undefined> = [
      undefined,
      counts,
      { paste: 30, file: SPARSE_MATCHES + 1 },
      { paste: SPARSE_MATCHES + 1, file: 20 },
      { paste: SPARSE_MATCHES + 1, file: SPARSE_MATCHES + 1 },
    ];
    for (const matches of plans) {
      for (const [limit, offset] of [
        [7, 0],
        [7, 14],
        [20, 25],
        [100, 0],
        [5, 48],
      ] as const) {
        const page = await search.page(terms, ['paste', 'file'], { limit, offset, ...(matches === undefined ? {} : { matches }) });
        expect({ matches, limit, offset, page: page.map((hit) => `${hit.kind}:${hit.id}`) }).toEqual({
          matches,
          limit,
          offset,
          page: all.slice(offset, offset + limit),
        });
      }
      const files = await search.page(terms, ['file'], { limit: 6, offset: 3, ...(matches === undefined ? {} : { matches }) });
      expect(files.map((hit) => `${hit.kind}:${hit.id}`)).toEqual(all.filter((key) => key.startsWith('file:')).slice(3, 9));
    }
    // A kind counted with no match is not read; a page past every match is empty.
    expect(
      (await search.page(terms, ['paste', 'file'], { limit: 5, offset: 0, matches: { paste: 30, file: 0 } })).map((hit) => hit.kind),
    ).toEqual(Array(5).fill('paste'));
    expect(await search.page(terms, ['paste', 'file'], { limit: 5, offset: 50, matches: counts })).toEqual([]);
  });

  it('reads sparse matches collected through the index only when a term is long enough for it', () => {
    expect(searchAccessFor(['kiwi'], 0)).toBe('collected');
    expect(searchAccessFor(['kiwi'], SPARSE_MATCHES)).toBe('collected');
    expect(searchAccessFor(['kiwi'], SPARSE_MATCHES + 1)).toBe('ordered');
    expect(searchAccessFor(['ki'], 3)).toBe('ordered');
    expect(searchAccessFor(['ki', '会议室'], 3)).toBe('collected');
    expect(searchAccessFor(['会议'], 3)).toBe('ordered');
    // pg_trgm: three letters or digits in a row; under the C classification only ASCII ones.
    expect(searchAccessFor(['服务器'], 3, 'trgm-ascii')).toBe('ordered');
    expect(searchAccessFor(['服务器'], 3, 'trgm-unicode')).toBe('collected');
    expect(searchAccessFor(['a.b'], 3, 'trgm-unicode')).toBe('ordered');
    expect(searchAccessFor(['a.b'], 3, 'fts5')).toBe('collected');
    expect(searchAccessFor(['.zip'], 3, 'trgm-ascii')).toBe('collected');
    expect(searchAccessFor(['服务器', 'ab1'], SPARSE_MATCHES + 1, 'trgm-unicode')).toBe('ordered');
  });

  it('knows which terms the search index of the database narrows', async () => {
    const index = await termIndexOf(env.database.db, env.database.engine);
    if (env.database.engine === 'SQLite') {
      expect(index).toBe('fts5');
      return;
    }
    const { rows } = await sql<{ lc_ctype: string }>`SHOW lc_ctype`.execute(env.database.db);
    expect(index).toBe(['C', 'POSIX'].includes(rows[0]?.lc_ctype ?? '') ? 'trgm-ascii' : 'trgm-unicode');
  });

  it('moves the write mark with every write to pastes and files, and keeps it while nothing is written', async () => {
    const marks: Array<string | null> = [await search.writeMark()];
    const moved = async () => {
      const mark = await search.writeMark();
      expect(mark).not.toBeNull();
      expect(marks).not.toContain(mark);
      marks.push(mark);
    };
    expect(marks[0]).not.toBeNull();
    if (env.database.engine === 'SQLite') {
      // (PostgreSQL: other sessions of the cluster write meanwhile, so only the moves are checked there.)
      expect(await search.writeMark()).toBe(marks[0]);
      await pasteIds('anything');
      expect(await search.writeMark()).toBe(marks[0]);
    }
    await seedPastes(env.database.db, [{ id: 'p', content: 'mark one' }]);
    await moved();
    await env.pastes.update('p', { content: 'mark two' });
    await moved();
    await seedFiles(env.database.db, [{ id: 'f', filename: 'mark.txt' }]);
    await moved();
    await env.files.update('f', { filename: 'renamed.txt' });
    await moved();
    await env.files.deleteById('f');
    await moved();
    await env.pastes.deleteById('p');
    await moved();
  });

  it('keeps ciphertext out of the SQLite index (its terms are not in the FTS vocabulary)', async () => {
    if (env.database.engine !== 'SQLite') return;
    await seedPastes(env.database.db, [{ id: 'enc', remark: 'remark words', content: ENVELOPE, encryption: 'aes-256-gcm/v1' }]);
    await env.pastes.update('enc', { remark: 'remark changed' });
    await sql`CREATE VIRTUAL TABLE temp.pastes_search_terms USING fts5vocab(main, 'pastes_search', 'row')`.execute(env.database.db);
    const { rows } = await sql<{ term: string }>`SELECT term FROM temp.pastes_search_terms`.execute(env.database.db);
    const terms = rows.map((row) => row.term);
    expect(terms).toContain('rem');
    expect(terms).toContain('ged');
    const cipherTrigrams = Array.from({ length: CIPHERTEXT.length - 2 }, (_, index) => CIPHERTEXT.slice(index, index + 3).toLowerCase());
    expect(terms.filter((term) => cipherTrigrams.includes(term) || term.includes('aes') || term.includes('"'))).toEqual([]);
    // The same check fails for a plain paste with that text (the check can see ciphertext).
    await seedPastes(env.database.db, [{ id: 'plain', content: CIPHERTEXT, createdAt: seededTime(9) }]);
    const after = await sql<{ term: string }>`SELECT term FROM temp.pastes_search_terms`.execute(env.database.db);
    expect(after.rows.some((row) => cipherTrigrams.includes(row.term))).toBe(true);
  });

  it('leaves no trigram of a burned or deleted paste in the SQLite index pages', async () => {
    if (env.database.engine !== 'SQLite') return;
    const burned = 'Zqxjkwvbnm-burned';
    const deleted = 'Pfhgydcvt-deleted';
    await seedPastes(env.database.db, [
      { id: 'burn', content: burned },
      { id: 'del', content: deleted },
    ]);
    // More rows in later statements, so the burned row's entries sit in an older segment.
    for (let index = 0; index < 20; index += 1) {
      await seedPastes(env.database.db, [{ id: `other-${index}`, content: `other words ${index}`, createdAt: seededTime(10 + index) }]);
    }
    const trigramsOf = (text: string) => Array.from({ length: 8 }, (_, index) => text.slice(index, index + 3).toLowerCase());
    const indexPages = async () => {
      const { rows } = await sql<{ block: Uint8Array | null }>`SELECT block FROM pastes_search_data`.execute(env.database.db);
      return rows.map((row) => Buffer.from(row.block ?? []).toString('latin1')).join('|');
    };
    const before = await indexPages();
    expect(trigramsOf(burned).filter((trigram) => before.includes(trigram)).length).toBeGreaterThan(0);
    expect(trigramsOf(deleted).filter((trigram) => before.includes(trigram)).length).toBeGreaterThan(0);

    await env.pastes.burnById('burn');
    await env.pastes.deleteById('del');
    const after = await indexPages();
    expect(trigramsOf(burned).filter((trigram) => after.includes(trigram))).toEqual([]);
    expect(trigramsOf(deleted).filter((trigram) => after.includes(trigram))).toEqual([]);
    expect(await pasteIds('other')).toHaveLength(20);
  });

  it('finds the same rows whatever plan the match count picks', async () => {
    await seedPastes(
      env.database.db,
      Array.from({ length: 30 }, (_, index) => ({
        id: `p${String(index).padStart(2, '0')}`,
        content: index % 3 === 0 ? 'rare kiwi' : 'common',
      })),
    );
    const terms = ['kiwi'];
    const total = await env.pastes.count(undefined, terms);
    expect(total).toBe(10);
    // `matches` is the exact count (the lists count first): sparse collects, dense reads in order.
    for (const matches of [undefined, total, SPARSE_MATCHES + 1]) {
      const rows = await env.pastes.listSummaries({ terms, limit: 4, offset: 2, ...(matches === undefined ? {} : { matches }) }, 5);
      expect({ matches, ids: rows.map((row) => row.id) }).toEqual({ matches, ids: ['p21', 'p18', 'p15', 'p12'] });
      const fileRows = await env.files.list({ terms, limit: 4, offset: 0, ...(matches === undefined ? {} : { matches }) });
      expect(fileRows).toEqual([]);
    }
    // Nothing is read past the known count.
    expect(await env.pastes.listSummaries({ terms, limit: 4, offset: total, matches: total }, 5)).toEqual([]);
    expect(await env.files.list({ terms, limit: 4, offset: 0, matches: 0 })).toEqual([]);
  });

  it('uses the trigram indexes on PostgreSQL (one per searched column, the content one only for unencrypted rows)', async () => {
    if (env.database.engine !== 'PostgreSQL') return;
    const { rows } = await sql<{ indexname: string; indexdef: string }>`
      SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = current_schema() AND indexname LIKE '%_search_%' ORDER BY indexname`.execute(
      env.database.db,
    );
    expect(rows.map((row) => row.indexname)).toEqual(POSTGRES_SEARCH_INDEXES);
    expect(rows.find((row) => row.indexname === 'idx_pastes_search_content')?.indexdef).toMatch(
      /gin_trgm_ops\)? WHERE \(encryption IS NULL\)/,
    );
  });
});
