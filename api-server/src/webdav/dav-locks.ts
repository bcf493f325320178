import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, DavLockRow } from '../db/schema';
import { toIso, type Clock } from '../lib/time';
import { takeDavGuard } from './dav-guard';
import { ancestorsOf, atOrBelowSql, belowSql, isAtOrBelow } from './dav-subtree';

/**
 * WebDAV write locks (RFC 4918 §6–7, LOCK/UNLOCK, honoured by PUT/DELETE/MOVE…), kept in the
 * `dav_locks` table rather than in memory so every api-server on one database sees the same locks.
 * Paths are virtual paths (NFC, start with `/`, no trailing slash, `/` = the root). A lock whose
 * `expires_at` has passed (by the injected clock) counts as gone everywhere; its row is purged by
 * the next `create` or `remove` of it.
 */

/** `exclusive`: nobody else may lock; `shared`: other shared locks may coexist. */
export type LockScope = 'exclusive' | 'shared';
/** `0`: the root resource only; `infinity`: the root and everything below it. */
export type LockDepth = '0' | 'infinity';

/** A live lock, as the method handlers and the `DAV:lockdiscovery` property show it. */
export interface DavLock {
  /** `opaquelocktoken:<uuid v4>`. */
  token: string;
  /** The locked virtual path. */
  root: string;
  depth: LockDepth;
  scope: LockScope;
  /**
   * The content of the client's `DAV:owner`: a content tail of dav-xml-serialize.ts (serializeContent), or
   * self-contained content as earlier versions stored it; null when it sent none.
   */
  ownerXml: string | null;
  /** Who took it, e.g. `admin:<id>` or `apikey:<id>`. */
  principal: string;
  timeoutSeconds: number;
  /** ISO-8601 with `Z`. */
  expiresAt: string;
}

/** The lock's life when a LOCK request has no usable Timeout header. */
export const DEFAULT_LOCK_TIMEOUT_SECONDS = 3600;
/**
 * The longest lock we grant: `Infinite` and larger values are capped to this (RFC 4918 §10.7 lets
 * the server choose). One day: a client that still works on the file refreshes its lock (a LOCK
 * with the token starts a new day), while a lock its client forgot — or a key that went away —
 * blocks the resource for a day at most, not a week.
 */
export const MAX_LOCK_TIMEOUT_SECONDS = 24 * 3600;
/**
 * The whole seconds a lock has left, as a LOCK or PROPFIND answer reports them: never more than it
 * was granted nor than the cap. The clock read for the answer may be a moment earlier than the one
 * that set the expiry, so rounding up could report a day's grant as 86,401 s.
 */
export function remainingSeconds(lock: Pick<DavLock, 'expiresAt' | 'timeoutSeconds'>, now: number): number {
  const left = Math.round((Date.parse(lock.expiresAt) - now) / 1000);
  return Math.max(0, Math.min(left, lock.timeoutSeconds, MAX_LOCK_TIMEOUT_SECONDS));
}
/** The URI scheme of our lock tokens (RFC 4918 Appendix C). */
export const LOCK_TOKEN_PREFIX = 'opaquelocktoken:';
/**
 * The largest DAV:owner we keep, in UTF-8 bytes of its stored content (dav-xml-serialize.ts
 * serializeContent). Clients send a name or a URL (Windows `<D:href>DOMAIN\user</D:href>`, macOS
 * a link to apple.com); every lock discovery repeats it, so it stays small. Larger → LOCK 413.
 */
export const MAX_LOCK_OWNER_BYTES = 4 * 1024;
/** The most live locks rooted at one resource (shared locks: one per client that edits it together). */
export const MAX_LOCKS_PER_RESOURCE = 16;
/** The most live locks one principal (the admin, or one API key) holds at a time: one per file it has open. */
export const MAX_LOCKS_PER_PRINCIPAL = 256;

/** Which lock count a LOCK went over. */
export type DavLockLimit = 'perResource' | 'perPrincipal';

/** A LOCK would go over MAX_LOCKS_PER_RESOURCE or MAX_LOCKS_PER_PRINCIPAL; no lock was taken. */
export class DavLockLimitError extends Error {
  constructor(readonly limit: DavLockLimit) {
    super(`too many locks: ${limit}`);
    this.name = 'DavLockLimitError';
  }
}

const INFINITE = /^infinite$/i;
const SECONDS = /^second-(\d+)$/i;

