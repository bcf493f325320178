import type { MountIndexStatus } from '@cloudclip/contract';
import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { DatabaseEngine } from '../db/database';
import { MOUNT_ENTRIES_SEARCH_TABLE } from '../db/migrations/0007-mount-index';
import type { Database, MountEntryRow, MountIndexStateRow } from '../db/schema';
import { containsPattern, ftsQueryOf, SEARCH_INDEXED_TERM_LENGTH } from '../db/search-sql';

/** An entry as the crawler and the write hooks hand it over (`path` relative to the mount). */
export interface MountEntryInput {
  /** Bucket key; a folder's ends with `/`. */
  path: string;
  size: number;
  /** ISO timestamp, or null when the storage gave none (folders without a marker). */
  modified: string | null;
}

/** Where a search looks in one mount: below `prefix` (`''` = the whole mount), minus the `hidden` folders. */
export interface MountSearchScope {
  mountId: string;
  /** `''` or a folder key ending with `/`: only entries strictly below it. */
  prefix: string;
  /** Folder keys ending with `/` whose contents another mount shows instead (their own entry stays). */
  hidden: readonly string[];
  /** The mount's virtual path with a trailing `/`: orders hits by their full path across mounts. */
  root: string;
}

export interface MountSearchPage {
  rows: MountEntryRow[];
  total: number;
}

/** Rows per INSERT statement (9 columns each: far below either engine's parameter limit). */
const INSERT_CHUNK = 100;

/**
 * The `size` of a tombstone: an entry a write removed (or moved away) while its mount's crawl was
 * building. A page listed before that write would otherwise bring it back; tombstones are never
 * searched or counted and go when the crawl ends.
 */
export const TOMBSTONE_SIZE = -1;

/** Live entries only (not tombstones). */
const LIVE = sql<SqlBool>`mount_entries.size >= 0`;

/** `[from, to)` of the keys strictly below a folder key ending with `/` (`''`: every key). */
function belowRange(prefix: string): { after: string; before: string | null } {
  if (prefix === '') return { after: '', before: null };
  return { after: prefix, before: `${prefix.slice(0, -1)}0` };
}

/** The parent key (`''` or ending with `/`) and name of an entry key. */
export function entryPlace(path: string): { parent: string; name: string } {
  const trimmed = path.endsWith('/') ? path.slice(0, -1) : path;
  const slash = trimmed.lastIndexOf('/');
  return { parent: slash < 0 ? '' : trimmed.slice(0, slash + 1), name: trimmed.slice(slash + 1) };
}

/** Every folder key above `path` (`a/`, `a/b/` for `a/b/c.txt`). */
export function ancestorFolders(path: string): string[] {
  const segments = (path.endsWith('/') ? path.slice(0, -1) : path).split('/').slice(0, -1);
  return segments.map((_, index) => `${segments.slice(0, index + 1).join('/')}/`);
}

/** The stored row of an entry (a folder's path ends with `/`). */
function entryRow(mountId: string, entry: MountEntryInput) {
  const { parent, name } = entryPlace(entry.path);
  return {
    mount_id: mountId,
    path: entry.path,
    parent,
    name,
    name_lower: name.toLowerCase(),
    is_directory: entry.path.endsWith('/') ? 1 : 0,
    size: entry.size,
    modified: entry.modified,
  };
}

function characterCount(text: string): number {
  return Array.from(text).length;
}

