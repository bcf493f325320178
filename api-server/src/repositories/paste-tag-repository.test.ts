import {
  CompiledQuery,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';
import type { AppDatabase } from '../db/database';
import { isUniqueViolation } from '../db/unique-violation';
import { openMigratedTestDatabase, type MigratedTestDatabase } from '../testing/migrated-database';
import { seedPastes, seededTime } from '../testing/search-seed';
import { PasteRepository } from './paste-repository';
import { pasteHasTagCondition } from './paste-tag-repository';

/** Counts the statements a Kysely instance executes (each result passes `transformResult` once; compiling alone does not). */
class StatementCounter implements KyselyPlugin {
  statements = 0;
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return args.node;
  }
  transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    this.statements += 1;
    return Promise.resolve(args.result);
  }
}

describe('paste tags in the database (migration 0009-paste-tags, PasteTagRepository)', () => {
  let database: MigratedTestDatabase;
  let db: AppDatabase;
  let pastes: PasteRepository;

  beforeEach(async () => {
    database = await openMigratedTestDatabase();
    db = database.db;
    pastes = new PasteRepository(db, database.engine);
  });
  afterEach(() => database.close());

  async function tagRows(): Promise<number> {
    const row = await db
      .selectFrom('paste_tags')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .executeTakeFirst();
    return Number(row?.count ?? 0);
  }

  async function ids(query: { createdBy?: string; terms?: string[]; tagKey?: string; limit?: number; offset?: number }): Promise<string[]> {
    const rows = await pastes.listSummaries({ limit: 100, offset: 0, ...query }, 10);
    return rows.map((row) => row.id);
  }

  it('stores the tags in the order given, replaces them, and [] removes them all', async () => {
    await seedPastes(db, [{ id: 'p1' }, { id: 'p2' }]);
    await pastes.tags.replace('p1', ['Zeta', 'alpha', '工作']);
    await pastes.tags.replace('p2', ['beta']);
    expect(await pastes.tags.tagsOf(['p1', 'p2', 'none'])).toEqual(
      new Map([
        ['p1', ['Zeta', 'alpha', '工作']],
        ['p2', ['beta']],
      ]),
    );

    await pastes.tags.replace('p1', ['alpha', 'Gamma']);
    expect((await pastes.tags.tagsOf(['p1'])).get('p1')).toEqual(['alpha', 'Gamma']);
    await pastes.tags.replace('p1', []);
    expect(await pastes.tags.tagsOf(['p1', 'p2'])).toEqual(new Map([['p2', ['beta']]]));
    const keys = await db.selectFrom('paste_tags').select(['tag', 'tag_key', 'position']).execute();
    expect(keys).toEqual([{ tag: 'beta', tag_key: 'beta', position: 0 }]);
  });

  it('keeps one tag per paste and key: two spellings of a tag on one paste are refused by the primary key', async () => {
    await seedPastes(db, [{ id: 'p1' }]);
    // (Compared by code: better-sqlite3's error class may come from another test file's realm.)
    const outcome = await pastes.tags.replace('p1', ['Work', 'WORK']).then(
      () => 'stored',
      (error: unknown) => (isUniqueViolation(error) ? 'unique violation' : error),
    );
    expect(outcome).toBe('unique violation');
  });

  it('reads the tags of a whole page in one statement', async () => {
    const rows = Array.from({ length: 100 }, (_, index) => ({ id: `p${String(index).padStart(3, '0')}` }));
    await seedPastes(db, rows);
    for (const row of rows) await pastes.tags.replace(row.id, [`t-${row.id}`, 'shared']);
    const counter = new StatementCounter();
    const counted = new PasteRepository(db.withPlugin(counter), database.engine);
    const tags = await counted.tags.tagsOf(rows.map((row) => row.id));
    expect(counter.statements).toBe(1);
    expect(tags.size).toBe(100);
    expect(tags.get('p042')).toEqual(['t-p042', 'shared']);
  });

  it('filters the list and its count by tag key, together with the owner, the search terms and paging', async () => {
    await seedPastes(db, [
      { id: 'a1', content: 'quarterly budget', createdBy: 'apikey:a' },
      { id: 'a2', content: 'meeting notes', createdBy: 'apikey:a' },
      { id: 'b1', content: 'quarterly budget', createdBy: 'apikey:b' },
      { id: 'n1', content: 'quarterly plan' },
      { id: 'n2', content: 'quarterly review' },
      { id: 'n3', content: 'no tag quarterly' },
    ]);
    await pastes.tags.replace('a1', ['Work']);
    await pastes.tags.replace('a2', ['work', 'home']);
    await pastes.tags.replace('b1', ['WORK']);
    await pastes.tags.replace('n1', ['Work', 'x']);
    await pastes.tags.replace('n2', ['work']);

    expect(await ids({ tagKey: 'work' })).toEqual(['n2', 'n1', 'b1', 'a2', 'a1']);
    expect(await pastes.count(undefined, [], 'work')).toBe(5);
    expect(await ids({ tagKey: 'work', createdBy: 'apikey:a' })).toEqual(['a2', 'a1']);
    expect(await pastes.count('apikey:a', [], 'work')).toBe(2);
    // Terms with a trigram (SQLite: the FTS index; its index-only count must not drop the tag filter) and short ones.
    expect(await ids({ tagKey: 'work', terms: ['quarterly'] })).toEqual(['n2', 'n1', 'b1', 'a1']);
    expect(await pastes.count(undefined, ['quarterly'], 'work')).toBe(4);
    expect(await pastes.count(undefined, ['quarterly'])).toBe(5);
    expect(await ids({ tagKey: 'work', terms: ['pl'] })).toEqual(['n1']);
    expect(await pastes.count('apikey:b', ['budget'], 'work')).toBe(1);
    expect(await ids({ tagKey: 'work', limit: 2, offset: 2 })).toEqual(['b1', 'a2']);
    expect(await ids({ tagKey: 'home' })).toEqual(['a2']);
    expect(await ids({ tagKey: 'missing' })).toEqual([]);
    expect(await pastes.count(undefined, [], 'missing')).toBe(0);
  });

  it('counts the tags in use by key, most used first, then by key, showing the spelling of the most recently written paste', async () => {
    await seedPastes(db, [
      { id: 'old', createdAt: seededTime(1) },
      { id: 'mid', createdAt: seededTime(2), createdBy: 'apikey:a' },
      { id: 'new', createdAt: seededTime(3), createdBy: 'apikey:a' },
      { id: 'other', createdAt: seededTime(4), createdBy: 'apikey:b' },
    ]);
    await pastes.tags.replace('old', ['work', 'Beta', 'alpha']);
    await pastes.tags.replace('mid', ['WORK', 'beta']);
    await pastes.tags.replace('new', ['Work', 'gamma']);
    await pastes.tags.replace('other', ['secret']);

    expect(await pastes.tags.counts()).toEqual([
      { tag: 'Work', count: 3 },
      { tag: 'beta', count: 2 },
      { tag: 'alpha', count: 1 },
      { tag: 'gamma', count: 1 },
      { tag: 'secret', count: 1 },
    ]);
    // Only the owner's pastes, spellings chosen among them.
    expect(await pastes.tags.counts('apikey:a')).toEqual([
      { tag: 'Work', count: 2 },
      { tag: 'beta', count: 1 },
      { tag: 'gamma', count: 1 },
    ]);
    expect(await pastes.tags.counts('apikey:nobody')).toEqual([]);

    // Editing the oldest paste makes its spelling the one shown.
    await pastes.update('old', { updated_at: seededTime(10) });
    expect((await pastes.tags.counts())[0]).toEqual({ tag: 'work', count: 3 });
  });

  it('drops the tags with their paste: delete, delete by owner, batch delete and burn', async () => {
    await seedPastes(db, [{ id: 'd1' }, { id: 'd2', createdBy: 'apikey:a' }, { id: 'd3' }, { id: 'd4' }, { id: 'keep' }]);
    for (const id of ['d1', 'd2', 'd3', 'd4', 'keep']) await pastes.tags.replace(id, ['shared', `own-${id}`]);
    expect(await tagRows()).toBe(10);

    expect(await pastes.deleteById('d1')).toBe(true);
    expect(await pastes.deleteById('d2', 'apikey:a')).toBe(true);
    expect(await pastes.deleteByIds(['d3'])).toBe(1);
    expect((await pastes.burnById('d4'))?.id).toBe('d4');

    expect(await tagRows()).toBe(2);
    expect(await pastes.tags.counts()).toEqual([
      { tag: 'own-keep', count: 1 },
      { tag: 'shared', count: 1 },
    ]);
  });

  it('writes tags in the paste transaction: a failure after them leaves neither paste nor tags', async () => {
    const failure = new Error('after the tags');
    const now = seededTime(0);
    await expect(
      pastes.withStorageLock(async (locked) => {
        await locked.insert({ id: 'tx', slug: 'tx', content: 'c', created_at: now, updated_at: now });
        await locked.tags.replace('tx', ['rolled back']);
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(await pastes.findById('tx')).toBeUndefined();
    expect(await tagRows()).toBe(0);
  });

  it('answers the tag filter from the index (tag_key, paste_id) on SQLite', async () => {
    if (database.engine !== 'SQLite') return;
    const count = db
      .selectFrom('pastes')
      .select((eb) => eb.fn.countAll().as('count'))
      .where(pasteHasTagCondition('work'))
      .compile();
    const { rows } = await db.executeQuery<{ detail: string }>(CompiledQuery.raw(`EXPLAIN QUERY PLAN ${count.sql}`, [...count.parameters]));
    expect(rows.map((row) => row.detail).join('\n')).toMatch(/USING COVERING INDEX idx_paste_tags_key \(tag_key=\?\)/);
  });
});
