import { SecretBox } from '../lib/secret-box';
import { SEARCH_SEED_CONFIG_ID, searchDatabaseForEachTest, seedFiles, seedPastes, seededTime } from '../testing/search-seed';
import { FileShareRecordService } from './file-share-records';
import type { FileShareLinks } from './file-share-links';
import type { FileShareStore } from './file-share-store';
import { PasteRecords, type PastePage } from './paste-records';

const ALICE = 'apikey:alice';
const BOB = 'apikey:bob';

async function slugsOf<Item extends { slug: string }, P>(page: PastePage<Item, P>): Promise<string[]> {
  const slugs: string[] = [];
  for await (const item of page.items) slugs.push(item.slug);
  return slugs;
}

/**
 * The paste and file lists (`?q=`, `tag=`, owner) count their totals first, reuse them while the
 * database's write mark stays the same (search-totals.ts) and pick each page's plan from them
 * (db/search-sql.ts listAccessFor): totals stay exact after any write, and every plan gives the
 * same rows.
 */
describe('paste and file list totals and plans (SQLite and PostgreSQL)', () => {
  const env = searchDatabaseForEachTest();
  let records: PasteRecords;
  let fileRecords: FileShareRecordService;

  beforeEach(() => {
    const secretBox = new SecretBox('0'.repeat(64));
    records = new PasteRecords(env.pastes, env.pastes.tags, { namesByIds: () => Promise.resolve(new Map()) }, secretBox);
    fileRecords = new FileShareRecordService({ files: env.files, secretBox } as unknown as FileShareStore, {} as FileShareLinks);
  });

  it('gives exact paste list totals right after each write that changes them, also when the same list was just counted', async () => {
    await seedPastes(env.database.db, [
      { id: 'p1', content: 'walnut cake', createdAt: seededTime(1) },
      { id: 'p2', content: 'walnut bread', createdBy: ALICE, createdAt: seededTime(2) },
    ]);
    const admin = async (query: { terms?: string[]; tag?: string } = { terms: ['walnut'] }) => {
      const page = await records.listForAdmin({ page: 1, limit: 20, ...query });
      return { total: page.pagination.total, slugs: await slugsOf(page) };
    };
    const owned = async (owner: string, query: { terms?: string[]; tag?: string } = { terms: ['walnut'] }) => {
      const page = await records.listOwned(owner, { limit: 20, offset: 0, ...query });
      return { total: page.pagination.total, slugs: await slugsOf(page) };
    };
    expect(await admin()).toEqual({ total: 2, slugs: ['p2', 'p1'] });
    expect(await admin()).toEqual({ total: 2, slugs: ['p2', 'p1'] });
    expect(await owned(ALICE)).toEqual({ total: 1, slugs: ['p2'] });
    // Same terms, another owner: never the other key holder's count.
    expect(await owned(BOB)).toEqual({ total: 0, slugs: [] });

    await seedPastes(env.database.db, [{ id: 'p3', content: 'more walnut', createdBy: ALICE, createdAt: seededTime(3) }]);
    expect(await admin()).toEqual({ total: 3, slugs: ['p3', 'p2', 'p1'] });
    expect(await owned(ALICE)).toEqual({ total: 2, slugs: ['p3', 'p2'] });

    await env.pastes.update('p1', { content: 'plain cake' });
    expect((await admin()).total).toBe(2);
    await env.pastes.deleteById('p3');
    expect(await owned(ALICE)).toEqual({ total: 1, slugs: ['p2'] });

    // The tag filter: its own count per tag (compared by key), and a tag written moves it.
    await env.pastes.tags.replace('p2', ['Nuts']);
    expect(await admin({ tag: 'NUTS' })).toEqual({ total: 1, slugs: ['p2'] });
    expect(await admin({ tag: 'other' })).toEqual({ total: 0, slugs: [] });
    await env.pastes.tags.replace('p1', ['nuts']);
    expect(await admin({ tag: 'nuts' })).toEqual({ total: 2, slugs: ['p2', 'p1'] });
    expect(await admin({ tag: 'nuts', terms: ['walnut'] })).toEqual({ total: 1, slugs: ['p2'] });
    expect(await owned(ALICE, { tag: 'nuts' })).toEqual({ total: 1, slugs: ['p2'] });
    await env.pastes.tags.replace('p2', []);
    expect(await admin({ tag: 'nuts' })).toEqual({ total: 1, slugs: ['p1'] });
    expect(await owned(ALICE, { tag: 'nuts' })).toEqual({ total: 0, slugs: [] });
  });

  it('gives exact file list totals right after each write that changes them, per owner and storage configuration', async () => {
    await seedFiles(env.database.db, [
      { id: 'f1', filename: 'walnut.txt', createdAt: seededTime(1) },
      { id: 'f2', filename: 'walnut.png', createdBy: ALICE, createdAt: seededTime(2) },
    ]);
    const admin = async (s3ConfigId?: string) => {
      const data = await fileRecords.listForAdmin({ limit: 20, offset: 0, terms: ['walnut'], s3ConfigId });
      return { total: data.pagination.total, ids: data.files.map((file) => file.id) };
    };
    const owned = async (owner: string) => {
      const data = await fileRecords.listOwned(owner, { limit: 20, offset: 0, terms: ['walnut'] });
      return { total: data.pagination.total, ids: data.files.map((file) => file.id) };
    };
    expect(await admin()).toEqual({ total: 2, ids: ['f2', 'f1'] });
    expect(await admin()).toEqual({ total: 2, ids: ['f2', 'f1'] });
    expect(await admin('another-config')).toEqual({ total: 0, ids: [] });
    expect(await owned(ALICE)).toEqual({ total: 1, ids: ['f2'] });
    expect(await owned(BOB)).toEqual({ total: 0, ids: [] });

    await seedFiles(env.database.db, [{ id: 'f3', filename: 'walnut-3.txt', createdBy: ALICE, createdAt: seededTime(3) }]);
    expect(await admin(SEARCH_SEED_CONFIG_ID)).toEqual({ total: 3, ids: ['f3', 'f2', 'f1'] });
    expect(await owned(ALICE)).toEqual({ total: 2, ids: ['f3', 'f2'] });
    await env.files.update('f1', { filename: 'pecan.txt' });
    expect(await admin()).toEqual({ total: 2, ids: ['f3', 'f2'] });
    await env.files.deleteById('f3');
    expect(await owned(ALICE)).toEqual({ total: 1, ids: ['f2'] });
  });

  it('pages the same rows whichever plan the count picks, with terms, tags and owners', async () => {
    // Ties on created_at, encrypted rows whose content must never match, a short and a long term.
    const rows = Array.from({ length: 30 }, (_, index) => ({
      id: `p${String(index).padStart(2, '0')}`,
      content: index % 3 === 0 ? 'rye walnut loaf' : 'rye plain loaf',
      encryption: index % 7 === 0 ? ('aes-256-gcm/v1' as const) : null,
      createdBy: index % 2 === 0 ? ALICE : null,
      createdAt: seededTime(Math.floor(index / 4)),
    }));
    await seedPastes(env.database.db, rows);
    for (const row of rows.filter((_, index) => index % 5 !== 0)) await env.pastes.tags.replace(row.id, ['Bake']);
    await seedFiles(
      env.database.db,
      rows.map((row, index) => ({ id: `f${index}`, filename: row.content, createdBy: row.createdBy, createdAt: row.createdAt })),
    );
    const filters = [
      { terms: ['walnut'] },
      { terms: ['ry'] },
      { terms: ['walnut', 'ry'] },
      { terms: [], tagKey: 'bake' },
      { terms: ['walnut'], tagKey: 'bake' },
      { terms: ['loaf'], tagKey: 'bake', createdBy: ALICE },
      { terms: ['walnut'], createdBy: ALICE },
    ];
    for (const filter of filters) {
      const count = await env.pastes.count(filter.createdBy, filter.terms, filter.tagKey);
      const all = await env.pastes.listSummaries({ ...filter, limit: 100, offset: 0 }, 5);
      expect(all).toHaveLength(count);
      expect(count).toBeGreaterThan(0);
      const fileFilter = { terms: filter.terms, createdBy: filter.createdBy };
      const fileCount = await env.files.count(fileFilter);
      const allFiles = await env.files.list({ ...fileFilter, limit: 100, offset: 0 });
      expect(allFiles).toHaveLength(fileCount);
      for (const [offset, limit] of [
        [0, 3],
        [2, 5],
        [count - 1, 4],
        [count, 4],
      ] as const) {
        // Unknown count, the exact count (sparse: collected) and a dense one (ordered).
        for (const matches of [undefined, count, 100_000]) {
          const page = await env.pastes.listSummaries({ ...filter, matches, limit, offset }, 5);
          expect(page.map((row) => row.id)).toEqual(all.slice(offset, offset + limit).map((row) => row.id));
        }
        for (const matches of [undefined, fileCount, 100_000]) {
          const page = await env.files.list({ ...fileFilter, matches, limit, offset });
          expect(page.map((row) => row.id)).toEqual(allFiles.slice(offset, offset + limit).map((row) => row.id));
        }
      }
    }
    // The encrypted rows' content never matches; walnut is in rows 0, 3, …, 27 of which 0, 21 are encrypted.
    expect(await env.pastes.count(undefined, ['walnut'])).toBe(8);
  });
});
