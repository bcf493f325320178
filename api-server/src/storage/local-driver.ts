import { createHash, randomBytes } from 'node:crypto';
import { constants as fsConstants, createReadStream, createWriteStream } from 'node:fs';
import {
  copyFile,
  lstat,
  mkdir,
  open,
  readFile,
  realpath,
  rename,
  rm,
  rmdir,
  stat,
  unlink,
  writeFile,
  type FileHandle,
} from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { resolveRange } from './byte-range';
import { EMPTY_MD5 } from './local-file-summaries';
import { compareKeys, LocalListing } from './local-listing';
import { LOCAL_STORAGE_ROUTE_PREFIX, type LocalUrlSigner } from './local-url-signer';
import { encodeKeyPath } from './object-url';
import {
  keyBaseName,
  listAllObjects,
  orderParts,
  StorageError,
  stripEtagQuotes,
  type DeleteObjectsResult,
  type GetObjectResult,
  type ListObjectsOptions,
  type ListObjectsPage,
  type MultipartPart,
  type ObjectBody,
  type ObjectInfo,
  type PresignGetOptions,
  type PresignPartOptions,
  type PresignPutOptions,
  type PutObjectOptions,
  type RangeRequest,
  type StorageDriver,
} from './storage-driver';

export const DEFAULT_CONTENT_TYPE = 'application/octet-stream';
export const MAX_KEY_BYTES = 1024;
const MAX_SEGMENT_BYTES = 255;
const MAX_PART_NUMBER = 10000;
const UPLOAD_ID = /^[0-9a-f]{32}$/;
const CONFIG_ID = /^[A-Za-z0-9_-]{1,100}$/;

/** Where a local storage config keeps its objects and its bookkeeping, under DATA_DIR. */
export function localStoragePaths(dataDir: string, configId: string): { rootDir: string; internalDir: string } {
  if (!CONFIG_ID.test(configId)) throw new StorageError('InvalidArgument', `Unusable storage config id: ${configId}`);
  const storageDir = path.join(dataDir, 'storage');
  return { rootDir: path.join(storageDir, configId), internalDir: path.join(storageDir, '.internal', configId) };
}

export interface LocalDriverOptions {
  configId: string;
  /** Objects live at `<rootDir>/<key>` (`<dataDir>/storage/<configId>`). */
  rootDir: string;
  /** Metadata, multipart parts and temporary files (`<dataDir>/storage/.internal/<configId>`). */
  internalDir: string;
  signer: LocalUrlSigner;
}

interface StoredMeta {
  key: string;
  contentType: string;
  etag: string;
  size: number;
  mtimeMs: number;
  contentDisposition?: string;
  metadata: Record<string, string>;
}

interface UploadRecord {
  key: string;
  contentType: string;
  contentDisposition?: string;
  metadata: Record<string, string>;
  initiated: string;
}

function errnoOf(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error ? String((error as { code: unknown }).code) : undefined;
}

function isFolderKey(key: string): boolean {
  return key.endsWith('/');
}

/**
 * Checks an object key for the local driver and returns its path segments.
 * Refused (InvalidKey): empty, longer than 1024 bytes, NUL, backslashes, absolute paths,
 * empty / `.` / `..` segments, segments longer than 255 bytes. A single trailing `/` (folder marker) is fine.
 */
export function keySegments(key: unknown): string[] {
  if (typeof key !== 'string' || key === '') throw new StorageError('InvalidKey', 'The object key is empty');
  if (Buffer.byteLength(key, 'utf8') > MAX_KEY_BYTES) throw new StorageError('InvalidKey', 'The object key is longer than 1024 bytes');
  if (key.includes('\0')) throw new StorageError('InvalidKey', 'The object key contains a NUL character');
  if (key.includes('\\')) throw new StorageError('InvalidKey', 'The object key contains a backslash');
  if (key.startsWith('/') || path.isAbsolute(key) || /^[A-Za-z]:/.test(key)) {
    throw new StorageError('InvalidKey', 'The object key is an absolute path');
  }
  const segments = (isFolderKey(key) ? key.slice(0, -1) : key).split('/');
  for (const segment of segments) {
    if (segment === '' || segment === '.' || segment === '..') {
      throw new StorageError('InvalidKey', `The object key has an empty, "." or ".." segment: ${JSON.stringify(key)}`);
    }
    if (Buffer.byteLength(segment, 'utf8') > MAX_SEGMENT_BYTES)
      throw new StorageError('InvalidKey', 'An object key segment is longer than 255 bytes');
  }
  return segments;
}

