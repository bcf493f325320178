import type { FsBatchRemoveResponse, FsUpdateResponse } from '@cloudclip/contract';
import { HttpError } from '../../http/http-error';
import { toIso } from '../../lib/time';
import { listAllObjects, moveStoredObject } from '../../storage/storage-driver';
import { parentKey, storageCall, type FsAccess, type FsCaller, type FsTarget } from './fs-access';
import { contentTypeOf, DIRECTORY_CONTENT_TYPE, mimeTypeOf } from './fs-mime';
import { baseName, displayPath, parseFsPath, withDirectoryFlag } from './fs-path';

export const UPDATE_CONTENT_MAX_BYTES = 10 * 1024 * 1024;

/** Per-item failure messages come from the route (they are translated there). */
export type Describe = (error: unknown) => string;

/**
 * The changes the file-system browser makes in place (contract §5.9): new folders, text updates,
 * removal (one path or a batch) and rename. Each one drops the mount's cached listings.
 */
export class FsWrites {
  constructor(private readonly access: FsAccess) {}

  async mkdir(caller: FsCaller, rawPath: unknown): Promise<void> {
    const parsed = withDirectoryFlag(parseFsPath(rawPath), true);
    const target = await this.access.resolve(caller, parsed);
    if (target.key === '') throw new HttpError(409, 'fs.alreadyExists');
    if (!(await this.access.folderExists(target, parentKey(target.key)))) throw new HttpError(409, 'fs.parentMissing');
    if ((await this.access.folderExists(target)) || (await this.access.fileExists(target))) throw new HttpError(409, 'fs.alreadyExists');
    await storageCall(() => target.driver.putObject(`${target.key}/`, Buffer.alloc(0), { contentType: DIRECTORY_CONTENT_TYPE }));
    this.access.invalidate(target.mount);
    await this.access.entryStored(target, { isDirectory: true, size: 0 });
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
    await this.access.entryStored(target, { size: bytes.length });
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
        await this.access.deps.files.deleteByStoragePrefix(config.id, prefix);
      } else {
        await storageCall(() => driver.deleteObject(target.key));
        await this.access.deps.files.deleteByStorageKey(config.id, target.key);
      }
      await this.access.entryRemoved(target, target.path.isDirectory);
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
   * POST …/fs/rename inside one mount: the driver's server-side move (WebDAV MOVE, SFTP rename)
   * when it has one, else copy + delete. Our divergences ([D]): an existing target
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
        for (const key of keys) await storageCall(() => moveStoredObject(driver, key, targetPrefix + key.slice(sourcePrefix.length)));
        // Whatever a copy + delete driver left, or the listing missed meanwhile.
        await storageCall(() => driver.deletePrefix(sourcePrefix));
        for (const row of await this.access.deps.files.findByStoragePrefix(config.id, sourcePrefix)) {
          const key = targetPrefix + row.storage_path.slice(sourcePrefix.length);
          await this.access.deps.files.update(row.id, {
            storage_path: key,
            s3_url: driver.objectUrl(key, urlBase),
            updated_at: toIso(this.access.deps.clock()),
          });
        }
      } else {
        if (!(await this.access.fileExists(source))) throw new HttpError(404, 'fs.notFound');
        if (target.key === source.key || (await this.access.fileExists(target)) || (await this.access.folderExists(target))) {
          throw new HttpError(409, 'fs.targetExists');
        }
        if (!(await this.access.folderExists(target, parentKey(target.key)))) throw new HttpError(409, 'fs.parentMissing');
        await storageCall(() => moveStoredObject(driver, source.key, target.key));
        for (const row of await this.access.deps.files.findByStorageKey(config.id, source.key)) {
          await this.access.deps.files.update(row.id, {
            storage_path: target.key,
            s3_url: driver.objectUrl(target.key, urlBase),
            filename: baseName(newPath),
            mimetype: mimeTypeOf(baseName(newPath)),
            updated_at: toIso(this.access.deps.clock()),
          });
        }
      }
      await this.access.entryMoved(source, target, oldPath.isDirectory);
    } finally {
      this.access.invalidate(source.mount);
    }
  }
}
