import { openMigratedTestDatabase, type MigratedTestDatabase } from '../testing/migrated-database';
import { insertMountRow } from '../testing/mount-fixtures';
import { MountIndexRepository } from './mount-index-repository';

/** The crawl lease of a mount (migration 0012): one holder at a time, taken over once it ends. */

let opened: MigratedTestDatabase;
let repo: MountIndexRepository;
const NOW = '2026-01-01T00:00:00.000Z';
const T0 = Date.parse(NOW);
const LEASE = 1_000;

beforeEach(async () => {
  opened = await openMigratedTestDatabase();
  repo = new MountIndexRepository(opened.db, opened.engine);
  await insertMountRow(opened.db, 'm1', '/docs', NOW);
});

afterEach(async () => {
  await opened.close();
});

describe('the crawl lease of a mount', () => {
  it('is held by one process until it ends, renewed by its holder only, and free again once released', async () => {
    expect(await repo.claimCrawl('m1', 'a', T0, LEASE)).toBe(true);
    expect((await repo.state('m1'))?.status).toBe('pending');
    expect(await repo.claimCrawl('m1', 'b', T0 + LEASE - 1, LEASE)).toBe(false);
    expect(await repo.leaseExpiry('m1')).toBe(T0 + LEASE);
    expect(await repo.renewCrawl('m1', 'b', T0 + 10, LEASE)).toBe(false);
    expect(await repo.renewCrawl('m1', 'a', T0 + 500, LEASE)).toBe(true);
    expect(await repo.claimCrawl('m1', 'b', T0 + LEASE, LEASE)).toBe(false);
    // The holder's lease ended without a renewal: another takes it, and the first can no longer renew.
    expect(await repo.claimCrawl('m1', 'b', T0 + 500 + LEASE, LEASE)).toBe(true);
    expect(await repo.renewCrawl('m1', 'a', T0 + 500 + LEASE, LEASE)).toBe(false);
    await repo.releaseCrawl('m1', 'a');
    expect(await repo.claimCrawl('m1', 'a', T0 + 600 + LEASE, LEASE)).toBe(false);
    await repo.releaseCrawl('m1', 'b');
    expect(await repo.leaseExpiry('m1')).toBeUndefined();
    expect(await repo.claimCrawl('m1', 'a', T0 + 600 + LEASE, LEASE)).toBe(true);
  });

  it('stores a page and ends a crawl only for the process holding the lease', async () => {
    const generation = (await repo.beginCrawl('m1', null, NOW)) as number;
    expect(await repo.claimCrawl('m1', 'a', T0, LEASE)).toBe(true);
    const page = { entries: [{ path: 'x.txt', size: 1, modified: NOW }], folders: [], folder: '', last: true };
    expect(await repo.storePage('m1', generation, page, 'b')).toBe(false);
    await repo.finishCrawl('m1', generation, NOW, null, 'b');
    expect((await repo.state('m1'))?.status).toBe('building');
    expect(await repo.entryCount('m1')).toBe(0);
    expect(await repo.storePage('m1', generation, page, 'a')).toBe(true);
    await repo.finishCrawl('m1', generation, NOW, null, 'a');
    expect(await repo.state('m1')).toMatchObject({ status: 'ready' });
    expect(await repo.entryCount('m1')).toBe(1);
  });

  it("is taken over at once when asked to (the only server, finding its own earlier run's lease after a crash)", async () => {
    expect(await repo.claimCrawl('m1', 'earlier-run', T0, LEASE)).toBe(true);
    expect(await repo.claimCrawl('m1', 'this-run', T0 + 1, LEASE)).toBe(false);
    expect(await repo.claimCrawl('m1', 'this-run', T0 + 1, LEASE, { takeOver: true })).toBe(true);
    expect(await repo.renewCrawl('m1', 'earlier-run', T0 + 2, LEASE)).toBe(false);
    expect(await repo.leaseExpiry('m1')).toBe(T0 + 1 + LEASE);
  });
});
