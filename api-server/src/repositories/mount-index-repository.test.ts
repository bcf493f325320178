import { openMigratedTestDatabase, type MigratedTestDatabase } from '../testing/migrated-database';
import { insertMountRow } from '../testing/mount-fixtures';
import { ancestorFolders, entryPlace } from './mount-index-entries';
import { MountIndexRepository } from './mount-index-repository';
import type { MountSearchScope } from './mount-index-search';

let opened: MigratedTestDatabase;
let repo: MountIndexRepository;
const NOW = '2026-01-01T00:00:00.000Z';

function scope(mountId: string, root: string, prefix = '', hidden: string[] = []): MountSearchScope {
  return { mountId, root, prefix, hidden };
}

async function paths(mountId: string): Promise<string[]> {
  const rows = await opened.db.selectFrom('mount_entries').select('path').where('mount_id', '=', mountId).orderBy('path').execute();
  return rows.map((row) => row.path);
}

beforeEach(async () => {
  opened = await openMigratedTestDatabase();
  repo = new MountIndexRepository(opened.db, opened.engine);
  await insertMountRow(opened.db, 'm1', '/docs', NOW);
  await insertMountRow(opened.db, 'm2', '/media', NOW);
});

afterEach(async () => {
  await opened.close();
});

describe('entry helpers', () => {
  it('splits a key into its parent folder and name', () => {
    expect(entryPlace('a/b/c.txt')).toEqual({ parent: 'a/b/', name: 'c.txt' });
    expect(entryPlace('a/')).toEqual({ parent: '', name: 'a' });
    expect(ancestorFolders('a/b/c.txt')).toEqual(['a/', 'a/b/']);
  });
});

describe('MountIndexRepository', () => {
  it('records entries with their folders, once, and moves and removes folders with everything below them', async () => {
    await repo.recordEntries('m1', [{ path: 'a/b/c.txt', size: 3, modified: NOW }]);
    await repo.recordEntries('m1', [{ path: 'a/b/c.txt', size: 5, modified: NOW }]);
    expect(await paths('m1')).toEqual(['a/', 'a/b/', 'a/b/c.txt']);
    await repo.moveEntries('m1', 'a/', 'm1', 'z/');
    expect(await paths('m1')).toEqual(['z/', 'z/b/', 'z/b/c.txt']);
    const moved = await opened.db.selectFrom('mount_entries').selectAll().where('path', '=', 'z/b/c.txt').executeTakeFirstOrThrow();
    expect(moved).toMatchObject({ parent: 'z/b/', name: 'c.txt', size: 5 });
    await repo.removeEntries('m1', 'z/b/');
    expect(await paths('m1')).toEqual(['z/']);
  });

  it('finds names containing every term, folders first then by full path, scoped and paged', async () => {
    await repo.recordEntries('m1', [
      { path: 'Report-2024.pdf', size: 1, modified: NOW },
      { path: 'old/report-2023.PDF', size: 1, modified: NOW },
      { path: 'reports/', size: 0, modified: null },
      { path: 'notes.txt', size: 1, modified: NOW },
      { path: '报告/年度报告.pdf', size: 1, modified: NOW },
    ]);
    await repo.recordEntries('m2', [{ path: 'report.mp4', size: 1, modified: NOW }]);
    const all = [scope('m1', '/docs/'), scope('m2', '/media/')];
    const found = await repo.search(['REPORT'], all, 10, 0);
    expect(found.total).toBe(4);
    expect(found.rows.map((row) => `${row.mount_id}:${row.path}`)).toEqual([
      'm1:reports/',
      'm1:Report-2024.pdf',
      'm1:old/report-2023.PDF',
      'm2:report.mp4',
    ]);
    expect((await repo.search(['report', '.pdf'], all, 1, 1)).rows.map((row) => row.path)).toEqual(['old/report-2023.PDF']);
    expect((await repo.search(['report'], [scope('m1', '/docs/', 'old/')], 10, 0)).rows.map((row) => row.path)).toEqual([
      'old/report-2023.PDF',
    ]);
    expect((await repo.search(['report'], [scope('m1', '/docs/', '', ['old/'])], 10, 0)).total).toBe(2);
    expect((await repo.search(['报告'], all, 10, 0)).rows.map((row) => row.path)).toEqual(['报告/', '报告/年度报告.pdf']);
    expect((await repo.search(['%'], all, 10, 0)).total).toBe(0);
  });

  it('starts a crawl from scratch and stores pages only for its own generation', async () => {
    await repo.recordEntries('m1', [{ path: 'stale.txt', size: 1, modified: NOW }]);
    const first = await repo.beginCrawl('m1', null, NOW);
    expect(first).toBe(1);
    expect(await paths('m1')).toEqual([]);
    expect(await repo.nextFolder('m1')).toBe('');
    const second = await repo.beginCrawl('m1', null, NOW);
    expect(
      await repo.storePage('m1', first as number, {
        entries: [{ path: 'x', size: 1, modified: NOW }],
        folders: [],
        folder: '',
        last: true,
      }),
    ).toBe(false);
    expect(
      await repo.storePage('m1', second as number, {
        entries: [{ path: 'd/', size: 0, modified: null }],
        folders: ['d/'],
        folder: '',
        last: true,
      }),
    ).toBe(true);
    expect(await repo.nextFolder('m1')).toBe('d/');
    expect(await repo.queuedFolders('m1')).toBe(1);
    await repo.finishCrawl('m1', second as number, NOW, 'storage unreachable');
    expect(await repo.state('m1')).toMatchObject({ status: 'failed', error: 'storage unreachable', finished_at: NOW });
    expect(await repo.queuedFolders('m1')).toBe(0);
    expect(await repo.mountsToCrawl()).toEqual(['m2']);
  });

  it('drops a mount’s entries, state and queue with the mount', async () => {
    await repo.beginCrawl('m1', null, NOW);
    await repo.recordEntries('m1', [{ path: 'a/b.txt', size: 1, modified: NOW }]);
    await opened.db.deleteFrom('mounts').where('id', '=', 'm1').execute();
    expect(await paths('m1')).toEqual([]);
    expect(await repo.state('m1')).toBeUndefined();
    expect(await repo.queuedFolders('m1')).toBe(0);
  });
});
