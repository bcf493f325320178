import type { CacheRegistry } from '../cache/cache-registry';
import type { MountRow, StorageConfigRow } from '../db/schema';
import { ancestorFolders } from '../repositories/mount-index-entries';
import type { MountRepository } from '../repositories/mount-repository';
import type { StorageDriver } from '../storage/storage-driver';
import { virtualPathOf, type PathMetadata } from './fs/fs-access';
import { S3_STORAGE_TYPE } from './mount-service';

export interface FileShareMountsDeps {
  mounts: Pick<MountRepository, 'listByStorageConfig'>;
  /** The mounts' cached folder listings (`directory`, dropped per mount as the fs writes do). */
  caches: Pick<CacheRegistry, 'directory'>;
  /** The mount index's write hooks (`MountIndexService.pathHooks()`), the ones the fs writes reach it through. */
  index: PathMetadata;
  /** The storage driver of a config: is a folder left empty by a deletion? */
  drivers: { driverFor(config: StorageConfigRow): StorageDriver };
  /** Where a failed index update is reported (default: a process warning on stderr). */
  onError?: (error: unknown) => void;
}

/**
 * What an object written or removed by a file share (upload, commit, URL import, deletion, lazy
 * expiry) means for the mounts that show its storage config: a mount exposes the whole bucket (its
 * root is the bucket root, contract §5.6), so every mount of the config shows the key. Each one's
 * cached listings go and its index learns of the entry, as after a write through the fs API.
 *
 * The share's own write has succeeded when these run (its object and row are stored), so a failed
 * index update does not fail the request: the uploader would be told the upload failed and retry,
 * storing it twice. It is reported (`onError`), and a rebuild of the mount's index repairs it.
 */
export class FileShareMounts {
  constructor(private readonly deps: FileShareMountsDeps) {}

  /** A share's object of `size` bytes was stored at `key` of storage config `configId`. */
  async objectStored(configId: string, key: string, size: number): Promise<void> {
    await this.reported(async () => {
      for (const mount of await this.mountsShowing(configId, key)) {
        this.deps.caches.directory.clearByMount(mount.id);
        await this.deps.index.stored?.({ mount, key, isDirectory: false }, size);
      }
    });
  }

  /**
   * A share's object at `key` of `config` was deleted. The folders above it that hold nothing any
   * more (share keys have no folder markers, so such a folder is gone from the storage) go too.
   */
  async objectRemoved(config: StorageConfigRow, key: string): Promise<void> {
    await this.reported(async () => {
      const mounts = await this.mountsShowing(config.id, key);
      if (mounts.length === 0) return;
      const emptied = await this.emptiedFolders(config, key);
      for (const mount of mounts) {
        this.deps.caches.directory.clearByMount(mount.id);
        await this.deps.index.removed(virtualPathOf(mount, key), { mount, key, isDirectory: false });
        for (const folder of emptied) {
          await this.deps.index.removed(virtualPathOf(mount, folder), { mount, key: folder.slice(0, -1), isDirectory: true });
        }
      }
    });
  }

  /** Runs `update`; a failure is reported, not thrown (see the class comment). */
  private async reported(update: () => Promise<void>): Promise<void> {
    try {
      await update();
    } catch (error) {
      if (this.deps.onError) this.deps.onError(error);
      else
        process.emitWarning(`mount index not updated after a file share write: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** The folders above `key`, deepest first, that the storage no longer holds anything in (one listing call each, up to the first that does). */
  private async emptiedFolders(config: StorageConfigRow, key: string): Promise<string[]> {
    const driver = this.deps.drivers.driverFor(config);
    const emptied: string[] = [];
    // Deepest first: the walk stops at the first folder that still holds something.
    for (const folder of ancestorFolders(key).reverse()) {
      const page = await driver.listObjects({ prefix: folder, maxKeys: 1 }).catch(() => null);
      if (!page || page.objects.length > 0 || page.commonPrefixes.length > 0) break;
      emptied.push(folder);
    }
    return emptied;
  }

  /** The mounts showing `key` of the config: all of the config's bucket mounts (none for a folder key). */
  private async mountsShowing(configId: string, key: string): Promise<MountRow[]> {
    if (key === '' || key.endsWith('/')) return [];
    const mounts = await this.deps.mounts.listByStorageConfig(configId);
    return mounts.filter((mount) => mount.storage_type === S3_STORAGE_TYPE);
  }
}
