import type { IsoTimestamp, Uuid } from './common';

/** `/api/admin/fs/*` (guard admin) or `/api/user/fs/*` (guard `file` + basic_path): identical payloads. */
export type FsScope = 'admin' | 'user';

/**
 * Entry of a virtual listing: `name` is the next **path segment**, not the mount's name. Exactly these
 * four fields: no `size`, no `modified`. (The reference's mount-entry variant with `isMount`,
 * `mount_id`, `modified`, `storage_type` is unreachable, so it is not modelled.)
 */
export interface FsVirtualItem {
  name: string;
  /** Ends with `/`. */
  path: string;
  isDirectory: true;
  isVirtual: true;
}

/** Folder inside a bucket listing. */
export interface FsDirectoryItem {
  name: string;
  /** Full virtual path, ends with `/`. */
  path: string;
  isDirectory: true;
  isVirtual: false;
  /** Recursive total bytes. */
  size: number;
  /** From the folder marker object, else "now". */
  modified: IsoTimestamp;
}

/** File inside a bucket listing. No mimetype/contentType and no `isVirtual`: infer the type from the extension. */
export interface FsFileItem {
  name: string;
  path: string;
  isDirectory: false;
  size: number;
  modified: IsoTimestamp;
  /** Always present, without quotes. */
  etag: string;
}

export type FsListItem = FsVirtualItem | FsDirectoryItem | FsFileItem;

/** `GET …/fs/list` on a path above/between mounts (e.g. `/`), or a path no mount covers. */
export interface FsVirtualListing {
  path: string;
  type: 'directory';
  /** `true` only for `/`. */
  isRoot: boolean;
  isVirtual: true;
  /** `false` for key users outside their basic path (then `items` is empty). */
  hasPermission: boolean;
  items: FsVirtualItem[];
}

/** `GET …/fs/list` inside a mount: directories first, then files; at most ~1000 entries. */
export interface FsBucketListing {
  path: string;
  type: 'directory';
  isRoot: false;
  isVirtual: false;
  /** No `hasPermission` in bucket listings (test with `'hasPermission' in listing`). */
  mount_id: Uuid;
  storage_type: string;
  items: Array<FsDirectoryItem | FsFileItem>;
}

export type FsListing = FsVirtualListing | FsBucketListing;

/** `GET …/fs/get` on a file. `preview_url` / `download_url` are presigned or custom-host URLs. */
export interface FsFileInfo {
  path: string;
  name: string;
  isDirectory: false;
  size: number;
  modified: IsoTimestamp;
  contentType: string;
  etag: string;
  mount_id: Uuid;
  storage_type: string;
  preview_url: string;
  download_url: string;
}

/** `GET …/fs/get` on a folder. `path` ends with `/`. */
export interface FsFolderInfo {
  path: string;
  name: string;
  isDirectory: true;
  size: 0;
  /** The folder marker's time, else "now". */
  modified: IsoTimestamp;
  contentType: 'application/x-directory';
  /** The folder marker's ETag (without quotes); `null` for a folder that exists only through the keys under it. */
  etag: string | null;
  mount_id: Uuid;
  storage_type: string;
}

export type FsItemInfo = FsFileInfo | FsFolderInfo;

/** Options of `GET …/fs/file-link`. */
export interface FsFileLinkOptions {
  /** Seconds; the client default is 604800 (7 days). `null` → the config's `signature_expires_in`. */
  expiresIn?: number | null;
  forceDownload?: boolean;
}

/**
 * `GET …/fs/file-link` → E `data`. Without `expires_in` the reference sends `expiresIn: null` and
 * `expiresAt` = "now" (cosmetic bug); Cloudclip's server sends the seconds it used (the config's
 * `signature_expires_in`) and the matching time. Clients must accept both.
 */
export interface FsFileLink {
  path: string;
  name: string;
  presignedUrl: string;
  /** Seconds; `null` only from the reference, when `expires_in` was omitted. */
  expiresIn: number | null;
  expiresAt: IsoTimestamp;
  forceDownload: boolean;
  mount_id: Uuid;
  storage_type: string;
}

