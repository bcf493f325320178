import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { resolveRange } from '../byte-range';
import { isFolderKey, keySegments } from '../local-keys';
import { compareKeys } from '../local-listing';
import { LocalSignedUrls } from '../local-signed-urls';
import type { LocalUrlSigner } from '../local-url-signer';
import {
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
  type ObjectSummary,
  type PresignGetOptions,
  type PresignPartOptions,
  type PresignPutOptions,
  type PutObjectOptions,
  type RangeRequest,
  type ReportedSpace,
  type StorageDriver,
} from '../storage-driver';
import { SftpPool, sftpError, type RemoteStats, type SftpConnectionOptions, type SftpOps } from './sftp-connection';
import { listSftpObjects } from './sftp-listing';

export const DEFAULT_CONTENT_TYPE = 'application/octet-stream';
/** The driver's own folder under the base folder: metadata and multipart staging. Never listed. */
export const INTERNAL_FOLDER = '.cloudclip';
const PARTIAL = /\.partial-[0-9a-f]{16}$/;
const WRITE_CHUNK = 256 * 1024;
const WRITES_IN_FLIGHT = 4;
const READ_CHUNK = 128 * 1024;
const UPLOAD_ID = /^[0-9a-f]{32}$/;

export interface SftpDriverOptions extends SftpConnectionOptions {
  configId: string;
  /** The base folder (`bucket_name`): absolute, or relative to the user's login folder; empty = the login folder. */
  baseFolder: string;
  /** Signs the api-server URLs its presigned URLs are (the local driver's route serves them). */
  signer: LocalUrlSigner;
  /** Pool limits (tests). */
  pool?: { maxSessions?: number; idleCloseMs?: number };
}

/** What the driver keeps per object in `<base>/.cloudclip/meta/…` (valid while size and mtime match). */
interface ObjectMeta {
  key: string;
  etag: string;
  size: number;
  mtime: number;
  contentType: string;
  contentDisposition?: string;
  metadata: Record<string, string>;
  /** Folder markers: when the marker was written (epoch ms; a folder's own mtime has one-second precision and follows its members). */
  written?: number;
}

function lowerKeys(metadata: Record<string, string> | undefined): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(metadata ?? {})) result[name.toLowerCase()] = value;
  return result;
}

function bodyChunks(body: ObjectBody): AsyncIterable<Buffer> | Iterable<Buffer> {
  if (typeof body === 'string') return [Buffer.from(body, 'utf8')];
  if (body instanceof Readable) {
    return (async function* () {
      for await (const chunk of body) yield typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : Buffer.from(chunk as Uint8Array);
    })();
  }
  return [Buffer.isBuffer(body) ? body : Buffer.from(body)];
}

function randomSuffix(): string {
  return randomBytes(8).toString('hex');
}

/**
 * Objects as files on an SFTP server under a base folder (`<base>/<key>`), with S3 semantics:
 * - writes stream to `<key>.partial-<rand>` and are renamed into place (posix-rename), so a failed
 *   upload leaves nothing under the final name; parent folders are created as needed;
 * - content type, user metadata and the ETag (MD5 hex) live in `<base>/.cloudclip/meta/` (one JSON
 *   per key, named by the key's SHA-256); a file written behind the driver's back (size or mtime
 *   changed) gets a synthetic ETag and the default content type;
 * - a key ending in `/` is a folder marker (a folder plus its metadata);
 * - copies use the `copy-data` extension (OpenSSH ≥ 9.0) when offered, else stream through here;
 * - multipart uploads are staged in `<base>/.cloudclip/uploads/<id>/` and concatenated on complete;
 * - presigned URLs point at the api-server's `/api/storage/local/...` route like the local driver's;
 * - sessions come from a small pool (sftp-connection.ts): host key checked, every request timed out.
 */
export class SftpStorageDriver implements StorageDriver {
  readonly kind = 'sftp' as const;
  readonly configId: string;
  private readonly pool: SftpPool;
  private readonly urls: LocalSignedUrls;
  private root: Promise<string> | undefined;

