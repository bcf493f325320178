import { randomBytes, randomUUID } from 'node:crypto';
import type { AdminAuth, ApiKeyAuth } from '../../auth/auth-context';
import { isNavigableFromBasicPath, isWithinBasicPath, normalizeBasicPath } from '../../auth/basic-path';
import { apiKeyCreator } from '../../auth/ownership';
import type { CacheRegistry } from '../../cache/cache-registry';
import type { MountRow, StorageConfigRow } from '../../db/schema';
import { isUniqueViolation } from '../../db/unique-violation';
import { HttpError } from '../../http/http-error';
import { toIso, type Clock } from '../../lib/time';
import type { FileRepository } from '../../repositories/file-repository';
import type { StorageConfigRepository } from '../../repositories/storage-config-repository';
import type { MountService } from '../mount-service';
import { S3_STORAGE_TYPE } from '../mount-service';
import { storageHttpError } from '../storage-errors';
import type { StorageDriver } from '../../storage/storage-driver';
import type { StorageRegistry } from '../../storage/storage-registry';
import { DIRECTORY_CONTENT_TYPE, mimeTypeOf } from './fs-mime';
import { inspectFsPath, type FsPath } from '@cloudclip/contract';
import { baseName, isSameOrBelow } from './fs-path';

/** Who uses the file browser: an admin (`/api/admin/fs/*`) or an API key (`/api/user/fs/*`). */
export interface FsCaller {
  kind: 'admin' | 'apiKey';
  /** `admin:<id>` / `apikey:<id>`: keys the per-user link cache. */
  id: string;
  /** The key's basic_path (normalised, NFC); `/` for admins. */
  basicPath: string;
  adminId?: string;
  /** `created_by` of rows written by fs direct upload and multipart complete (§2.7). */
  fsCreator: string;
  /** `created_by` of rows written by fs presign/commit (§2.7). */
  shareCreator: string;
}

export function fsCallerOf(auth: AdminAuth | ApiKeyAuth): FsCaller {
  if (auth.kind === 'admin') {
    return {
      kind: 'admin',
      id: `admin:${auth.adminId}`,
      basicPath: '/',
      adminId: auth.adminId,
      fsCreator: `admin:${auth.adminId}`,
      shareCreator: auth.adminId,
    };
  }
  return {
    kind: 'apiKey',
    id: apiKeyCreator(auth.key.id),
    basicPath: normalizeBasicPath(auth.key.basicPath).normalize('NFC'),
    fsCreator: `apiKey:${auth.key.id}`,
    shareCreator: apiKeyCreator(auth.key.id),
  };
}

/** An entry of a mount that a write through Cloudclip touched. */
export interface FsEntryRef {
  mount: MountRow;
  /** Bucket key without a trailing `/` (never `''`: the mount root is not written). */
  key: string;
  isDirectory: boolean;
}

/**
 * State kept per path outside the storage — WebDAV dead properties and locks (src/webdav/), the
 * filename index of the mounts (services/mount-index/) — told of every write through the fs API and
 * WebDAV, in the same request: a path and everything below it removed or moved (nothing stale is
 * left for a new file of the same name), an entry stored. One hook point for both; `combinePathMetadata`
 * joins several.
 */
export interface PathMetadata {
  removed(path: string, entry?: FsEntryRef): Promise<void>;
  moved(from: string, to: string, entries?: { from: FsEntryRef; to: FsEntryRef }): Promise<void>;
  /** A file (`size` bytes) or folder (0) was created or replaced at `entry`. */
  stored?(entry: FsEntryRef, size: number): Promise<void>;
}

/** One PathMetadata that tells each of `parts`, in order. */
export function combinePathMetadata(...parts: readonly PathMetadata[]): PathMetadata {
  return {
    async removed(path, entry) {
      for (const part of parts) await part.removed(path, entry);
    },
    async moved(from, to, entries) {
      for (const part of parts) await part.moved(from, to, entries);
    },
    async stored(entry, size) {
      for (const part of parts) await part.stored?.(entry, size);
    },
  };
}

export interface FsDeps {
  mounts: MountService;
  configs: StorageConfigRepository;
  storage: StorageRegistry;
  caches: CacheRegistry;
  files: FileRepository;
  clock: Clock;
  /** Root of server-side data: form uploads are spooled under `<dataDir>/tmp/fs-upload`. */
  dataDir: string;
  pathMetadata?: PathMetadata;
}

/** A virtual path resolved to its mount, storage and bucket key. */
export interface FsTarget {
  mount: MountRow;
  config: StorageConfigRow;
  driver: StorageDriver;
  path: FsPath;
  /** Bucket key without a trailing `/`; `""` is the mount root (the bucket root). */
  key: string;
}

export const RECOMMENDED_PART_SIZE = 5 * 1024 * 1024;

