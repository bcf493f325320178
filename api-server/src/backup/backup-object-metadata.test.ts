import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { DATABASE_FILE_NAME } from '../app';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import type { StorageConfigRow } from '../db/schema';
import { createTestApp, makeTempDir, removeTempDir, TEST_ADMIN, type TestApp } from '../testing/test-app';
import { verifyArchive } from './archive-format';
import { restoreBackup } from './restore-backup';
import { backUpWithObjects, rewriteArchive } from '../testing/backup-archive';

const SECRET = 'backup-meta-secret';

async function localConfig(app: TestApp): Promise<StorageConfigRow> {
  const admin = await app.container.repositories.admins.findByUsername(TEST_ADMIN.username);
  const configs = await app.container.repositories.storageConfigs.listByAdmin(admin?.id ?? '');
  const config = configs.find((row) => row.driver === 'local');
  if (config === undefined) throw new Error('no local storage');
  return config;
}

describe('backup of local objects keeps their metadata', () => {
  let source: TestApp;
  let work: string;
  let archive: string;
  let config: StorageConfigRow;
  const key = 'pictures/cat.png';

  beforeAll(async () => {
    work = makeTempDir('cloudclip-backup-meta-');
    source = await createTestApp({ appSecret: SECRET, databaseFile: DATABASE_FILE_NAME });
    config = await localConfig(source);
    const driver = source.container.services.storageConfigs.driverFor(config);
    await driver.putObject(key, Buffer.from('not really a png'), {
      contentType: 'image/png',
      contentDisposition: 'attachment; filename="cat.png"',
      metadata: { Origin: 'camera' },
    });
    archive = await backUpWithObjects(source, SECRET, work);
  });

  afterAll(async () => {
    await source.close();
    removeTempDir(source.dataDir);
    removeTempDir(work);
  });

  it('the archive holds the sidecar as its own hashed part, and never multipart parts or temp files', async () => {
    const { manifest } = await verifyArchive(archive);
    const metaParts = Object.keys(manifest.parts).filter((name) => name.startsWith('objects-meta/'));
    expect(metaParts).toHaveLength(1);
    expect(metaParts[0]).toMatch(new RegExp(`^objects-meta/${config.id}/[0-9a-f]{2}/[0-9a-f]{64}\\.json$`));
    expect(Object.keys(manifest.parts).filter((name) => name.startsWith('objects/'))).toEqual([`objects/${config.id}/${key}`]);
  });

  it('a restored object has the same content type, disposition, metadata and ETag on the target driver', async () => {
    const before = await source.container.services.storageConfigs.driverFor(config).headObject(key);
    const target = makeTempDir('cloudclip-backup-meta-target-');
    try {
      const opened = await openDatabase({ file: path.join(target, DATABASE_FILE_NAME) });
      try {
        await migrateToLatest(opened.db);
        const report = await restoreBackup({
          file: archive,
          target: { db: opened.db, engine: opened.engine, dataDir: target, appSecret: SECRET },
        });
        expect(report.objects).toEqual({ restored: 1, conflicts: [] });
      } finally {
        await opened.db.destroy();
      }
      expect(readdirSync(path.join(target, 'tmp')).filter((name) => name.startsWith('backup-restore-'))).toEqual([]);
      const restored = await createTestApp({ dataDir: target, appSecret: SECRET, databaseFile: DATABASE_FILE_NAME });
      try {
        const head = await restored.container.services.storageConfigs.driverFor(await localConfig(restored)).headObject(key);
        expect(head).toMatchObject({
          contentType: 'image/png',
          contentDisposition: 'attachment; filename="cat.png"',
          metadata: { origin: 'camera' },
          etag: before?.etag,
          size: before?.size,
        });
        // The modification time comes back too (to the millisecond; a file system may round below it).
        expect(Math.abs((head?.lastModified.getTime() ?? 0) - (before?.lastModified.getTime() ?? NaN))).toBeLessThanOrEqual(1);
      } finally {
        await restored.close();
      }
    } finally {
      removeTempDir(target);
    }
  });

  it('a tampered metadata part is caught by verifyArchive, and a restore writes nothing', async () => {
    const { manifest } = await verifyArchive(archive);
    const metaPart = Object.keys(manifest.parts).find((name) => name.startsWith('objects-meta/')) ?? '';
    const tampered = path.join(work, 'tampered.tar.gz');
    await rewriteArchive(archive, tampered, metaPart, (body) => Buffer.from(body.toString('utf8').replace('image/png', 'text/html')));
    await expect(verifyArchive(tampered)).rejects.toMatchObject({ reason: 'damaged', message: expect.stringContaining(metaPart) });
    const target = makeTempDir('cloudclip-backup-meta-tampered-');
    try {
      const opened = await openDatabase({ file: path.join(target, DATABASE_FILE_NAME) });
      try {
        await migrateToLatest(opened.db);
        await expect(
          restoreBackup({ file: tampered, target: { db: opened.db, engine: opened.engine, dataDir: target, appSecret: SECRET } }),
        ).rejects.toMatchObject({ reason: 'damaged' });
      } finally {
        await opened.db.destroy();
      }
      expect(existsSync(path.join(target, 'storage', config.id, ...key.split('/')))).toBe(false);
      expect(existsSync(path.join(target, 'storage', '.internal', config.id, 'meta'))).toBe(false);
    } finally {
      removeTempDir(target);
    }
  });
});
