import { Readable } from 'node:stream';
import { readSpan } from '../byte-range';
import { isFolderKey } from '../local-keys';
import type { LocalUrlSigner } from '../local-url-signer';
import { StagedMultipartDriver } from '../staged-multipart-driver';
import {
  copiedObjectOptions,
  isFolderMarkerCopy,
  StorageError,
  type GetObjectResult,
  type ListObjectsOptions,
  type ListObjectsPage,
  type ObjectBody,
  type ObjectInfo,
  type ObjectSummary,
  type PutObjectOptions,
  type RangeRequest,
  type ReportedSpace,
  type StorageDriver,
} from '../storage-driver';
import type { SftpConnectionOptions } from './sftp-connection-options';
import { sftpError } from './sftp-errors';
import { isInternalEntry, SftpLayout } from './sftp-layout';
import { listSftpObjects } from './sftp-listing';
import { SftpMultipartUploads } from './sftp-multipart';
import { describeObject, newObjectMeta, readObjectMeta, writeObjectMeta } from './sftp-object-meta';
import { bodyChunks, copyBytes, putFolderMarker, writeAtomically, writeBody } from './sftp-object-writes';
import type { SftpOps } from './sftp-ops';
import { SftpPool } from './sftp-pool';
import { sftpReadStream } from './sftp-read-stream';

export interface SftpDriverOptions extends SftpConnectionOptions {
  configId: string;
  /** The base folder (`bucket_name`): absolute, or relative to the user's login folder; empty = the login folder. */
  baseFolder: string;
  /** Signs the api-server URLs its presigned URLs are (the local driver's route serves them). */
  signer: LocalUrlSigner;
  /** Pool limits (tests). */
  pool?: { maxSessions?: number; idleCloseMs?: number };
}

/**
 * Objects as files on an SFTP server under a base folder (`<base>/<key>`), with S3 semantics:
 * - writes stream to `<key>.partial-<rand>` and are renamed into place (posix-rename), so a failed
 *   upload leaves nothing under the final name; parent folders are created as needed;
 * - content type, user metadata and the ETag (MD5 hex) live in `<base>/.cloudclip/meta/` (one JSON
 *   per key, named by the key's SHA-256); a file written behind the driver's back (size or mtime
 *   changed) gets a synthetic ETag and the default content type (sftp-object-meta.ts);
 * - a key ending in `/` is a folder marker (a folder plus its metadata);
 * - copies use the `copy-data` extension (OpenSSH ≥ 9.0) when offered, else stream through here;
 * - multipart uploads are staged in `<base>/.cloudclip/uploads/<id>/` and concatenated on complete
 *   (sftp-multipart.ts);
 * - presigned URLs point at the api-server's `/api/storage/local/...` route like the local driver's;
 * - sessions come from a small pool (sftp-pool.ts): host key checked (sftp-host-key.ts), every
 *   request timed out (sftp-ops.ts); paths under the base folder: sftp-layout.ts.
 */
export class SftpStorageDriver extends StagedMultipartDriver implements StorageDriver {
  readonly kind = 'sftp' as const;
  readonly configId: string;
  private readonly pool: SftpPool;
  private readonly layout: SftpLayout;
  protected readonly uploads: SftpMultipartUploads;

  constructor(options: SftpDriverOptions) {
    super(options.signer, options.configId);
    this.configId = options.configId;
    this.pool = new SftpPool(options, options.pool);
    this.layout = new SftpLayout(this.pool, options.baseFolder);
    this.uploads = new SftpMultipartUploads(this.layout, this.pool, (what, work) => this.run(what, work));
  }

  /** Sessions open now (tests, diagnostics). */
  get openSessions(): number {
    return this.pool.size;
  }

  private async run<T>(what: string, work: (ops: SftpOps) => Promise<T>): Promise<T> {
    try {
      return await this.pool.use(work);
    } catch (error) {
      throw sftpError(error, what);
    }
  }

  // ---------------------------------------------------------------- writes (sftp-object-writes.ts)

  async putObject(key: string, body: ObjectBody, options?: PutObjectOptions): Promise<{ etag: string }> {
    const path = await this.layout.pathOf(key);
    return this.run(key, async (ops) => {
      if (isFolderKey(key)) {
        for await (const chunk of bodyChunks(body)) {
          if (chunk.length > 0) throw new StorageError('InvalidArgument', 'A folder marker must be empty');
        }
        return putFolderMarker(ops, this.layout, key, options);
      }
      const { etag, stats } = await writeAtomically(ops, this.layout, path, (temp) => writeBody(ops, temp, body));
      await writeObjectMeta(ops, this.layout, newObjectMeta(key, etag, stats, options));
      return { etag };
    });
  }

  // ---------------------------------------------------------------- reads

  async headObject(key: string): Promise<ObjectInfo | null> {
    const path = await this.layout.pathOf(key);
    return this.run(key, (ops) => this.head(ops, key, path));
  }

  private async head(ops: SftpOps, key: string, path: string): Promise<ObjectInfo | null> {
    const stats = await ops.stat(isFolderKey(key) ? path.slice(0, -1) : path);
    if (!stats) return null;
    if (isFolderKey(key)) {
      if (!stats.isDirectory) return null;
      const meta = await readObjectMeta(ops, this.layout, key);
      return meta ? describeObject(key, stats, meta) : null;
    }
    if (!stats.isFile) return null;
    return describeObject(key, stats, await readObjectMeta(ops, this.layout, key));
  }

