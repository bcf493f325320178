import type { BuildAppOptions } from '../../app';
import { CRAWL_ENTRIES, CRAWL_FILES, crawlGate, holdAfterPage, indexedPaths, type CrawlGate } from '../../testing/mount-crawl';
import { adminStorage, mountAdminStorage } from '../../testing/mount-fixtures';
import { bearer, createTestApp, loginAsAdmin, makeTempDir, removeTempDir, type TestApp } from '../../testing/test-app';
import { testDatabaseUrl } from '../../testing/test-database';

// Replicas share a PostgreSQL database; SQLite is one process, so this is PostgreSQL's case only (`pnpm test:pg`).
const describeOnPostgres = testDatabaseUrl() === undefined ? describe.skip : describe;

/** Every gate's release: a failed test lets its held crawl go on, so the replicas can close. */
const releases: Array<() => void> = [];

/** A crawl gate whose release the suite also calls after each test. */
function gate(): CrawlGate {
  const made = crawlGate();
  releases.push(made.release);
  return made;
}

/** Polls `condition` every 20 ms until it holds; fails after `limitMs`. */
async function until(condition: () => Promise<boolean>, limitMs = 10_000): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Two api-server replicas (API_REPLICAS = 2) on one PostgreSQL schema and one data directory: a
 * mount's crawl runs in the replica holding its lease only, another takes it over when that one
 * stops, and what a write through one replica removes stays removed by the other's crawl.
 */
describeOnPostgres('the mount index crawl across two replicas', () => {
  let dataDir: string;
  const opened: TestApp[] = [];

  /** A replica; `listed` runs after each of its storage listings, before the crawl gets the page. */
  const replica = async (
    mountIndex: BuildAppOptions['mountIndex'],
    listed?: (input: { prefix?: string; delimiter?: string } | undefined) => Promise<void>,
  ): Promise<{ t: TestApp; listings: () => number }> => {
    const t = await createTestApp({ dataDir, replicas: 2, mountIndex: { pageSize: 2, ...mountIndex } });
    opened.push(t);
    await t.app.ready();
    const { driver } = await adminStorage(t);
    // Folder listings made by this replica (the crawl's); its own driver, so the other's are not counted.
    const listObjects = driver.listObjects.bind(driver);
    let listings = 0;
    jest.spyOn(driver, 'listObjects').mockImplementation(async (input) => {
      if (input?.delimiter === '/') listings += 1;
      const page = await listObjects(input);
      await listed?.(input);
      return page;
    });
    return { t, listings: () => listings };
  };

  const status = async (t: TestApp, admin: Record<string, string>, mountId: string) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/admin/mounts/${mountId}/index`, headers: admin });
    expect(response.statusCode).toBe(200);
    return (response.json() as { data: { status: string; entries: number; pending_folders: number } }).data;
  };

  beforeEach(() => {
    dataDir = makeTempDir();
  });

  afterEach(async () => {
    for (const release of releases.splice(0)) release();
    for (const t of opened.splice(0)) await t.close();
    removeTempDir(dataDir);
  });

  it('crawls a mount in the replica holding its lease only; the other leaves it alone', async () => {
    const paused = gate();
    const a = await replica({ afterPage: holdAfterPage(paused, 1) });
    const b = await replica({});
    const admin = bearer(await loginAsAdmin(a.t.app));
    const mountId = await mountAdminStorage(a.t, admin, CRAWL_FILES);
    await paused.reached;

    // B looks for work while A holds the crawl, mid-way: it finds the mount and leaves it.
    await b.t.container.services.mountIndex.whenIdle();
    expect(b.listings()).toBe(0);
    expect(await status(b.t, admin, mountId)).toMatchObject({ status: 'building' });

    paused.release();
    await a.t.container.services.mountIndex.whenIdle();
    expect(await status(b.t, admin, mountId)).toMatchObject({ status: 'ready', entries: CRAWL_ENTRIES.length, pending_folders: 0 });
    expect(await indexedPaths(b.t, mountId)).toEqual(CRAWL_ENTRIES);
    expect(b.listings()).toBe(0);
    expect(a.listings()).toBeGreaterThan(0);
  });

  it('lets another replica take over and finish a crawl when the replica holding it stops', async () => {
    const paused = gate();
    const leaseMs = 300;
    const a = await replica({ leaseMs, afterPage: holdAfterPage(paused, 3) });
    const b = await replica({ leaseMs });
    const admin = bearer(await loginAsAdmin(b.t.app));
    const mountId = await mountAdminStorage(a.t, admin, CRAWL_FILES);
    await paused.reached;
    await b.t.container.services.mountIndex.whenIdle();
    expect(b.listings()).toBe(0);
    const stored = (await indexedPaths(b.t, mountId)).length;
    expect(stored).toBeGreaterThan(0);

    // A stops after the page in hand (its lease goes with it); B resumes from the stored queue.
    opened.splice(opened.indexOf(a.t), 1);
    const closing = a.t.close();
    paused.release();
    await closing;
    await until(async () => (await status(b.t, admin, mountId)).status === 'ready');

    expect(await indexedPaths(b.t, mountId)).toEqual(CRAWL_ENTRIES);
    expect(await status(b.t, admin, mountId)).toMatchObject({ status: 'ready', entries: CRAWL_ENTRIES.length, pending_folders: 0 });
    expect(b.listings()).toBeGreaterThan(0);
  });

  it('keeps removed what a write through the other replica removed while the crawl was listing it', async () => {
    const paused = gate();
    let held = false;
    // A's crawl is held after the storage answered its listing of `a/`, before the page is stored.
    const a = await replica({}, async (input) => {
      if (!held && input?.prefix === 'a/' && input.delimiter === '/') {
        held = true;
        paused.arrive();
        await paused.wait;
      }
    });
    const b = await replica({});
    const admin = bearer(await loginAsAdmin(a.t.app));
    const mountId = await mountAdminStorage(a.t, admin, CRAWL_FILES);
    await paused.reached;

    const remove = (path: string) =>
      b.t.app.inject({ method: 'DELETE', url: `/api/admin/fs/remove?path=${encodeURIComponent(path)}`, headers: admin });
    expect((await remove('/m/a/1.txt')).statusCode).toBe(200);
    expect((await remove('/m/a/b/')).statusCode).toBe(200);
    // B looks for work meanwhile: A holds the crawl.
    await b.t.container.services.mountIndex.whenIdle();
    expect(b.listings()).toBe(0);
    paused.release();
    await a.t.container.services.mountIndex.whenIdle();

    const kept = CRAWL_ENTRIES.filter((path) => path !== 'a/1.txt' && !path.startsWith('a/b/'));
    expect(await indexedPaths(b.t, mountId)).toEqual(kept);
    expect(await status(b.t, admin, mountId)).toMatchObject({ status: 'ready', entries: kept.length });
    const found = await b.t.app.inject({ method: 'GET', url: '/api/admin/fs/search?q=1.txt', headers: admin });
    expect((found.json() as { data: { items: unknown[] } }).data.items).toEqual([]);
  });
});
