import type { FsSearchData, FsSearchHit } from '@cloudclip/contract';
import type { MountRow } from '../../db/schema';
import { HttpError } from '../../http/http-error';
import type { MountIndexRepository } from '../../repositories/mount-index-repository';
import type { MountSearchScope } from '../../repositories/mount-index-search';
import type { MountIndexService } from '../mount-index/mount-index-service';
import { searchTermsOrRefuse } from '../search-terms';
import type { FsAccess, FsCaller } from './fs-access';
import { parseFsPath, withDirectoryFlag } from './fs-path';

export interface FsSearchInput {
  q?: string;
  path?: unknown;
  limit: number;
  offset: number;
}

/** A folder's virtual path with a trailing `/` (`/` stays `/`). */
function asFolder(path: string): string {
  return path === '/' ? '/' : `${path}/`;
}

/**
 * Where to look in each mount the caller sees, for a search below the folder `below` (a virtual
 * path ending with `/`): a mount at or below it whole, the mount holding it from that folder down;
 * in each, the folders another of the caller's mounts covers are left out (`fs/list` shows that
 * mount there).
 */
export function searchScopes(mounts: readonly MountRow[], below: string): MountSearchScope[] {
  const roots = mounts.map((mount) => ({ mount, root: asFolder(mount.mount_path) }));
  const scopes: MountSearchScope[] = [];
  for (const { mount, root } of roots) {
    let prefix: string;
    if (root.startsWith(below)) prefix = '';
    else if (below.startsWith(root)) prefix = below.slice(root.length);
    else continue;
    const hidden = roots
      .filter((other) => other.root !== root && other.root.startsWith(root))
      .map((other) => other.root.slice(root.length));
    scopes.push({ mountId: mount.id, prefix, hidden, root });
  }
  return scopes;
}

/**
 * `GET /api/{admin,user}/fs/search` (contract api/fs-search.ts): names in the mount index below a
 * folder, confined like `fs/list` — the mounts the caller's browser sees, and for a key only
 * within its basic path (a folder above it is searched from the basic path down; a folder it may
 * not navigate is 403).
 */
export class FsSearchService {
  constructor(
    private readonly access: FsAccess,
    private readonly index: MountIndexRepository,
    private readonly mountIndex: MountIndexService,
  ) {}

  async search(caller: FsCaller, input: FsSearchInput): Promise<FsSearchData> {
    const terms = searchTermsOrRefuse(input.q);
    if (terms.length === 0) throw new HttpError(400, 'search.queryRequired');
    const parsed = withDirectoryFlag(parseFsPath(input.path === undefined || input.path === '' ? '/' : input.path), true);
    if (!this.access.isNavigable(caller, parsed.path)) throw new HttpError(403, 'fs.outsideBasicPath');
    const folder = asFolder(parsed.path);
    const basic = asFolder(caller.basicPath);
    // Navigable = within the basic path or above it; above it, only what is within counts.
    const below = folder.startsWith(basic) ? folder : basic;
    const scopes = searchScopes(await this.access.mountsOf(caller), below);
    const page = await this.index.search(terms, scopes, input.limit, input.offset);
    const statuses = await this.mountIndex.statuses(scopes.map((scope) => scope.mountId));
    const roots = new Map(scopes.map((scope) => [scope.mountId, scope.root]));
    const items = page.rows.map((row): FsSearchHit => {
      const root = roots.get(row.mount_id) as string;
      return {
        name: row.name,
        path: root + row.path,
        parent: root + row.parent,
        isDirectory: row.is_directory === 1,
        size: row.is_directory === 1 ? 0 : Number(row.size),
        modified: row.modified,
        mount_id: row.mount_id,
      };
    });
    return {
      items,
      pagination: { total: page.total, limit: input.limit, offset: input.offset, hasMore: input.offset + items.length < page.total },
      incomplete: [...statuses.values()].some((status) => status !== 'ready'),
    };
  }
}
