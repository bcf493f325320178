import { randomUUID } from 'node:crypto';
import type { MountRow } from '../db/schema';
import { readObjectRange } from '../http/byte-range-response';
import { HttpError } from '../http/http-error';
import { toIso } from '../lib/time';
import { storageHttpError } from '../services/storage-errors';
import {
  isStorageError,
  listAllObjects,
  listAllPages,
  type GetObjectResult,
  type ObjectInfo,
  type ObjectSummary,
} from '../storage/storage-driver';
import { findMount, folderPrefix, parentKey, storageCall, virtualPathOf, type FsAccess, type FsCaller, type FsTarget } from './fs-access';
import { DIRECTORY_CONTENT_TYPE, mimeTypeOf, OCTET_STREAM } from './fs-mime';
import { baseName, childPath, displayPath, parseFileName, parseFsPath, withDirectoryFlag } from './fs-path';
import type {
  FsBatchRemoveResponse,
  FsBucketListing,
  FsDirectoryItem,
  FsFileInfo,
  FsFileItem,
  FsFileLink,
  FsFolderInfo,
  FsPath,
  FsPresignCommitResponse,
  FsPresignResponse,
  FsUpdateResponse,
  FsVirtualItem,
  FsVirtualListing,
} from '@cloudclip/contract';

/** Most entries one folder listing returns (continuation pages are followed up to this). */
export const FS_LIST_MAX_ENTRIES = 20000;
export const UPDATE_CONTENT_MAX_BYTES = 10 * 1024 * 1024;
/** Folder sizes are computed with this many listings in flight. */
const FOLDER_SIZE_CONCURRENCY = 4;

/** Per-item failure messages come from the route (they are translated there). */
export type Describe = (error: unknown) => string;

export interface PresignInput {
  path: unknown;
  fileName: unknown;
}

export interface PresignCommitInput {
  fileId: string;
  s3Path: string;
  s3ConfigId: string;
  targetPath: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A usable Content-Type for a stored object: the stored one, or the name's when the store only knows octet-stream. */
function contentTypeOf(info: ObjectInfo, name: string): string {
  return info.contentType && info.contentType !== OCTET_STREAM ? info.contentType : mimeTypeOf(name);
}

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
 * The file-system browser of contract §5.9: listings (cached per mount for its `cache_ttl`),
 * object and folder info with presigned links (cached per user), downloads, links, folders,
 * text updates, removal, rename and the presigned upload flow. Every path goes through
 * fs-path.ts (hardening) and FsAccess (basic_path, mount resolution) first.
 */
export class FsService {
  constructor(readonly access: FsAccess) {}

  private get deps() {
    return this.access.deps;
  }

  private now(): Date {
    return this.deps.clock();
  }

  // ------------------------------------------------------------------ list

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
    const cached = this.deps.caches.directory.get(cacheKey) as FsBucketListing | undefined;
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
    const now = toIso(this.now());
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
    this.deps.caches.directory.set(cacheKey, listing, {
      mountId: mount.id,
      storageConfigId: config.id,
      ttlSeconds: Number(mount.cache_ttl),
    });
    return listing;
  }

  // ------------------------------------------------------------------ get / download / link

  async get(caller: FsCaller, rawPath: unknown, urlBase: string): Promise<FsFileInfo | FsFolderInfo> {
    const parsed = parseFsPath(rawPath);
    const target = await this.access.resolve(caller, parsed);
    const { mount, driver } = target;
    if (!parsed.isDirectory && target.key !== '') {
      const info = await storageCall(() => driver.headObject(target.key));
      if (info) {
        const name = baseName(parsed);
        const [previewUrl, downloadUrl] = await Promise.all([
          this.objectLink(caller, target, 'inline', urlBase),
          this.objectLink(caller, target, 'attachment', urlBase),
        ]);
        return {
          path: parsed.path,
          name,
          isDirectory: false,
          size: info.size,
          modified: toIso(info.lastModified),
          contentType: contentTypeOf(info, name),
          etag: info.etag,
          mount_id: mount.id,
          storage_type: mount.storage_type,
          preview_url: previewUrl,
          download_url: downloadUrl,
        };
      }
    }
    const marker = target.key === '' ? null : await storageCall(() => driver.headObject(`${target.key}/`));
    if (!marker && !(await this.access.folderExists(target))) throw new HttpError(404, 'fs.notFound');
    const folder = withDirectoryFlag(parsed, true);
    return {
      path: displayPath(folder),
      name: baseName(folder),
      isDirectory: true,
      size: 0,
      modified: toIso(marker?.lastModified ?? this.now()),
      contentType: DIRECTORY_CONTENT_TYPE,
      etag: marker?.etag ?? null,
      mount_id: mount.id,
      storage_type: mount.storage_type,
    };
  }