/** The mount covering `path`: the longest mount path equal to it or a `/`-bounded prefix of it. */
export function findMount(mounts: readonly MountRow[], path: string): MountRow | undefined {
  let best: MountRow | undefined;
  for (const mount of mounts) {
    if (!isSameOrBelow(path, mount.mount_path)) continue;
    if (!best || mount.mount_path.length > best.mount_path.length) best = mount;
  }
  return best;
}

/** The bucket key of a virtual path inside a mount (`""` for the mount root). */
export function keyOf(mount: MountRow, path: string): string {
  if (mount.mount_path === '/') return path.slice(1);
  return path === mount.mount_path ? '' : path.slice(mount.mount_path.length + 1);
}

/** The virtual path of a bucket key (no trailing `/`). */
export function virtualPathOf(mount: MountRow, key: string): string {
  const trimmed = key.endsWith('/') ? key.slice(0, -1) : key;
  if (trimmed === '') return mount.mount_path;
  return mount.mount_path === '/' ? `/${trimmed}` : `${mount.mount_path}/${trimmed}`;
}

/** `key/` (`""` for the bucket root): the listing prefix of a folder key. */
export function folderPrefix(key: string): string {
  return key === '' ? '' : `${key}/`;
}

/** The parent folder key (`""` when the parent is the mount root). */
export function parentKey(key: string): string {
  const index = key.lastIndexOf('/');
  return index < 0 ? '' : key.slice(0, index);
}

/** Runs a storage call, turning StorageErrors into HTTP errors. */
export async function storageCall<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw storageHttpError(error);
  }
}

/** Random bytes in the slug of a row created by the file browser: 128 bits, 32 hex characters. */
export const FS_SLUG_RANDOM_BYTES = 16;

/**
 * A fresh slug for a row created by the file browser: `M-` + 32 hex characters from the CSPRNG
 * (128 bits). The row is reachable through the public share endpoints by its slug, so the slug
 * must not be guessable (the contract's §6.1 `M-` + first 5 hex characters of the UUID — about a
 * million values — was), nor derived from the row id, which the presign client chooses.
 * Fits SHARE_SLUG_PATTERN (letters, digits, `-`, `_`).
 */
export function newFsSlug(): string {
  return `M-${randomBytes(FS_SLUG_RANDOM_BYTES).toString('hex')}`;
}

export interface FsFileRowInput {
  target: FsTarget;
  size: number;
  etag: string | null;
  createdBy: string;
  urlBase: string;
  /** Row id wished by the client (presign/commit); a fresh one is used when its slug is taken. */
  preferredId?: string;
}

/**
 * What the file browser needs from mounts, storage, caches and the `files` table, with the
 * access rules of contract §2.6 / §5.9 applied in one place:
 * 403 root → 403 outside basic_path → 404 no mount (in that order), after the path rule of fs-path.ts.
 */
export class FsAccess {
  constructor(readonly deps: FsDeps) {}

  /** Active mounts the caller's browser sees (admin: own; key: visible from its basic_path), contract order. */
  mountsOf(caller: FsCaller): Promise<MountRow[]> {
    return caller.kind === 'admin' ? this.deps.mounts.ownedBy(caller.adminId as string) : this.deps.mounts.visibleTo(caller.basicPath);
  }

  isWithin(caller: FsCaller, path: string): boolean {
    return isWithinBasicPath(path, caller.basicPath);
  }

  isNavigable(caller: FsCaller, path: string): boolean {
    return isNavigableFromBasicPath(path, caller.basicPath);
  }

  /** 403 unless `path` is within the caller's basic_path. */
  assertWithin(caller: FsCaller, path: string): void {
    if (!this.isWithin(caller, path)) throw new HttpError(403, 'fs.outsideBasicPath');
  }

  /** The mount, config and driver of a path every read and write goes through. */
  async resolve(caller: FsCaller, path: FsPath, mounts?: readonly MountRow[]): Promise<FsTarget> {
    if (path.segments.length === 0) throw new HttpError(403, 'fs.rootNotAllowed');
    this.assertWithin(caller, path.path);
    const mount = findMount(mounts ?? (await this.mountsOf(caller)), path.path);
    if (!mount) throw new HttpError(404, 'fs.mountNotFound');
    return this.targetIn(mount, path);
  }

  /** Like `resolve` for a path already known to lie in `mount`. */
  async targetIn(mount: MountRow, path: FsPath): Promise<FsTarget> {
    if (mount.storage_type !== S3_STORAGE_TYPE || !mount.storage_config_id) throw new HttpError(400, 'fs.storageTypeUnsupported');
    const config = await this.deps.configs.findById(mount.storage_config_id);
    if (!config) throw new HttpError(404, 's3Config.notFound');
    return { mount, config, driver: this.deps.storage.driverFor(config), path, key: keyOf(mount, path.path) };
  }

