import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { DATABASE_FILE_NAME } from '../../app';
import type { StorageConfigRow } from '../../db/schema';
import { S3StorageDriver } from '../../storage/s3-driver';
import { startS3rver, type S3rverHandle } from '../../testing/s3rver-server';
import { createTestApp, removeTempDir, TEST_ADMIN, type TestApp } from '../../testing/test-app';
import { verifyArchive } from '../archive-format';
import { BackupRunsRepository } from './backup-runs-repository';
import { BackupScheduler } from './backup-scheduler';

/** A run into an S3 bucket: the archive's length is unknown while it streams (the driver's multipart path). */
describe('BackupScheduler into S3 (s3rver)', () => {
  let s3: S3rverHandle;
  let t: TestApp;
  const now = new Date('2026-11-29T03:00:00.000Z');

  beforeAll(async () => {
    s3 = await startS3rver();
  });

  afterAll(async () => {
    await s3.stop();
  });

  beforeEach(async () => {
    // SQLite explicitly: the source below reads the app's SQLite file.
    t = await createTestApp({ databaseFile: DATABASE_FILE_NAME, clock: () => now, appSecret: 'backup-s3-secret' });
  });

  afterEach(async () => {
    await t.close();
    removeTempDir(t.dataDir);
  });

  it('stores an archive verifyArchive accepts, keeps the newest `keep` and leaves a foreign object', async () => {
    const c = t.container;
    const admin = await c.repositories.admins.findByUsername(TEST_ADMIN.username);
    const config = (await c.repositories.storageConfigs.listByAdmin(admin?.id ?? ''))[0] as StorageConfigRow;
    const driver = new S3StorageDriver({
      configId: config.id,
      endpointUrl: s3.endpoint,
      region: 'us-east-1',
      bucket: s3.bucket,
      accessKeyId: s3.accessKeyId,
      secretAccessKey: s3.secretAccessKey,
      pathStyle: true,
      customHost: null,
    });
    await driver.putObject('db/cloudclip-backup-20200101-000000.tar.gz', 'old');
    await driver.putObject('db/readme.txt', 'foreign');
    const scheduler = new BackupScheduler({
      runs: new BackupRunsRepository(c.db),
      settings: c.repositories.systemSettings,
      storageConfigs: c.repositories.storageConfigs,
      driverFor: () => driver,
      source: { dataDir: t.dataDir, appSecret: 'backup-s3-secret', sqliteFile: path.join(t.dataDir, DATABASE_FILE_NAME) },
      dataDir: t.dataDir,
      clock: () => now,
      appVersion: 'test',
    });
    await scheduler.saveSchedule({ storageConfigId: config.id, folder: 'db', keep: 1 });
    await scheduler.runNow();
    await scheduler.idle();

    const [run] = await new BackupRunsRepository(c.db).recentRuns(1);
    const key = 'db/cloudclip-backup-20261129-030000.tar.gz';
    expect(run).toMatchObject({ status: 'ok', error: null, location: `${config.name}:${key}` });
    const listed = (await driver.listObjects({ prefix: 'db/' })).objects.map((object) => object.key).sort();
    expect(listed).toEqual([key, 'db/readme.txt']);
    const object = await driver.getObject(key);
    expect(object.size).toBe(run?.size);
    const file = path.join(t.dataDir, 'from-s3.tar.gz');
    await pipeline(object.body, createWriteStream(file));
    expect((await verifyArchive(file)).manifest.rowCounts.admins).toBe(1);
  }, 60_000);
});
