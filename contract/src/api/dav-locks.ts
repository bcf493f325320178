import type { IsoTimestamp, OffsetPagination, Uuid } from './common';

/**
 * Cloudclip addition (not in the legacy contract): the admin sees the WebDAV write locks that are
 * active in a mount and can release them (issue 41). A lock taken over WebDAV (`LOCK`, RFC 4918)
 * blocks every write to its resource — and, with depth infinity, to everything below it — that
 * does not submit its token; the admin may lift it here without knowing the token.
 *
 * A backend that offers it lists `"dav-locks"` in `GET /api/version` → `data.features`.
 *
 * Rules on that backend: a lock lives at most one day (`Timeout: Infinite` and longer ask are cut to
 * a day; a refresh with its token starts a new day); the admin may also `UNLOCK` any lock over
 * WebDAV with its token; deleting an API key, taking its mount permission away or making it expire
 * drops its locks, and narrowing its basic path drops those outside the new one.
 *
 * Endpoints (admin; shape E):
 * - `GET /api/admin/mounts/{id}/dav-locks?limit=&offset=` → 200 E `data` = DavLockList: the live
 *   locks rooted in the mount (not in another mount below it), oldest first. 404 for an unknown mount.
 * - `DELETE /api/admin/mounts/{id}/dav-locks/{token}` (the token percent-encoded) → 200 E (no
 *   data): the lock is gone. 404 when no live lock of that mount has that token.
 */
export const SERVER_FEATURE_DAV_LOCKS = 'dav-locks';

/** `GET …/dav-locks` paging: defaults and the largest page. */
export const DAV_LOCK_PAGE = { limit: 20, offset: 0, maxLimit: 100 } as const;

/** The most characters of a lock's owner text the list shows (longer ones end with `…`). */
export const DAV_LOCK_OWNER_TEXT_MAX = 200;

/** Who took a lock: the admin or an API key (`name` null when that key or admin is gone). */
export interface DavLockHolder {
  kind: 'admin' | 'api_key';
  /** The admin's or the key's id. */
  id: string;
  /** The admin's username or the key's name. */
  name: string | null;
}

/** One active WebDAV lock of a mount. */
export interface DavLockInfo {
  /** `opaquelocktoken:<uuid>`: what `DELETE …/dav-locks/{token}` takes. */
  token: string;
  /** The locked virtual path (mount path + key, no trailing `/`). */
  path: string;
  scope: 'exclusive' | 'shared';
  /** `0`: the resource only; `infinity`: it and everything below it. */
  depth: '0' | 'infinity';
  /**
   * The text of the client's `DAV:owner` (its markup dropped, white space collapsed, at most
   * DAV_LOCK_OWNER_TEXT_MAX characters, then `…`); null when the client sent none.
   */
  owner: string | null;
  holder: DavLockHolder;
  created_at: IsoTimestamp;
  /** When it ends unless its holder refreshes it. */
  expires_at: IsoTimestamp;
}

/** `GET /api/admin/mounts/{id}/dav-locks` → 200 E `data`. */
export interface DavLockList {
  mount_id: Uuid;
  items: DavLockInfo[];
  pagination: OffsetPagination;
}
