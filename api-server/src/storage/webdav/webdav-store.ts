import { createHash } from 'node:crypto';
import { keySegments } from '../local-keys';
import { normalizedMetadata } from '../local-sidecars';
import { StorageError, type PutObjectOptions } from '../storage-driver';
import { readBody, type WebDavHttp } from './webdav-http';
import { propfind, type DavEntry } from './webdav-propfind';

/**
 * Where things live on the WebDAV server, below the base folder (the config's `bucket_name`):
 * - object `a/b.txt` → `<base>/a/b.txt`; folder marker `a/b/` → the collection `<base>/a/b/`
 *   plus a sidecar (a collection alone is only a folder, as on S3 a common prefix);
 * - sidecars (content type, disposition, user metadata, MD5 ETag, size) → `<base>/.cloudclip-internal/meta/<hh>/<sha256(key)>.json`:
 *   WebDAV has no standard place for them (PROPPATCH dead properties are not kept by many
 *   servers, rclone's among them), and hashed names never clash with any key;
 * - multipart staging → `<base>/.cloudclip-internal/uploads/<id>/`.
 * Keys under `.cloudclip-internal/` are refused and that folder is never listed.
 */

export const INTERNAL_FOLDER = '.cloudclip-internal';
export const DEFAULT_CONTENT_TYPE = 'application/octet-stream';
/** A MKCOL answered 423 Locked is tried this many more times, waiting LOCKED_RETRY_MS × the attempt. */
const LOCKED_RETRIES = 4;
const LOCKED_RETRY_MS = 50;

export interface Sidecar {
  v: 1;
  size: number;
  /** MD5 hex of the content (the ETag the driver reports). */
  etag: string;
  contentType: string;
  contentDisposition?: string;
  metadata: Record<string, string>;
  /**
   * Folder markers: when the marker was last written (epoch ms). A collection's
   * getlastmodified has one-second precision and changes with its members, a marker's time
   * should not.
   */
  written?: number;
  /** The server's ETag of the PUT that wrote the content (without quotes), when it sent one. */
  davEtag?: string;
}

function encodeSegments(segments: readonly string[]): string {
  return segments.map((segment) => encodeURIComponent(segment)).join('/');
}

/** The key's path segments (local-keys' rules) with the internal folder refused. */
export function webdavKeySegments(key: string): string[] {
  const segments = keySegments(key);
  if (segments[0] === INTERNAL_FOLDER) throw new StorageError('InvalidKey', `Keys under ${INTERNAL_FOLDER}/ are reserved`);
  return segments;
}

export class WebDavStore {
  /** Decoded base path on the server, without a trailing slash ('' = the server root). */
  readonly basePath: string;
  private readonly encodedBase: string;
  /** Collections known to exist (so puts do not MKCOL every ancestor every time). */
  private readonly knownCollections = new Set<string>();
  /** MKCOLs in flight, by path, so concurrent puts into one new folder wait for the same one. */
  private readonly collectionsBeingMade = new Map<string, Promise<void>>();

  constructor(
    readonly http: WebDavHttp,
    baseFolder: string,
  ) {
    const baseSegments = baseFolder.split('/').filter((segment) => segment !== '' && segment !== '.');
    if (baseSegments.includes('..')) throw new StorageError('InvalidArgument', 'The base folder may not contain ".."');
    const endpoint = http.basePath.slice(0, -1);
    this.encodedBase = `${endpoint}${baseSegments.length > 0 ? `/${encodeSegments(baseSegments)}` : ''}`;
    this.basePath = decodeURIComponent(this.encodedBase);
  }

  /** Encoded server path of a file key (or, with `collection`, a folder key / segments), below the base. */
  pathOf(segments: readonly string[], collection = false): string {
    const inner = encodeSegments(segments);
    return `${this.encodedBase}/${inner}${collection && inner !== '' ? '/' : ''}`;
  }

  /** The key of a decoded server path below the base (null when outside it). */
  keyOf(decodedPath: string, isCollection: boolean): string | null {
    if (!decodedPath.startsWith(`${this.basePath}/`)) return null;
    const relative = decodedPath.slice(this.basePath.length + 1);
    if (relative === '') return null;
    return isCollection ? `${relative}/` : relative;
  }

  internalPath(...segments: string[]): string {
    return this.pathOf([INTERNAL_FOLDER, ...segments]);
  }

  // ------------------------------------------------------------------ stat

  /** PROPFIND depth 0 of a file or collection; null when missing. */
  async stat(segments: readonly string[], collection: boolean): Promise<DavEntry | null> {
    let found: DavEntry | null = null;
    const exists = await propfind(this.http, this.pathOf(segments, collection), 0, (entry) => {
      found ??= entry;
    });
    return exists ? found : null;
  }

  // ------------------------------------------------------------------ collections

