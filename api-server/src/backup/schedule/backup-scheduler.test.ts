import path from 'node:path';
import type { Writable } from 'node:stream';
import { DATABASE_FILE_NAME } from '../../app';
import type { StorageConfigRow } from '../../db/schema';
import type { StorageDriver } from '../../storage/storage-driver';
import { createTestApp, removeTempDir, TEST_ADMIN, type TestApp } from '../../testing/test-app';
import { verifyArchive } from '../archive-format';
import { archiveEntryNames } from '../../testing/backup-archive';
import { BackupRunsRepository } from './backup-runs-repository';
import { BackupScheduler, INTERRUPTED_ERROR, type BackupSchedulerDeps } from './backup-scheduler';

/** Local wall-clock times (the schedule's hour is the server's local time). */
/** What a fake archive writer does: the whole archive, then the end of the stream. */
const endWith = (out: Writable, text: string) =>
  new Promise<void>((resolve, reject) => {
    out.once('error', reject);
    out.end(text, () => resolve());
  });

const local = (year: number, month: number, day: number, hour: number, minute = 0) => new Date(year, month - 1, day, hour, minute);

describe('BackupScheduler', () => {
  let t: TestApp;
  let now: Date;
  let config: StorageConfigRow;
  const others: TestApp[] = [];

  beforeEach(async () => {
    now = local(2026, 3, 1, 12);
    t = await createTestApp({ clock: () => now });
    const admin = await t.container.repositories.admins.findByUsername(TEST_ADMIN.username);
    const configs = await t.container.repositories.storageConfigs.listByAdmin(admin?.id ?? '');
    config = configs.find((row) => row.driver === 'local') as StorageConfigRow;
  });

  afterEach(async () => {
    for (const other of others.splice(0)) await other.close();
    await t.close();
    removeTempDir(t.dataDir);
  });

  function scheduler(app: TestApp = t, deps: Partial<BackupSchedulerDeps> = {}): BackupScheduler {
    const c = app.container;
    return new BackupScheduler({
      runs: new BackupRunsRepository(c.db),
      settings: c.repositories.systemSettings,
      storageConfigs: c.repositories.storageConfigs,
      driverFor: (row) => c.services.storageConfigs.driverFor(row),
      source: { dataDir: app.dataDir, appSecret: 'unused' },
      dataDir: app.dataDir,
      clock: () => now,
      appVersion: 'test',
      createArchive: (out) => endWith(out, `archive made at ${now.toISOString()}`),
      ...deps,
    });
  }

  const driver = (): StorageDriver => t.container.services.storageConfigs.driverFor(config);
  const keysUnder = async (prefix: string): Promise<string[]> =>
    (await driver().listObjects({ prefix })).objects.map((object) => object.key).sort();
  const runs = () => new BackupRunsRepository(t.container.db).recentRuns(50);

  async function enable(s: BackupScheduler, schedule: Record<string, unknown> = {}): Promise<void> {
    await s.saveSchedule({ enabled: true, storageConfigId: config.id, folder: 'backups', keep: 3, ...schedule });
  }

  it('keeps the newest `keep` archives of ours in the folder and never touches other objects', async () => {
    const d = driver();
    for (const stamp of ['20260101-030000', '20260102-030000', '20260103-030000', '20260104-030000']) {
      await d.putObject(`backups/cloudclip-backup-${stamp}.tar.gz`, 'old');
    }
    await d.putObject('backups/notes.txt', 'mine');
    await d.putObject('backups/cloudclip-backup-latest.tar.gz', 'not named like ours');
    await d.putObject('backups/nested/cloudclip-backup-20250101-000000.tar.gz', 'below the folder');
    await d.putObject('elsewhere/cloudclip-backup-20250101-000000.tar.gz', 'another folder');
    const s = scheduler();
    await enable(s, { keep: 2 });
    now = new Date('2026-03-05T10:20:30.000Z');
    const run = await s.runNow();
    await s.idle();

    expect(await keysUnder('')).toEqual([
      'backups/cloudclip-backup-20260104-030000.tar.gz',
      'backups/cloudclip-backup-20260305-102030.tar.gz',
      'backups/cloudclip-backup-latest.tar.gz',
      'backups/nested/cloudclip-backup-20250101-000000.tar.gz',
      'backups/notes.txt',
      'elsewhere/cloudclip-backup-20250101-000000.tar.gz',
    ]);
    const [recorded] = await runs();
    expect(recorded).toEqual({
      ...run,
      status: 'ok',
      finishedAt: now.toISOString(),
      size: Buffer.byteLength(`archive made at ${now.toISOString()}`),
      location: `${config.name}:backups/cloudclip-backup-20260305-102030.tar.gz`,
      error: null,
    });
  });

  it('a second archive in the same second gets its own name instead of replacing the first', async () => {
    const s = scheduler();
    await enable(s);
    await s.runNow();
    await s.idle();
    await s.runNow();
    await s.idle();
    expect(await keysUnder('backups/')).toEqual(
      ['backups/cloudclip-backup-20260301-120000-1.tar.gz', 'backups/cloudclip-backup-20260301-120000.tar.gz'].sort(),
    );
  });

  it('runs a due time in one replica only when two share the database', async () => {
    const second = await createTestApp({ dataDir: t.dataDir, clock: () => now });
    others.push(second);
    const a = scheduler(t, { instanceId: 'replica-a' });
    const b = scheduler(second, { instanceId: 'replica-b' });
    await enable(a);
    now = local(2026, 3, 2, 3, 0);
    const started = await Promise.all([a.tick(), b.tick()]);
    await Promise.all([a.idle(), b.idle()]);
    expect(started.filter((run) => run !== undefined)).toHaveLength(1);
    // later wake-ups of either replica on the same day find the time done
    now = local(2026, 3, 2, 3, 1);
    expect(await b.tick()).toBeUndefined();
    expect(await a.tick()).toBeUndefined();
    expect((await runs()).map((run) => [run.trigger, run.status])).toEqual([['schedule', 'ok']]);
    expect(await keysUnder('backups/')).toHaveLength(1);
  });

  it('refuses a manual run while another replica holds the lease, and allows it once that lease has ended', async () => {
    const s = scheduler();
    await enable(s);
    const repo = new BackupRunsRepository(t.container.db);
    expect(await repo.claim('another-replica', now.getTime(), 60_000)).toBe(true);
    await expect(s.runNow()).rejects.toMatchObject({ statusCode: 409, messageKey: 'backup.runInProgress' });
    now = new Date(now.getTime() + 60_000);
    await s.runNow();
    await s.idle();
    expect((await runs()).map((run) => run.status)).toEqual(['ok']);
  });

  it('wakes up every minute once started, and no more once stopped', async () => {
    const s = scheduler();
    await enable(s);
    now = local(2026, 3, 2, 3, 0);
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    try {
      s.start();
      jest.advanceTimersByTime(59_999);
      await s.idle();
      expect(await runs()).toEqual([]);
      jest.advanceTimersByTime(1);
      await s.idle();
      expect((await runs()).map((run) => [run.trigger, run.status])).toEqual([['schedule', 'ok']]);
      await s.stop();
      now = local(2026, 3, 3, 3, 0);
      jest.advanceTimersByTime(120_000);
      await s.idle();
      expect(await runs()).toHaveLength(1);
    } finally {
      jest.useRealTimers();
    }
  });

  it('runs the times missed while the server was down once, at the first wake-up', async () => {
    const s = scheduler();
    await enable(s);
    now = local(2026, 3, 2, 3, 0);
    expect(await s.tick()).toBeDefined();
    await s.idle();
    now = local(2026, 3, 6, 9, 30); // down for four days
    expect(await s.tick()).toMatchObject({ trigger: 'schedule', status: 'running' });
    await s.idle();
    now = local(2026, 3, 6, 9, 31);
    expect(await s.tick()).toBeUndefined();
    expect((await runs()).map((run) => run.status)).toEqual(['ok', 'ok']);
  });

  it('a storage that fails the upload: the run is failed with a one-line error and no object is left', async () => {
    const s = scheduler(t, {
      driverFor: (row) => {
        const real = t.container.services.storageConfigs.driverFor(row);
        // Stores the object, then reports a failure (a connection cut before the answer).
        const failing = Object.create(real) as StorageDriver;
        failing.putObject = async (key, body, options) => {
          await real.putObject(key, body, options);
          throw new Error('socket hang up\n    at TLSSocket.onclose');
        };
        return failing;
      },
    });
    await enable(s);
    await s.runNow();
    await s.idle();
    const [run] = await runs();
    expect(run).toMatchObject({ status: 'failed', size: null, location: null, error: 'socket hang up' });
    expect(run?.finishedAt).toBe(now.toISOString());
    expect(await keysUnder('backups/')).toEqual([]);
  });

  it('an archive that cannot be written: failed, nothing stored', async () => {
    const s = scheduler(t, {
      createArchive: async (out) => {
        out.write('half an archive');
        const error = new Error('ENOSPC: no space left on device, write');
        out.destroy(error);
        throw error;
      },
    });
    await enable(s);
    await s.runNow();
    await s.idle();
    expect((await runs())[0]).toMatchObject({ status: 'failed', error: 'ENOSPC: no space left on device, write' });
    expect(await keysUnder('backups/')).toEqual([]);
  });

  it('a scheduled run whose storage configuration was deleted is recorded as failed', async () => {
    const s = scheduler(t, { storageConfigs: { findById: () => Promise.resolve(undefined) } });
    await s.saveSchedule({ enabled: false, storageConfigId: 'gone', folder: 'backups' });
    await t.container.repositories.systemSettings.setValues(
      [{ key: 'backup_schedule', value: JSON.stringify({ ...(await s.schedule()), enabled: true, savedAt: 0 }), description: null }],
      now.toISOString(),
    );
    now = local(2026, 3, 2, 3, 0);
    await s.tick();
    await s.idle();
    expect((await runs())[0]).toMatchObject({
      trigger: 'schedule',
      status: 'failed',
      error: 'The storage configuration gone no longer exists',
    });
  });

  it('a run with objects into the local storage archives its other objects, never the earlier archives', async () => {
    const own = await createTestApp({ clock: () => now, databaseFile: DATABASE_FILE_NAME, appSecret: 'schedule-secret' });
    try {
      const admin = await own.container.repositories.admins.findByUsername(TEST_ADMIN.username);
      const ownConfig = (await own.container.repositories.storageConfigs.listByAdmin(admin?.id ?? '')).find(
        (row) => row.driver === 'local',
      ) as StorageConfigRow;
      const ownDriver = own.container.services.storageConfigs.driverFor(ownConfig);
      await ownDriver.putObject('notes/today.txt', Buffer.from('kept'), { contentType: 'text/plain' });
      const s = scheduler(own, {
        source: { dataDir: own.dataDir, sqliteFile: path.join(own.dataDir, DATABASE_FILE_NAME), appSecret: 'schedule-secret' },
        createArchive: undefined,
      });
      await s.saveSchedule({ enabled: true, storageConfigId: ownConfig.id, objects: true, keep: 5 });
      await s.runNow();
      await s.idle();
      now = new Date(now.getTime() + 60_000);
      await s.runNow();
      await s.idle();
      const done = await new BackupRunsRepository(own.container.db).recentRuns(5);
      expect(done.map((run) => [run.status, run.error])).toEqual([
        ['ok', null],
        ['ok', null],
      ]);
      const archives = (await ownDriver.listObjects({ prefix: 'cloudclip-backups/' })).objects.map((object) => object.key).sort();
      expect(archives).toHaveLength(2);
      const second = path.join(own.dataDir, 'storage', ownConfig.id, ...(archives[1] ?? '').split('/'));
      const { manifest } = await verifyArchive(second);
      const names = await archiveEntryNames(second);
      expect(names).toContain(`objects/${ownConfig.id}/notes/today.txt`);
      expect(names.filter((name) => name.includes('cloudclip-backups/'))).toEqual([]);
      expect(manifest.objects).toMatchObject({
        included: true,
        skipped: [
          expect.objectContaining({
            storageConfigId: ownConfig.id,
            prefix: 'cloudclip-backups/',
            reason: 'earlier backups kept in this storage',
          }),
        ],
      });
    } finally {
      await own.close();
      removeTempDir(own.dataDir);
    }
  });

  it('a run left "running" by a process that went away is marked interrupted when the next run starts', async () => {
    const repo = new BackupRunsRepository(t.container.db);
    await repo.insertRun({
      id: 'old',
      trigger: 'manual',
      startedAt: '2026-02-01T00:00:00.000Z',
      finishedAt: null,
      status: 'running',
      size: null,
      location: null,
      error: null,
    });
    await repo.claim('dead-process', now.getTime() - 120_000, 60_000);
    const s = scheduler();
    await enable(s);
    await s.runNow();
    await s.idle();
    expect((await runs()).map((run) => [run.id === 'old' ? 'old' : 'new', run.status, run.error])).toEqual([
      ['new', 'ok', null],
      ['old', 'failed', INTERRUPTED_ERROR],
    ]);
  });
});
