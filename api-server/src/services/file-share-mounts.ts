import type { CacheRegistry } from '../cache/cache-registry';
import type { MountRow } from '../db/schema';
import type { MountRepository } from '../repositories/mount-repository';
import { virtualPathOf, type PathMetadata } from './fs/fs-access';
import { S3_STORAGE_TYPE } from './mount-service';

export interface FileShareMountsDeps {
  mounts: Pick<MountRepository, 'listByStorageConfig'>;
  /** The mounts' cached folder listings (`directory`, dropped per mount as the fs writes do). */
  caches: Pick<CacheRegistry, 'directory'>;
  /** The mount index's write hooks (`MountIndexService.pathHooks()`), the ones the fs writes reach it through. */
  index: PathMetadata;
}

/**
 * What an object written or removed by a file share (upload, commit, URL import, deletion, lazy
 * expiry) means for the mounts that show its storage config: a mount exposes the whole bucket (its
 * root is the bucket root, contract §5.6), so every mount of the config shows the key. Each one's
 * cached listings go and its index learns of the entry, as after a write through the fs API.
 *
 * Errors are not swallowed, as with the fs writes' hooks: the request that wrote fails, and a
 * rebuild of the index repairs what it missed.
 */
export class FileShareMounts {
  constructor(private readonly deps: FileShareMountsDeps) {}

  /** A share's object of `size` bytes was stored at `key` of storage config `configId`. */
  async objectStored(configId: string, key: string, size: number): Promise<void> {
    for (const mount of await this.mountsShowing(configId, key)) {
      this.deps.caches.directory.clearByMount(mount.id);
      await this.deps.index.stored?.({ mount, key, isDirectory: false }, size);
    }
  }

  /** A share's object at `key` of storage config `configId` was deleted. */
  async objectRemoved(configId: string, key: string): Promise<void> {
    for (const mount of await this.mountsShowing(configId, key)) {
      this.deps.caches.directory.clearByMount(mount.id);
      await this.deps.index.removed(virtualPathOf(mount, key), { mount, key, isDirectory: false });
    }
  }

  /** The mounts showing `key` of the config: all of the config's bucket mounts (none for a folder key). */
  private async mountsShowing(configId: string, key: string): Promise<MountRow[]> {
    if (key === '' || key.endsWith('/')) return [];
    const mounts = await this.deps.mounts.listByStorageConfig(configId);
    return mounts.filter((mount) => mount.storage_type === S3_STORAGE_TYPE);
  }
}
