import type { MountIndexStatus } from '@cloudclip/contract';
import type { Kysely } from 'kysely';
import type { DatabaseEngine } from '../db/database';
import type { Database, MountIndexStateRow } from '../db/schema';
import {
  ancestorFolders,
  INSERT_CHUNK,
  isTombstoned,
  LIVE,
  moveEntriesIn,
  recordEntriesIn,
  removeEntriesIn,
  upsertEntries,
  type MountEntryInput,
} from './mount-index-entries';
import { searchMountEntries, type MountSearchPage, type MountSearchScope } from './mount-index-search';

/**
 * SQL of the mount index (migration 0007-mount-index): each mount's crawl — its state, queue and
 * lease — and the transactions that write entries (their SQL in mount-index-entries.ts) and search
 * them (mount-index-search.ts). Paths are bucket keys relative to their mount; the service turns
 * them into virtual paths.
 */
export class MountIndexRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly engine: DatabaseEngine,
  ) {}

  // ------------------------------------------------------------------ state and queue

  state(mountId: string): Promise<MountIndexStateRow | undefined> {
    return this.db.selectFrom('mount_index_state').selectAll().where('mount_id', '=', mountId).executeTakeFirst();
  }

  async states(mountIds: readonly string[]): Promise<MountIndexStateRow[]> {
    if (mountIds.length === 0) return [];
    return this.db.selectFrom('mount_index_state').selectAll().where('mount_id', 'in', mountIds).execute();
  }

  async entryCount(mountId: string): Promise<number> {
    const row = await this.db
      .selectFrom('mount_entries')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('mount_id', '=', mountId)
      .where(LIVE)
      .executeTakeFirst();
    return Number(row?.count ?? 0);
  }

  async queuedFolders(mountId: string): Promise<number> {
    const row = await this.db
      .selectFrom('mount_index_queue')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('mount_id', '=', mountId)
      .executeTakeFirst();
    return Number(row?.count ?? 0);
  }

  /** Ids of mounts whose index is not finished (no state yet, pending or building), oldest mount first. */
  async mountsToCrawl(): Promise<string[]> {
    const rows = await this.db
      .selectFrom('mounts')
      .leftJoin('mount_index_state', 'mount_index_state.mount_id', 'mounts.id')
      .select('mounts.id')
      .where((eb) => eb.or([eb('mount_index_state.status', 'is', null), eb('mount_index_state.status', 'in', ['pending', 'building'])]))
      .orderBy('mounts.created_at')
      .orderBy('mounts.id')
      .execute();
    return rows.map((row) => row.id);
  }

  /**
   * Starts a crawl of a mount from scratch, in one transaction: its entries and queue go, the root
   * is queued, the state becomes `building` with a new generation. Returns that generation, or
   * undefined when the mount no longer exists.
   */
  async beginCrawl(mountId: string, storageConfigId: string | null, now: string): Promise<number | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const mount = await trx.selectFrom('mounts').select('id').where('id', '=', mountId).executeTakeFirst();
      if (!mount) return undefined;
      const current = await this.lockedState(trx, mountId);
      const generation = (current?.generation ?? 0) + 1;
      await trx.deleteFrom('mount_index_queue').where('mount_id', '=', mountId).execute();
      await trx.deleteFrom('mount_entries').where('mount_id', '=', mountId).execute();
      await trx.insertInto('mount_index_queue').values({ mount_id: mountId, path: '' }).execute();
      const values = {
        status: 'building' as MountIndexStatus,
        generation,
        storage_config_id: storageConfigId,
        started_at: now,
        finished_at: null,
        error: null,
      };
      if (current) await trx.updateTable('mount_index_state').set(values).where('mount_id', '=', mountId).execute();
      else
        await trx
          .insertInto('mount_index_state')
          .values({ mount_id: mountId, ...values })
          .execute();
      return generation;
    });
  }

  /** Marks a mount's index `pending` unless it has a state already (a new mount). */
  async ensureState(mountId: string): Promise<void> {
    await this.db
      .insertInto('mount_index_state')
      .values({ mount_id: mountId, status: 'pending' })
      .onConflict((oc) => oc.column('mount_id').doNothing())
      .execute();
  }

  // ------------------------------------------------------------------ crawl lease (migration 0012)

  /**
   * Takes (or keeps) the lease of a mount's crawl for `owner` until `now + leaseMs` (epoch
   * milliseconds), in one statement: only when nobody holds it, `owner` does, or the holder's lease
   * ended; with `takeOver`, whoever holds it (the only server, finding the lease of its own earlier
   * run cut off by a crash). A mount without a state gets a `pending` one first. True when `owner`
   * holds it now.
   */
  async claimCrawl(mountId: string, owner: string, now: number, leaseMs: number, { takeOver = false } = {}): Promise<boolean> {
    await this.ensureState(mountId);
    let claim = this.db
      .updateTable('mount_index_state')
      .set({ lease_owner: owner, lease_expires_at: now + leaseMs })
      .where('mount_id', '=', mountId);
    if (!takeOver)
      claim = claim.where((eb) => eb.or([eb('lease_owner', 'is', null), eb('lease_owner', '=', owner), eb('lease_expires_at', '<=', now)]));
    const result = await claim.executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Extends `owner`'s lease to `now + leaseMs`; false when `owner` no longer holds it (another took it over). */
  async renewCrawl(mountId: string, owner: string, now: number, leaseMs: number): Promise<boolean> {
    const result = await this.db
      .updateTable('mount_index_state')
      .set({ lease_expires_at: now + leaseMs })
      .where('mount_id', '=', mountId)
      .where('lease_owner', '=', owner)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Gives up `owner`'s lease (nothing when another holds it). */
  async releaseCrawl(mountId: string, owner: string): Promise<void> {
    await this.db
      .updateTable('mount_index_state')
      .set({ lease_owner: null, lease_expires_at: null })
      .where('mount_id', '=', mountId)
      .where('lease_owner', '=', owner)
      .execute();
  }

  /** When the lease of a mount's crawl ends (epoch milliseconds), or undefined when nobody holds it. */
  async leaseExpiry(mountId: string): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('mount_index_state')
      .select(['lease_owner', 'lease_expires_at'])
      .where('mount_id', '=', mountId)
      .executeTakeFirst();
    return row?.lease_owner == null || row.lease_expires_at == null ? undefined : Number(row.lease_expires_at);
  }

  /** The next folder to list (the smallest key, so a crawl walks the tree in order), or undefined. */
  async nextFolder(mountId: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('mount_index_queue')
      .select('path')
      .where('mount_id', '=', mountId)
      .orderBy('path')
      .limit(1)
      .executeTakeFirst();
    return row?.path;
  }

  /**
   * Stores one listing page of `folder` in one transaction: the entries (upserted: a resumed crawl
   * lists a folder again without duplicates), the sub-folders queued, and — on its last page — the
   * folder off the queue. Writes nothing and answers false when the crawl is no longer generation
   * `generation` (a rebuild started, or the mount went). What a write removed since the page was
   * listed stays removed: a tombstoned entry is not revived, and nothing of a page whose folder (or
   * a folder above it) is a tombstone is stored. With `owner` (a crawler's process id), also false
   * when the mount's crawl lease is no longer that process's (another replica took the crawl over).
   */
  async storePage(
    mountId: string,
    generation: number,
    page: { entries: readonly MountEntryInput[]; folders: readonly string[]; folder: string; last: boolean },
    owner?: string,
  ): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const state = await this.lockedState(trx, mountId);
      if (!state || state.generation !== generation || state.status !== 'building') return false;
      if (owner !== undefined && state.lease_owner !== owner) return false;
      const gone = page.folder !== '' && (await isTombstoned(trx, mountId, [page.folder, ...ancestorFolders(page.folder)]));
      if (gone) {
        if (page.last) await trx.deleteFrom('mount_index_queue').where('mount_id', '=', mountId).where('path', '=', page.folder).execute();
        return true;
      }
      await upsertEntries(trx, mountId, page.entries, { keepTombstones: true });
      for (let offset = 0; offset < page.folders.length; offset += INSERT_CHUNK) {
        await trx
          .insertInto('mount_index_queue')
          .values(page.folders.slice(offset, offset + INSERT_CHUNK).map((path) => ({ mount_id: mountId, path })))
          .onConflict((oc) => oc.columns(['mount_id', 'path']).doNothing())
          .execute();
      }
      if (page.last) await trx.deleteFrom('mount_index_queue').where('mount_id', '=', mountId).where('path', '=', page.folder).execute();
      return true;
    });
  }

  /**
   * Ends a crawl of generation `generation`: `ready`, or `failed` with `error` (its queue dropped).
   * With `owner`, nothing happens unless that process holds the mount's crawl lease.
   */
  async finishCrawl(mountId: string, generation: number, now: string, error: string | null, owner?: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const state = await this.lockedState(trx, mountId);
      if (!state || state.generation !== generation) return;
      if (owner !== undefined && state.lease_owner !== owner) return;
      if (error !== null) await trx.deleteFrom('mount_index_queue').where('mount_id', '=', mountId).execute();
      await trx.deleteFrom('mount_entries').where('mount_id', '=', mountId).where('size', '<', 0).execute();
      await trx
        .updateTable('mount_index_state')
        .set({ status: error === null ? 'ready' : 'failed', finished_at: now, error })
        .where('mount_id', '=', mountId)
        .execute();
    });
  }

  private async lockedState(trx: Kysely<Database>, mountId: string): Promise<MountIndexStateRow | undefined> {
    const query = trx.selectFrom('mount_index_state').selectAll().where('mount_id', '=', mountId);
    if (this.engine !== 'PostgreSQL') return query.executeTakeFirst();
    // PostgreSQL: the mount's row first, then the state's, the order a mount's deletion takes them
    // (its cascade reaches the state): a crawl's page and a deletion wait for each other instead of
    // deadlocking. A rebuild and a crawl's page take the state row in turn.
    await trx.selectFrom('mounts').select('id').where('id', '=', mountId).forKeyShare().execute();
    return query.forUpdate().executeTakeFirst();
  }

  // ------------------------------------------------------------------ entries

  /**
   * Records entries written through Cloudclip, with every folder above them (kept as they are when
   * present, a tombstone living again): one transaction.
   */
  async recordEntries(mountId: string, entries: readonly MountEntryInput[]): Promise<void> {
    await this.db.transaction().execute((trx) => recordEntriesIn(trx, mountId, entries));
  }

  /**
   * Removes an entry; a folder (`path` ending with `/`) with everything below it. While the mount's
   * crawl is building they become tombstones (see `TOMBSTONE_SIZE`), under the lock a crawl's page
   * takes, so a page listed before this removal cannot store them again.
   */
  async removeEntries(mountId: string, path: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const state = await this.lockedState(trx, mountId);
      await removeEntriesIn(trx, mountId, path, state?.status === 'building');
    });
  }

  /**
   * Moves an entry (a folder with everything below it) to `toPath` in `toMountId`, in one
   * transaction: whatever the index held at the destination goes first; the source path is left a
   * tombstone while the source mount's crawl is building (as `removeEntries`).
   */
  async moveEntries(fromMountId: string, fromPath: string, toMountId: string, toPath: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const fromState = await this.lockedState(trx, fromMountId);
      await moveEntriesIn(trx, fromMountId, fromPath, toMountId, toPath, fromState);
    });
  }

  // ------------------------------------------------------------------ search

  /**
   * Entries whose lower-cased name contains every (lower-cased) term, inside the scopes: folders
   * first, then by full virtual path (root + path, byte order), a page of them and the total.
   */
  search(terms: readonly string[], scopes: readonly MountSearchScope[], limit: number, offset: number): Promise<MountSearchPage> {
    return searchMountEntries(this.db, this.engine, terms, scopes, limit, offset);
  }
}