  /**
   * The preview (inline) or download (attachment) link of an object: the custom host's unsigned
   * URL, else a presigned GET valid `signature_expires_in`, cached per user a little shorter.
   */
  private async objectLink(caller: FsCaller, target: FsTarget, disposition: 'inline' | 'attachment', urlBase: string): Promise<string> {
    const { config, driver, mount } = target;
    if (config.custom_host) return driver.objectUrl(target.key, urlBase);
    const lifetime = Number(config.signature_expires_in) || 3600;
    const cacheKey = `fs:link:${caller.id}:${config.id}:${config.updated_at}:${urlBase}:${disposition}:${target.key}`;
    const cached = this.deps.caches.presignedUrls.get(cacheKey);
    if (cached) return cached;
    const url = await storageCall(() => driver.presignGetUrl(target.key, { expiresIn: lifetime, disposition, urlBase }));
    const ttlSeconds = Math.min(3000, Math.floor(lifetime * 0.8));
    this.deps.caches.presignedUrls.set(cacheKey, url, { storageConfigId: config.id, mountId: mount.id, ttlSeconds });
    return url;
  }

  /** The object behind GET …/fs/download, ranged when the Range header asks for it (416 when unsatisfiable). */
  async open(caller: FsCaller, rawPath: unknown, rangeHeader: string | undefined): Promise<{ object: GetObjectResult; name: string }> {
    const parsed = parseFsPath(rawPath);
    if (parsed.isDirectory) throw new HttpError(400, 'fs.pathMustBeFile');
    const target = await this.access.resolve(caller, parsed);
    if (target.key === '') throw new HttpError(400, 'fs.pathMustBeFile');
    try {
      const object = await readObjectRange(target.driver, target.key, rangeHeader);
      return { object, name: baseName(parsed) };
    } catch (error) {
      if (isStorageError(error, 'NoSuchKey')) throw new HttpError(404, 'fs.notFound');
      throw storageHttpError(error);
    }
  }

  async fileLink(
    caller: FsCaller,
    rawPath: unknown,
    expiresIn: number | undefined,
    forceDownload: boolean,
    urlBase: string,
  ): Promise<FsFileLink> {
    const parsed = parseFsPath(rawPath);
    if (parsed.isDirectory) throw new HttpError(400, 'fs.pathMustBeFile');
    const target = await this.access.resolve(caller, parsed);
    if (target.key === '') throw new HttpError(400, 'fs.pathMustBeFile');
    if (!(await this.access.fileExists(target))) throw new HttpError(404, 'fs.notFound');
    const lifetime = expiresIn ?? (Number(target.config.signature_expires_in) || 3600);
    const url = target.config.custom_host
      ? target.driver.objectUrl(target.key, urlBase)
      : await storageCall(() =>
          target.driver.presignGetUrl(target.key, { expiresIn: lifetime, disposition: forceDownload ? 'attachment' : 'inline', urlBase }),
        );
    return {
      path: parsed.path,
      name: baseName(parsed),
      presignedUrl: url,
      expiresIn: lifetime,
      expiresAt: toIso(new Date(this.now().getTime() + lifetime * 1000)),
      forceDownload,
      mount_id: target.mount.id,
      storage_type: target.mount.storage_type,
    };
  }

  // ------------------------------------------------------------------ writes

  async mkdir(caller: FsCaller, rawPath: unknown): Promise<void> {
    const parsed = withDirectoryFlag(parseFsPath(rawPath), true);
    const target = await this.access.resolve(caller, parsed);
    if (target.key === '') throw new HttpError(409, 'fs.alreadyExists');
    if (!(await this.access.folderExists(target, parentKey(target.key)))) throw new HttpError(409, 'fs.parentMissing');
    if ((await this.access.folderExists(target)) || (await this.access.fileExists(target))) throw new HttpError(409, 'fs.alreadyExists');
    await storageCall(() => target.driver.putObject(`${target.key}/`, Buffer.alloc(0), { contentType: DIRECTORY_CONTENT_TYPE }));
    this.access.invalidate(target.mount);
  }

