import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { mapLimit } from '../../lib/map-limit';
import { readSpan } from '../byte-range';
import type { LocalUrlSigner } from '../local-url-signer';
import { StagedMultipartDriver } from '../staged-multipart-driver';
import { deleteDeepestFirst, keysUnderPrefix } from '../bulk-delete';
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
  type ReportedSpace,
  type StorageDriver,
} from '../storage-driver';
import { networkError, statusError, WebDavHttp } from './webdav-http';
import { WebDavListing } from './webdav-listing';
import { WebDavMultipartUploads } from './webdav-multipart';
import { propfind, type DavEntry } from './webdav-propfind';
import { DEFAULT_CONTENT_TYPE, sidecarFor, webdavKeySegments, WebDavStore, type Sidecar } from './webdav-store';
import { bufferOrStream, sliceStream } from './webdav-streams';
import { destinationOf, writeBody, writeObject } from './webdav-writes';

export interface WebDavDriverOptions {
  configId: string;
  /** The server's WebDAV URL (the config's `endpoint_url`). */
  endpointUrl: string;
  /** Folder below that URL holding the objects (the config's `bucket_name`; '' = the URL itself). */
  baseFolder: string;
  username: string;
  password: string;
  /** Signs the URLs the api-server serves for this storage (as for the local driver). */
  signer: LocalUrlSigner;
  connectTimeoutMs?: number;
  idleTimeoutMs?: number;
}

/** What the server turned out to support (filled in as requests reveal it). */
export interface WebDavCapabilities {
  /**
   * `native`: ranged GETs are answered with 206; `emulated`: the server sent the whole object
   * (200) and the driver skipped to the range itself (the bytes before it were downloaded);
   * `unknown`: no ranged read yet.
   */
  ranges: 'native' | 'emulated' | 'unknown';
}

const DELETE_CONCURRENCY = 8;

/**
 * Objects on a WebDAV server (Nextcloud, a NAS, `rclone serve webdav`, Cloudclip's own `/dav`),
 * with S3 semantics as the local driver gives them: see webdav-store.ts for the layout (objects as
 * files under the base folder, metadata in hashed sidecars), webdav-listing.ts for ListObjectsV2,
 * webdav-multipart.ts for multipart uploads, webdav-http.ts for timeouts, pooling and errors.
 * Presigned URLs are served by the api-server's own signed route, like the local driver's.
 *
 * Writes are single PUTs (chunked when the length is unknown); whether a reader can see a
 * half-written file depends on the server (rclone and Nextcloud write to a temporary file first).
 */
/** True when the server answered that it does not do the method (405 Method Not Allowed, 501 Not Implemented). */
function refusesMethod(error: unknown): boolean {
  return error instanceof StorageError && (error.providerCode === '405' || error.providerCode === '501');
}

export class WebDavStorageDriver extends StagedMultipartDriver implements StorageDriver {
  readonly kind = 'webdav' as const;
  readonly configId: string;
  readonly capabilities: WebDavCapabilities = { ranges: 'unknown' };
  private readonly http: WebDavHttp;
  private readonly store: WebDavStore;
  private readonly listing: WebDavListing;
  protected readonly uploads: WebDavMultipartUploads;
  private baseReady: Promise<void> | undefined;

  constructor(options: WebDavDriverOptions) {
    super(options.signer, options.configId);
    this.configId = options.configId;
    this.http = new WebDavHttp({
      endpointUrl: options.endpointUrl,
      username: options.username,
      password: options.password,
      ...(options.connectTimeoutMs === undefined ? {} : { connectTimeoutMs: options.connectTimeoutMs }),
      ...(options.idleTimeoutMs === undefined ? {} : { idleTimeoutMs: options.idleTimeoutMs }),
    });
    this.store = new WebDavStore(this.http, options.baseFolder);
    this.listing = new WebDavListing(this.store);
    this.uploads = new WebDavMultipartUploads(
      this.store,
      (path, body, contentLength) => writeBody(this.http, path, body, contentLength),
      (key, body, sidecar) => this.commitStream(key, body, sidecar),
    );
  }

  /** The base folder is made on first write (a config may name one that does not exist yet). */
  private ensureBase(): Promise<void> {
    this.baseReady ??= this.store.ensureBase().catch((error: unknown) => {
      this.baseReady = undefined;
      throw error;
    });
    return this.baseReady;
  }

  // ---------------------------------------------------------------- writes

  private async commitStream(key: string, body: Readable, sidecar: Sidecar): Promise<{ etag: string }> {
    const segments = webdavKeySegments(key);
    await this.ensureBase();
    await this.store.ensureCollections(segments.slice(0, -1));
    const { etag, size, davEtag } = await writeObject(this.store, segments, body);
    await this.store.writeSidecar(key, { ...sidecar, size, etag, ...(davEtag ? { davEtag } : {}) });
    return { etag };
  }