  /** Makes every collection above (and, with `self`, including) the last segment, top down. */
  async ensureCollections(segments: readonly string[]): Promise<void> {
    for (let depth = 1; depth <= segments.length; depth += 1) {
      const path = this.pathOf(segments.slice(0, depth), true);
      if (this.knownCollections.has(path)) continue;
      // Puts into one new folder run at once: they share one MKCOL of it rather than racing.
      let making = this.collectionsBeingMade.get(path);
      if (!making) {
        making = this.makeCollection(path, segments.slice(0, depth)).finally(() => this.collectionsBeingMade.delete(path));
        this.collectionsBeingMade.set(path, making);
      }
      await making;
    }
  }

  private async makeCollection(path: string, segments: readonly string[]): Promise<void> {
    // 201 made, 405 already there (RFC 4918 §9.3.1); 409 = a file is in the way; 423 = another
    // client's request holds the path for a moment (servers built on Go's x/net/webdav, rclone
    // among them, lock a path while a MKCOL or PUT on it runs), so it is tried again shortly.
    let status = 0;
    for (let attempt = 0; attempt <= LOCKED_RETRIES; attempt += 1) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, LOCKED_RETRY_MS * attempt));
      ({ status } = await this.http.send({ method: 'MKCOL', path }, [405, 423]));
      if (status !== 423) break;
    }
    if (status === 423) throw new StorageError('Unavailable', `${segments.join('/')} stayed locked on the WebDAV server`);
    if (status === 405) {
      const entry = await this.stat(segments, true);
      if (entry && !entry.isCollection) throw new StorageError('KeyConflict', `${segments.join('/')} is a file, not a folder`);
    }
    this.knownCollections.add(path);
  }

  async ensureBase(): Promise<void> {
    if (this.knownCollections.has(this.encodedBase)) return;
    const parts = this.encodedBase
      .slice(this.http.basePath.length - 1)
      .split('/')
      .filter(Boolean);
    let path = this.http.basePath.slice(0, -1);
    for (const part of parts) {
      path += `/${part}`;
      await this.http.send({ method: 'MKCOL', path: `${path}/` }, [405]);
    }
    this.knownCollections.add(this.encodedBase);
  }

  forgetCollections(): void {
    this.knownCollections.clear();
  }

  /** DELETE; a missing target is fine (idempotent deletes). */
  async remove(path: string): Promise<void> {
    await this.http.send({ method: 'DELETE', path }, [404]);
  }

  /**
   * Removes the empty collections above a deleted key, up to the base (S3 has no folders: an
   * emptied "folder" must stop showing as a common prefix). A collection with a marker stays.
   */
  async pruneEmpty(segments: readonly string[]): Promise<void> {
    for (let depth = segments.length - 1; depth >= 1; depth -= 1) {
      const folder = segments.slice(0, depth);
      const folderKey = `${folder.join('/')}/`;
      let children = 0;
      const exists = await propfind(this.http, this.pathOf(folder, true), 1, () => {
        children += 1;
      });
      if (!exists) continue;
      // The collection answers for itself too.
      if (children > 1 || (await this.readSidecar(folderKey))) return;
      this.knownCollections.clear();
      await this.remove(this.pathOf(folder, true));
    }
  }

  // ------------------------------------------------------------------ sidecars

  private sidecarName(key: string): [string, string] {
    const hash = createHash('sha256').update(key, 'utf8').digest('hex');
    return [hash.slice(0, 2), `${hash}.json`];
  }

  /** A small JSON document below the internal folder; null when missing or unreadable. */
  async readInternalJson(segments: readonly string[], limit = 1024 * 1024): Promise<unknown> {
    const response = await this.http.request({ method: 'GET', path: this.internalPath(...segments) });
    if (response.statusCode === 404) {
      response.resume();
      return null;
    }
    const body = await readBody(response, limit);
    if ((response.statusCode ?? 0) >= 300) return null;
    try {
      return JSON.parse(body.toString('utf8')) as unknown;
    } catch {
      return null;
    }
  }

  /** PUTs a JSON document below the internal folder (its collection must exist). */
  async writeInternalJson(segments: readonly string[], value: unknown): Promise<void> {
    await this.http.send({
      method: 'PUT',
      path: this.internalPath(...segments),
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(value),
    });
  }

  async readSidecar(key: string): Promise<Sidecar | null> {
    const parsed = (await this.readInternalJson(['meta', ...this.sidecarName(key)])) as Sidecar | null;
    return parsed?.v === 1 ? parsed : null;
  }

  async writeSidecar(key: string, sidecar: Sidecar): Promise<void> {
    const [folder, name] = this.sidecarName(key);
    await this.ensureCollections([INTERNAL_FOLDER, 'meta', folder]);
    await this.writeInternalJson(['meta', folder, name], sidecar);
  }

  async deleteSidecar(key: string): Promise<void> {
    await this.remove(this.internalPath('meta', ...this.sidecarName(key)));
  }
}

export function sidecarFor(size: number, etag: string, options: PutObjectOptions | undefined): Sidecar {
  return {
    v: 1,
    size,
    etag,
    contentType: options?.contentType ?? DEFAULT_CONTENT_TYPE,
    ...(options?.contentDisposition === undefined ? {} : { contentDisposition: options.contentDisposition }),
    metadata: normalizedMetadata(options),
  };
}