  async update(caller: FsCaller, rawPath: unknown, content: string): Promise<FsUpdateResponse> {
    const parsed = parseFsPath(rawPath);
    if (parsed.isDirectory) throw new HttpError(400, 'fs.pathMustBeFile');
    const bytes = Buffer.from(content, 'utf8');
    if (bytes.length > UPDATE_CONTENT_MAX_BYTES) throw new HttpError(400, 'fs.contentTooLarge', { params: { max: '10 MB' } });
    const target = await this.access.resolve(caller, parsed);
    if (target.key === '') throw new HttpError(400, 'fs.pathMustBeFile');
    const existing = await storageCall(() => target.driver.headObject(target.key));
    const contentType = existing ? contentTypeOf(existing, baseName(parsed)) : mimeTypeOf(baseName(parsed));
    const { etag } = await storageCall(() =>
      target.driver.putObject(target.key, bytes, { contentType, metadata: existing?.metadata, contentLength: bytes.length }),
    );
    await this.access.ensureParentMarkers(target);
    this.access.invalidate(target.mount);
    return { path: parsed.path, etag, contentType, isNewFile: existing === null };
  }

  /** DELETE …/fs/remove: trailing `/` = the folder and everything in it (404 when empty); else one object (idempotent). */
  async remove(caller: FsCaller, rawPath: unknown): Promise<void> {
    const parsed = parseFsPath(rawPath);
    await this.removeTarget(await this.access.resolve(caller, parsed));
  }

  private async removeTarget(target: FsTarget): Promise<void> {
    const { driver, config } = target;
    if (target.key === '') throw new HttpError(403, 'fs.mountRootProtected');
    try {
      if (target.path.isDirectory) {
        const prefix = `${target.key}/`;
        const removed = await storageCall(() => driver.deletePrefix(prefix));
        if (removed === 0) throw new HttpError(404, 'fs.notFound');
        await this.deps.files.deleteByStoragePrefix(config.id, prefix);
      } else {
        await storageCall(() => driver.deleteObject(target.key));
        await this.deps.files.deleteByStorageKey(config.id, target.key);
      }
    } finally {
      this.access.invalidate(target.mount);
    }
  }

  /** POST …/fs/batch-remove: every path checked first (400/403 on the first bad one), then each removed on its own. */
  async batchRemove(caller: FsCaller, rawPaths: readonly unknown[], describe: Describe): Promise<FsBatchRemoveResponse> {
    const parsed = rawPaths.map((raw) => parseFsPath(raw, 'paths'));
    for (const path of parsed) {
      if (path.segments.length === 0) throw new HttpError(403, 'fs.rootNotAllowed');
      this.access.assertWithin(caller, path.path);
    }
    const mounts = await this.access.mountsOf(caller);
    let success = 0;
    const failed: FsBatchRemoveResponse['failed'] = [];
    for (const path of parsed) {
      try {
        await this.removeTarget(await this.access.resolve(caller, path, mounts));
        success += 1;
      } catch (error) {
        failed.push({ path: displayPath(path), error: describe(error) });
      }
    }
    return { success, failed };
  }

