import type { Readable } from 'node:stream';

/**
 * One interface over every place objects live (contract §5.4, §5.5, §5.8, §5.9): an S3-compatible
 * bucket (`s3-driver.ts`) or a directory under DATA_DIR served by the api-server (`local-driver.ts`).
 * Services pick the driver for a storage-config row through the `StorageRegistry`.
 *
 * Conventions shared by both drivers:
 * - Keys are bucket keys without a leading `/`; a key ending in `/` is a folder marker.
 * - ETags are returned **without** quotes. `completeMultipartUpload` accepts part ETags with or
 *   without quotes (the fs multipart endpoint hands the client quoted ETags, §5.9).
 * - Missing objects: `headObject` answers null, `getObject` throws `StorageError('NoSuchKey')`,
 *   deletes are idempotent (no error for a missing key), as on S3.
 * - Listing follows ListObjectsV2: keys in UTF-8 byte order, `delimiter` rolls keys up into common
 *   prefixes, one page holds at most 1000 entries (keys + common prefixes), continuation tokens are opaque.
 * - Presigned URLs are absolute. The local driver's URLs point at this api-server, so its callers
 *   pass `urlBase` (the origin of the incoming request, see `requestOrigin`); the S3 driver ignores it.
 */

export type StorageDriverKind = 's3' | 'local' | 'sftp' | 'webdav';

/** Bytes `start`…`end` inclusive (`end` absent = to the end), or the last `suffixLength` bytes. */
export type RangeRequest = { start: number; end?: number } | { suffixLength: number };

export type ObjectBody = Buffer | Uint8Array | string | Readable;

/** Space figures a storage reports about itself, in bytes; null for a figure it does not report. */
export interface ReportedSpace {
  totalBytes: number | null;
  freeBytes: number | null;
  usedBytes: number | null;
}

export interface PutObjectOptions {
  contentType?: string;
  /** Byte length of a stream body when known (lets the S3 driver send it in one request). */
  contentLength?: number;
  contentDisposition?: string;
  /** User metadata (`x-amz-meta-*`); names are lower-cased. */
  metadata?: Record<string, string>;
}

export interface ObjectInfo {
  key: string;
  /** Total size in bytes. */
  size: number;
  etag: string;
  lastModified: Date;
  contentType: string;
  contentDisposition?: string;
  metadata: Record<string, string>;
}

export interface GetObjectResult extends ObjectInfo {
  body: Readable;
  /** Bytes in `body` (the range length for a ranged read). */
  contentLength: number;
  /** The served range (inclusive) when a range was requested and satisfied. */
  range?: { start: number; end: number };
}

export interface ObjectSummary {
  key: string;
  size: number;
  etag: string;
  lastModified: Date;
}

export interface ListObjectsOptions {
  prefix?: string;
  delimiter?: string;
  /** 1…1000 (default and maximum 1000). */
  maxKeys?: number;
  continuationToken?: string;
  /** Only keys after this one (first page only; ignored with a continuation token). */
  startAfter?: string;
}

export interface ListObjectsPage {
  objects: ObjectSummary[];
  /** Common prefixes, each ending with the delimiter. */
  commonPrefixes: string[];
  isTruncated: boolean;
  nextContinuationToken?: string;
}

export interface DeleteObjectsResult {
  deleted: string[];
  errors: Array<{ key: string; code: string; message: string }>;
}

export interface MultipartPart {
  partNumber: number;
  etag: string;
}

export interface PresignPutOptions {
  /** Part of the signature: the upload must send exactly this `Content-Type`. */
  contentType: string;
  /** Seconds. */
  expiresIn: number;
  urlBase?: string;
  /**
   * The exact size of the upload when known. S3 signs it as the `Content-Length` header, so the
   * store refuses a body of another size; the local URL refuses a larger body.
   */
  contentLength?: number;
  /** Local only: the largest body the URL accepts (the upload's reservation). */
  maxBytes?: number;
  /**
   * Local only: the upload reservation the URL belongs to. The local PUT route accepts one body
   * while that reservation is open (services/upload-reservations.ts) and none afterwards.
   */
  uploadToken?: string;
}

export type ContentDispositionType = 'inline' | 'attachment';

export interface PresignGetOptions {
  expiresIn: number;
  /** `Content-Disposition` the download answers with (default inline). */
  disposition?: ContentDispositionType;
  /** File name in that header (default: the last key segment). */
  filename?: string;
  /** Overrides the stored `Content-Type` of the response (S3 only; local serves the stored type). */
  contentType?: string;
  urlBase?: string;
}

