import { randomUUID } from 'node:crypto';
import type { BackupOverview } from '@cloudclip/contract';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Writable } from 'node:stream';
import type { StorageConfigRow } from '../../db/schema';
import { HttpError } from '../../http/http-error';
import { toIso, type Clock } from '../../lib/time';
import type { SystemSettingRepository } from '../../repositories/system-setting-repository';
import type { StorageDriver } from '../../storage/storage-driver';
import { EXCLUDED_BACKUPS_REASON, createBackup, type BackupSource, type ObjectExclusion } from '../create-backup';
import {
  BACKUP_SCHEDULE_DESCRIPTION,
  SETTING_BACKUP_SCHEDULE,
  checkSchedule,
  parseStoredSchedule,
  publicSchedule,
  type BackupSchedule,
  type StoredBackupSchedule,
} from './backup-schedule';
import type { BackupRun, BackupRunsRepository, BackupTrigger } from './backup-runs-repository';
import { KEPT_RUNS } from './backup-runs-repository';
import { dueSlot } from './due-time';
import { applyRetention, archiveKey, archiveName } from './retention';

/** How often the scheduler wakes up to see whether a run is due. */
export const WAKE_MS = 60_000;
/** How long the backup lease lasts unless renewed (renewed every third of it while a run goes on). */
export const BACKUP_LEASE_MS = 60_000;
/** Runs `GET /api/admin/backup` lists. */
export const LISTED_RUNS = 10;
/** Spool folders of createBackup older than this in `<dataDir>/tmp/backup-runs` were left by a crash; removed at start. */
const STALE_TEMP_MS = 24 * 60 * 60 * 1000;
const MAX_ERROR_LENGTH = 500;
export const INTERRUPTED_ERROR = 'Interrupted: the server running this backup stopped before it finished';

export interface BackupSchedulerDeps {
  runs: BackupRunsRepository;
  settings: SystemSettingRepository;
  storageConfigs: { findById(id: string): Promise<StorageConfigRow | undefined> };
  driverFor(config: StorageConfigRow): StorageDriver;
  /** What a backup reads (the server's own database, DATA_DIR and APP_SECRET). */
  source: BackupSource;
  dataDir: string;
  clock: Clock;
  appVersion: string;
  /** This process's id in the lease (default: a new random one). */
  instanceId?: string;
  leaseMs?: number;
  wakeMs?: number;
  /** Writes an archive to `out` (default: createBackup of `source`); tests replace it. */
  createArchive?: (out: Writable, objects: boolean, excludeObjects: readonly ObjectExclusion[]) => Promise<void>;
  /** Where failures of a wake-up go (they never stop the scheduler). */
  log?: (message: string, error: unknown) => void;
}

/**
 * The schedule's own archives in its storage, left out of an archive with objects (kept in a local
 * storage, each would otherwise hold the earlier ones, and the one being written): its folder, or at
 * the storage's root the keys named like our archives.
 */
export function ownArchives(storageConfigId: string, folder: string): ObjectExclusion {
  return { storageConfigId, prefix: folder === '' ? 'cloudclip-backup-' : `${folder}/`, reason: EXCLUDED_BACKUPS_REASON };
}

/** An error as one line of at most MAX_ERROR_LENGTH characters. */
export function oneLineError(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  const line = text.split(/\r?\n/).find((part) => part.trim() !== '') ?? (error instanceof Error ? error.name : 'Error');
  const trimmed = line.trim();
  return trimmed.length > MAX_ERROR_LENGTH ? `${trimmed.slice(0, MAX_ERROR_LENGTH - 1)}…` : trimmed;
}

/**
 * Scheduled and manual backups into a storage configuration (issue 37).
 *
 * Wakes every `wakeMs` (an unref'd timer; `stop()` ends it and waits for a run going on). A
 * wake-up runs the schedule's latest time when it is due (backup/schedule/due-time.ts): a time
 * missed while the server was down runs once, at the first wake-up. Several replicas on one
 * database: a run needs the one lease (`backup_lease`, taken in one UPDATE that also claims the
 * scheduled time), so each time is run by one replica, and a manual run while another goes on is
 * refused. A run streams the archive (createBackup into a Writable) straight
 * into `<folder>/cloudclip-backup-<UTC stamp>.tar.gz` of the chosen storage, then keeps only the
 * newest `keep` of our archives in that folder. A failed run leaves no object and records its error.
 */
export class BackupScheduler {
  private readonly instanceId: string;
  private readonly leaseMs: number;
  private readonly wakeMs: number;
  private timer: NodeJS.Timeout | undefined;
  private current: Promise<void> | undefined;
  private waking: Promise<unknown> | undefined;
  private stopped = false;

  constructor(private readonly deps: BackupSchedulerDeps) {
    this.instanceId = deps.instanceId ?? randomUUID();
    this.leaseMs = Math.max(1, deps.leaseMs ?? BACKUP_LEASE_MS);
    this.wakeMs = Math.max(1, deps.wakeMs ?? WAKE_MS);
  }