  /**
   * POST …/fs/rename as copy + delete inside one mount. Our divergences ([D]): an existing target
   * is 409 (never overwritten), a missing source 404. File rows follow their objects.
   */
  async rename(caller: FsCaller, rawOld: unknown, rawNew: unknown, urlBase: string): Promise<void> {
    const oldPath = parseFsPath(rawOld, 'oldPath');
    const newPath = parseFsPath(rawNew, 'newPath');
    if (oldPath.isDirectory !== newPath.isDirectory) throw new HttpError(400, 'fs.typeMismatch');
    const mounts = await this.access.mountsOf(caller);
    const source = await this.access.resolve(caller, oldPath, mounts);
    const target = await this.access.resolve(caller, newPath, mounts);
    if (source.mount.id !== target.mount.id) throw new HttpError(400, 'fs.differentMounts');
    if (source.key === '' || target.key === '') throw new HttpError(403, 'fs.mountRootProtected');
    const { driver, config } = source;
    try {
      if (oldPath.isDirectory) {
        if (target.key === source.key || target.key.startsWith(`${source.key}/`)) throw new HttpError(400, 'fs.intoItself');
        const sourcePrefix = `${source.key}/`;
        const keys: string[] = [];
        await storageCall(async () => {
          for await (const object of listAllObjects(driver, sourcePrefix)) keys.push(object.key);
        });
        if (keys.length === 0) throw new HttpError(404, 'fs.notFound');
        if ((await this.access.folderExists(target)) || (await this.access.fileExists(target))) throw new HttpError(409, 'fs.targetExists');
        if (!(await this.access.folderExists(target, parentKey(target.key)))) throw new HttpError(409, 'fs.parentMissing');
        const targetPrefix = `${target.key}/`;
        for (const key of keys) await storageCall(() => driver.copyObject(key, targetPrefix + key.slice(sourcePrefix.length)));
        await storageCall(() => driver.deletePrefix(sourcePrefix));
        for (const row of await this.deps.files.findByStoragePrefix(config.id, sourcePrefix)) {
          const key = targetPrefix + row.storage_path.slice(sourcePrefix.length);
          await this.deps.files.update(row.id, {
            storage_path: key,
            s3_url: driver.objectUrl(key, urlBase),
            updated_at: toIso(this.now()),
          });
        }
      } else {
        if (!(await this.access.fileExists(source))) throw new HttpError(404, 'fs.notFound');
        if (target.key === source.key || (await this.access.fileExists(target)) || (await this.access.folderExists(target))) {
          throw new HttpError(409, 'fs.targetExists');
        }
        if (!(await this.access.folderExists(target, parentKey(target.key)))) throw new HttpError(409, 'fs.parentMissing');
        await storageCall(() => driver.copyObject(source.key, target.key));
        await storageCall(() => driver.deleteObject(source.key));
        for (const row of await this.deps.files.findByStorageKey(config.id, source.key)) {
          await this.deps.files.update(row.id, {
            storage_path: target.key,
            s3_url: driver.objectUrl(target.key, urlBase),
            filename: baseName(newPath),
            mimetype: mimeTypeOf(baseName(newPath)),
            updated_at: toIso(this.now()),
          });
        }
      }
    } finally {
      this.access.invalidate(source.mount);
    }
  }

  // ------------------------------------------------------------------ presigned upload

  async presign(caller: FsCaller, input: PresignInput, urlBase: string): Promise<FsPresignResponse> {
    const dir = withDirectoryFlag(parseFsPath(input.path), true);
    const name = parseFileName(input.fileName, 'fileName');
    const targetPath = childPath(dir, name);
    const target = await this.access.resolve(caller, targetPath);
    const contentType = mimeTypeOf(name);
    const lifetime = Number(target.config.signature_expires_in) || 3600;
    const presignedUrl = await storageCall(() => target.driver.presignPutUrl(target.key, { contentType, expiresIn: lifetime, urlBase }));
    return {
      presignedUrl,
      fileId: randomUUID(),
      s3Path: target.key,
      s3Url: target.driver.objectUrl(target.key, urlBase),
      mountId: target.mount.id,
      s3ConfigId: target.config.id,
      targetPath: targetPath.path,
      contentType,
    };
  }

  /**
   * POST …/fs/presign/commit: records the uploaded object as a file row. Everything is derived from
   * `targetPath` (basic_path checked); `s3Path` / `s3ConfigId` must agree with it (400), and the
   * object must exist (404).
   */
  async commitPresigned(caller: FsCaller, input: PresignCommitInput, urlBase: string): Promise<FsPresignCommitResponse> {
    const targetPath = parseFsPath(input.targetPath, 'targetPath');
    if (targetPath.isDirectory) throw new HttpError(400, 'fs.pathMustBeFile');
    const target = await this.access.resolve(caller, targetPath);
    if (target.key === '') throw new HttpError(400, 'fs.pathMustBeFile');
    if (!(await this.deps.configs.findById(input.s3ConfigId))) throw new HttpError(404, 's3Config.notFound');
    if (input.s3ConfigId !== target.config.id || input.s3Path.replace(/^\/+/, '') !== target.key)
      throw new HttpError(400, 'fs.targetMismatch');
    if (!UUID.test(input.fileId)) throw new HttpError(400, 'validation.invalidField', { params: { field: 'fileId' } });
    if (await this.deps.files.findById(input.fileId)) throw new HttpError(409, 'fs.idTaken');
    const info = await storageCall(() => target.driver.headObject(target.key));
    if (!info) throw new HttpError(404, 'fs.notFound');
    const { id } = await this.access.insertFileRow({
      target,
      size: info.size,
      etag: info.etag,
      createdBy: caller.shareCreator,
      urlBase,
      preferredId: input.fileId.toLowerCase(),
    });
    await this.access.ensureParentMarkers(target);
    this.access.invalidate(target.mount);
    const name = baseName(targetPath);
    return { fileId: id, path: targetPath.path, name, size: info.size, type: mimeTypeOf(name) };
  }
}