  /**
   * A bucket key sent back by a client (multipart `key`, copy commit `s3Path`) as a target in
   * `mount`: it must be a well-formed path below the mount and within the caller's basic_path.
   */
  async targetForKey(caller: FsCaller, mount: MountRow, key: unknown, field: string): Promise<FsTarget> {
    if (typeof key !== 'string' || key === '' || key.startsWith('/')) {
      throw new HttpError(400, 'fs.invalidPath', {
        params: { field, reason: typeof key !== 'string' || key === '' ? 'empty' : 'notRelative' },
      });
    }
    const parsed = inspectFsPath(`/${key}`);
    if ('problem' in parsed) throw new HttpError(400, 'fs.invalidPath', { params: { field, reason: parsed.problem } });
    if (parsed.isDirectory) throw new HttpError(400, 'fs.pathMustBeFile');
    const virtual = virtualPathOf(mount, parsed.path.slice(1));
    const path: FsPath = { path: virtual, isDirectory: false, segments: virtual.slice(1).split('/') };
    this.assertWithin(caller, path.path);
    return this.targetIn(mount, path);
  }

  // ------------------------------------------------------------------ storage helpers

  async fileExists(target: FsTarget, key = target.key): Promise<boolean> {
    if (key === '') return false;
    return (await storageCall(() => target.driver.headObject(key))) !== null;
  }

  /** A folder exists when it is the mount root, has a marker, or holds any object. */
  async folderExists(target: FsTarget, key = target.key): Promise<boolean> {
    if (key === '') return true;
    if (await storageCall(() => target.driver.headObject(`${key}/`))) return true;
    return this.folderHoldsObjects(target, key);
  }

  /** True when any object is stored below `key/` (a folder without a marker); one listing call. */
  async folderHoldsObjects(target: FsTarget, key = target.key): Promise<boolean> {
    const page = await storageCall(() => target.driver.listObjects({ prefix: `${key}/`, maxKeys: 1 }));
    return page.objects.length > 0 || page.commonPrefixes.length > 0;
  }

  /** Creates or refreshes the zero-byte markers of every folder above `key` (contract §6.3). */
  async ensureParentMarkers(target: FsTarget, key = target.key): Promise<void> {
    const segments = key.split('/').slice(0, -1);
    for (let depth = 1; depth <= segments.length; depth += 1) {
      const marker = `${segments.slice(0, depth).join('/')}/`;
      await storageCall(() => target.driver.putObject(marker, Buffer.alloc(0), { contentType: DIRECTORY_CONTENT_TYPE }));
    }
  }

  /** Tells the path hooks that a file (`size` bytes) or folder was stored at `key` of `target`'s mount. */
  async entryStored(target: FsTarget, entry: { key?: string; isDirectory?: boolean; size: number }): Promise<void> {
    const key = (entry.key ?? target.key).replace(/\/$/, '');
    if (key === '') return;
    await this.deps.pathMetadata?.stored?.({ mount: target.mount, key, isDirectory: entry.isDirectory ?? false }, entry.size);
  }

  /** Tells the path hooks that `target` (a folder with everything below it) was removed; `path` = its virtual path. */
  async entryRemoved(target: FsTarget, isDirectory: boolean, path = target.path.path): Promise<void> {
    await this.deps.pathMetadata?.removed(path, { mount: target.mount, key: target.key, isDirectory });
  }

  /** Tells the path hooks that `source` (a folder with everything below it) now is `dest`. */
  async entryMoved(
    source: FsTarget,
    dest: FsTarget,
    isDirectory: boolean,
    paths = { from: source.path.path, to: dest.path.path },
  ): Promise<void> {
    await this.deps.pathMetadata?.moved(paths.from, paths.to, {
      from: { mount: source.mount, key: source.key, isDirectory },
      to: { mount: dest.mount, key: dest.key, isDirectory },
    });
  }

  /** Drops the mount's cached listings (every write through the API calls this). */
  invalidate(mount: MountRow): void {
    this.deps.caches.directory.clearByMount(mount.id);
  }

  /**
   * Inserts the `files` row of an object written through the browser (slug `newFsSlug()`); returns
   * id and slug. `files` is the repository to write with (a transaction's, when the quota settles).
   */
  async insertFileRow(input: FsFileRowInput, files: FileRepository = this.deps.files): Promise<{ id: string; slug: string }> {
    const { target } = input;
    const name = baseName(target.path);
    const now = toIso(this.deps.clock());
    for (let attempt = 0; ; attempt += 1) {
      const id = attempt === 0 && input.preferredId ? input.preferredId : randomUUID();
      const slug = newFsSlug();
      try {
        await files.insert({
          id,
          filename: name,
          storage_path: target.key,
          s3_url: target.driver.objectUrl(target.key, input.urlBase),
          mimetype: mimeTypeOf(name),
          size: input.size,
          s3_config_id: target.config.id,
          slug,
          remark: null,
          password_hash: null,
          password_sealed: null,
          expires_at: null,
          max_views: null,
          etag: input.etag,
          created_by: input.createdBy,
          created_at: now,
          updated_at: now,
        });
        return { id, slug };
      } catch (error) {
        // A taken id (presign/commit's preferred one) or, in theory, slug: another id and slug, a few times.
        if (!isUniqueViolation(error) || attempt >= 4) throw error;
      }
    }
  }
}
