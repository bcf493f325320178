import type { StorageDriver } from '../../storage/storage-driver';
import type { TestApp } from '../../testing/test-app';
import { CRAWL_ENTRIES, CRAWL_FILES, crawlGate, holdAfterPage, indexedPaths } from '../../testing/mount-crawl';
import { bearer, createTestApp, loginAsAdmin, makeTempDir, removeTempDir, TEST_ADMIN } from '../../testing/test-app';

/** The crawl of the mount index across a restart: it resumes from its queue and ends without duplicates. */

async function localDriver(t: TestApp) {
  const admin = await t.container.repositories.admins.findByUsername(TEST_ADMIN.username);
  const [config] = await t.container.repositories.storageConfigs.listByAdmin(admin?.id ?? '');
  if (!config) throw new Error('no default local storage');
  return { config, driver: t.container.storage.driverFor(config) };
}

/**
 * Holds the crawl's first listing of `prefix` (delimited by `/`) after the storage answered and
 * before its page is stored: `listed` resolves then, `release` lets it go on.
 */
function holdListing(driver: StorageDriver, prefix: string): { listed: Promise<void>; release: () => void } {
  const gate = crawlGate();
  const listObjects = driver.listObjects.bind(driver);
  let held = false;
  jest.spyOn(driver, 'listObjects').mockImplementation(async (input) => {
    const page = await listObjects(input);
    if (!held && input?.prefix === prefix && input.delimiter === '/') {
      held = true;
      gate.arrive();
      await gate.wait;
    }
    return page;
  });
  return { listed: gate.reached, release: gate.release };
}

/** A mount `/m` on the config, created through the API (its first crawl starts). */
async function createMount(t: TestApp, admin: Record<string, string>, configId: string): Promise<string> {
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/admin/mounts',
    headers: admin,
    payload: { name: 'm', storage_type: 'S3', storage_config_id: configId, mount_path: '/m' },
  });
  return (created.json() as { data: { id: string } }).data.id;
}

/**
 * Runs `test` on a fresh app on `dataDir` whose local storage holds CRAWL_FILES and whose mount's
 * first crawl is held at its listing of `prefix` until `release`; the app is closed after it.
 */
async function withCrawlHeldAt(
  dataDir: string,
  prefix: string,
  test: (held: { t: TestApp; admin: Record<string, string>; mountId: string; release: () => void }) => Promise<void>,
): Promise<void> {
  const t = await createTestApp({ dataDir });
  try {
    await t.app.ready();
    const { config, driver } = await localDriver(t);
    for (const key of CRAWL_FILES) await driver.putObject(key, key);
    const { listed, release } = holdListing(driver, prefix);
    const admin = bearer(await loginAsAdmin(t.app));
    const mountId = await createMount(t, admin, config.id);
    await listed;
    await test({ t, admin, mountId, release });
  } finally {
    await t.close();
  }
}

describe('mount index crawler', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = makeTempDir();
  });
  afterEach(() => {
    removeTempDir(dataDir);
  });

  it('resumes an interrupted crawl after a restart and finishes it without duplicates', async () => {
    const thirdPage = crawlGate();
    const first = await createTestApp({ dataDir, mountIndex: { pageSize: 2, afterPage: holdAfterPage(thirdPage, 3) } });
    const { config, driver } = await localDriver(first);
    for (const key of CRAWL_FILES) await driver.putObject(key, key);
    const admin = bearer(await loginAsAdmin(first.app));
    const created = await first.app.inject({
      method: 'POST',
      url: '/api/admin/mounts',
      headers: admin,
      payload: { name: 'm', storage_type: 'S3', storage_config_id: config.id, mount_path: '/m' },
    });
    const mountId = (created.json() as { data: { id: string } }).data.id;
    await thirdPage.reached;
    const closing = first.close();
    thirdPage.release();
    await closing;

    const second = await createTestApp({ dataDir, mountIndex: { pageSize: 2 } });
    try {
      // Before the server is ready nothing crawls: the state is as the first server left it.
      const state = await second.container.repositories.mountIndex.state(mountId);
      expect(state?.status).toBe('building');
      expect(await second.container.repositories.mountIndex.queuedFolders(mountId)).toBeGreaterThan(0);
      const partial = await indexedPaths(second, mountId);
      expect(partial.length).toBeGreaterThan(0);
      expect(partial.length).toBeLessThan(CRAWL_ENTRIES.length);

      await second.app.ready();
      await second.container.services.mountIndex.whenIdle();
      expect(await indexedPaths(second, mountId)).toEqual(CRAWL_ENTRIES);
      const after = await second.container.services.mountIndex.state(mountId);
      expect(after).toMatchObject({ status: 'ready', entries: CRAWL_ENTRIES.length, pending_folders: 0 });
      expect(after.started_at).toBe(state?.started_at);
    } finally {
      await second.close();
    }
  });

  it('does not bring back what a write removed while the folder it lies in was being listed', async () => {
    await withCrawlHeldAt(dataDir, 'a/', async ({ t, admin, mountId, release }) => {
      // A file and a folder of `a/` removed through the fs API meanwhile.
      const remove = (path: string) =>
        t.app.inject({ method: 'DELETE', url: `/api/admin/fs/remove?path=${encodeURIComponent(path)}`, headers: admin });
      expect((await remove('/m/a/1.txt')).statusCode).toBe(200);
      expect((await remove('/m/a/b/')).statusCode).toBe(200);
      release();
      await t.container.services.mountIndex.whenIdle();

      const kept = CRAWL_ENTRIES.filter((path) => path !== 'a/1.txt' && !path.startsWith('a/b/'));
      expect(await indexedPaths(t, mountId)).toEqual(kept);
      expect(await t.container.services.mountIndex.state(mountId)).toMatchObject({ status: 'ready', entries: kept.length });
      const found = await t.app.inject({ method: 'GET', url: '/api/admin/fs/search?q=1.txt', headers: admin });
      expect((found.json() as { data: { items: unknown[] } }).data.items).toEqual([]);
    });
  });

  it('indexes what a write moved out of a folder the crawl had not listed yet into one it had', async () => {
    // The root is listed and stored; the crawl is held at its listing of `a/`, before `a/b/c/` and `d/`.
    await withCrawlHeldAt(dataDir, 'a/', async ({ t, admin, mountId, release }) => {
      const rename = (oldPath: string, newPath: string) =>
        t.app.inject({ method: 'POST', url: '/api/admin/fs/rename', headers: admin, payload: { oldPath, newPath } });
      expect((await rename('/m/d/7.txt', '/m/7-moved.txt')).statusCode).toBe(200);
      expect((await rename('/m/a/b/c/', '/m/c-moved/')).statusCode).toBe(200);
      release();
      await t.container.services.mountIndex.whenIdle();

      const moved = [
        ...CRAWL_ENTRIES.filter((path) => path !== 'd/7.txt' && !path.startsWith('a/b/c/')),
        '7-moved.txt',
        'c-moved/',
        'c-moved/6.txt',
      ].sort();
      expect(await indexedPaths(t, mountId)).toEqual(moved);
      expect(await t.container.services.mountIndex.state(mountId)).toMatchObject({ status: 'ready', entries: moved.length });
    });
  });

  it('stops cleanly when the server closes while it waits for work', async () => {
    const t = await createTestApp({ dataDir });
    await t.app.ready();
    await t.container.services.mountIndex.whenIdle();
    await t.close();
    // Stopped: asking again neither hangs nor starts anything.
    await t.container.services.mountIndex.whenIdle();
  });
});