/**
 * SQL of the mount index (migration 0007-mount-index): the entries, their crawl's state and queue,
 * and the search over names. Paths are bucket keys relative to their mount; the service turns them
 * into virtual paths.
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
      const gone = page.folder !== '' && (await this.isTombstoned(trx, mountId, [page.folder, ...ancestorFolders(page.folder)]));
      if (gone) {
        if (page.last) await trx.deleteFrom('mount_index_queue').where('mount_id', '=', mountId).where('path', '=', page.folder).execute();
        return true;
      }
      await this.upsertEntries(trx, mountId, page.entries, { keepTombstones: true });
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

  /** True when one of `paths` of the mount is a tombstone. */
  private async isTombstoned(db: Kysely<Database>, mountId: string, paths: readonly string[]): Promise<boolean> {
    const row = await db
      .selectFrom('mount_entries')
      .select('path')
      .where('mount_id', '=', mountId)
      .where('path', 'in', paths)
      .where('size', '<', 0)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Upserts entries; `keepTombstones` (a crawl's page) leaves a tombstone as it is, else (a write) it lives again. */
  private async upsertEntries(
    db: Kysely<Database>,
    mountId: string,
    entries: readonly MountEntryInput[],
    options: { keepTombstones: boolean } = { keepTombstones: false },
  ): Promise<void> {
    for (let offset = 0; offset < entries.length; offset += INSERT_CHUNK) {
      const rows = entries.slice(offset, offset + INSERT_CHUNK).map((entry) => entryRow(mountId, entry));
      await db
        .insertInto('mount_entries')
        .values(rows)
        .onConflict((oc) => {
          const update = oc.columns(['mount_id', 'path']).doUpdateSet({
            size: (eb) => eb.ref('excluded.size'),
            modified: sql<string | null>`coalesce(excluded.modified, mount_entries.modified)`,
          });
          return options.keepTombstones ? update.where(LIVE) : update;
        })
        .execute();
    }
  }

  /**
   * Removes `path` (a folder with everything below it) in `trx`: deleted, or — while the mount's
   * crawl is building — kept as tombstones, the path itself included even when it had no entry yet.
   */
  private async removeIn(trx: Kysely<Database>, mountId: string, path: string, building: boolean): Promise<void> {
    const { before } = belowRange(path);
    if (!building) {
      let query = trx.deleteFrom('mount_entries').where('mount_id', '=', mountId);
      query = path.endsWith('/') ? query.where('path', '>=', path).where('path', '<', before as string) : query.where('path', '=', path);
      await query.execute();
      return;
    }
    let query = trx.updateTable('mount_entries').set({ size: TOMBSTONE_SIZE, modified: null }).where('mount_id', '=', mountId);
    query = path.endsWith('/') ? query.where('path', '>=', path).where('path', '<', before as string) : query.where('path', '=', path);
    await query.execute();
    await trx
      .insertInto('mount_entries')
      .values(entryRow(mountId, { path, size: TOMBSTONE_SIZE, modified: null }))
      .onConflict((oc) => oc.columns(['mount_id', 'path']).doNothing())
      .execute();
  }

  /**
   * Records entries written through Cloudclip, with every folder above them (kept as they are when
   * present, a tombstone living again): one transaction.
   */
  async recordEntries(mountId: string, entries: readonly MountEntryInput[]): Promise<void> {
    const folders = new Set<string>();
    for (const entry of entries) for (const folder of ancestorFolders(entry.path)) folders.add(folder);
    await this.db.transaction().execute(async (trx) => {
      const parents = [...folders].map((path): MountEntryInput => ({ path, size: 0, modified: null }));
      for (let offset = 0; offset < parents.length; offset += INSERT_CHUNK) {
        const rows = parents.slice(offset, offset + INSERT_CHUNK).map((entry) => entryRow(mountId, entry));
        await trx
          .insertInto('mount_entries')
          .values(rows)
          .onConflict((oc) =>
            oc
              .columns(['mount_id', 'path'])
              .doUpdateSet({ size: 0 })
              .where(sql<SqlBool>`mount_entries.size < 0`),
          )
          .execute();
      }
      await this.upsertEntries(trx, mountId, entries);
    });
  }

  /**
   * Removes an entry; a folder (`path` ending with `/`) with everything below it. While the mount's
   * crawl is building they become tombstones (see `TOMBSTONE_SIZE`), under the lock a crawl's page
   * takes, so a page listed before this removal cannot store them again.
   */
  async removeEntries(mountId: string, path: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const state = await this.lockedState(trx, mountId);
      await this.removeIn(trx, mountId, path, state?.status === 'building');
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
      await this.removeIn(trx, toMountId, toPath, false);
      const { parent, name } = entryPlace(toPath);
      await trx
        .updateTable('mount_entries')
        .set({ mount_id: toMountId, path: toPath, parent, name, name_lower: name.toLowerCase() })
        .where('mount_id', '=', fromMountId)
        .where('path', '=', fromPath)
        .where(LIVE)
        .execute();
      if (fromPath.endsWith('/')) {
        const { before } = belowRange(fromPath);
        const tail = characterCount(fromPath) + 1;
        await trx
          .updateTable('mount_entries')
          .set({
            mount_id: toMountId,
            path: sql<string>`${toPath} || substr(path, ${tail})`,
            parent: sql<string>`${toPath} || substr(parent, ${tail})`,
          })
          .where('mount_id', '=', fromMountId)
          .where('path', '>', fromPath)
          .where('path', '<', before as string)
          .where(LIVE)
          .execute();
      }
      // Tombstones (of earlier removals) below the source stay there, where a page may still list them.
      if (fromState?.status === 'building') await this.removeIn(trx, fromMountId, fromPath, true);
      const toState =
        toMountId === fromMountId
          ? fromState
          : await trx.selectFrom('mount_index_state').selectAll().where('mount_id', '=', toMountId).executeTakeFirst();
      if (toState?.status === 'building') await this.crawlDestination(trx, toMountId, toPath);
    });
  }

  /**
   * A move's destination in a mount whose crawl is building: what the crawl had not reached at the
   * source is crawled there. A folder is kept as an entry and queued; a file the index did not hold
   * yet gets its folder queued again (listed anew: upserts, tombstones kept).
   */
  private async crawlDestination(trx: Kysely<Database>, mountId: string, toPath: string): Promise<void> {
    let folder = toPath;
    if (toPath.endsWith('/')) {
      await trx
        .insertInto('mount_entries')
        .values(entryRow(mountId, { path: toPath, size: 0, modified: null }))
        .onConflict((oc) => oc.columns(['mount_id', 'path']).doNothing())
        .execute();
    } else {
      const held = await trx
        .selectFrom('mount_entries')
        .select('path')
        .where('mount_id', '=', mountId)
        .where('path', '=', toPath)
        .where(LIVE)
        .executeTakeFirst();
      if (held) return;
      folder = entryPlace(toPath).parent;
    }
    await trx
      .insertInto('mount_index_queue')
      .values({ mount_id: mountId, path: folder })
      .onConflict((oc) => oc.columns(['mount_id', 'path']).doNothing())
      .execute();
  }

  // ------------------------------------------------------------------ search

  /**
   * Every term a substring of `name_lower`. SQLite: terms of 3 characters or more narrow the rows
   * through the trigram index first; the lower-cased name decides for every term (the tokenizer
   * folds case its own way). PostgreSQL: LIKE, which the pg_trgm index answers.
   */
  private nameMatches(terms: readonly string[]): Expression<SqlBool> {
    const lowered = terms.map((term) => term.toLowerCase());
    const parts: Expression<SqlBool>[] = [];
    if (this.engine === 'PostgreSQL') {
      for (const term of lowered) parts.push(sql<SqlBool>`mount_entries.name_lower LIKE ${containsPattern(term)} ESCAPE '\\'`);
    } else {
      const indexed = terms.filter((term) => characterCount(term) >= SEARCH_INDEXED_TERM_LENGTH);
      if (indexed.length > 0) {
        const index = sql.table(MOUNT_ENTRIES_SEARCH_TABLE);
        parts.push(sql<SqlBool>`mount_entries.id IN (SELECT rowid FROM ${index} WHERE ${index} MATCH ${ftsQueryOf(indexed)})`);
      }
      for (const term of lowered) parts.push(sql<SqlBool>`instr(mount_entries.name_lower, ${term}) > 0`);
    }
    return sql<SqlBool>`(${sql.join(parts, sql` AND `)})`;
  }

  private scopeCondition(scope: MountSearchScope): Expression<SqlBool> {
    const parts: Expression<SqlBool>[] = [sql<SqlBool>`mount_entries.mount_id = ${scope.mountId}`, LIVE];
    const { after, before } = belowRange(scope.prefix);
    if (after !== '') parts.push(sql<SqlBool>`mount_entries.path > ${after}`);
    if (before !== null) parts.push(sql<SqlBool>`mount_entries.path < ${before}`);
    for (const hidden of scope.hidden) {
      const range = belowRange(hidden);
      parts.push(sql<SqlBool>`NOT (mount_entries.path > ${range.after} AND mount_entries.path < ${range.before as string})`);
    }
    return sql<SqlBool>`(${sql.join(parts, sql` AND `)})`;
  }

  /**
   * Entries whose lower-cased name contains every (lower-cased) term, inside the scopes: folders
   * first, then by full virtual path (root + path, byte order), a page of them and the total.
   */
  async search(terms: readonly string[], scopes: readonly MountSearchScope[], limit: number, offset: number): Promise<MountSearchPage> {
    if (scopes.length === 0 || terms.length === 0) return { rows: [], total: 0 };
    const where = sql<SqlBool>`(${sql.join(
      scopes.map((scope) => this.scopeCondition(scope)),
      sql` OR `,
    )}) AND ${this.nameMatches(terms)}`;
    // One mount: its root is the same for every hit, so the key alone orders them (no per-row expression).
    const root = sql<string>`CASE mount_entries.mount_id ${sql.join(
      scopes.map((scope) => sql`WHEN ${scope.mountId} THEN ${scope.root}`),
      sql` `,
    )} END`;
    const keyOrder = scopes.length === 1 ? sql`mount_entries.path` : sql`${root} || mount_entries.path`;
    const fullPath = this.engine === 'PostgreSQL' && scopes.length > 1 ? sql`(${keyOrder}) COLLATE "C"` : keyOrder;
    const rows = await this.db
      .selectFrom('mount_entries')
      .selectAll()
      .where(where)
      .orderBy('is_directory', 'desc')
      .orderBy(fullPath)
      .limit(limit)
      .offset(offset)
      .execute();
    const counted = await this.db
      .selectFrom('mount_entries')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where(where)
      .executeTakeFirst();
    return { rows, total: Number(counted?.count ?? 0) };
  }
}