function toReadable(body: ObjectBody): Readable {
  if (body instanceof Readable) return body;
  return Readable.from([typeof body === 'string' ? Buffer.from(body, 'utf8') : Buffer.from(body)]);
}

/** Counts and MD5-hashes what flows through. */
class HashingCounter extends Transform {
  readonly hash = createHash('md5');
  size = 0;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null, data?: Buffer) => void): void {
    this.hash.update(chunk);
    this.size += chunk.length;
    callback(null, chunk);
  }
}

function normalizedMetadata(options: PutObjectOptions | undefined): Record<string, string> {
  return Object.fromEntries(Object.entries(options?.metadata ?? {}).map(([name, value]) => [name.toLowerCase(), String(value)]));
}

/**
 * Objects as plain files under `<dataDir>/storage/<configId>/<key>`, with S3 semantics where a
 * file system allows them:
 * - writes go to a temporary file and are renamed into place (readers never see half a file);
 * - content type, user metadata and the ETag (MD5 hex of the content) live in a JSON sidecar store
 *   outside the object tree (`.internal/<configId>/meta/<sha256(key)>.json`), so any key is possible
 *   and listings show only objects;
 * - a key ending in `/` is a folder marker (a directory plus its sidecar; it must be empty);
 * - keys are validated (`keySegments`) and no path component below the root may be a symbolic
 *   link, so nothing outside the root can be read or written;
 * - unlike S3, `a` and `a/b` cannot both exist (a file cannot also be a directory): KeyConflict.
 * Presigned URLs point at the api-server's own `/api/storage/local/...` route (HMAC-signed).
 */
export class LocalStorageDriver implements StorageDriver {
  readonly kind = 'local' as const;
  readonly configId: string;
  private readonly rootDir: string;
  private readonly internalDir: string;
  private readonly signer: LocalUrlSigner;
  private rootReal: Promise<string> | undefined;
  private readonly listing: LocalListing;

  constructor(options: LocalDriverOptions) {
    this.configId = options.configId;
    this.rootDir = path.resolve(options.rootDir);
    this.internalDir = path.resolve(options.internalDir);
    this.signer = options.signer;
    this.listing = new LocalListing({
      startDirectory: (folderKey) => this.listingStart(folderKey),
      metaPath: (key) => this.metaPath(key),
      describeMarker: (key, directoryPath) => this.describeMarker(key, directoryPath),
      headObject: (key) => this.headObject(key),
    });
  }

  // ---------------------------------------------------------------- paths

  /** The root directory (created on first use), with symlinks in the root itself resolved. */
  private root(): Promise<string> {
    if (!this.rootReal) {
      this.rootReal = (async () => {
        await mkdir(this.rootDir, { recursive: true });
        return realpath(this.rootDir);
      })();
      this.rootReal.catch(() => {
        this.rootReal = undefined;
      });
    }
    return this.rootReal;
  }

  private async pathOf(segments: readonly string[]): Promise<string> {
    const root = await this.root();
    const full = path.join(root, ...segments);
    if (full !== root && !full.startsWith(root + path.sep)) throw new StorageError('InvalidKey', 'The object key leaves the storage root');
    return full;
  }

  /**
   * Refuses a key whose existing path components include a symbolic link; returns the file-system
   * path and whether it exists (and what it is).
   */
  private async inspect(segments: readonly string[]): Promise<{ fullPath: string; kind: 'file' | 'directory' | 'other' | 'missing' }> {
    const root = await this.root();
    let current = root;
    for (let index = 0; index < segments.length; index += 1) {
      current = path.join(current, segments[index] as string);
      let info;
      try {
        info = await lstat(current);
      } catch (error) {
        const code = errnoOf(error);
        if (code === 'ENOENT' || code === 'ENOTDIR') return { fullPath: await this.pathOf(segments), kind: 'missing' };
        throw this.fsError(error, segments.join('/'));
      }
      if (info.isSymbolicLink())
        throw new StorageError('AccessDenied', `Symbolic links are not followed: ${segments.slice(0, index + 1).join('/')}`);
      const last = index === segments.length - 1;
      if (!last && !info.isDirectory()) return { fullPath: await this.pathOf(segments), kind: 'missing' };
      if (last) return { fullPath: await this.pathOf(segments), kind: info.isFile() ? 'file' : info.isDirectory() ? 'directory' : 'other' };
    }
    return { fullPath: root, kind: 'directory' };
  }