export interface PresignPartOptions {
  expiresIn: number;
  urlBase?: string;
  /** Local only: the largest part body the URL accepts. */
  maxBytes?: number;
}

export interface StorageDriver {
  readonly kind: StorageDriverKind;
  /** Id of the storage config this driver serves. */
  readonly configId: string;

  putObject(key: string, body: ObjectBody, options?: PutObjectOptions): Promise<{ etag: string }>;
  getObject(key: string, options?: { range?: RangeRequest }): Promise<GetObjectResult>;
  headObject(key: string): Promise<ObjectInfo | null>;
  deleteObject(key: string): Promise<void>;
  /** Deletes many keys (batches of 1000 on S3); per-key failures are reported, not thrown. */
  deleteObjects(keys: readonly string[]): Promise<DeleteObjectsResult>;
  /** Deletes every object whose key starts with `prefix` (must not be empty); returns how many. */
  deletePrefix(prefix: string): Promise<number>;
  listObjects(options?: ListObjectsOptions): Promise<ListObjectsPage>;
  /**
   * Server-side copy. Without options the metadata is copied; with `contentType`/`metadata`/
   * `contentDisposition` it is replaced.
   */
  copyObject(sourceKey: string, targetKey: string, options?: PutObjectOptions): Promise<{ etag: string }>;
  /**
   * Server-side move with content and metadata, where the protocol has one (WebDAV MOVE, SFTP
   * rename). Optional: callers without it copy and delete.
   */
  moveObject?(sourceKey: string, targetKey: string): Promise<{ etag: string }>;
  /**
   * The space a remote storage reports about itself: the RFC 4331 quota of a WebDAV server,
   * `statvfs` of an SFTP server; null when it reports nothing. Optional (local and S3 have none).
   */
  reportedSpace?(): Promise<ReportedSpace | null>;

  createMultipartUpload(key: string, options?: PutObjectOptions): Promise<{ uploadId: string }>;
  uploadPart(key: string, uploadId: string, partNumber: number, body: ObjectBody, contentLength?: number): Promise<{ etag: string }>;
  completeMultipartUpload(key: string, uploadId: string, parts: readonly MultipartPart[]): Promise<{ etag: string }>;
  abortMultipartUpload(key: string, uploadId: string): Promise<void>;

  presignPutUrl(key: string, options: PresignPutOptions): Promise<string>;
  presignGetUrl(key: string, options: PresignGetOptions): Promise<string>;
  /** A URL the client PUTs one part to (URL-import multipart, §5.8). */
  presignUploadPartUrl(key: string, uploadId: string, partNumber: number, options: PresignPartOptions): Promise<string>;
  /**
   * Unsigned URL of an object (the `s3_url` of file rows): S3 → custom host, path-style or
   * virtual-host URL; local → the api-server path (it only answers with a signature).
   */
  objectUrl(key: string, urlBase?: string): string;

  /** Releases connections (S3 client); the driver is unusable afterwards. */
  destroy(): void;
}

export type StorageErrorCode =
  | 'NoSuchKey'
  | 'NoSuchBucket'
  | 'NoSuchUpload'
  | 'InvalidKey'
  | 'InvalidArgument'
  | 'InvalidPart'
  | 'InvalidPartOrder'
  | 'InvalidRange'
  | 'KeyConflict'
  | 'AccessDenied'
  | 'InsufficientStorage'
  | 'Unavailable'
  | 'Unknown';

const STATUS_BY_CODE: Record<StorageErrorCode, number> = {
  NoSuchKey: 404,
  NoSuchBucket: 404,
  NoSuchUpload: 404,
  InvalidKey: 400,
  InvalidArgument: 400,
  InvalidPart: 400,
  InvalidPartOrder: 400,
  InvalidRange: 416,
  KeyConflict: 409,
  AccessDenied: 403,
  // The disk under local storage is full (ENOSPC, EDQUOT): 507, the WebDAV / RFC 4918 status.
  InsufficientStorage: 507,
  // The storage could not be reached or failed on its side: a temporary outage, not our bug.
  Unavailable: 503,
  Unknown: 500,
};

/** A storage failure both drivers report the same way; `statusCode` is the natural HTTP status. */
export class StorageError extends Error {
  readonly code: StorageErrorCode;
  readonly statusCode: number;
  /** The provider's own error code (e.g. `SignatureDoesNotMatch`), when it gave one. */
  readonly providerCode: string | undefined;