/** `POST …/fs/upload` with `use_multipart=false` → E `data`. `name` is the last segment of `path` (quirk). */
export interface FsUploadDirectResponse {
  useMultipart: false;
  success: true;
  path: string;
  name: string;
  size: number;
  mimetype: string;
  etag: string;
  fileId: Uuid;
  slug: string;
  message: string;
  /** Cloudclip extension (always sent by our server, absent from the reference): the stored file's own path. */
  filePath?: string;
  /** Cloudclip extension (always sent by our server, absent from the reference): the stored file's own name. */
  fileName?: string;
}

/** `POST …/fs/upload` with `use_multipart=true`: the body is not stored; continue with multipart/part. */
export interface FsUploadMultipartResponse {
  useMultipart: true;
  uploadId: string;
  /** Cloudclip's server sends the file's own path (directory + file name). */
  path: string;
  recommendedPartSize: number;
  bucket: string;
  key: string;
  mount_id: Uuid;
  storage_type: string;
  message: string;
}

export type FsUploadResponse = FsUploadDirectResponse | FsUploadMultipartResponse;

/** `POST …/fs/batch-remove` → E `data`. */
export interface FsBatchRemoveResponse {
  /** Count of removed paths. */
  success: number;
  failed: Array<{ path: string; error: string }>;
}

/** `POST …/fs/rename` body: both files or both folders (trailing `/`), same mount. */
export interface FsRenameRequest {
  oldPath: string;
  newPath: string;
}

/** `POST …/fs/update` body: `content` ≤ 10 MB; `path` must not end with `/`. */
export interface FsUpdateRequest {
  path: string;
  content: string;
}

export interface FsUpdateResponse {
  path: string;
  etag: string;
  contentType: string;
  isNewFile: boolean;
}

/** `POST …/fs/multipart/init` body. `path` = target **directory**; always send `filename` too. */
export interface FsMultipartInitRequest {
  path: string;
  filename: string;
  /** Ignored (MIME from name). */
  contentType?: string;
  fileSize?: number;
}

/** Shape M `data` of `multipart/init`. */
export interface FsMultipartInitResponse {
  uploadId: string;
  bucket: string;
  key: string;
  mount_id: Uuid;
  path: string;
  storage_type: string;
  recommendedPartSize: number;
}

/** Query of `POST …/fs/multipart/part` (raw octet-stream body). */
export interface FsMultipartPartQuery {
  /** Same directory as init. */
  path: string;
  uploadId: string;
  /** 1-based. */
  partNumber: number;
  isLastPart: boolean;
  /** The `key` from init (effectively required). */
  key: string;
}

/** Shape M `data` of `multipart/part`. `etag` keeps its quotes, as returned by the bucket. */
export interface FsMultipartPartResponse {
  partNumber: number;
  etag: string;
}

export interface FsMultipartPart {
  partNumber: number;
  etag: string;
}

/** `POST …/fs/multipart/complete` body. */
export interface FsMultipartCompleteRequest {
  /** Same directory as init. */
  path: string;
  uploadId: string;
  parts: FsMultipartPart[];
  key: string;
  contentType?: string;
  /** Bytes, stored in the file row. */
  fileSize: number;
}

/** Shape M `data` of `multipart/complete` (also inserts a file row). */
export interface FsMultipartCompleteResponse {
  success: true;
  path: string;
  etag: string;
  location: string;
  fileId: Uuid;
  s3Url: string;
}

/** `POST …/fs/multipart/abort` body. */
export interface FsMultipartAbortRequest {
  path: string;
  uploadId: string;
  key: string;
}

export interface FsMultipartAbortResponse {
  success: true;
  message: string;
}

/** `POST …/fs/presign` body. `path` = target directory; `contentType`/`fileSize` ignored by the server. */
export interface FsPresignRequest {
  path: string;
  fileName: string;
  contentType?: string;
  fileSize?: number;
}

/** `POST …/fs/presign` → E `data`. PUT with `Content-Type: contentType`, then read the ETag. */
export interface FsPresignResponse {
  presignedUrl: string;
  fileId: Uuid;
  s3Path: string;
  s3Url: string;
  mountId: Uuid;
  s3ConfigId: Uuid;
  /** `path` joined with `fileName`. */
  targetPath: string;
  contentType: string;
}

/** `POST …/fs/presign/commit` body (the legacy client sends the presign data minus `presignedUrl`, plus these). */
export interface FsPresignCommitRequest {
  fileId: Uuid;
  s3Path: string;
  s3Url: string;
  targetPath: string;
  s3ConfigId: Uuid;
  mountId: Uuid;
  etag: string | null;
  fileSize: number;
  contentType?: string;
}