  constructor(private readonly options: SftpDriverOptions) {
    this.configId = options.configId;
    this.pool = new SftpPool(options, options.pool);
    this.urls = new LocalSignedUrls(options.signer, options.configId);
  }

  /** Sessions open now (tests, diagnostics). */
  get openSessions(): number {
    return this.pool.size;
  }

  // ---------------------------------------------------------------- paths

  private rootPath(): Promise<string> {
    this.root ??= this.pool
      .use(async (ops) => {
        const base = this.options.baseFolder.trim().replace(/\/+$/, '');
        const home = base.startsWith('/') ? '' : await ops.call<string>('realpath .', (cb) => ops.sftp.realpath('.', cb));
        const root = base.startsWith('/') ? base : base === '' ? home : `${home.replace(/\/+$/, '')}/${base}`;
        await ops.mkdirp('', root || '/');
        return root;
      })
      .catch((error: unknown) => {
        this.root = undefined;
        throw sftpError(error, 'base folder');
      });
    return this.root;
  }

  private async pathOf(key: string): Promise<string> {
    const segments = keySegments(key);
    if (segments[0] === INTERNAL_FOLDER) throw new StorageError('InvalidKey', `Keys under ${INTERNAL_FOLDER}/ are reserved`);
    // A folder marker's path keeps its trailing `/` (callers strip it for the folder itself).
    return `${await this.rootPath()}/${segments.join('/')}${isFolderKey(key) ? '/' : ''}`;
  }

  private async metaPath(key: string): Promise<string> {
    const hash = createHash('sha256').update(key).digest('hex');
    return `${await this.rootPath()}/${INTERNAL_FOLDER}/meta/${hash.slice(0, 2)}/${hash}.json`;
  }

  private async uploadDir(uploadId: string): Promise<string> {
    if (!UPLOAD_ID.test(uploadId)) throw new StorageError('NoSuchUpload', `No such upload: ${uploadId}`);
    return `${await this.rootPath()}/${INTERNAL_FOLDER}/uploads/${uploadId}`;
  }

  private async run<T>(what: string, work: (ops: SftpOps) => Promise<T>): Promise<T> {
    try {
      return await this.pool.use(work);
    } catch (error) {
      throw sftpError(error, what);
    }
  }

  // ---------------------------------------------------------------- metadata

  private async readMeta(ops: SftpOps, key: string): Promise<ObjectMeta | null> {
    const data = await ops.readSmallFile(await this.metaPath(key));
    if (!data) return null;
    try {
      const meta = JSON.parse(data.toString('utf8')) as ObjectMeta;
      return meta.key === key ? meta : null;
    } catch {
      return null;
    }
  }

  private async writeMeta(ops: SftpOps, meta: ObjectMeta): Promise<void> {
    const target = await this.metaPath(meta.key);
    const root = await this.rootPath();
    await ops.mkdirp(root, target.slice(0, target.lastIndexOf('/')));
    const temp = `${target}.partial-${randomSuffix()}`;
    await ops.writeSmallFile(temp, Buffer.from(JSON.stringify(meta), 'utf8'));
    await ops.rename(temp, target);
  }

  private describe(key: string, stats: RemoteStats, meta: ObjectMeta | null): ObjectInfo {
    const valid = meta !== null && (isFolderKey(key) || (meta.size === stats.size && meta.mtime === stats.mtime));
    return {
      key,
      size: isFolderKey(key) ? 0 : stats.size,
      etag: valid ? meta.etag : createHash('md5').update(`${stats.size}:${stats.mtime}`).digest('hex'),
      lastModified: isFolderKey(key) && valid && meta.written !== undefined ? new Date(meta.written) : new Date(stats.mtime * 1000),
      contentType: valid ? meta.contentType : DEFAULT_CONTENT_TYPE,
      ...(valid && meta.contentDisposition !== undefined ? { contentDisposition: meta.contentDisposition } : {}),
      metadata: valid ? meta.metadata : {},
    };
  }

  // ---------------------------------------------------------------- writes

