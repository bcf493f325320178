import type { FsFileInfo, FsFileLink, FsFolderInfo } from '@cloudclip/contract';
import { readObjectRange } from '../../http/byte-range-response';
import { HttpError } from '../../http/http-error';
import { toIso } from '../../lib/time';
import { storageHttpError } from '../storage-errors';
import { isStorageError, type GetObjectResult } from '../../storage/storage-driver';
import { storageCall, type FsAccess, type FsCaller, type FsTarget } from './fs-access';
import { contentTypeOf, DIRECTORY_CONTENT_TYPE } from './fs-mime';
import { baseName, displayPath, parseFsPath, withDirectoryFlag } from './fs-path';

/**
 * Reading one object or folder of the file-system browser (contract §5.9): its info with the
 * preview and download links, the download itself, and a file link.
 */
export class FsObjectReads {
  constructor(private readonly access: FsAccess) {}

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
      modified: toIso(marker?.lastModified ?? this.access.deps.clock()),
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
    const cached = this.access.deps.caches.presignedUrls.get(cacheKey);
    if (cached) return cached;
    const url = await storageCall(() => driver.presignGetUrl(target.key, { expiresIn: lifetime, disposition, urlBase }));
    const ttlSeconds = Math.min(3000, Math.floor(lifetime * 0.8));
    this.access.deps.caches.presignedUrls.set(cacheKey, url, { storageConfigId: config.id, mountId: mount.id, ttlSeconds });
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
      expiresAt: toIso(new Date(this.access.deps.clock().getTime() + lifetime * 1000)),
      forceDownload,
      mount_id: target.mount.id,
      storage_type: target.mount.storage_type,
    };
  }
}