/**
 * The lock life a Timeout header asks for (RFC 4918 §10.7: `Second-N`, `Infinite`, or a
 * comma-separated list of them in order of preference): the first usable entry wins, `Infinite`
 * and anything longer are capped at MAX_LOCK_TIMEOUT_SECONDS, `Second-0` is not usable; absent or
 * nothing usable → DEFAULT_LOCK_TIMEOUT_SECONDS.
 */
export function parseTimeoutHeader(header: string | undefined): number {
  if (header === undefined) return DEFAULT_LOCK_TIMEOUT_SECONDS;
  for (const entry of header.split(',')) {
    const value = entry.trim();
    if (INFINITE.test(value)) return MAX_LOCK_TIMEOUT_SECONDS;
    const match = SECONDS.exec(value);
    if (match) {
      const seconds = Number(match[1]);
      if (seconds >= 1) return Math.min(seconds, MAX_LOCK_TIMEOUT_SECONDS);
    }
  }
  return DEFAULT_LOCK_TIMEOUT_SECONDS;
}

/** A timeout the service stores: whole seconds from 1 to MAX; anything else becomes the default. */
function grantedTimeout(seconds: number): number {
  if (!Number.isFinite(seconds) || seconds < 1) return DEFAULT_LOCK_TIMEOUT_SECONDS;
  return Math.min(Math.floor(seconds), MAX_LOCK_TIMEOUT_SECONDS);
}

/** True when `lock` applies to `path`: rooted at it, or at an ancestor with depth infinity. */
export function lockApplies(lock: Pick<DavLock, 'root' | 'depth'>, path: string): boolean {
  return lock.root === path || (lock.depth === 'infinity' && isAtOrBelow(path, lock.root));
}

/** True when a new lock of `scope` cannot coexist with `existing`. */
function conflicts(scope: LockScope, existing: DavLock): boolean {
  return scope === 'exclusive' || existing.scope === 'exclusive';
}

function toDavLock(row: DavLockRow): DavLock {
  return {
    token: row.token,
    root: row.root,
    depth: row.depth,
    scope: row.scope,
    ownerXml: row.owner_xml,
    principal: row.principal,
    timeoutSeconds: Number(row.timeout_seconds),
    expiresAt: row.expires_at,
  };
}

/** What `create` needs to take a lock: a DavLock's fields but the token and the expiry, which it makes. */
export interface NewDavLock extends Omit<DavLock, 'token' | 'expiresAt' | 'timeoutSeconds'> {
  /** Requested seconds (see parseTimeoutHeader); below 1 or not finite → the default, above the maximum → the maximum. */
  timeoutSeconds: number;
}

/**
 * The lock table's rules: which locks apply where, taking one without conflicts, refresh and
 * removal. Works on the app's Kysely instance (each `create` runs its own transaction).
 */