  constructor(code: StorageErrorCode, message: string, options: { cause?: unknown; providerCode?: string } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'StorageError';
    this.code = code;
    this.statusCode = STATUS_BY_CODE[code];
    this.providerCode = options.providerCode;
  }
}

export function isStorageError(error: unknown, code?: StorageErrorCode): error is StorageError {
  return error instanceof StorageError && (code === undefined || error.code === code);
}

export const MAX_LIST_KEYS = 1000;

/** `maxKeys` clamped to 1…1000 (S3's page limit); absent → 1000. */
export function clampMaxKeys(maxKeys: number | undefined): number {
  if (maxKeys === undefined || !Number.isFinite(maxKeys)) return MAX_LIST_KEYS;
  return Math.min(MAX_LIST_KEYS, Math.max(1, Math.floor(maxKeys)));
}

/** Every page of a listing, following continuation tokens (pagination helper for both drivers). */
export async function* listAllPages(
  driver: Pick<StorageDriver, 'listObjects'>,
  options: Omit<ListObjectsOptions, 'continuationToken'> = {},
): AsyncGenerator<ListObjectsPage> {
  let continuationToken: string | undefined;
  do {
    const page = await driver.listObjects({ ...options, continuationToken });
    yield page;
    continuationToken = page.isTruncated ? page.nextContinuationToken : undefined;
  } while (continuationToken);
}

/** Every object under `prefix` (no delimiter), across pages. */
/** One object moved with its content and metadata: server-side when the driver can (`moveObject`), else copy + delete. */
export async function moveStoredObject(
  driver: Pick<StorageDriver, 'moveObject' | 'copyObject' | 'deleteObject'>,
  sourceKey: string,
  targetKey: string,
): Promise<void> {
  if (driver.moveObject) {
    await driver.moveObject(sourceKey, targetKey);
    return;
  }
  await driver.copyObject(sourceKey, targetKey);
  await driver.deleteObject(sourceKey);
}

export async function* listAllObjects(driver: Pick<StorageDriver, 'listObjects'>, prefix = ''): AsyncGenerator<ObjectSummary> {
  for await (const page of listAllPages(driver, { prefix })) yield* page.objects;
}

/** Parts in ascending order; duplicates and an empty list are refused as S3 does. */
export function orderParts(parts: readonly MultipartPart[]): MultipartPart[] {
  if (parts.length === 0) throw new StorageError('InvalidPart', 'A multipart upload needs at least one part');
  const sorted = [...parts].sort((a, b) => a.partNumber - b.partNumber);
  for (let index = 1; index < sorted.length; index += 1) {
    if (sorted[index]?.partNumber === sorted[index - 1]?.partNumber) {
      throw new StorageError('InvalidPartOrder', `Part ${sorted[index]?.partNumber} is listed twice`);
    }
  }
  return sorted;
}

export function stripEtagQuotes(etag: string | undefined | null): string {
  return (etag ?? '').replace(/^W\//, '').replace(/"/g, '');
}

export function quoteEtag(etag: string): string {
  return `"${stripEtagQuotes(etag)}"`;
}

/** The last segment of a key (a folder marker's folder name). */
export function keyBaseName(key: string): string {
  const trimmed = key.endsWith('/') ? key.slice(0, -1) : key;
  return trimmed.slice(trimmed.lastIndexOf('/') + 1);
}

/**
 * The content type, disposition and metadata a copy gets (as S3's CopyObject): the source's, or,
 * when `options` names any of them, the options' (the content type falling back to the source's).
 */
export function copiedObjectOptions(source: ObjectInfo, options: PutObjectOptions | undefined): PutObjectOptions {
  const replace =
    options !== undefined &&
    (options.contentType !== undefined || options.metadata !== undefined || options.contentDisposition !== undefined);
  return replace
    ? { contentType: options.contentType ?? source.contentType, contentDisposition: options.contentDisposition, metadata: options.metadata }
    : { contentType: source.contentType, contentDisposition: source.contentDisposition, metadata: source.metadata };
}

/** Whether a copy (or move) is of a folder marker; a marker to a file key, or a file to a marker's key, is refused. */
export function isFolderMarkerCopy(sourceKey: string, targetKey: string): boolean {
  const sourceIsMarker = sourceKey.endsWith('/');
  if (sourceIsMarker !== targetKey.endsWith('/'))
    throw new StorageError('KeyConflict', 'A folder marker can only be copied to a folder marker');
  return sourceIsMarker;
}