  private get tempDir(): string {
    return path.join(this.deps.dataDir, 'tmp', 'backup-runs');
  }

  // ------------------------------------------------------------------ schedule

  private async storedSchedule(): Promise<StoredBackupSchedule> {
    return parseStoredSchedule(await this.deps.settings.getValue(SETTING_BACKUP_SCHEDULE));
  }

  async schedule(): Promise<BackupSchedule> {
    return publicSchedule(await this.storedSchedule());
  }

  /** Checks and stores a schedule (fields the update omits keep their value); 400 naming the first wrong field. */
  async saveSchedule(update: unknown): Promise<BackupSchedule> {
    const checked = checkSchedule(await this.schedule(), update);
    if (!checked.ok) throw new HttpError(400, checked.message);
    const schedule = checked.schedule;
    const config = schedule.storageConfigId === null ? undefined : await this.deps.storageConfigs.findById(schedule.storageConfigId);
    if (schedule.enabled && config === undefined) throw new HttpError(400, 'backup.unknownStorage');
    const now = this.deps.clock();
    const stored: StoredBackupSchedule = { ...schedule, savedAt: now.getTime() };
    await this.deps.settings.setValues(
      [{ key: SETTING_BACKUP_SCHEDULE, value: JSON.stringify(stored), description: BACKUP_SCHEDULE_DESCRIPTION }],
      toIso(now),
    );
    return schedule;
  }

  async overview(): Promise<Omit<BackupOverview, 'database'>> {
    const runs = await this.deps.runs.recentRuns(LISTED_RUNS);
    return { schedule: await this.schedule(), lastRun: runs[0] ?? null, runs };
  }

  // ------------------------------------------------------------------ runs

  /** A run now into the schedule's storage: 400 without one, 409 while a run goes on (here or in another replica). */
  async runNow(): Promise<BackupRun> {
    const schedule = await this.schedule();
    if (schedule.storageConfigId === null) throw new HttpError(400, 'backup.noStorage');
    const config = await this.deps.storageConfigs.findById(schedule.storageConfigId);
    if (config === undefined) throw new HttpError(400, 'backup.unknownStorage');
    const run = await this.begin('manual', schedule, config);
    if (run === undefined) throw new HttpError(409, 'backup.runInProgress');
    return run;
  }

  /**
   * One wake-up: starts the scheduled run when one is due and this process gets the lease; the run
   * goes on in the background (`idle()` waits for it). Returns the run started, if any.
   */
  async tick(): Promise<BackupRun | undefined> {
    if (this.stopped || this.current !== undefined) return undefined;
    const stored = await this.storedSchedule();
    const slot = dueSlot(stored, await this.deps.runs.lastSlot(), this.deps.clock());
    if (slot === undefined) return undefined;
    const schedule = publicSchedule(stored);
    const config = schedule.storageConfigId === null ? undefined : await this.deps.storageConfigs.findById(schedule.storageConfigId);
    return this.begin('schedule', schedule, config, slot);
  }

  /** Takes the lease (and the scheduled time), records the run and starts it; undefined when another run holds the lease. */
  private async begin(
    trigger: BackupTrigger,
    schedule: BackupSchedule,
    config: StorageConfigRow | undefined,
    slot?: number,
  ): Promise<BackupRun | undefined> {
    if (this.stopped || this.current !== undefined) return undefined;
    const now = this.deps.clock();
    if (!(await this.deps.runs.claim(this.instanceId, now.getTime(), this.leaseMs, slot))) return undefined;
    const run: BackupRun = {
      id: randomUUID(),
      trigger,
      startedAt: toIso(now),
      finishedAt: null,
      status: 'running',
      size: null,
      location: null,
      error: null,
    };
    try {
      // Holding the lease, this is the only run: one still marked running lost its process.
      await this.deps.runs.failInterrupted(run.id, run.startedAt, INTERRUPTED_ERROR);
      await this.deps.runs.insertRun(run);
      await this.deps.runs.pruneRuns(KEPT_RUNS);
    } catch (error) {
      await this.deps.runs.release(this.instanceId).catch(() => undefined);
      throw error;
    }
    const execution = this.execute(run, schedule, config).finally(() => {
      if (this.current === execution) this.current = undefined;
    });
    this.current = execution;
    return run;
  }