  async putObject(key: string, body: ObjectBody, options?: PutObjectOptions): Promise<{ etag: string }> {
    const segments = webdavKeySegments(key);
    await this.ensureBase();
    if (key.endsWith('/')) {
      const source = bufferOrStream(body);
      if (!Buffer.isBuffer(source)) source.resume();
      else if (source.length > 0) throw new StorageError('InvalidArgument', 'A folder marker cannot have content');
      await this.store.ensureCollections(segments);
      const etag = createHash('md5').digest('hex');
      await this.store.writeSidecar(key, { ...sidecarFor(0, etag, options), written: Date.now() });
      return { etag };
    }
    await this.store.ensureCollections(segments.slice(0, -1));
    const { etag, size, davEtag } = await writeObject(this.store, segments, body, options?.contentLength);
    await this.store.writeSidecar(key, { ...sidecarFor(size, etag, options), ...(davEtag ? { davEtag } : {}) });
    return { etag };
  }

  // ---------------------------------------------------------------- reads

  private describe(key: string, entry: DavEntry, sidecar: Sidecar | null): ObjectInfo {
    // A sidecar whose size no longer matches was left by a write behind the driver's back.
    const usable = sidecar && (key.endsWith('/') || sidecar.size === entry.size) ? sidecar : null;
    return {
      key,
      size: key.endsWith('/') ? 0 : entry.size,
      etag: usable?.etag ?? entry.etag,
      lastModified: key.endsWith('/') && usable?.written !== undefined ? new Date(usable.written) : entry.lastModified,
      contentType: usable?.contentType ?? (entry.contentType || DEFAULT_CONTENT_TYPE),
      ...(usable?.contentDisposition === undefined ? {} : { contentDisposition: usable.contentDisposition }),
      metadata: usable?.metadata ?? {},
    };
  }

  async headObject(key: string): Promise<ObjectInfo | null> {
    const segments = webdavKeySegments(key);
    const folder = key.endsWith('/');
    const [entry, sidecar] = await Promise.all([this.store.stat(segments, folder), this.store.readSidecar(key)]);
    if (!entry || entry.isCollection !== folder) return null;
    if (folder && !sidecar) return null;
    return this.describe(key, entry, sidecar);
  }

  async getObject(key: string, options: { range?: RangeRequest } = {}): Promise<GetObjectResult> {
    const info = await this.headObject(key);
    if (!info) throw new StorageError('NoSuchKey', `No such object: ${key}`);
    const { range, contentLength } = readSpan(key, info.size, options.range);
    if (key.endsWith('/') || contentLength === 0) return { ...info, body: Readable.from([]), contentLength, range };

    const path = this.store.pathOf(webdavKeySegments(key));
    const response = await this.http.request({
      method: 'GET',
      path,
      headers: range ? { range: `bytes=${range.start}-${range.end}` } : {},
    });
    const status = response.statusCode ?? 0;
    if (status === 404) {
      response.resume();
      throw new StorageError('NoSuchKey', `No such object: ${key}`);
    }
    if (status !== 200 && status !== 206) {
      response.resume();
      throw statusError(status, `GET ${key}`);
    }
    let body: Readable = response;
    if (range) {
      if (status === 206) this.capabilities.ranges = 'native';
      else {
        this.capabilities.ranges = 'emulated';
        body = sliceStream(response, range.start, range.end);
      }
    }
    return { ...info, body, contentLength, range };
  }

  // ---------------------------------------------------------------- deletes

  async deleteObject(key: string): Promise<void> {
    const segments = webdavKeySegments(key);
    if (key.endsWith('/')) {
      await this.store.deleteSidecar(key);
      let members = 0;
      const exists = await propfind(this.http, this.store.pathOf(segments, true), 1, () => {
        members += 1;
      });
      if (exists && members <= 1) {
        this.store.forgetCollections();
        await this.store.remove(this.store.pathOf(segments, true));
      }
      await this.store.pruneEmpty(segments);
      return;
    }
    // Only a file is deleted: a DELETE of a collection would take everything below it.
    const entry = await this.store.stat(segments, false);
    if (entry && !entry.isCollection) await this.store.remove(this.store.pathOf(segments));
    await this.store.deleteSidecar(key);
    if (entry && !entry.isCollection) await this.store.pruneEmpty(segments);
  }

  // deleteObjects: StagedMultipartDriver, DELETE_CONCURRENCY at once.
  protected override readonly deleteConcurrency = DELETE_CONCURRENCY;

  protected deleteErrorOf(error: unknown, key: string): StorageError {
    return error instanceof StorageError ? error : networkError(error, `DELETE ${key}`);
  }