  /** Streams `body` into a new file `path`; MD5 and size of what was written. */
  private async writeFile(ops: SftpOps, path: string, body: ObjectBody): Promise<{ etag: string; size: number }> {
    const hash = createHash('md5');
    const handle = await ops.open(path, 'w');
    let position = 0;
    const inFlight: Array<Promise<void>> = [];
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    const flush = async (): Promise<void> => {
      if (pendingBytes === 0) return;
      const data = pending.length === 1 ? (pending[0] as Buffer) : Buffer.concat(pending);
      pending = [];
      pendingBytes = 0;
      const write = ops.write(handle, data, position);
      write.catch(() => undefined);
      inFlight.push(write);
      position += data.length;
      while (inFlight.length >= WRITES_IN_FLIGHT) await inFlight.shift();
    };
    try {
      for await (const chunk of bodyChunks(body)) {
        hash.update(chunk);
        pending.push(chunk);
        pendingBytes += chunk.length;
        if (pendingBytes >= WRITE_CHUNK) await flush();
      }
      await flush();
      while (inFlight.length > 0) await inFlight.shift();
    } finally {
      await Promise.allSettled(inFlight);
      await ops.close(handle).catch(() => undefined);
    }
    return { etag: hash.digest('hex'), size: position };
  }

  /** Writes `body` to `<path>.partial-<rand>` and renames it to `path`; nothing is left behind on failure. */
  private async writeAtomically(
    ops: SftpOps,
    path: string,
    write: (temp: string) => Promise<{ etag: string; size?: number }>,
  ): Promise<{ etag: string; stats: RemoteStats }> {
    const existing = await ops.stat(path);
    if (existing?.isDirectory) throw new StorageError('KeyConflict', `A folder exists where the object would go: ${path}`);
    const root = await this.rootPath();
    await ops.mkdirp(root, path.slice(0, path.lastIndexOf('/')));
    const temp = `${path}.partial-${randomSuffix()}`;
    try {
      const { etag } = await write(temp);
      await ops.rename(temp, path);
      const stats = await ops.stat(path);
      if (!stats) throw new StorageError('Unknown', `${path} vanished after it was written`);
      return { etag, stats };
    } catch (error) {
      await ops.unlink(temp).catch(() => undefined);
      throw error;
    }
  }

  private async putFolderMarker(ops: SftpOps, key: string, options: PutObjectOptions | undefined): Promise<{ etag: string }> {
    const path = await this.pathOf(key);
    await ops.mkdirp(await this.rootPath(), path.slice(0, -1));
    const etag = createHash('md5').digest('hex');
    await this.writeMeta(ops, {
      key,
      etag,
      size: 0,
      mtime: 0,
      written: Date.now(),
      contentType: options?.contentType ?? DEFAULT_CONTENT_TYPE,
      ...(options?.contentDisposition === undefined ? {} : { contentDisposition: options.contentDisposition }),
      metadata: lowerKeys(options?.metadata),
    });
    return { etag };
  }

  async putObject(key: string, body: ObjectBody, options?: PutObjectOptions): Promise<{ etag: string }> {
    const path = await this.pathOf(key);
    return this.run(key, async (ops) => {
      if (isFolderKey(key)) {
        for await (const chunk of bodyChunks(body)) {
          if (chunk.length > 0) throw new StorageError('InvalidArgument', 'A folder marker must be empty');
        }
        return this.putFolderMarker(ops, key, options);
      }
      const { etag, stats } = await this.writeAtomically(ops, path, (temp) => this.writeFile(ops, temp, body));
      await this.writeMeta(ops, {
        key,
        etag,
        size: stats.size,
        mtime: stats.mtime,
        contentType: options?.contentType ?? DEFAULT_CONTENT_TYPE,
        ...(options?.contentDisposition === undefined ? {} : { contentDisposition: options.contentDisposition }),
        metadata: lowerKeys(options?.metadata),
      });
      return { etag };
    });
  }

  // ---------------------------------------------------------------- reads

