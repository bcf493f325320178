import type { FsBucketListing, FsDirectoryItem, FsFileItem, FsPath, FsVirtualItem, FsVirtualListing } from '@cloudclip/contract';
import type { MountRow } from '../../db/schema';
import { HttpError } from '../../http/http-error';
import { toIso } from '../../lib/time';
import { listAllObjects, listAllPages, type ObjectSummary } from '../../storage/storage-driver';
import { findMount, folderPrefix, storageCall, virtualPathOf, type FsAccess, type FsCaller, type FsTarget } from './fs-access';
import { displayPath, parseFsPath, withDirectoryFlag } from './fs-path';

/** Most entries one folder listing returns (continuation pages are followed up to this). */
export const FS_LIST_MAX_ENTRIES = 20000;
/** Folder sizes are computed with this many listings in flight. */
const FOLDER_SIZE_CONCURRENCY = 4;

async function mapLimit<T, R>(items: readonly T[], limit: number, run: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await run(items[index] as T);
    }
  });
  await Promise.all(workers);
  return results;
}

/**
 * Folder listings of the file-system browser (contract §5.9): the virtual folders above the mounts
 * and a mount's bucket folders (cached per mount for its `cache_ttl`, folder sizes included).
 */
export class FsListing {
  constructor(private readonly access: FsAccess) {}

  async list(caller: FsCaller, rawPath: unknown): Promise<FsVirtualListing | FsBucketListing> {
    const parsed = withDirectoryFlag(parseFsPath(rawPath === undefined || rawPath === '' ? '/' : rawPath), true);
    const shown = displayPath(parsed);
    if (!this.access.isNavigable(caller, parsed.path)) throw new HttpError(403, 'fs.outsideBasicPath');
    if (!this.access.isWithin(caller, parsed.path)) {
      // Above the key's basic path: nothing is listed (not even a mount's bucket; see the report).
      return { path: shown, type: 'directory', isRoot: parsed.path === '/', isVirtual: true, hasPermission: false, items: [] };
    }
    const mounts = await this.access.mountsOf(caller);
    const mount = findMount(mounts, parsed.path);
    if (!mount) return this.virtualListing(parsed, shown, mounts);
    const target = await this.access.targetIn(mount, parsed);
    return this.bucketListing(target);
  }

  private virtualListing(parsed: FsPath, shown: string, mounts: readonly MountRow[]): FsVirtualListing {
    const base = parsed.path === '/' ? '/' : `${parsed.path}/`;
    const items: FsVirtualItem[] = [];
    const seen = new Set<string>();
    for (const mount of mounts) {
      if (!mount.mount_path.startsWith(base) || mount.mount_path === parsed.path) continue;
      const name = mount.mount_path.slice(base.length).split('/')[0] as string;
      if (name === '' || seen.has(name)) continue;
      seen.add(name);
      items.push({ name, path: `${base}${name}/`, isDirectory: true, isVirtual: true });
    }
    return { path: shown, type: 'directory', isRoot: parsed.path === '/', isVirtual: true, hasPermission: true, items };
  }

  private async bucketListing(target: FsTarget): Promise<FsBucketListing> {
    const { mount, config, driver } = target;
    const prefix = folderPrefix(target.key);
    const cacheKey = `fs:list:${mount.id}:${prefix}`;
    const cached = this.access.deps.caches.directory.get(cacheKey) as FsBucketListing | undefined;
    if (cached) return cached;

    // The reference makes one listing call (at most 1000 entries per folder). Cloudclip follows the
    // continuation pages, up to FS_LIST_MAX_ENTRIES, so large folders (the explorer virtualises its
    // list) are shown whole. Same fields, only more items.
    const page = await storageCall(async () => {
      const merged: { objects: ObjectSummary[]; commonPrefixes: string[] } = { objects: [], commonPrefixes: [] };
      for await (const next of listAllPages(driver, { prefix, delimiter: '/' })) {
        merged.objects.push(...next.objects);
        merged.commonPrefixes.push(...next.commonPrefixes);
        if (merged.objects.length + merged.commonPrefixes.length >= FS_LIST_MAX_ENTRIES) break;
      }
      return merged;
    });
    const now = toIso(this.access.deps.clock());
    const directories = await mapLimit(page.commonPrefixes, FOLDER_SIZE_CONCURRENCY, async (common): Promise<FsDirectoryItem> => {
      let size = 0;
      let modified: string | undefined;
      await storageCall(async () => {
        for await (const object of listAllObjects(driver, common)) {
          size += object.size;
          if (object.key === common) modified = toIso(object.lastModified);
        }
      });
      const name = common.slice(prefix.length, -1);
      return { name, path: `${virtualPathOf(mount, common)}/`, isDirectory: true, isVirtual: false, size, modified: modified ?? now };
    });
    const files: FsFileItem[] = page.objects
      .filter((object) => object.key !== prefix && !object.key.endsWith('/'))
      .map((object) => ({
        name: object.key.slice(prefix.length),
        path: virtualPathOf(mount, object.key),
        isDirectory: false,
        size: object.size,
        modified: toIso(object.lastModified),
        etag: object.etag,
      }));
    const listing: FsBucketListing = {
      path: displayPath(target.path),
      type: 'directory',
      isRoot: false,
      isVirtual: false,
      mount_id: mount.id,
      storage_type: mount.storage_type,
      items: [...directories, ...files],
    };
    this.access.deps.caches.directory.set(cacheKey, listing, {
      mountId: mount.id,
      storageConfigId: config.id,
      ttlSeconds: Number(mount.cache_ttl),
    });
    return listing;
  }
}
