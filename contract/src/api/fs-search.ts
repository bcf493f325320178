import type { IsoTimestamp, OffsetPagination, Uuid } from './common';

/**
 * Cloudclip addition (not in the legacy contract): find files and folders by name in the mounts,
 * below the folder the explorer shows, through an index of every mount's entries kept in the
 * database.
 *
 * A backend that offers it lists `"mount-search"` in `GET /api/version` → `data.features`.
 *
 * The index: each mount's entries (path, name, folder or file, size, modified) are crawled in the
 * background once (the first start after the mount is created, or an admin's rebuild), in pages,
 * with progress kept in the database so a restart resumes where it stopped; afterwards every write
 * through Cloudclip (the fs API, WebDAV, uploads into a mount) updates it in the same request.
 * Changes made to the storage behind Cloudclip's back appear after a rebuild.
 *
 * Endpoints:
 * - `GET /api/admin/fs/search?q=&path=&limit=&offset=` (admin) and `GET /api/user/fs/search?…`
 *   (an API key with the file permission; only below its basic path, only in mounts it may see):
 *   entries whose **name** contains every term of `q` (searchTermsOf, case-insensitive substring),
 *   anywhere below `path` (default `/`; a folder path, normalised like `fs/list`'s). Folders first,
 *   then by path (code-point order). 200 E `data` = FsSearchData. A refused query (searchQueryProblem)
 *   or a blank one → 400; a `path` the caller may not navigate → 403 as `fs/list` answers.
 * - `GET /api/admin/mounts/{id}/index` (admin) → 200 E `data` = MountIndexState; 404 for an unknown mount.
 * - `POST /api/admin/mounts/{id}/index/rebuild` (admin) → 202 E `data` = MountIndexState (status
 *   `building`): drops the mount's entries and crawls it again in the background. A rebuild of a
 *   mount already building restarts it.
 */
export const SERVER_FEATURE_MOUNT_SEARCH = 'mount-search';

/** `fs/search` paging: defaults and the largest page. */
export const FS_SEARCH_PAGE = { limit: 100, offset: 0, maxLimit: 500 } as const;

/** Query of `GET …/fs/search`. */
export interface FsSearchQuery {
  q: string;
  /** The folder to search below (default `/`). */
  path?: string;
  limit?: number;
  offset?: number;
}

/** One entry found by `GET …/fs/search`. */
export interface FsSearchHit {
  /** Last path segment. */
  name: string;
  /** Full virtual path (mount path + key); a folder's ends with `/`, as in `fs/list`. */
  path: string;
  /** The folder that holds it (full virtual path ending with `/`): where the explorer opens it. */
  parent: string;
  isDirectory: boolean;
  /** Bytes; 0 for a folder. */
  size: number;
  /** As last indexed; null when the storage gave none (folders without a marker). */
  modified: IsoTimestamp | null;
  mount_id: Uuid;
}

/** `GET …/fs/search` → 200 E `data`. */
export interface FsSearchData {
  items: FsSearchHit[];
  pagination: OffsetPagination;
  /**
   * True when a mount below `path` is not fully indexed yet (its first crawl or a rebuild is
   * running, or it failed): the items may be incomplete, and the client says so.
   */
  incomplete: boolean;
}

export type MountIndexStatus = 'pending' | 'building' | 'ready' | 'failed';

/** `GET /api/admin/mounts/{id}/index` and the rebuild's answer. */
export interface MountIndexState {
  mount_id: Uuid;
  status: MountIndexStatus;
  /** Entries in the index now (while building: found so far). */
  entries: number;
  /** While building: folders found but not listed yet (0 otherwise); with `entries`, the progress. */
  pending_folders: number;
  started_at: IsoTimestamp | null;
  /** When the last crawl finished (ready or failed); null while the first one runs. */
  finished_at: IsoTimestamp | null;
  /** For `failed`: the storage's error message, else null. */
  error: string | null;
}