  /** Creates the directories `segments` (all of them), refusing symlinks and files in the way. */
  private async ensureDirectories(segments: readonly string[], key: string): Promise<void> {
    let current = await this.root();
    for (const segment of segments) {
      current = path.join(current, segment);
      try {
        const info = await lstat(current);
        if (info.isSymbolicLink()) throw new StorageError('AccessDenied', `Symbolic links are not followed: ${key}`);
        if (!info.isDirectory()) throw new StorageError('KeyConflict', `"${key}" needs a folder where an object exists`);
        continue;
      } catch (error) {
        if (error instanceof StorageError) throw error;
        if (errnoOf(error) !== 'ENOENT') throw this.fsError(error, key);
      }
      try {
        await mkdir(current);
      } catch (error) {
        if (errnoOf(error) !== 'EEXIST') throw this.fsError(error, key);
        const info = await lstat(current);
        if (!info.isDirectory() || info.isSymbolicLink())
          throw new StorageError('KeyConflict', `"${key}" needs a folder where an object exists`);
      }
    }
  }

  private metaPath(key: string): string {
    const hash = createHash('sha256').update(key, 'utf8').digest('hex');
    return path.join(this.internalDir, 'meta', hash.slice(0, 2), `${hash}.json`);
  }

  private uploadDir(uploadId: string): string {
    if (!UPLOAD_ID.test(uploadId)) throw new StorageError('NoSuchUpload', 'The upload id is unknown');
    return path.join(this.internalDir, 'uploads', uploadId);
  }

  private async tempPath(): Promise<string> {
    const dir = path.join(this.internalDir, 'tmp');
    await mkdir(dir, { recursive: true });
    return path.join(dir, `${Date.now()}-${randomBytes(8).toString('hex')}`);
  }

