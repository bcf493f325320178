import { mountAdminStorage } from '../../testing/mount-fixtures';
import { bearer, createTestApp, loginAsAdmin, type TestApp } from '../../testing/test-app';

/**
 * One api-server (API_REPLICAS 1, SQLite or PostgreSQL): a crawl lease left in the database by an
 * earlier run of the same server, cut off by a crash, does not hold up the crawl until it ends.
 */
describe('the mount index crawl of a single server after a crash', () => {
  let t: TestApp;

  beforeEach(async () => {
    t = await createTestApp();
    await t.app.ready();
  });
  afterEach(() => t.close());

  it("resumes at once though an earlier run's lease is still live", async () => {
    const admin = bearer(await loginAsAdmin(t.app));
    const mountId = await mountAdminStorage(t, admin, ['notes/a.txt']);
    await t.container.services.mountIndex.whenIdle();

    // What a crash mid-crawl leaves: the lease of a process that is gone, ten minutes still to run.
    expect(await t.container.repositories.mountIndex.claimCrawl(mountId, 'an-earlier-run', Date.now(), 600_000)).toBe(true);
    await t.container.services.mountIndex.rebuild(mountId);
    await t.container.services.mountIndex.whenIdle();

    expect(await t.container.services.mountIndex.state(mountId)).toMatchObject({ status: 'ready' });
    expect(await t.container.repositories.mountIndex.leaseExpiry(mountId)).toBeUndefined();
  });
});