  async headObject(key: string): Promise<ObjectInfo | null> {
    const path = await this.pathOf(key);
    return this.run(key, (ops) => this.head(ops, key, path));
  }

  private async head(ops: SftpOps, key: string, path: string): Promise<ObjectInfo | null> {
    const stats = await ops.stat(isFolderKey(key) ? path.slice(0, -1) : path);
    if (!stats) return null;
    if (isFolderKey(key)) {
      if (!stats.isDirectory) return null;
      const meta = await this.readMeta(ops, key);
      return meta ? this.describe(key, stats, meta) : null;
    }
    if (!stats.isFile) return null;
    return this.describe(key, stats, await this.readMeta(ops, key));
  }

  async getObject(key: string, options: { range?: RangeRequest } = {}): Promise<GetObjectResult> {
    const path = await this.pathOf(key);
    // The body stream takes its own pooled session and holds it until it ends (readStream).
    return this.run(key, async (ops) => {
      const info = await this.head(ops, key, path);
      if (!info) throw new StorageError('NoSuchKey', `No such object: ${key}`);
      let range: { start: number; end: number } | undefined;
      if (options.range) {
        const resolved = resolveRange(options.range, info.size);
        if (!resolved) throw new StorageError('InvalidRange', `The range is not satisfiable for ${key} (${info.size} bytes)`);
        range = resolved;
      }
      const contentLength = range ? range.end - range.start + 1 : info.size;
      const body = contentLength === 0 ? Readable.from([]) : this.readStream(path, range?.start ?? 0, contentLength);
      return { ...info, body, contentLength, ...(range ? { range } : {}) };
    });
  }

  /** `length` bytes from `start`: each read is one timed SFTP request on a pooled session held until the stream ends. */
  private readStream(path: string, start: number, length: number): Readable {
    let position = start;
    const end = start + length;
    let release: (() => void) | undefined;
    let opsPromise: Promise<{ ops: SftpOps; handle: Buffer }> | undefined;
    const open = (): Promise<{ ops: SftpOps; handle: Buffer }> =>
      (opsPromise ??= new Promise((resolve, reject) => {
        this.pool
          .use(
            (ops) =>
              new Promise<void>((done) => {
                release = done;
                ops.open(path, 'r').then(
                  (handle) => resolve({ ops, handle }),
                  (error: unknown) => {
                    done();
                    reject(error);
                  },
                );
              }),
          )
          .catch(reject);
      }));
    const closeHandle = async (): Promise<void> => {
      if (!opsPromise) return;
      const opened = await opsPromise.catch(() => undefined);
      if (opened) await opened.ops.close(opened.handle).catch(() => undefined);
      release?.();
    };
    return new Readable({
      highWaterMark: READ_CHUNK,
      read: function (this: Readable) {
        open()
          .then(async ({ ops, handle }) => {
            if (position >= end) return this.push(null);
            const chunk = await ops.read(handle, Math.min(READ_CHUNK, end - position), position);
            if (chunk.length === 0) throw new StorageError('Unknown', `${path} ended early (at byte ${position} of ${end})`);
            position += chunk.length;
            this.push(chunk);
            if (position >= end) this.push(null);
          })
          .catch((error: unknown) => this.destroy(sftpError(error, path)));
      },
      destroy: (error, callback) => {
        closeHandle().then(
          () => callback(error),
          () => callback(error),
        );
      },
    });
  }

  // ---------------------------------------------------------------- deletes

  private async removeEmptyParents(ops: SftpOps, path: string): Promise<void> {
    const root = await this.rootPath();
    let folder = path.slice(0, path.lastIndexOf('/'));
    while (folder.length > root.length) {
      if (!(await ops.rmdir(folder))) return;
      folder = folder.slice(0, folder.lastIndexOf('/'));
    }
  }

  private async remove(ops: SftpOps, key: string): Promise<void> {
    const path = await this.pathOf(key);
    if (isFolderKey(key)) {
      await ops.unlink(await this.metaPath(key));
      if (await ops.rmdir(path.slice(0, -1))) await this.removeEmptyParents(ops, path.slice(0, -1));
      return;
    }
    const stats = await ops.stat(path);
    if (stats && !stats.isFile) return;
    await ops.unlink(await this.metaPath(key));
    if (await ops.unlink(path)) await this.removeEmptyParents(ops, path);
  }