  private fsError(error: unknown, key: string): StorageError {
    if (error instanceof StorageError) return error;
    const code = errnoOf(error);
    switch (code) {
      case 'ENOENT':
        return new StorageError('NoSuchKey', `No such object: ${key}`, { cause: error });
      case 'EISDIR':
      case 'ENOTDIR':
      case 'EEXIST':
      case 'ENOTEMPTY':
        return new StorageError('KeyConflict', `"${key}" conflicts with an existing object or folder`, { cause: error });
      case 'ENAMETOOLONG':
        return new StorageError('InvalidKey', `The object key is too long for the file system: ${key}`, { cause: error });
      case 'ELOOP':
        return new StorageError('AccessDenied', `Symbolic links are not followed: ${key}`, { cause: error });
      case 'EACCES':
      case 'EPERM':
        return new StorageError('AccessDenied', `Permission denied: ${key}`, { cause: error });
      default:
        return new StorageError('Unknown', `${key}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
  }

  // ---------------------------------------------------------------- metadata

  private async readJson<T>(file: string): Promise<T | null> {
    try {
      return JSON.parse(await readFile(file, 'utf8')) as T;
    } catch (error) {
      if (errnoOf(error) === 'ENOENT' || error instanceof SyntaxError) return null;
      throw error;
    }
  }

  private async writeJson(file: string, value: unknown): Promise<void> {
    await mkdir(path.dirname(file), { recursive: true });
    const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    await writeFile(temp, JSON.stringify(value));
    await rename(temp, file);
  }

  private async removeMeta(key: string): Promise<void> {
    await rm(this.metaPath(key), { force: true });
  }

  private async md5OfFile(file: string): Promise<string> {
    const hash = createHash('md5');
    await pipeline(createReadStream(file), async (source: AsyncIterable<Buffer>) => {
      for await (const chunk of source) hash.update(chunk);
    });
    return hash.digest('hex');
  }

  /** Object facts from the sidecar, recomputed (and stored again) when it is missing or stale. */
  private async describeFile(key: string, fullPath: string, info: { size: number; mtimeMs: number }): Promise<ObjectInfo> {
    const meta = await this.readJson<StoredMeta>(this.metaPath(key));
    let etag = meta?.etag;
    if (!meta || meta.size !== info.size || meta.mtimeMs !== info.mtimeMs) {
      etag = await this.md5OfFile(fullPath);
      const refreshed: StoredMeta = {
        key,
        contentType: meta?.contentType ?? DEFAULT_CONTENT_TYPE,
        etag,
        size: info.size,
        mtimeMs: info.mtimeMs,
        contentDisposition: meta?.contentDisposition,
        metadata: meta?.metadata ?? {},
      };
      await this.writeJson(this.metaPath(key), refreshed).catch(() => undefined);
    }
    return {
      key,
      size: info.size,
      etag: etag ?? EMPTY_MD5,
      lastModified: new Date(info.mtimeMs),
      contentType: meta?.contentType ?? DEFAULT_CONTENT_TYPE,
      contentDisposition: meta?.contentDisposition,
      metadata: meta?.metadata ?? {},
    };
  }

  /** A folder marker: its sidecar and its directory both exist. */
  private async describeMarker(key: string, directoryPath: string): Promise<ObjectInfo | null> {
    const meta = await this.readJson<StoredMeta>(this.metaPath(key));
    if (!meta) return null;
    try {
      const info = await stat(directoryPath);
      if (!info.isDirectory()) return null;
    } catch {
      return null;
    }
    return {
      key,
      size: 0,
      etag: EMPTY_MD5,
      lastModified: new Date(meta.mtimeMs),
      contentType: meta.contentType,
      contentDisposition: meta.contentDisposition,
      metadata: meta.metadata ?? {},
    };
  }

  private async writeMeta(
    key: string,
    fullPath: string,
    etag: string,
    options: PutObjectOptions | undefined,
    folder = false,
  ): Promise<void> {
    const info = folder ? { size: 0, mtimeMs: Date.now() } : await stat(fullPath);
    const meta: StoredMeta = {
      key,
      contentType: options?.contentType ?? (folder ? 'application/x-directory' : DEFAULT_CONTENT_TYPE),
      etag,
      size: info.size,
      mtimeMs: info.mtimeMs,
      contentDisposition: options?.contentDisposition,
      metadata: normalizedMetadata(options),
    };
    await this.writeJson(this.metaPath(key), meta);
  }

  // ---------------------------------------------------------------- writes

  /** Streams `body` into a temporary file; returns its path, MD5 and size. */
  private async spool(body: ObjectBody): Promise<{ temp: string; etag: string; size: number }> {
    const temp = await this.tempPath();
    const counter = new HashingCounter();
    try {
      await pipeline(toReadable(body), counter, createWriteStream(temp, { flags: 'wx' }));
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
    return { temp, etag: counter.hash.digest('hex'), size: counter.size };
  }

  /** Moves a spooled file to `key` (creating parent folders) and records its metadata. */
  private async commit(
    key: string,
    segments: readonly string[],
    temp: string,
    etag: string,
    options: PutObjectOptions | undefined,
  ): Promise<void> {
    try {
      for (let attempt = 1; ; attempt += 1) {
        await this.ensureDirectories(segments.slice(0, -1), key);
        const target = await this.inspect(segments);
        if (target.kind === 'directory' || target.kind === 'other') throw new StorageError('KeyConflict', `"${key}" is a folder`);
        try {
          await rename(temp, target.fullPath);
        } catch (error) {
          // A concurrent delete may have pruned the (then empty) parent folder: create it again.
          if (errnoOf(error) === 'ENOENT' && attempt < 3) continue;
          throw error;
        }
        await this.writeMeta(key, target.fullPath, etag, options);
        return;
      }
    } catch (error) {
      await rm(temp, { force: true });
      throw this.fsError(error, key);
    } finally {
      this.listing.invalidate(key);
    }
  }

  private async putFolderMarker(
    key: string,
    segments: readonly string[],
    body: ObjectBody,
    options: PutObjectOptions | undefined,
  ): Promise<{ etag: string }> {
    for await (const chunk of toReadable(body)) {
      if ((chunk as Buffer).length > 0)
        throw new StorageError('InvalidArgument', `A folder marker (${key}) must be empty in local storage`);
    }
    try {
      await this.ensureDirectories(segments, key);
      await this.writeMeta(key, await this.pathOf(segments), EMPTY_MD5, options, true);
    } finally {
      this.listing.invalidate(key);
    }
    return { etag: EMPTY_MD5 };
  }

  async putObject(key: string, body: ObjectBody, options?: PutObjectOptions): Promise<{ etag: string }> {
    const segments = keySegments(key);
    if (isFolderKey(key)) return this.putFolderMarker(key, segments, body, options);
    await this.inspect(segments); // refuse symlinks before reading the body
    const { temp, etag } = await this.spool(body);
    await this.commit(key, segments, temp, etag, options);
    return { etag };
  }

  // ---------------------------------------------------------------- reads

  async headObject(key: string): Promise<ObjectInfo | null> {
    const segments = keySegments(key);
    const target = await this.inspect(segments);
    if (isFolderKey(key)) return target.kind === 'directory' ? this.describeMarker(key, target.fullPath) : null;
    if (target.kind !== 'file') return null;
    try {
      return await this.describeFile(key, target.fullPath, await stat(target.fullPath));
    } catch (error) {
      if (errnoOf(error) === 'ENOENT') return null;
      throw this.fsError(error, key);
    }
  }

  async getObject(key: string, options: { range?: RangeRequest } = {}): Promise<GetObjectResult> {
    const segments = keySegments(key);
    const target = await this.inspect(segments);
    if (isFolderKey(key)) {
      const marker = target.kind === 'directory' ? await this.describeMarker(key, target.fullPath) : null;
      if (!marker) throw new StorageError('NoSuchKey', `No such object: ${key}`);
      if (options.range) throw new StorageError('InvalidRange', `The range is not satisfiable for ${key} (0 bytes)`);
      return { ...marker, body: Readable.from([]), contentLength: 0 };
    }
    if (target.kind !== 'file') throw new StorageError('NoSuchKey', `No such object: ${key}`);

    let handle: FileHandle;
    try {
      handle = await open(target.fullPath, fsConstants.O_RDONLY | fsConstants.O_NOFOLLOW);
    } catch (error) {
      throw this.fsError(error, key);
    }
    try {
      const info = await handle.stat();
      if (!info.isFile()) throw new StorageError('NoSuchKey', `No such object: ${key}`);
      const described = await this.describeFile(key, target.fullPath, info);
      let range: { start: number; end: number } | undefined;
      if (options.range) {
        const resolved = resolveRange(options.range, info.size);
        if (!resolved) throw new StorageError('InvalidRange', `The range is not satisfiable for ${key} (${info.size} bytes)`);
        range = resolved;
      }
      const contentLength = range ? range.end - range.start + 1 : info.size;
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
      throw this.fsError(error, key);
    }
  }

  // ---------------------------------------------------------------- deletes

  /** Removes empty folders above a deleted object, up to the root; folders with a marker stay. */
  private async pruneEmptyParents(segments: readonly string[]): Promise<void> {
    for (let depth = segments.length - 1; depth > 0; depth -= 1) {
      const folderSegments = segments.slice(0, depth);
      const folderKey = `${folderSegments.join('/')}/`;
      if (await this.readJson<StoredMeta>(this.metaPath(folderKey))) return;
      try {
        await rmdir(await this.pathOf(folderSegments));
      } catch {
        return; // not empty (or gone): stop
      }
    }
  }

  async deleteObject(key: string): Promise<void> {
    try {
      await this.removeObject(key);
    } finally {
      this.listing.invalidate(key);
    }
  }

  private async removeObject(key: string): Promise<void> {
    const segments = keySegments(key);
    const target = await this.inspect(segments);
    if (isFolderKey(key)) {
      await this.removeMeta(key);
      if (target.kind === 'directory') {
        try {
          await rmdir(target.fullPath);
        } catch {
          return; // still holds objects: only the marker goes
        }
        await this.pruneEmptyParents(segments);
      }
      return;
    }
    if (target.kind !== 'file') return;
    try {
      await unlink(target.fullPath);
    } catch (error) {
      if (errnoOf(error) !== 'ENOENT') throw this.fsError(error, key);
    }
    await this.removeMeta(key);
    await this.pruneEmptyParents(segments);
  }

  async deleteObjects(keys: readonly string[]): Promise<DeleteObjectsResult> {
    const result: DeleteObjectsResult = { deleted: [], errors: [] };
    for (const key of keys) {
      try {
        await this.deleteObject(key);
        result.deleted.push(key);
      } catch (error) {
        const storageError = this.fsError(error, key);
        result.errors.push({ key, code: storageError.code, message: storageError.message });
      }
    }
    return result;
  }

  async deletePrefix(prefix: string): Promise<number> {
    if (!prefix) throw new StorageError('InvalidArgument', 'Refusing to delete with an empty prefix (the whole storage)');
    const keys: string[] = [];
    for await (const object of listAllObjects(this, prefix)) keys.push(object.key);
    // Objects before their folder markers, deepest first, so folders empty out before their marker goes.
    keys.sort((a, b) => compareKeys(b, a));
    const result = await this.deleteObjects(keys);
    if (result.errors.length > 0) {
      const first = result.errors[0];
      throw new StorageError(
        'Unknown',
        `delete prefix ${prefix}: ${result.errors.length} object(s) not deleted (${first?.key}: ${first?.message})`,
      );
    }
    return result.deleted.length;
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
      const start = await this.inspect(segments);
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
    const replace =
      options !== undefined &&
      (options.contentType !== undefined || options.metadata !== undefined || options.contentDisposition !== undefined);
    const effective: PutObjectOptions = replace
      ? {
          contentType: options?.contentType ?? source.contentType,
          contentDisposition: options?.contentDisposition,
          metadata: options?.metadata,
        }
      : { contentType: source.contentType, contentDisposition: source.contentDisposition, metadata: source.metadata };

    if (isFolderKey(sourceKey) || isFolderKey(targetKey)) {
      if (!isFolderKey(sourceKey) || !isFolderKey(targetKey))
        throw new StorageError('KeyConflict', 'A folder marker can only be copied to a folder marker');
      return this.putFolderMarker(targetKey, targetSegments, Buffer.alloc(0), effective);
    }
    const sourcePath = (await this.inspect(sourceSegments)).fullPath;
    await this.inspect(targetSegments);
    const temp = await this.tempPath();
    try {
      await copyFile(sourcePath, temp);
    } catch (error) {
      await rm(temp, { force: true });
      throw this.fsError(error, sourceKey);
    }
    const etag = await this.md5OfFile(temp);
    await this.commit(targetKey, targetSegments, temp, etag, effective);
    return { etag };
  }

  // ---------------------------------------------------------------- multipart

  private async readUpload(key: string, uploadId: string): Promise<{ dir: string; record: UploadRecord }> {
    const dir = this.uploadDir(uploadId);
    const record = await this.readJson<UploadRecord>(path.join(dir, 'upload.json'));
    if (!record || record.key !== key) throw new StorageError('NoSuchUpload', `No such upload for ${key}`);
    return { dir, record };
  }

  async createMultipartUpload(key: string, options?: PutObjectOptions): Promise<{ uploadId: string }> {
    const segments = keySegments(key);
    if (isFolderKey(key)) throw new StorageError('InvalidKey', 'A folder marker cannot be uploaded in parts');
    await this.inspect(segments);
    const uploadId = randomBytes(16).toString('hex');
    const record: UploadRecord = {
      key,
      contentType: options?.contentType ?? DEFAULT_CONTENT_TYPE,
      contentDisposition: options?.contentDisposition,
      metadata: normalizedMetadata(options),
      initiated: new Date().toISOString(),
    };
    await this.writeJson(path.join(this.uploadDir(uploadId), 'upload.json'), record);
    return { uploadId };
  }

  async uploadPart(key: string, uploadId: string, partNumber: number, body: ObjectBody): Promise<{ etag: string }> {
    keySegments(key);
    if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > MAX_PART_NUMBER) {
      throw new StorageError('InvalidArgument', `Part numbers run from 1 to ${MAX_PART_NUMBER}`);
    }
    const { dir } = await this.readUpload(key, uploadId);
    const { temp, etag, size } = await this.spool(body);
    try {
      await rename(temp, path.join(dir, `part-${partNumber}`));
      await this.writeJson(path.join(dir, `part-${partNumber}.json`), { etag, size });
    } catch (error) {
      await rm(temp, { force: true });
      throw errnoOf(error) === 'ENOENT' ? new StorageError('NoSuchUpload', `No such upload for ${key}`) : this.fsError(error, key);
    }
    return { etag };
  }

  async completeMultipartUpload(key: string, uploadId: string, parts: readonly MultipartPart[]): Promise<{ etag: string }> {
    const segments = keySegments(key);
    const { dir, record } = await this.readUpload(key, uploadId);
    const ordered = orderParts(parts);
    for (const part of ordered) {
      const stored = await this.readJson<{ etag: string }>(path.join(dir, `part-${part.partNumber}.json`));
      if (!stored || stored.etag.toLowerCase() !== stripEtagQuotes(part.etag).toLowerCase()) {
        throw new StorageError('InvalidPart', `Part ${part.partNumber} was not uploaded or its ETag does not match`);
      }
    }
    const temp = await this.tempPath();
    const counter = new HashingCounter();
    const output = createWriteStream(temp, { flags: 'wx' });
    try {
      await pipeline(
        (async function* () {
          for (const part of ordered) yield* createReadStream(path.join(dir, `part-${part.partNumber}`));
        })(),
        counter,
        output,
      );
    } catch (error) {
      await rm(temp, { force: true });
      throw this.fsError(error, key);
    }
    const etag = counter.hash.digest('hex');
    await this.commit(key, segments, temp, etag, {
      contentType: record.contentType,
      contentDisposition: record.contentDisposition,
      metadata: record.metadata,
    });
    await rm(dir, { recursive: true, force: true });
    return { etag };
  }

  async abortMultipartUpload(key: string, uploadId: string): Promise<void> {
    keySegments(key);
    const { dir } = await this.readUpload(key, uploadId);
    await rm(dir, { recursive: true, force: true });
  }

  // ---------------------------------------------------------------- URLs

  async presignPutUrl(key: string, options: PresignPutOptions): Promise<string> {
    keySegments(key);
    const limit = options.contentLength ?? options.maxBytes;
    return this.signer.buildUrl({
      urlBase: options.urlBase,
      configId: this.configId,
      key,
      expiresIn: options.expiresIn,
      operation: {
        method: 'PUT',
        contentType: options.contentType,
        ...(limit === undefined ? {} : { maxBytes: limit }),
        ...(options.uploadToken === undefined ? {} : { uploadToken: options.uploadToken }),
      },
    });
  }

  async presignGetUrl(key: string, options: PresignGetOptions): Promise<string> {
    keySegments(key);
    return this.signer.buildUrl({
      urlBase: options.urlBase,
      configId: this.configId,
      key,
      expiresIn: options.expiresIn,
      operation: { method: 'GET', disposition: options.disposition ?? 'inline', filename: options.filename ?? keyBaseName(key) },
    });
  }

  async presignUploadPartUrl(key: string, uploadId: string, partNumber: number, options: PresignPartOptions): Promise<string> {
    keySegments(key);
    return this.signer.buildUrl({
      urlBase: options.urlBase,
      configId: this.configId,
      key,
      expiresIn: options.expiresIn,
      operation: { method: 'PUT-PART', uploadId, partNumber, ...(options.maxBytes === undefined ? {} : { maxBytes: options.maxBytes }) },
    });
  }

  objectUrl(key: string, urlBase?: string): string {
    const base = (urlBase ?? '').replace(/\/+$/, '');
    return `${base}${LOCAL_STORAGE_ROUTE_PREFIX}/${encodeURIComponent(this.configId)}/${encodeKeyPath(key.replace(/^\/+/, ''))}`;
  }

  destroy(): void {
    // Nothing to release.
  }
}
