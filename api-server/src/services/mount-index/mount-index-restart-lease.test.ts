import { bearer, createTestApp, loginAsAdmin, TEST_ADMIN, type TestApp } from '../../testing/test-app';

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
    const owner = await t.container.repositories.admins.findByUsername(TEST_ADMIN.username);
    const [config] = await t.container.repositories.storageConfigs.listByAdmin(owner?.id ?? '');
    await t.container.storage.driverFor(config!).putObject('notes/a.txt', 'a');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/mounts',
      headers: admin,
      payload: { name: 'm', storage_type: 'S3', storage_config_id: config!.id, mount_path: '/m' },
    });
    expect(created.statusCode).toBe(200);
    const mountId = created.json().data.id as string;
    await t.container.services.mountIndex.whenIdle();

    // What a crash mid-crawl leaves: the lease of a process that is gone, ten minutes still to run.
    expect(await t.container.repositories.mountIndex.claimCrawl(mountId, 'an-earlier-run', Date.now(), 600_000)).toBe(true);
    await t.container.services.mountIndex.rebuild(mountId);
    await t.container.services.mountIndex.whenIdle();

    expect(await t.container.services.mountIndex.state(mountId)).toMatchObject({ status: 'ready' });
    expect(await t.container.repositories.mountIndex.leaseExpiry(mountId)).toBeUndefined();
  });
});