  /** A whole folder at once where possible; else (StagedMultipartDriver) its keys deepest first. */
  override async deletePrefix(prefix: string): Promise<number> {
    const keys = await keysUnderPrefix(this, prefix);
    if (prefix.endsWith('/') && keys.length > 0) {
      // A whole folder: its sidecars, then one DELETE of the collection, then its empty parents.
      const segments = webdavKeySegments(prefix);
      await mapLimit(keys, DELETE_CONCURRENCY, (key) => this.store.deleteSidecar(key));
      this.store.forgetCollections();
      await this.store.remove(this.store.pathOf(segments, true));
      await this.store.pruneEmpty(segments);
      return keys.length;
    }
    return deleteDeepestFirst(this, prefix, keys);
  }

  // ---------------------------------------------------------------- listing

  listObjects(options: ListObjectsOptions = {}): Promise<ListObjectsPage> {
    return this.listing.list(options);
  }

  // ---------------------------------------------------------------- copy and move

  private effectiveSidecar(source: ObjectInfo, options: PutObjectOptions | undefined): Sidecar {
    return sidecarFor(source.size, source.etag, copiedObjectOptions(source, options));
  }

  /** Server-side COPY (RFC 4918 §9.8); the target's sidecar is written after it. */
  async copyObject(sourceKey: string, targetKey: string, options?: PutObjectOptions): Promise<{ etag: string }> {
    return this.transfer('COPY', sourceKey, targetKey, options);
  }

  /** Server-side MOVE (RFC 4918 §9.9): not part of StorageDriver, for callers that know the driver. */
  async moveObject(sourceKey: string, targetKey: string): Promise<{ etag: string }> {
    return this.transfer('MOVE', sourceKey, targetKey);
  }

  private async transfer(
    method: 'COPY' | 'MOVE',
    sourceKey: string,
    targetKey: string,
    options?: PutObjectOptions,
  ): Promise<{ etag: string }> {
    const sourceSegments = webdavKeySegments(sourceKey);
    const targetSegments = webdavKeySegments(targetKey);
    const source = await this.headObject(sourceKey);
    if (!source) throw new StorageError('NoSuchKey', `No such object: ${sourceKey}`);
    const sidecar = this.effectiveSidecar(source, options);
    if (isFolderMarkerCopy(sourceKey, targetKey)) {
      await this.ensureBase();
      await this.store.ensureCollections(targetSegments);
      await this.store.writeSidecar(targetKey, { ...sidecar, written: Date.now() });
      if (method === 'MOVE') await this.deleteObject(sourceKey);
      return { etag: sidecar.etag };
    }
    await this.ensureBase();
    await this.store.ensureCollections(targetSegments.slice(0, -1));
    try {
      await this.http.send({
        method,
        path: this.store.pathOf(sourceSegments),
        headers: { destination: destinationOf(this.http, this.store.pathOf(targetSegments)), overwrite: 'T' },
      });
    } catch (error) {
      if (!refusesMethod(error)) throw error;
      // A server without COPY/MOVE (405 or 501): the bytes go through Cloudclip instead.
      const { body } = await this.getObject(sourceKey);
      const written = await this.putObject(targetKey, body, {
        contentType: sidecar.contentType,
        contentLength: sidecar.size,
        ...(sidecar.contentDisposition === undefined ? {} : { contentDisposition: sidecar.contentDisposition }),
        metadata: sidecar.metadata,
      });
      if (method === 'MOVE') await this.deleteObject(sourceKey);
      return written;
    }
    await this.store.writeSidecar(targetKey, sidecar);
    if (method === 'MOVE') {
      await this.store.deleteSidecar(sourceKey);
      await this.store.pruneEmpty(sourceSegments);
    }
    return { etag: sidecar.etag };
  }

  // ---------------------------------------------------------------- quota

  /** RFC 4331 quota of the base folder when the server reports it (null when it reports neither figure). */
  async reportedSpace(): Promise<ReportedSpace | null> {
    let space: ReportedSpace | null = null;
    await propfind(
      this.http,
      this.store.pathOf([], true),
      0,
      (entry) => {
        if (entry.quotaAvailable === undefined && entry.quotaUsed === undefined) return;
        const free = entry.quotaAvailable ?? null;
        const used = entry.quotaUsed ?? null;
        space = { freeBytes: free, usedBytes: used, totalBytes: free !== null && used !== null ? free + used : null };
      },
      { quota: true },
    );
    return space;
  }

  // ---------------------------------------------------------------- multipart

  // Parts, completing and aborting: StagedMultipartDriver (webdav-multipart.ts).

  /** The base folder is made first (ensureBase). */
  override async createMultipartUpload(key: string, options?: PutObjectOptions): Promise<{ uploadId: string }> {
    await this.ensureBase();
    return super.createMultipartUpload(key, options);
  }

  // ---------------------------------------------------------------- URLs (served by the api-server)

  /** Keys under the internal folder get no URL. */
  protected override checkUrlKey(key: string): void {
    webdavKeySegments(key);
  }

  /** Closes the pooled connections; requests after this fail with Unavailable. */
  destroy(): void {
    this.http.destroy();
  }
}
