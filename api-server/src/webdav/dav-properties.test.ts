import { openMigratedTestDatabase, untilAnotherTransactionWaits, type MigratedTestDatabase } from '../testing/migrated-database';
import { takeDavGuard } from './dav-guard';
import {
  DavPropertyLimitError,
  DavPropertyStore,
  MAX_DEAD_PROPERTIES_PER_RESOURCE,
  MAX_DEAD_PROPERTY_BYTES,
  MAX_DEAD_PROPERTY_NAME_BYTES,
  type DeadProperty,
  type DeadPropertyChange,
  type DeadPropertyWriter,
} from './dav-properties';

const NS = 'http://example.com/ns/';
/** The writer of most tests: not capped, as the admin. */
const ADMIN: DeadPropertyWriter = { principal: 'admin:1', maxBytes: null };

const set = (local: string, valueXml = `<x:${local} xmlns:x="${NS}">v</x:${local}>`, ns = NS): DeadPropertyChange => ({
  op: 'set',
  ns,
  local,
  valueXml,
});
const remove = (local: string, ns = NS): DeadPropertyChange => ({ op: 'remove', ns, local });

/** The error a promise rejects with (or 'resolved'). */
async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  return 'resolved';
}

describe('DavPropertyStore', () => {
  let database: MigratedTestDatabase;
  let store: DavPropertyStore;

  beforeEach(async () => {
    database = await openMigratedTestDatabase();
    store = new DavPropertyStore(database.db, () => new Date('2026-03-01T10:00:00.000Z'));
  });

  afterEach(async () => {
    await database.close();
  });

  const locals = async (path: string): Promise<string[]> => (await store.list(path)).map((property) => property.local);

  /** Every path that has properties, with their local names. */
  const snapshot = async (): Promise<Record<string, string[]>> => {
    const rows = await database.db.selectFrom('dav_properties').select(['path', 'local']).execute();
    const byPath: Record<string, string[]> = {};
    for (const row of rows) (byPath[row.path] ??= []).push(row.local);
    for (const names of Object.values(byPath)) names.sort();
    return byPath;
  };

  it('has no properties for a path nobody patched', async () => {
    expect(await store.list('/local/a.txt')).toEqual([]);
  });

  it('stores values exactly and lists them sorted by namespace, then local name', async () => {
    const unicode = '<z:note xmlns:z="urn:z">中文 ✓ 😀 &amp; <z:b attr="1"/></z:note>';
    await store.patch(
      '/local/a.txt',
      [set('zeta'), set('alpha'), { op: 'set', ns: 'urn:z', local: 'note', valueXml: unicode }, set('bare', '<bare/>', '')],
      ADMIN,
    );
    const listed = await store.list('/local/a.txt');
    expect(listed.map((property) => [property.ns, property.local])).toEqual([
      ['', 'bare'],
      [NS, 'alpha'],
      [NS, 'zeta'],
      ['urn:z', 'note'],
    ]);
    expect(listed.find((property) => property.ns === 'urn:z')).toEqual<DeadProperty>({ ns: 'urn:z', local: 'note', valueXml: unicode });
    expect(await store.list('/local')).toEqual([]);
  });

  it('replaces a value, removes a property, and ignores the removal of one that does not exist', async () => {
    await store.patch('/f', [set('a', '<a>1</a>'), set('b', '<b>1</b>')], ADMIN);
    await store.patch('/f', [set('a', '<a>2</a>'), remove('b'), remove('never')], ADMIN);
    expect(await store.list('/f')).toEqual([{ ns: NS, local: 'a', valueXml: '<a>2</a>' }]);
  });

  it('applies changes in order: a set then a remove ends removed, a remove then a set ends set', async () => {
    await store.patch('/f', [set('gone'), remove('gone'), remove('back'), set('back', '<back/>')], ADMIN);
    expect(await store.list('/f')).toEqual([{ ns: NS, local: 'back', valueXml: '<back/>' }]);
  });

  it('tells names apart by namespace', async () => {
    await store.patch('/f', [set('same', '<one/>', 'urn:one'), set('same', '<two/>', 'urn:two')], ADMIN);
    await store.patch('/f', [remove('same', 'urn:one')], ADMIN);
    expect(await store.list('/f')).toEqual([{ ns: 'urn:two', local: 'same', valueXml: '<two/>' }]);
  });

  it('accepts a value of exactly the limit in UTF-8 bytes and refuses a longer one, writing none of the patch', async () => {
    await store.patch('/f', [set('keep', '<keep/>')], ADMIN);
    const atLimit = 'é'.repeat(MAX_DEAD_PROPERTY_BYTES / 2);
    await store.patch('/f', [set('big', atLimit)], ADMIN);
    expect((await store.list('/f')).find((property) => property.local === 'big')?.valueXml).toBe(atLimit);

    const error = await rejection(store.patch('/f', [remove('keep'), set('other'), set('bigger', `${atLimit}a`)], ADMIN));
    expect(error).toBeInstanceOf(DavPropertyLimitError);
    expect(error).toMatchObject({ limit: 'valueTooLarge', property: { ns: NS, local: 'bigger' } });
    expect(await locals('/f')).toEqual(['big', 'keep']);
  });

  it('refuses a namespace or local name longer than the limit', async () => {
    const long = 'n'.repeat(MAX_DEAD_PROPERTY_NAME_BYTES + 1);
    expect(await rejection(store.patch('/f', [set('ok'), set('x', '<x/>', long)], ADMIN))).toMatchObject({ limit: 'nameTooLong' });
    expect(await rejection(store.patch('/f', [remove(long)], ADMIN))).toMatchObject({ limit: 'nameTooLong' });
    expect(await store.list('/f')).toEqual([]);
    await store.patch('/f', [set('n'.repeat(MAX_DEAD_PROPERTY_NAME_BYTES))], ADMIN);
    expect(await store.list('/f')).toHaveLength(1);
  });

  it('keeps at most the limit of properties per resource, counting after the whole patch, and writes nothing when over', async () => {
    const names = Array.from({ length: MAX_DEAD_PROPERTIES_PER_RESOURCE }, (_, i) => `p${String(i).padStart(3, '0')}`);
    await store.patch(
      '/full',
      names.map((name) => set(name)),
      ADMIN,
    );
    expect(await store.list('/full')).toHaveLength(MAX_DEAD_PROPERTIES_PER_RESOURCE);

    const error = await rejection(store.patch('/full', [remove('p000'), set('extra1'), set('extra2')], ADMIN));
    expect(error).toBeInstanceOf(DavPropertyLimitError);
    expect(error).toMatchObject({ limit: 'tooManyProperties' });
    expect(await locals('/full')).toEqual(names);

    await store.patch('/full', [set('extra1'), remove('p000'), set('p001', '<replaced/>')], ADMIN);
    expect(await store.list('/full')).toHaveLength(MAX_DEAD_PROPERTIES_PER_RESOURCE);
    expect(await locals('/full')).toContain('extra1');
    // another resource has its own allowance
    await store.patch('/other', [set('one')], ADMIN);
    expect(await store.list('/other')).toHaveLength(1);
  });

  it('keeps the per-resource limit when patches run at the same time', async () => {
    const other = new DavPropertyStore(database.db, () => new Date('2026-03-01T10:00:00.000Z'));
    const half = MAX_DEAD_PROPERTIES_PER_RESOURCE / 2;
    const batch = (prefix: string): DeadPropertyChange[] => Array.from({ length: half + 1 }, (_, i) => set(`${prefix}${i}`));
    const results = await Promise.allSettled([store.patch('/race', batch('a'), ADMIN), other.patch('/race', batch('b'), ADMIN)]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((result) => result.status === 'rejected');
    expect(refused?.status === 'rejected' ? refused.reason : undefined).toBeInstanceOf(DavPropertyLimitError);
    expect(await store.list('/race')).toHaveLength(half + 1);
  });

  it('makes a patch wait for a transaction holding the guard and count what that one wrote', async () => {
    let outcome: Promise<unknown> = Promise.resolve('not started');
    let settled = false;
    const at = '2026-03-01T10:00:00.000Z';
    await database.db.transaction().execute(async (trx) => {
      await takeDavGuard(trx, 'properties', at);
      const rows = Array.from({ length: MAX_DEAD_PROPERTIES_PER_RESOURCE - 1 }, (_, i) => ({
        path: '/held',
        ns: NS,
        local: `held${i}`,
        value_xml: '<v/>',
        updated_at: at,
      }));
      await trx.insertInto('dav_properties').values(rows).execute();
      outcome = rejection(store.patch('/held', [set('one'), set('two')], ADMIN)).finally(() => {
        settled = true;
      });
      await untilAnotherTransactionWaits(trx, database.engine, () => settled);
    });
    expect(await outcome).toMatchObject({ limit: 'tooManyProperties' });
    expect(await store.list('/held')).toHaveLength(MAX_DEAD_PROPERTIES_PER_RESOURCE - 1);
  });

  it('copies a tree to the same relative paths, replacing what the destination tree had, and leaves the source', async () => {
    await store.patch('/a', [set('root')], ADMIN);
    await store.patch('/a/x', [set('x')], ADMIN);
    await store.patch('/a/x/y.txt', [set('y', '<y>deep</y>')], ADMIN);
    await store.patch('/ab', [set('sibling')], ADMIN);
    await store.patch('/b', [set('old-root')], ADMIN);
    await store.patch('/b/stale', [set('stale')], ADMIN);
    await store.patch('/bc', [set('untouched')], ADMIN);

    await store.copyTree('/a', '/b', ADMIN);
    expect(await snapshot()).toEqual({
      '/a': ['root'],
      '/a/x': ['x'],
      '/a/x/y.txt': ['y'],
      '/ab': ['sibling'],
      '/b': ['root'],
      '/b/x': ['x'],
      '/b/x/y.txt': ['y'],
      '/bc': ['untouched'],
    });
    expect(await store.list('/b/x/y.txt')).toEqual([{ ns: NS, local: 'y', valueXml: '<y>deep</y>' }]);
  });

  it('copies a single resource, and a tree into a deeper folder of another mount', async () => {
    await store.patch('/local/f.txt', [set('f')], ADMIN);
    await store.copyTree('/local/f.txt', '/s3/dir/g.txt', ADMIN);
    await store.copyTree('/local', '/s3/dir/local', ADMIN);
    expect(await snapshot()).toEqual({
      '/local/f.txt': ['f'],
      '/s3/dir/g.txt': ['f'],
      '/s3/dir/local/f.txt': ['f'],
    });
  });

  it('moves a tree: the source has nothing left, the destination has its properties', async () => {
    await store.patch('/a/b', [set('b')], ADMIN);
    await store.patch('/a/b/c', [set('c')], ADMIN);
    await store.patch('/a/bc', [set('bc')], ADMIN);
    await store.patch('/z', [set('overwritten')], ADMIN);
    await store.moveTree('/a/b', '/z');
    expect(await snapshot()).toEqual({ '/a/bc': ['bc'], '/z': ['b'], '/z/c': ['c'] });
  });

  it('moves a tree into its own parent and into a folder below itself', async () => {
    await store.patch('/p/q', [set('q')], ADMIN);
    await store.patch('/p/q/r', [set('r')], ADMIN);
    await store.moveTree('/p/q', '/p/q/inner');
    expect(await snapshot()).toEqual({ '/p/q/inner': ['q'], '/p/q/inner/r': ['r'] });
    await store.moveTree('/p/q/inner', '/p');
    expect(await snapshot()).toEqual({ '/p': ['q'], '/p/r': ['r'] });
  });

  it('deletes a tree but not a sibling with the same prefix', async () => {
    await store.patch('/a/b', [set('b')], ADMIN);
    await store.patch('/a/b/c/d', [set('d')], ADMIN);
    await store.patch('/a/bc', [set('bc')], ADMIN);
    await store.patch('/a', [set('a')], ADMIN);
    await store.deleteTree('/a/b');
    expect(await snapshot()).toEqual({ '/a': ['a'], '/a/bc': ['bc'] });
    await store.deleteTree('/');
    expect(await snapshot()).toEqual({});
  });

  it('matches names with %, _ and \\ literally when copying, moving and deleting', async () => {
    await store.patch('/m/100%', [set('pct')], ADMIN);
    await store.patch('/m/100%/in', [set('pctIn')], ADMIN);
    await store.patch('/m/1000/in', [set('digits')], ADMIN);
    await store.patch('/m/a_b/in', [set('underscore')], ADMIN);
    await store.patch('/m/axb/in', [set('x')], ADMIN);
    await store.patch('/m/back\\slash/in', [set('backslash')], ADMIN);
    await store.patch('/m/back\\\\slash/in', [set('twoBackslashes')], ADMIN);

    await store.copyTree('/m/100%', '/c/100%', ADMIN);
    await store.moveTree('/m/a_b', '/c/a_b');
    await store.deleteTree('/m/back\\slash');
    expect(await snapshot()).toEqual({
      '/c/100%': ['pct'],
      '/c/100%/in': ['pctIn'],
      '/c/a_b/in': ['underscore'],
      '/m/100%': ['pct'],
      '/m/100%/in': ['pctIn'],
      '/m/1000/in': ['digits'],
      '/m/axb/in': ['x'],
      '/m/back\\\\slash/in': ['twoBackslashes'],
    });
  });

  it('handles Unicode (NFC) paths, including characters outside the BMP', async () => {
    const folder = '/本地/Café'.normalize('NFC');
    await store.patch(folder, [set('folder')], ADMIN);
    await store.patch(`${folder}/文档 ✓.txt`, [set('doc')], ADMIN);
    await store.patch('/😀/a', [set('emoji')], ADMIN);
    await store.patch('/😀a', [set('emojiSibling')], ADMIN);
    await store.patch('/😀😀/a', [set('twoEmoji')], ADMIN);

    await store.moveTree(folder, '/目标/Crème'.normalize('NFC'));
    await store.copyTree('/😀', '/🎉', ADMIN);
    await store.deleteTree('/😀');
    expect(await snapshot()).toEqual({
      ['/目标/Crème'.normalize('NFC')]: ['folder'],
      [`${'/目标/Crème'.normalize('NFC')}/文档 ✓.txt`]: ['doc'],
      '/🎉/a': ['emoji'],
      '/😀a': ['emojiSibling'],
      '/😀😀/a': ['twoEmoji'],
    });
    expect(await locals('/本地/Cafe\u0301'.normalize('NFC'))).toEqual([]);
  });

  it('copies trees with more properties than one insert takes', async () => {
    for (let i = 0; i < 5; i += 1) {
      await store.patch(
        `/big/${i}`,
        Array.from({ length: 100 }, (_, j) => set(`p${j}`)),
        ADMIN,
      );
    }
    await store.copyTree('/big', '/copy', ADMIN);
    for (let i = 0; i < 5; i += 1) expect(await store.list(`/copy/${i}`)).toHaveLength(100);
  });
});
