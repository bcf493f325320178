import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { AppDatabase } from '../db/database';
import type { Database, DavLockRow } from '../db/schema';
import { atOrBelowSql } from '../webdav/dav-subtree';

/**
 * The WebDAV lock table (`dav_locks`) as the admin and the API-key management see it: a mount's
 * live locks, one lock's release, and the locks of keys that are deleted or lose WebDAV. Taking,
 * refreshing and honouring locks is the WebDAV server's (webdav/dav-locks.ts).
 */

/** The `principal` of the locks an API key takes over WebDAV (webdav-routes.ts). */
export function apiKeyLockPrincipal(keyId: string): string {
  return `apikey:${keyId}`;
}

/** The `principal` of the locks an admin takes over WebDAV (webdav-routes.ts). */
export function adminLockPrincipal(adminId: string): string {
  return `admin:${adminId}`;
}

/** Who holds a lock, from its `principal`: the admin or an API key, by id (the only two WebDAV callers). */
export function lockHolderOf(principal: string): { kind: 'admin' | 'api_key'; id: string } {
  const admin = adminLockPrincipal('');
  if (principal.startsWith(admin)) return { kind: 'admin', id: principal.slice(admin.length) };
  return { kind: 'api_key', id: principal.slice(apiKeyLockPrincipal('').length) };
}

/**
 * Where in the lock table a mount's locks are: rooted at its path or below, but not in a mount
 * below it (a path belongs to the longest mount path that holds it, as everywhere else).
 */
export interface LockSubtree {
  path: string;
  /** Mount paths strictly below `path`. */
  except: readonly string[];
}

/** How much of an owner's XML a list reads: plenty for the text it shows, never a huge owner whole. */
export const OWNER_XML_HEAD_CHARS = 16_384;

/** A lock row as a list reads it: the owner's XML cut to OWNER_XML_HEAD_CHARS. */
export type DavLockListRow = Omit<DavLockRow, 'owner_xml'> & { owner_head: string | null; owner_cut: boolean };

function inSubtree(eb: ExpressionBuilder<Database, 'dav_locks'>, subtree: LockSubtree): Expression<SqlBool> {
  return eb.and([atOrBelowSql('root', subtree.path), ...subtree.except.map((below) => eb.not(atOrBelowSql('root', below)))]);
}

/**
 * Deletes, in the caller's transaction (or on its own), the WebDAV locks of the given keys; with
 * `keep`, those whose root it accepts stay. The key's row and its locks then change together.
 */
export async function deleteApiKeyLocks(db: AppDatabase, keyIds: readonly string[], keep?: (root: string) => boolean): Promise<number> {
  if (keyIds.length === 0) return 0;
  const principals = keyIds.map(apiKeyLockPrincipal);
  if (!keep) {
    const result = await db.deleteFrom('dav_locks').where('principal', 'in', principals).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
  const held = await db.selectFrom('dav_locks').select(['token', 'root']).where('principal', 'in', principals).execute();
  const dropped = held.filter((lock) => !keep(lock.root)).map((lock) => lock.token);
  if (dropped.length === 0) return 0;
  const result = await db.deleteFrom('dav_locks').where('token', 'in', dropped).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export class DavLockRepository {
  constructor(private readonly db: AppDatabase) {}

  /** One page of the live locks in `subtree` (oldest first) and how many there are. */
  async listLive(
    subtree: LockSubtree,
    nowIso: string,
    page: { limit: number; offset: number },
  ): Promise<{ rows: DavLockListRow[]; total: number }> {
    const live = this.db
      .selectFrom('dav_locks')
      .where('expires_at', '>', nowIso)
      .where((eb) => inSubtree(eb, subtree));
    const counted = await live.select((eb) => eb.fn.countAll<number | string | bigint>().as('count')).executeTakeFirstOrThrow();
    const rows = await live
      .select(['token', 'root', 'depth', 'scope', 'principal', 'timeout_seconds', 'created_at', 'expires_at'])
      .select([
        sql<string | null>`substr(owner_xml, 1, ${sql.lit(OWNER_XML_HEAD_CHARS)})`.as('owner_head'),
        sql<number | boolean>`(length(owner_xml) > ${sql.lit(OWNER_XML_HEAD_CHARS)})`.as('owner_cut'),
      ])
      .orderBy('created_at')
      .orderBy('token')
      .limit(page.limit)
      .offset(page.offset)
      .execute();
    return { rows: rows.map((row) => ({ ...row, owner_cut: Boolean(row.owner_cut) })), total: Number(counted.count) };
  }

  /** Deletes the live lock `token` if it is in `subtree`; false when there is none there. */
  async deleteLive(token: string, subtree: LockSubtree, nowIso: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('dav_locks')
      .where('token', '=', token)
      .where('expires_at', '>', nowIso)
      .where((eb) => inSubtree(eb, subtree))
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
