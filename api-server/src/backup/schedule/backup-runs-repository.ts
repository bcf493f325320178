import type { BackupRun, BackupRunStatus, BackupTrigger } from '@cloudclip/contract';
import type { Kysely } from 'kysely';
import type { AppDatabase } from '../../db/database';
import type { Database } from '../../db/schema';

/** Tables of migration 0014 (typed here: they belong to the backup schedule alone). */
export interface BackupRunsTable {
  id: string;
  trigger: string;
  started_at: string;
  finished_at: string | null;
  status: string;
  size: number | string | null;
  location: string | null;
  error: string | null;
}

export interface BackupLeaseTable {
  name: string;
  lease_owner: string | null;
  lease_expires_at: number | string | null;
  last_slot: number | string | null;
}

type BackupDatabase = Kysely<Database & { backup_runs: BackupRunsTable; backup_lease: BackupLeaseTable }>;

/** `BackupRun` of the admin backup API and its parts: the contract's. */
export type { BackupRun, BackupRunStatus, BackupTrigger };

const LEASE_NAME = 'backup';
/** Runs kept in the history; older rows are pruned when a run starts. */
export const KEPT_RUNS = 100;

function toRun(row: BackupRunsTable): BackupRun {
  return {
    id: row.id,
    trigger: row.trigger === 'schedule' ? 'schedule' : 'manual',
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    status: row.status === 'ok' || row.status === 'failed' ? row.status : 'running',
    size: row.size === null ? null : Number(row.size),
    location: row.location,
    error: row.error,
  };
}

/**
 * The run history (`backup_runs`) and the one lease (`backup_lease`) that lets a single replica
 * run a backup at a time. The lease is taken in one UPDATE, the way the mount index's crawl lease
 * is (repositories/mount-index-repository.ts claimCrawl): only when nobody holds it or the holder's
 * lease ended; a scheduled run also claims its time (`last_slot`) in that same statement.
 */
export class BackupRunsRepository {
  private readonly db: BackupDatabase;

  constructor(db: AppDatabase) {
    this.db = db.withTables<{ backup_runs: BackupRunsTable; backup_lease: BackupLeaseTable }>();
  }

  // ------------------------------------------------------------------ lease

  /**
   * Takes the lease for `owner` until `now + leaseMs` when it is free or ended. With `slot` (a
   * scheduled time), only when that time was not claimed yet, and claims it. True when taken.
   */
  async claim(owner: string, now: number, leaseMs: number, slot?: number): Promise<boolean> {
    let claim = this.db
      .updateTable('backup_lease')
      .set(
        slot === undefined
          ? { lease_owner: owner, lease_expires_at: now + leaseMs }
          : { lease_owner: owner, lease_expires_at: now + leaseMs, last_slot: slot },
      )
      .where('name', '=', LEASE_NAME)
      .where((eb) => eb.or([eb('lease_owner', 'is', null), eb('lease_expires_at', '<=', now)]));
    if (slot !== undefined) claim = claim.where((eb) => eb.or([eb('last_slot', 'is', null), eb('last_slot', '<', slot)]));
    const result = await claim.executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Extends `owner`'s lease; false when another holds it now. */
  async renew(owner: string, now: number, leaseMs: number): Promise<boolean> {
    const result = await this.db
      .updateTable('backup_lease')
      .set({ lease_expires_at: now + leaseMs })
      .where('name', '=', LEASE_NAME)
      .where('lease_owner', '=', owner)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async release(owner: string): Promise<void> {
    await this.db
      .updateTable('backup_lease')
      .set({ lease_owner: null, lease_expires_at: null })
      .where('name', '=', LEASE_NAME)
      .where('lease_owner', '=', owner)
      .execute();
  }

  /** The scheduled time claimed last (epoch milliseconds), or null. */
  async lastSlot(): Promise<number | null> {
    const row = await this.db.selectFrom('backup_lease').select('last_slot').where('name', '=', LEASE_NAME).executeTakeFirst();
    return row?.last_slot == null ? null : Number(row.last_slot);
  }

  // ------------------------------------------------------------------ runs

  async insertRun(run: BackupRun): Promise<void> {
    await this.db
      .insertInto('backup_runs')
      .values({
        id: run.id,
        trigger: run.trigger,
        started_at: run.startedAt,
        finished_at: run.finishedAt,
        status: run.status,
        size: run.size,
        location: run.location,
        error: run.error,
      })
      .execute();
  }

  async finishRun(
    id: string,
    update: { finishedAt: string; status: 'ok' | 'failed'; size: number | null; location: string | null; error: string | null },
  ): Promise<void> {
    await this.db
      .updateTable('backup_runs')
      .set({ finished_at: update.finishedAt, status: update.status, size: update.size, location: update.location, error: update.error })
      .where('id', '=', id)
      .execute();
  }

  /**
   * Runs still marked running other than `exceptId`: their process went away without finishing
   * them (whoever takes the lease is the only one running a backup). They become failed.
   */
  async failInterrupted(exceptId: string, finishedAt: string, error: string): Promise<void> {
    await this.db
      .updateTable('backup_runs')
      .set({ status: 'failed', finished_at: finishedAt, error })
      .where('status', '=', 'running')
      .where('id', '!=', exceptId)
      .execute();
  }

  /** Newest first. */
  async recentRuns(limit: number): Promise<BackupRun[]> {
    const rows = await this.db
      .selectFrom('backup_runs')
      .selectAll()
      .orderBy('started_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return rows.map(toRun);
  }

  async findRun(id: string): Promise<BackupRun | undefined> {
    const row = await this.db.selectFrom('backup_runs').selectAll().where('id', '=', id).executeTakeFirst();
    return row === undefined ? undefined : toRun(row);
  }

  /** Keeps the newest `keep` rows of the history. */
  async pruneRuns(keep: number): Promise<void> {
    const boundary = await this.db
      .selectFrom('backup_runs')
      .select('started_at')
      .orderBy('started_at', 'desc')
      .offset(keep)
      .limit(1)
      .executeTakeFirst();
    if (boundary === undefined) return;
    await this.db.deleteFrom('backup_runs').where('started_at', '<=', boundary.started_at).where('status', '!=', 'running').execute();
  }
}