  private async execute(run: BackupRun, schedule: BackupSchedule, config: StorageConfigRow | undefined): Promise<void> {
    const renew = setInterval(
      () => {
        this.deps.runs
          .renew(this.instanceId, this.deps.clock().getTime(), this.leaseMs)
          .catch((error: unknown) => this.deps.log?.('backup lease renewal failed', error));
      },
      Math.max(1, Math.floor(this.leaseMs / 3)),
    );
    renew.unref();
    let driver: StorageDriver | undefined;
    let key: string | undefined;
    try {
      if (config === undefined) {
        throw new Error(
          schedule.storageConfigId === null
            ? 'No storage configuration is chosen for backups'
            : `The storage configuration ${schedule.storageConfigId} no longer exists`,
        );
      }
      driver = this.deps.driverFor(config);
      await mkdir(this.tempDir, { recursive: true });
      key = await this.freeKey(driver, schedule.folder, new Date(run.startedAt));
      const size = await this.streamArchive(driver, key, schedule.objects, [ownArchives(config.id, schedule.folder)]);
      const stored = key;
      key = undefined; // stored whole: from here on it stays
      let note: string | null = null;
      try {
        await applyRetention(driver, schedule.folder, schedule.keep);
      } catch (error) {
        note = oneLineError(`The archive was stored, but older archives could not be removed: ${oneLineError(error)}`);
      }
      await this.deps.runs.finishRun(run.id, {
        finishedAt: toIso(this.deps.clock()),
        status: 'ok',
        size,
        location: `${config.name}:${stored}`,
        error: note,
      });
    } catch (error) {
      if (driver !== undefined && key !== undefined) {
        const partial = key;
        await driver.deleteObject(partial).catch((cleanup: unknown) => this.deps.log?.(`backup: could not remove ${partial}`, cleanup));
      }
      await this.deps.runs
        .finishRun(run.id, {
          finishedAt: toIso(this.deps.clock()),
          status: 'failed',
          size: null,
          location: null,
          error: oneLineError(error),
        })
        .catch((recordError: unknown) => this.deps.log?.('backup: could not record a failed run', recordError));
    } finally {
      clearInterval(renew);
      await this.deps.runs.release(this.instanceId).catch((error: unknown) => this.deps.log?.('backup lease release failed', error));
    }
  }

  /**
   * Streams a new archive into `key` (createBackup writing into the driver's upload; rows are
   * spooled under `<dataDir>/tmp/backup-runs` meanwhile) and answers its size in bytes. Either side
   * failing fails the other: a storage that stops reading cannot leave the archive waiting.
   */
  private async streamArchive(
    driver: StorageDriver,
    key: string,
    objects: boolean,
    excludeObjects: readonly ObjectExclusion[],
  ): Promise<number> {
    let size = 0;
    const counted = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        size += chunk.length;
        callback(null, chunk);
      },
    });
    // A failure destroys the stream; both promises report it, so its 'error' event needs no listener of its own.
    counted.on('error', () => undefined);
    const upload = driver.putObject(key, counted, { contentType: 'application/gzip' });
    upload.catch((error: unknown) => counted.destroy(error instanceof Error ? error : new Error(String(error))));
    const archive =
      this.deps.createArchive !== undefined
        ? this.deps.createArchive(counted, objects, excludeObjects)
        : createBackup({
            source: this.deps.source,
            out: counted,
            tempDir: this.tempDir,
            objects,
            excludeObjects,
            appVersion: this.deps.appVersion,
            now: this.deps.clock,
          }).then(() => undefined);
    const [written, stored] = await Promise.allSettled([archive, upload]);
    if (written.status === 'rejected') throw written.reason;
    if (stored.status === 'rejected') throw stored.reason;
    return size;
  }

  /** The key of a new archive: named after its start, with `-<n>` when one of that second exists already. */
  private async freeKey(driver: StorageDriver, folder: string, startedAt: Date): Promise<string> {
    for (let sequence = 0; sequence < 100; sequence += 1) {
      const key = archiveKey(folder, archiveName(startedAt, sequence));
      if ((await driver.headObject(key)) === null) return key;
    }
    throw new Error('Too many archives with the same time in the backup folder');
  }

  // ------------------------------------------------------------------ lifecycle

  /** Starts the wake-ups and removes spool folders a crash left behind. */
  start(): void {
    if (this.timer !== undefined || this.stopped) return;
    this.timer = setInterval(() => {
      if (this.waking !== undefined) return;
      this.waking = this.tick()
        .catch((error: unknown) => this.deps.log?.('backup schedule wake-up failed', error))
        .finally(() => {
          this.waking = undefined;
        });
    }, this.wakeMs);
    this.timer.unref();
    void this.removeStaleTemps();
  }

  private async removeStaleTemps(): Promise<void> {
    const cutoff = Date.now() - STALE_TEMP_MS;
    for (const name of await readdir(this.tempDir).catch(() => [] as string[])) {
      const file = path.join(this.tempDir, name);
      const info = await stat(file).catch(() => undefined);
      if (info !== undefined && info.mtimeMs < cutoff) await rm(file, { recursive: true, force: true }).catch(() => undefined);
    }
  }

  /** Resolves once no run of this process goes on. */
  async idle(): Promise<void> {
    await this.waking;
    while (this.current !== undefined) await this.current;
  }

  /** Stops the wake-ups and waits for a run going on (before the database closes). */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    this.timer = undefined;
    await this.idle();
  }
}