  async deleteObject(key: string): Promise<void> {
    await this.pathOf(key);
    await this.run(key, (ops) => this.remove(ops, key));
  }

  async deleteObjects(keys: readonly string[]): Promise<DeleteObjectsResult> {
    const result: DeleteObjectsResult = { deleted: [], errors: [] };
    for (const key of keys) {
      try {
        await this.deleteObject(key);
        result.deleted.push(key);
      } catch (error) {
        const storageError = sftpError(error, key);
        result.errors.push({ key, code: storageError.code, message: storageError.message });
      }
    }
    return result;
  }

  async deletePrefix(prefix: string): Promise<number> {
    if (!prefix) throw new StorageError('InvalidArgument', 'Refusing to delete with an empty prefix (the whole storage)');
    const keys: string[] = [];
    for await (const object of listAllObjects(this, prefix)) keys.push(object.key);
    // Deepest first, so folders empty out before their marker goes.
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

  async listObjects(options: ListObjectsOptions = {}): Promise<ListObjectsPage> {
    const root = await this.rootPath();
    return this.run('listing', (ops) =>
      listSftpObjects(
        {
          readFolder: (folderKey) => ops.readdir(folderKey === '' ? root : `${root}/${folderKey.slice(0, -1)}`),
          hasMarker: async (folderKey) => (await ops.stat(await this.metaPath(folderKey))) !== null,
          summarise: async (key, stats): Promise<ObjectSummary> => {
            const info = this.describe(key, stats, await this.readMeta(ops, key));
            return { key, size: info.size, etag: info.etag, lastModified: info.lastModified };
          },
          isHidden: (folderKey, name) => (folderKey === '' && name === INTERNAL_FOLDER) || PARTIAL.test(name),
        },
        options,
      ),
    );
  }

  // ---------------------------------------------------------------- copy

  /** Copies the bytes of `from` into the new file `to`: server-side (`copy-data`) when offered, else streamed. */
  private async copyBytes(ops: SftpOps, from: string, to: string): Promise<{ etag: string } | { etag?: undefined }> {
    const source = await ops.open(from, 'r');
    try {
      const target = await ops.open(to, 'w');
      let copied = false;
      try {
        copied = await ops.copyData(source, target, 0);
      } finally {
        await ops.close(target).catch(() => undefined);
      }
      if (copied) return {};
    } finally {
      await ops.close(source).catch(() => undefined);
    }
    const size = (await ops.stat(from))?.size ?? 0;
    return this.writeFile(ops, to, this.readStream(from, 0, size));
  }

  async copyObject(sourceKey: string, targetKey: string, options?: PutObjectOptions): Promise<{ etag: string }> {
    const sourcePath = await this.pathOf(sourceKey);
    const targetPath = await this.pathOf(targetKey);
    return this.run(sourceKey, async (ops) => {
      const source = await this.head(ops, sourceKey, sourcePath);
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
        return this.putFolderMarker(ops, targetKey, effective);
      }
      const { etag, stats } = await this.writeAtomically(ops, targetPath, async (temp) => {
        const copied = await this.copyBytes(ops, sourcePath, temp);
        return { etag: copied.etag ?? source.etag };
      });
      await this.writeMeta(ops, {
        key: targetKey,
        etag,
        size: stats.size,
        mtime: stats.mtime,
        contentType: effective.contentType ?? DEFAULT_CONTENT_TYPE,
        ...(effective.contentDisposition === undefined ? {} : { contentDisposition: effective.contentDisposition }),
        metadata: lowerKeys(effective.metadata),
      });
      return { etag };
    });
  }