export interface FsPresignCommitResponse {
  fileId: Uuid;
  /** = targetPath. */
  path: string;
  name: string;
  size: number;
  type: string;
}

export interface FsCopyItem {
  sourcePath: string;
  targetPath: string;
}

/** `POST …/fs/batch-copy` body. A source ending in `/` is a folder. */
export interface FsBatchCopyRequest {
  items: FsCopyItem[];
  /** Default true. */
  skipExisting?: boolean;
}

export interface FsCopyFailure {
  sourcePath: string;
  targetPath: string;
  error: string;
}

/** Outcome of one batch-copy item: `cross_storage` = URL pairs handed out for the client to copy. */
export type FsCopyStatus = 'success' | 'skipped' | 'failed' | 'cross_storage';

export interface FsCopyDetail {
  source: string;
  target: string;
  status: FsCopyStatus;
  /** Only with `status: 'failed'`. */
  error?: string;
}

/**
 * Same-mount copy, done server-side. Body `code` 200 when at least one item succeeded or was skipped,
 * else body `code: 202` + `success: false` (HTTP 200 either way: a success for the client).
 */
export interface FsBatchCopySameMountResult {
  /** Absent (declared so that `requiresClientSideCopy` tells the two results apart). */
  crossStorage?: undefined;
  /** Absent (declared so that `requiresClientSideCopy` tells the two results apart). */
  requiresClientSideCopy?: undefined;
  success: number;
  skipped: number;
  failed: FsCopyFailure[];
  details: FsCopyDetail[];
  crossStorageResults: [];
}

/** Cross-storage file pair: GET `downloadUrl`, PUT `uploadUrl` with `Content-Type: contentType` (valid 3600 s). */
export interface FsCrossStorageFile {
  crossStorage: true;
  isDirectory: false;
  sourcePath: string;
  targetPath: string;
  /** Mount ids. */
  sourceMount: Uuid;
  targetMount: Uuid;
  sourceS3Path: string;
  targetS3Path: string;
  fileName: string;
  targetFileName: string;
  contentType: string;
  downloadUrl: string;
  uploadUrl: string;
  message: string;
}

export interface FsCrossStorageFolderItem {
  sourceKey: string;
  targetKey: string;
  fileName: string;
  relativeDir: string;
  contentType: string;
  size: number;
  downloadUrl: string;
  uploadUrl: string;
}

/** Cross-storage folder: only the folder's **direct** files (not recursive). */
export interface FsCrossStorageFolder {
  crossStorage: true;
  isDirectory: true;
  sourcePath: string;
  targetPath: string;
  sourceMount: Uuid;
  targetMount: Uuid;
  items: FsCrossStorageFolderItem[];
  message: string;
}

export type FsCrossStorageResult = FsCrossStorageFile | FsCrossStorageFolder;

/** Different mounts (both S3): nothing copied; the client copies with the returned URL pairs. */
export interface FsBatchCopyCrossStorageResult {
  crossStorage: true;
  requiresClientSideCopy: true;
  standardCopyResults: { success: number; skipped: number; failed: number };
  crossStorageResults: FsCrossStorageResult[];
  failed: FsCopyFailure[];
  details: FsCopyDetail[];
}

export type FsBatchCopyResult = FsBatchCopySameMountResult | FsBatchCopyCrossStorageResult;

/** True when the client must run the cross-storage copy and then `batch-copy-commit`. */
export function requiresClientSideCopy(result: FsBatchCopyResult): result is FsBatchCopyCrossStorageResult {
  return result.requiresClientSideCopy === true;
}

/**
 * File of `POST …/fs/batch-copy-commit`. Legacy mapping: single file → `targetPath`/`targetS3Path`;
 * folder item → `targetKey` for both `targetPath` and `s3Path`.
 */
export interface FsBatchCopyCommitFile {
  targetPath: string;
  s3Path: string;
  contentType?: string;
  fileSize?: number;
  etag?: string | null;
}

export interface FsBatchCopyCommitRequest {
  targetMountId: Uuid;
  /** Non-empty. */
  files: FsBatchCopyCommitFile[];
}

/** `data` of `batch-copy-commit` (body `code: 202` when nothing was listed; no DB rows created). */
export interface FsBatchCopyCommitResult {
  success: Array<{ targetPath: string; fileName: string }>;
  failed: Array<{ targetPath: string; error: string }>;
}
