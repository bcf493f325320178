import { constants as fsConstants } from 'node:fs';
import { copyFile, open, rm, stat, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { readSpan } from './byte-range';
import { errnoOf, fsError, LocalFileTree } from './local-file-tree';
import { isFolderKey, keySegments } from './local-keys';
import { LocalListing } from './local-listing';
import { LocalMultipartUploads } from './local-multipart-uploads';
import { LocalObjectWrites } from './local-object-writes';
import { LocalSidecars, md5OfFile } from './local-sidecars';
import type { LocalUrlSigner } from './local-url-signer';
import { StagedMultipartDriver } from './staged-multipart-driver';
import {
  copiedObjectOptions,
  isFolderMarkerCopy,
  StorageError,
  type GetObjectResult,
  type ListObjectsOptions,
  type ListObjectsPage,
  type ObjectBody,
  type ObjectInfo,
  type PutObjectOptions,
  type RangeRequest,
  type StorageDriver,
} from './storage-driver';

export { keySegments, localStoragePaths, MAX_KEY_BYTES } from './local-keys';
export { DEFAULT_CONTENT_TYPE } from './local-sidecars';

export interface LocalDriverOptions {
  configId: string;
  /** Objects live at `<rootDir>/<key>` (`<dataDir>/storage/<configId>`). */
  rootDir: string;
  /** Metadata, multipart parts and temporary files (`<dataDir>/storage/.internal/<configId>`). */
  internalDir: string;
  signer: LocalUrlSigner;
}

/**
 * Objects as plain files under `<dataDir>/storage/<configId>/<key>`, with S3 semantics where a
 * file system allows them:
 * - writes go to a temporary file and are renamed into place (readers never see half a file):
 *   local-object-writes.ts;
 * - content type, user metadata and the ETag (MD5 hex of the content) live in a JSON sidecar store
 *   outside the object tree (local-sidecars.ts), so any key is possible and listings show only objects;
 * - a key ending in `/` is a folder marker (a directory plus its sidecar; it must be empty);
 * - keys are validated (`keySegments`, local-keys.ts) and no path component below the root may be
 *   a symbolic link (local-file-tree.ts), so nothing outside the root can be read or written;
 * - unlike S3, `a` and `a/b` cannot both exist (a file cannot also be a directory): KeyConflict.
 * Multipart uploads: local-multipart-uploads.ts. Presigned URLs point at the api-server's own
 * `/api/storage/local/...` route (HMAC-signed): local-signed-urls.ts.
 */
export class LocalStorageDriver extends StagedMultipartDriver implements StorageDriver {
  readonly kind = 'local' as const;
  readonly configId: string;
  private readonly tree: LocalFileTree;
  private readonly sidecars: LocalSidecars;
  private readonly listing: LocalListing;
  private readonly writes: LocalObjectWrites;
  protected readonly uploads: LocalMultipartUploads;

  constructor(options: LocalDriverOptions) {
    super(options.signer, options.configId);
    this.configId = options.configId;
    const internalDir = path.resolve(options.internalDir);
    this.tree = new LocalFileTree(path.resolve(options.rootDir), internalDir);
    this.sidecars = new LocalSidecars(internalDir);
    this.listing = new LocalListing({
      startDirectory: (folderKey) => this.listingStart(folderKey),
      metaPath: (key) => this.sidecars.metaPath(key),
      describeMarker: (key, directoryPath) => this.sidecars.describeMarker(key, directoryPath),
      headObject: (key) => this.headObject(key),
    });
    this.writes = new LocalObjectWrites(this.tree, this.sidecars, this.listing);
    this.uploads = new LocalMultipartUploads(internalDir, this.tree, this.writes);
  }

  // ---------------------------------------------------------------- writes

  async putObject(key: string, body: ObjectBody, options?: PutObjectOptions): Promise<{ etag: string }> {
    const segments = keySegments(key);
    if (isFolderKey(key)) return this.writes.putFolderMarker(key, segments, body, options);
    await this.tree.inspect(segments); // refuse symlinks before reading the body
    const { temp, etag } = await this.writes.spool(body);
    await this.writes.commit(key, segments, temp, etag, options);
    return { etag };
  }

  // ---------------------------------------------------------------- reads

  async headObject(key: string): Promise<ObjectInfo | null> {
    const segments = keySegments(key);
    const target = await this.tree.inspect(segments);
    if (isFolderKey(key)) return target.kind === 'directory' ? this.sidecars.describeMarker(key, target.fullPath) : null;
    if (target.kind !== 'file') return null;
    try {
      return await this.sidecars.describeFile(key, target.fullPath, await stat(target.fullPath));
    } catch (error) {
      if (errnoOf(error) === 'ENOENT') return null;
      throw fsError(error, key);
    }
  }

  async getObject(key: string, options: { range?: RangeRequest } = {}): Promise<GetObjectResult> {
    const segments = keySegments(key);
    const target = await this.tree.inspect(segments);
    if (isFolderKey(key)) {
      const marker = target.kind === 'directory' ? await this.sidecars.describeMarker(key, target.fullPath) : null;
      if (!marker) throw new StorageError('NoSuchKey', `No such object: ${key}`);
      if (options.range) throw new StorageError('InvalidRange', `The range is not satisfiable for ${key} (0 bytes)`);
      return { ...marker, body: Readable.from([]), contentLength: 0 };
    }
    if (target.kind !== 'file') throw new StorageError('NoSuchKey', `No such object: ${key}`);

    let handle: FileHandle;
    try {
      handle = await open(target.fullPath, fsConstants.O_RDONLY | fsConstants.O_NOFOLLOW);
    } catch (error) {
      throw fsError(error, key);
    }
    try {
      const info = await handle.stat();
      if (!info.isFile()) throw new StorageError('NoSuchKey', `No such object: ${key}`);
      const described = await this.sidecars.describeFile(key, target.fullPath, info);
      const { range, contentLength } = readSpan(key, info.size, options.range);
      let body: Readable;
      if (contentLength === 0) {
        await handle.close();
        body = Readable.from([]);
      } else {
        // The stream owns the handle from here on and closes it when it ends or is destroyed.
        body = handle.createReadStream({ start: range?.start ?? 0, end: range?.end ?? info.size - 1 });
      }
      return { ...described, body, contentLength, range };
    } catch (error) {
      await handle.close().catch(() => undefined);
      throw fsError(error, key);
    }
  }

  // ---------------------------------------------------------------- deletes

  async deleteObject(key: string): Promise<void> {
    try {
      await this.writes.remove(key);
    } finally {
      this.listing.invalidate(key);
    }
  }

  // deleteObjects and deletePrefix: StagedMultipartDriver, one key at a time.
  protected deleteErrorOf(error: unknown, key: string): StorageError {
    return fsError(error, key);
  }

  // ---------------------------------------------------------------- listing

  /**
   * Where a listing starts: the directory of `folderKey` (`""` = the root), or null when that is no
   * valid folder key, does not exist, or has a symbolic link on the way (nothing is listed then).
   */
  private async listingStart(folderKey: string): Promise<string | null> {
    let segments: string[] = [];
    if (folderKey !== '') {
      try {
        segments = keySegments(folderKey);
      } catch {
        return null;
      }
    }
    try {
      const start = await this.tree.inspect(segments);
      return start.kind === 'directory' ? start.fullPath : null;
    } catch (error) {
      if (error instanceof StorageError && error.code === 'AccessDenied') return null;
      throw error;
    }
  }

  /** ListObjectsV2 semantics; each folder is read once per listing (local-listing.ts). */
  listObjects(options: ListObjectsOptions = {}): Promise<ListObjectsPage> {
    return this.listing.list(options);
  }

  // ---------------------------------------------------------------- copy

  async copyObject(sourceKey: string, targetKey: string, options?: PutObjectOptions): Promise<{ etag: string }> {
    const sourceSegments = keySegments(sourceKey);
    const targetSegments = keySegments(targetKey);
    const source = await this.headObject(sourceKey);
    if (!source) throw new StorageError('NoSuchKey', `No such object: ${sourceKey}`);
    const effective = copiedObjectOptions(source, options);
    if (isFolderMarkerCopy(sourceKey, targetKey)) {
      return this.writes.putFolderMarker(targetKey, targetSegments, Buffer.alloc(0), effective);
    }
    const sourcePath = (await this.tree.inspect(sourceSegments)).fullPath;
    await this.tree.inspect(targetSegments);
    const temp = await this.tree.tempPath();
    try {
      await copyFile(sourcePath, temp);
    } catch (error) {
      await rm(temp, { force: true });
      throw fsError(error, sourceKey);
    }
    const etag = await md5OfFile(temp);
    await this.writes.commit(targetKey, targetSegments, temp, etag, effective);
    return { etag };
  }

  // ---------------------------------------------------------------- multipart: StagedMultipartDriver (local-multipart-uploads.ts)

  // ---------------------------------------------------------------- URLs

  destroy(): void {
    // Nothing to release.
  }
}