  /**
   * Server-side move: an SFTP rename of the file (content and mtime unchanged), its metadata
   * rewritten under the new key. Not a required StorageDriver method (see `moveObject` there).
   */
  async moveObject(sourceKey: string, targetKey: string): Promise<{ etag: string }> {
    if (isFolderKey(sourceKey) || isFolderKey(targetKey)) {
      const copied = await this.copyObject(sourceKey, targetKey);
      await this.deleteObject(sourceKey);
      return copied;
    }
    const sourcePath = await this.pathOf(sourceKey);
    const targetPath = await this.pathOf(targetKey);
    return this.run(sourceKey, async (ops) => {
      const source = await this.head(ops, sourceKey, sourcePath);
      if (!source) throw new StorageError('NoSuchKey', `No such object: ${sourceKey}`);
      if ((await ops.stat(targetPath))?.isDirectory)
        throw new StorageError('KeyConflict', `A folder exists where the object would go: ${targetKey}`);
      await ops.mkdirp(await this.rootPath(), targetPath.slice(0, targetPath.lastIndexOf('/')));
      await ops.rename(sourcePath, targetPath);
      const stats = await ops.stat(targetPath);
      if (!stats) throw new StorageError('Unknown', `${targetPath} vanished after it was renamed`);
      await this.writeMeta(ops, {
        key: targetKey,
        etag: source.etag,
        size: stats.size,
        mtime: stats.mtime,
        contentType: source.contentType,
        ...(source.contentDisposition === undefined ? {} : { contentDisposition: source.contentDisposition }),
        metadata: source.metadata,
      });
      await ops.unlink(await this.metaPath(sourceKey));
      await this.removeEmptyParents(ops, sourcePath);
      return { etag: source.etag };
    });
  }

  // ---------------------------------------------------------------- multipart (staged parts, concatenated)

  async createMultipartUpload(key: string, options?: PutObjectOptions): Promise<{ uploadId: string }> {
    await this.pathOf(key);
    if (isFolderKey(key)) throw new StorageError('InvalidKey', 'A folder marker cannot be uploaded in parts');
    const uploadId = randomBytes(16).toString('hex');
    const dir = await this.uploadDir(uploadId);
    await this.run(key, async (ops) => {
      await ops.mkdirp(await this.rootPath(), dir);
      await ops.writeSmallFile(`${dir}/upload.json`, Buffer.from(JSON.stringify({ key, options: options ?? {} }), 'utf8'));
    });
    return { uploadId };
  }

  private async readUpload(ops: SftpOps, key: string, uploadId: string): Promise<{ dir: string; options: PutObjectOptions }> {
    const dir = await this.uploadDir(uploadId);
    const data = await ops.readSmallFile(`${dir}/upload.json`);
    const parsed = data ? (JSON.parse(data.toString('utf8')) as { key: string; options: PutObjectOptions }) : null;
    if (!parsed || parsed.key !== key) throw new StorageError('NoSuchUpload', `No such upload: ${uploadId}`);
    return { dir, options: parsed.options };
  }