export class DavLockService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  /** Live locks that apply to `path`: rooted at it, or at an ancestor with depth infinity. */
  async covering(path: string): Promise<DavLock[]> {
    return this.coveringIn(this.db, path, toIso(this.clock()));
  }

  /** Live locks rooted at `path` or below it (what a DELETE/MOVE of a collection would destroy). */
  async within(path: string): Promise<DavLock[]> {
    const rows = await this.db
      .selectFrom('dav_locks')
      .selectAll()
      .where('expires_at', '>', toIso(this.clock()))
      .where(atOrBelowSql('root', path))
      .orderBy('created_at')
      .orderBy('token')
      .execute();
    return rows.map(toDavLock);
  }

  /**
   * Takes a lock unless a live one conflicts: an exclusive lock conflicts with any lock that
   * applies to `root` or (when it has depth infinity) is rooted below it; a shared lock only with
   * exclusive ones of those. The check and the insert run in one transaction that holds the
   * `locks` guard, so two conflicting creates — also from two api-servers — never both succeed.
   * Expired rows are purged on the way. Throws DavLockLimitError when `root` already has
   * MAX_LOCKS_PER_RESOURCE locks or the principal MAX_LOCKS_PER_PRINCIPAL.
   */
  async create(input: NewDavLock): Promise<{ lock: DavLock } | { conflict: DavLock }> {
    return this.db.transaction().execute(async (trx) => {
      const now = this.clock();
      const nowIso = toIso(now);
      await takeDavGuard(trx, 'locks', nowIso);
      await trx.deleteFrom('dav_locks').where('expires_at', '<=', nowIso).execute();

      const candidates = await this.coveringIn(trx, input.root, nowIso);
      if (input.depth === 'infinity') {
        const below = await trx
          .selectFrom('dav_locks')
          .selectAll()
          .where(belowSql('root', input.root))
          .orderBy('created_at')
          .orderBy('token')
          .execute();
        candidates.push(...below.map(toDavLock));
      }
      const conflict = candidates.find((existing) => conflicts(input.scope, existing));
      if (conflict) return { conflict };
      // Counted under the guard (expired rows are gone by now), so parallel LOCKs cannot pass the caps together.
      if ((await this.countIn(trx, 'root', input.root)) >= MAX_LOCKS_PER_RESOURCE) throw new DavLockLimitError('perResource');
      if ((await this.countIn(trx, 'principal', input.principal)) >= MAX_LOCKS_PER_PRINCIPAL) {
        throw new DavLockLimitError('perPrincipal');
      }

      const timeoutSeconds = grantedTimeout(input.timeoutSeconds);
      const row: DavLockRow = {
        token: `${LOCK_TOKEN_PREFIX}${randomUUID()}`,
        root: input.root,
        depth: input.depth,
        scope: input.scope,
        owner_xml: input.ownerXml,
        principal: input.principal,
        timeout_seconds: timeoutSeconds,
        created_at: nowIso,
        expires_at: toIso(new Date(now.getTime() + timeoutSeconds * 1000)),
      };
      await trx.insertInto('dav_locks').values(row).execute();
      return { lock: toDavLock(row) };
    });
  }

  /** Live lock by token, or null. */
  async find(token: string): Promise<DavLock | null> {
    const row = await this.db
      .selectFrom('dav_locks')
      .selectAll()
      .where('token', '=', token)
      .where('expires_at', '>', toIso(this.clock()))
      .executeTakeFirst();
    return row ? toDavLock(row) : null;
  }

  /** Gives a live lock a new life of `timeoutSeconds` from now (capped like `create`); null when it is gone or expired. */
  async refresh(token: string, timeoutSeconds: number): Promise<DavLock | null> {
    const now = this.clock();
    const seconds = grantedTimeout(timeoutSeconds);
    const result = await this.db
      .updateTable('dav_locks')
      .set({ timeout_seconds: seconds, expires_at: toIso(new Date(now.getTime() + seconds * 1000)) })
      .where('token', '=', token)
      .where('expires_at', '>', toIso(now))
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return null;
    const row = await this.db.selectFrom('dav_locks').selectAll().where('token', '=', token).executeTakeFirst();
    return row ? toDavLock(row) : null;
  }

  /** Removes one lock (UNLOCK); false when it did not exist or had expired (its row goes anyway). */
  async remove(token: string): Promise<boolean> {
    const live = await this.db
      .deleteFrom('dav_locks')
      .where('token', '=', token)
      .where('expires_at', '>', toIso(this.clock()))
      .executeTakeFirst();
    if (Number(live.numDeletedRows) > 0) return true;
    await this.db.deleteFrom('dav_locks').where('token', '=', token).execute();
    return false;
  }

  /** Removes every lock rooted at `path` or below it (after DELETE, and on the source of MOVE). */
  async removeWithin(path: string): Promise<void> {
    await this.db.deleteFrom('dav_locks').where(atOrBelowSql('root', path)).execute();
  }

  /** How many rows of `dav_locks` have `value` in `column` (live ones only once `create` has purged the expired). */
  private async countIn(db: Kysely<Database>, column: 'root' | 'principal', value: string): Promise<number> {
    const { count } = await db
      .selectFrom('dav_locks')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where(column, '=', value)
      .executeTakeFirstOrThrow();
    return Number(count);
  }

  private async coveringIn(db: Kysely<Database>, path: string, nowIso: string): Promise<DavLock[]> {
    const ancestors = ancestorsOf(path);
    const rows = await db
      .selectFrom('dav_locks')
      .selectAll()
      .where('expires_at', '>', nowIso)
      .where((eb) =>
        ancestors.length === 0
          ? eb('root', '=', path)
          : eb.or([eb('root', '=', path), eb.and([eb('depth', '=', 'infinity'), eb('root', 'in', ancestors)])]),
      )
      .orderBy('created_at')
      .orderBy('token')
      .execute();
    return rows.map(toDavLock);
  }
}