  async getObject(key: string, options: { range?: RangeRequest } = {}): Promise<GetObjectResult> {
    const path = await this.layout.pathOf(key);
    // The body stream takes its own pooled session and holds it until it ends (sftp-read-stream.ts).
    return this.run(key, async (ops) => {
      const info = await this.head(ops, key, path);
      if (!info) throw new StorageError('NoSuchKey', `No such object: ${key}`);
      const { range, contentLength } = readSpan(key, info.size, options.range);
      const body = contentLength === 0 ? Readable.from([]) : sftpReadStream(this.pool, path, range?.start ?? 0, contentLength);
      return { ...info, body, contentLength, ...(range ? { range } : {}) };
    });
  }

  // ---------------------------------------------------------------- deletes

  private async removeEmptyParents(ops: SftpOps, path: string): Promise<void> {
    const root = await this.layout.rootPath();
    let folder = path.slice(0, path.lastIndexOf('/'));
    while (folder.length > root.length) {
      if (!(await ops.rmdir(folder))) return;
      folder = folder.slice(0, folder.lastIndexOf('/'));
    }
  }

  private async remove(ops: SftpOps, key: string): Promise<void> {
    const path = await this.layout.pathOf(key);
    if (isFolderKey(key)) {
      await ops.unlink(await this.layout.metaPath(key));
      if (await ops.rmdir(path.slice(0, -1))) await this.removeEmptyParents(ops, path.slice(0, -1));
      return;
    }
    const stats = await ops.stat(path);
    if (stats && !stats.isFile) return;
    await ops.unlink(await this.layout.metaPath(key));
    if (await ops.unlink(path)) await this.removeEmptyParents(ops, path);
  }

  async deleteObject(key: string): Promise<void> {
    await this.layout.pathOf(key);
    await this.run(key, (ops) => this.remove(ops, key));
  }

  // deleteObjects and deletePrefix: StagedMultipartDriver, one key at a time.
  protected deleteErrorOf(error: unknown, key: string): StorageError {
    return sftpError(error, key);
  }

  // ---------------------------------------------------------------- listing

  async listObjects(options: ListObjectsOptions = {}): Promise<ListObjectsPage> {
    const root = await this.layout.rootPath();
    return this.run('listing', (ops) =>
      listSftpObjects(
        {
          readFolder: (folderKey) => ops.readdir(folderKey === '' ? root : `${root}/${folderKey.slice(0, -1)}`),
          hasMarker: async (folderKey) => (await ops.stat(await this.layout.metaPath(folderKey))) !== null,
          summarise: async (key, stats): Promise<ObjectSummary> => {
            const info = describeObject(key, stats, await readObjectMeta(ops, this.layout, key));
            return { key, size: info.size, etag: info.etag, lastModified: info.lastModified };
          },
          isHidden: isInternalEntry,
        },
        options,
      ),
    );
  }

  // ---------------------------------------------------------------- copy

  async copyObject(sourceKey: string, targetKey: string, options?: PutObjectOptions): Promise<{ etag: string }> {
    const sourcePath = await this.layout.pathOf(sourceKey);
    const targetPath = await this.layout.pathOf(targetKey);
    return this.run(sourceKey, async (ops) => {
      const source = await this.head(ops, sourceKey, sourcePath);
      if (!source) throw new StorageError('NoSuchKey', `No such object: ${sourceKey}`);
      const effective = copiedObjectOptions(source, options);
      if (isFolderMarkerCopy(sourceKey, targetKey)) {
        return putFolderMarker(ops, this.layout, targetKey, effective);
      }
      const { etag, stats } = await writeAtomically(ops, this.layout, targetPath, async (temp) => {
        const copied = await copyBytes(ops, this.pool, sourcePath, temp);
        return { etag: copied.etag ?? source.etag };
      });
      await writeObjectMeta(ops, this.layout, newObjectMeta(targetKey, etag, stats, effective));
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
    const sourcePath = await this.layout.pathOf(sourceKey);
    const targetPath = await this.layout.pathOf(targetKey);
    return this.run(sourceKey, async (ops) => {
      const source = await this.head(ops, sourceKey, sourcePath);
      if (!source) throw new StorageError('NoSuchKey', `No such object: ${sourceKey}`);
      if ((await ops.stat(targetPath))?.isDirectory)
        throw new StorageError('KeyConflict', `A folder exists where the object would go: ${targetKey}`);
      await ops.mkdirp(await this.layout.rootPath(), targetPath.slice(0, targetPath.lastIndexOf('/')));
      await ops.rename(sourcePath, targetPath);
      const stats = await ops.stat(targetPath);
      if (!stats) throw new StorageError('Unknown', `${targetPath} vanished after it was renamed`);
      await writeObjectMeta(ops, this.layout, {
        key: targetKey,
        etag: source.etag,
        size: stats.size,
        mtime: stats.mtime,
        contentType: source.contentType,
        ...(source.contentDisposition === undefined ? {} : { contentDisposition: source.contentDisposition }),
        metadata: source.metadata,
      });
      await ops.unlink(await this.layout.metaPath(sourceKey));
      await this.removeEmptyParents(ops, sourcePath);
      return { etag: source.etag };
    });
  }

  // ---------------------------------------------------------------- multipart: StagedMultipartDriver (sftp-multipart.ts)

  // ---------------------------------------------------------------- quota

  /** Total and free bytes of the base folder's file system (`statvfs@openssh.com`), null when the server does not say. */
  async reportedSpace(): Promise<ReportedSpace | null> {
    const root = await this.layout.rootPath();
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

  destroy(): void {
    this.pool.destroy();
  }
}
