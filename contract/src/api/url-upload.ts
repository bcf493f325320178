import type { IsoTimestamp, Uuid } from './common';
import type { FileCommitRequest, FileCommitResponse, FilePresignResponse } from './file';

/** `POST /url/info` body. */
export interface UrlInfoRequest {
  url: string;
}

/** How `POST /url/info` learnt about the source: content sniffing, a HEAD, or a 1 KB ranged GET. */
export type UrlProbeMethod = 'ENHANCED' | 'HEAD' | 'GET';

/** `POST /url/info` → E `data`. The three `detection*` fields are present when `method` is `ENHANCED`. */
export interface UrlInfo {
  url: string;
  filename: string;
  contentType: string;
  size: number | null;
  lastModified: string | null;
  method: UrlProbeMethod;
  corsSupported: boolean;
  /** `"magic-bytes"`. */
  detectionMethod?: string;
  /** `"high"`. */
  detectionConfidence?: string;
  fileTypeLibraryUsed?: boolean;
}

/** Metadata the server uses only when both `filename` and `contentType` are present (else it probes the URL). */
export interface UrlUploadMetadata {
  filename?: string;
  contentType?: string;
  size?: number;
  /** What the legacy client sends (so the server always probes). */
  source_url?: string;
}

/** `POST /url/presign` body. */
export interface UrlPresignRequest {
  url: string;
  s3_config_id: Uuid;
  metadata?: UrlUploadMetadata;
  filename?: string;
  slug?: string;
  remark?: string;
  path?: string;
}

/** `POST /url/presign` → E `data`: what `POST /s3/presign` answers, plus the source's name and size. No size/quota check at this step. */
export interface UrlPresignResponse extends FilePresignResponse {
  filename: string;
  size: number;
  cors_supported: boolean;
}

/** `POST /url/commit` body: as `s3/commit`, plus an optional custom `slug` applied now (`path` ignored). */
export interface UrlCommitRequest extends FileCommitRequest {
  path?: string;
}

/** `POST /url/commit` → same `data` as `POST /s3/commit`. */
export type UrlCommitResponse = FileCommitResponse;

/** `POST /url/multipart/init` body: the `url/presign` body plus the share's settings. `expires_in` in hours; `part_size` bytes (default 5 MiB). */
export interface UrlMultipartInitRequest extends UrlPresignRequest {
  password?: string;
  expires_in?: number | string;
  max_views?: number | string;
  part_size?: number;
  total_size?: number;
  part_count?: number;
}

/** `POST /url/multipart/init` → E `data` (row created immediately, one presigned PUT URL per part). */
export interface UrlMultipartInitResponse {
  file_id: Uuid;
  upload_id: string;
  storage_path: string;
  s3_url: string;
  slug: string;
  presigned_urls: Array<{ partNumber: number; url: string }>;
  part_size: number;
  total_size: number;
  part_count: number;
  provider_type: string;
  filename: string;
  /** snake_case here (camelCase `contentType` elsewhere). */
  content_type: string;
  cors_supported: boolean;
  has_password: boolean;
  expires_at: IsoTimestamp | null;
  /** `null` = unlimited. */
  max_views: number | null;
  /** Web-client path `/file/{slug}`. */
  url: string;
}

export interface UrlMultipartPart {
  partNumber: number;
  /** May be null when the bucket hides ETag (completion then usually fails at the bucket). */
  etag: string | null;
  size?: number;
}

/** `POST /url/multipart/complete` body. */
export interface UrlMultipartCompleteRequest {
  file_id: Uuid;
  upload_id: string;
  parts: UrlMultipartPart[];
}

/** `POST /url/multipart/complete` → E `data`. */
export interface UrlMultipartCompleteResponse extends Pick<
  FileCommitResponse,
  'slug' | 'filename' | 'storage_path' | 's3_url' | 'mimetype' | 'size' | 'created_at' | 'updated_at' | 'url'
> {
  file_id: Uuid;
  etag: string | null;
  status: 'completed';
  message: string;
}

/** `POST /url/multipart/abort` body. */
export interface UrlMultipartAbortRequest {
  file_id: Uuid;
  upload_id: string;
}

export interface UrlMultipartAbortResponse {
  file_id: Uuid;
  status: 'aborted';
  message: string;
}

/** `POST /url/cancel` → E `data`. */
export interface UrlCancelResponse {
  file_id: Uuid;
  status: 'cancelled';
  message: string;
}