  async uploadPart(key: string, uploadId: string, partNumber: number, body: ObjectBody): Promise<{ etag: string }> {
    if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > 10_000)
      throw new StorageError('InvalidArgument', `Invalid part number ${partNumber}`);
    return this.run(key, async (ops) => {
      const { dir } = await this.readUpload(ops, key, uploadId);
      const temp = `${dir}/${partNumber}.partial-${randomSuffix()}`;
      try {
        const { etag } = await this.writeFile(ops, temp, body);
        await ops.rename(temp, `${dir}/${partNumber}.part`);
        await ops.writeSmallFile(`${dir}/${partNumber}.etag`, Buffer.from(etag, 'utf8'));
        return { etag };
      } catch (error) {
        await ops.unlink(temp).catch(() => undefined);
        throw error;
      }
    });
  }

  async completeMultipartUpload(key: string, uploadId: string, parts: readonly MultipartPart[]): Promise<{ etag: string }> {
    const ordered = orderParts(parts);
    const path = await this.pathOf(key);
    return this.run(key, async (ops) => {
      const { dir, options } = await this.readUpload(ops, key, uploadId);
      const md5s: Buffer[] = [];
      for (const part of ordered) {
        const stored = (await ops.readSmallFile(`${dir}/${part.partNumber}.etag`))?.toString('utf8');
        if (!stored || stored.toLowerCase() !== stripEtagQuotes(part.etag).toLowerCase()) {
          throw new StorageError('InvalidPart', `Part ${part.partNumber} is missing or its ETag does not match`);
        }
        md5s.push(Buffer.from(stored, 'hex'));
      }
      // S3's ETag of a multipart object: MD5 of the parts' MD5s, dash, part count (the bytes are concatenated on the server when it can).
      const etag = `${createHash('md5').update(Buffer.concat(md5s)).digest('hex')}-${ordered.length}`;
      const { stats } = await this.writeAtomically(ops, path, async (temp) => {
        const target = await ops.open(temp, 'w');
        let offset = 0;
        let serverSide = true;
        try {
          for (const part of ordered) {
            const partPath = `${dir}/${part.partNumber}.part`;
            const size = (await ops.stat(partPath))?.size ?? 0;
            const source = await ops.open(partPath, 'r');
            try {
              serverSide = serverSide && (await ops.copyData(source, target, offset));
            } finally {
              await ops.close(source).catch(() => undefined);
            }
            if (!serverSide) break;
            offset += size;
          }
        } finally {
          await ops.close(target).catch(() => undefined);
        }
        if (!serverSide) {
          const streams = ordered.map((part) => `${dir}/${part.partNumber}.part`);
          const sizes = await Promise.all(streams.map(async (partPath) => (await ops.stat(partPath))?.size ?? 0));
          const readPart = (index: number): Readable => this.readStream(streams[index] as string, 0, sizes[index] ?? 0);
          await this.writeFile(
            ops,
            temp,
            Readable.from(
              (async function* () {
                for (let index = 0; index < streams.length; index += 1) yield* readPart(index);
              })(),
            ),
          );
        }
        return { etag };
      });
      await this.writeMeta(ops, {
        key,
        etag,
        size: stats.size,
        mtime: stats.mtime,
        contentType: options.contentType ?? DEFAULT_CONTENT_TYPE,
        ...(options.contentDisposition === undefined ? {} : { contentDisposition: options.contentDisposition }),
        metadata: lowerKeys(options.metadata),
      });
      await this.removeUpload(ops, dir);
      return { etag };
    });
  }

  private async removeUpload(ops: SftpOps, dir: string): Promise<void> {
    for (const entry of (await ops.readdir(dir)) ?? []) await ops.unlink(`${dir}/${entry.name}`);
    await ops.rmdir(dir);
  }

  async abortMultipartUpload(key: string, uploadId: string): Promise<void> {
    await this.run(key, async (ops) => {
      const { dir } = await this.readUpload(ops, key, uploadId);
      await this.removeUpload(ops, dir);
    });
  }

  // ---------------------------------------------------------------- quota

  /** Total and free bytes of the base folder's file system (`statvfs@openssh.com`), null when the server does not say. */
  async reportedSpace(): Promise<ReportedSpace | null> {
    const root = await this.rootPath();
    const figures = await this.run('quota', (ops) => ops.statvfs(root));
    return (
      figures && {
        totalBytes: figures.totalBytes,
        freeBytes: figures.freeBytes,
        usedBytes: Math.max(0, figures.totalBytes - figures.freeBytes),
      }
    );
  }

  // ---------------------------------------------------------------- URLs (served by the api-server)

  presignPutUrl(key: string, options: PresignPutOptions): Promise<string> {
    return this.urls.presignPut(key, options);
  }

  presignGetUrl(key: string, options: PresignGetOptions): Promise<string> {
    return this.urls.presignGet(key, options);
  }

  presignUploadPartUrl(key: string, uploadId: string, partNumber: number, options: PresignPartOptions): Promise<string> {
    return this.urls.presignUploadPart(key, uploadId, partNumber, options);
  }

  objectUrl(key: string, urlBase?: string): string {
    return this.urls.objectUrl(key, urlBase);
  }

  destroy(): void {
    this.pool.destroy();
  }
}
