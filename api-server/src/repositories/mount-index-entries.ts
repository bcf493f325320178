/**
 * The rows of `mount_entries` (migration 0007-mount-index): entry keys (parent and name, the
 * folders above), the row shape, tombstones, and the SQL that writes entries inside a caller's
 * transaction — upserts, removals and moves, as the crawl and Cloudclip's own writes make them.
 */
import { sql, type Kysely, type SqlBool } from 'kysely';
import type { Database, MountIndexStateRow } from '../db/schema';

/** An entry as the crawler and the write hooks hand it over (`path` relative to the mount). */
export interface MountEntryInput {
  /** Bucket key; a folder's ends with `/`. */
  path: string;
  size: number;
  /** ISO timestamp, or null when the storage gave none (folders without a marker). */
  modified: string | null;
}

/** Rows per INSERT statement (9 columns each: far below either engine's parameter limit). */
export const INSERT_CHUNK = 100;

/**
 * The `size` of a tombstone: an entry a write removed (or moved away) while its mount's crawl was
 * building. A page listed before that write would otherwise bring it back; tombstones are never
 * searched or counted and go when the crawl ends.
 */
export const TOMBSTONE_SIZE = -1;

/** Live entries only (not tombstones). */
export const LIVE = sql<SqlBool>`mount_entries.size >= 0`;

/** `[from, to)` of the keys strictly below a folder key ending with `/` (`''`: every key). */
export function belowRange(prefix: string): { after: string; before: string | null } {
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
export function entryRow(mountId: string, entry: MountEntryInput) {
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

/** The number of characters (code points) of `text`, as SQL's substr counts them. */
export function characterCount(text: string): number {
  return Array.from(text).length;
}

/** True when one of `paths` of the mount is a tombstone. */
export async function isTombstoned(db: Kysely<Database>, mountId: string, paths: readonly string[]): Promise<boolean> {
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
export async function upsertEntries(
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
export async function removeEntriesIn(trx: Kysely<Database>, mountId: string, path: string, building: boolean): Promise<void> {
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
 * Records entries written through Cloudclip in `trx`, with every folder above them (kept as they
 * are when present, a tombstone living again).
 */
export async function recordEntriesIn(trx: Kysely<Database>, mountId: string, entries: readonly MountEntryInput[]): Promise<void> {
  const folders = new Set<string>();
  for (const entry of entries) for (const folder of ancestorFolders(entry.path)) folders.add(folder);
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
  await upsertEntries(trx, mountId, entries);
}

/**
 * Moves an entry (a folder with everything below it) to `toPath` in `toMountId`, in `trx`, which
 * holds the source mount's state (`fromState`, locked): whatever the index held at the destination
 * goes first; the source path is left a tombstone while the source mount's crawl is building.
 */
export async function moveEntriesIn(
  trx: Kysely<Database>,
  fromMountId: string,
  fromPath: string,
  toMountId: string,
  toPath: string,
  fromState: MountIndexStateRow | undefined,
): Promise<void> {
  await removeEntriesIn(trx, toMountId, toPath, false);
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
  if (fromState?.status === 'building') await removeEntriesIn(trx, fromMountId, fromPath, true);
  const toState =
    toMountId === fromMountId
      ? fromState
      : await trx.selectFrom('mount_index_state').selectAll().where('mount_id', '=', toMountId).executeTakeFirst();
  if (toState?.status === 'building') await crawlDestination(trx, toMountId, toPath);
}

/**
 * A move's destination in a mount whose crawl is building: what the crawl had not reached at the
 * source is crawled there. A folder is kept as an entry and queued; a file the index did not hold
 * yet gets its folder queued again (listed anew: upserts, tombstones kept).
 */
async function crawlDestination(trx: Kysely<Database>, mountId: string, toPath: string): Promise<void> {
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
