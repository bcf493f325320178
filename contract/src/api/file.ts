import type { AdminFilesPagination, ApiEnvelope, ApiTimestamp, IsoTimestamp, OffsetPagination, UserKeyInfo, Uuid } from './common';

/** `urls` of the admin/user file detail views. */
export interface FileRecordUrls {
  /**
   * The link to use: the proxy link when `use_proxy` is 1, else a direct bucket link — `null` when
   * that cannot be made (storage config gone, presigning failed).
   */
  previewUrl: string | null;
  downloadUrl: string | null;
  /** Never contain the password: append `?password=` yourself (`withSharePassword`). */
  proxyPreviewUrl: string;
  proxyDownloadUrl: string;
  use_proxy: 0 | 1;
}

/**
 * File record of the admin/user management lists (contract 5.4.1). The detail views send
 * {@link FileDetail} (0/1 `has_password`, `urls`).
 */
export interface FileRecord {
  id: Uuid;
  filename: string;
  slug: string;
  /** Object key in the bucket. */
  storage_path: string;
  /** Unsigned bucket URL. */
  s3_url: string;
  /** Inferred from the file name by the server. */
  mimetype: string;
  /** Bytes; 0 while an upload is pending. */
  size: number;
  remark: string | null;
  created_at: ApiTimestamp;
  views: number;
  /** `null` or `0` = unlimited (a commit stores 0, other writes store null). */
  max_views: number | null;
  expires_at: IsoTimestamp | null;
  /** Always `null` in the user (API-key) views, as the reference's are. */
  etag: string | null;
  /** A boolean in lists (0/1 in {@link FileDetail}). */
  has_password: boolean;
  /** Present only when protected (and the password is recoverable). */
  plain_password?: string;
  created_by: string | null;
  /** Default 1: share links go through the backend proxy. */
  use_proxy: 0 | 1;
  s3_config_id: Uuid;
  /** Joined from the S3 config; `null` when the config is gone. */
  s3_config_name: string | null;
  s3_provider_type: string | null;
  /** Only for key-created rows; `null` when the key is gone. */
  key_name?: string | null;
}

/** `GET /admin/files/{id}` and `GET /user/files/{id}` → E `data`: the record with 0/1 `has_password` and `urls`. */
export interface FileDetail extends Omit<FileRecord, 'has_password'> {
  has_password: 0 | 1;
  /** Only in the admin detail view. */
  updated_at?: ApiTimestamp;
  urls: FileRecordUrls;
}

/** `GET /admin/files` / `GET /user/files` query (defaults limit 50, offset 0). */
export interface AdminFileListQuery {
  limit?: number;
  offset?: number;
  created_by?: string;
  s3_config_id?: Uuid;
  /** Cloudclip addition: search (api/search.ts); only where `GET /version` lists `"search"`. */
  q?: string;
}

export interface UserFileListQuery {
  limit?: number;
  offset?: number;
  /** Cloudclip addition: search among the key's own files (api/search.ts). */
  q?: string;
}

/** `GET /admin/files` → E `data` (pagination **inside** `data`, no `hasMore`). Includes fs-browser rows (`M-…`). */
export interface AdminFileListData {
  files: FileRecord[];
  pagination: AdminFilesPagination;
}

/** `GET /user/files` → E `data` (pagination inside `data`, with `hasMore`) plus top-level `key_info`. */
export interface UserFileListData {
  files: FileRecord[];
  pagination: OffsetPagination;
}

export interface UserFileListResponse extends ApiEnvelope<UserFileListData> {
  key_info: UserKeyInfo | null;
}

/** `PUT /admin/files/{id}` and `PUT /user/files/{id}` body: any subset. 200 E without data. */
export interface FileUpdateRequest {
  remark?: string | null;
  /** Unique among files (409); not format-validated. */
  slug?: string;
  /** Stored verbatim. */
  expires_at?: IsoTimestamp | null;
  use_proxy?: boolean;
  /** Also resets `views` to 0. */
  max_views?: number | null;
  /** Non-empty → set; `""` or null → clear; absent → keep. */
  password?: string | null;
}

/** PublicFile of `GET /public/files/{slug}` and `POST /public/files/{slug}/verify` (contract 5.4.5). */
export interface PublicFile {
  id: Uuid;
  slug: string;
  filename: string;
  mimetype: string;
  size: number;
  remark: string | null;
  created_at: ApiTimestamp;
  requires_password: boolean;
  views: number;
  /** `null` or `0` = unlimited. */
  max_views: number | null;
  expires_at: IsoTimestamp | null;
  /** Absent while protected in proxy mode; = raw `s3_url` while protected in direct mode. */
  previewUrl?: string;
  downloadUrl?: string;
  /** Presigned (or custom-host) bucket links; = raw `s3_url` while protected. */
  s3_direct_preview_url: string;
  s3_direct_download_url: string;
  /** Absent while protected. Never contain the password: append `?password=` yourself. */
  proxy_preview_url?: string;
  proxy_download_url?: string;
  use_proxy: 0 | 1;
  created_by: string | null;
}

/** `POST /public/files/{slug}/verify` body. */
export interface FileVerifyRequest {
  password: string;
}

/** `POST /s3/presign` body. */
export interface FilePresignRequest {
  s3_config_id: Uuid;
  filename: string;
  /** Bytes; needed for the size/quota checks. */
  size?: number;
  slug?: string;
  /** Sub-folder (a `/` is appended by the server). */
  path?: string;
  /** `"true"` reuses an existing slug (string, not boolean). */
  override?: 'true';
  /** Sent by the legacy client, ignored by the server. */
  mimetype?: string;
}

/** `POST /s3/presign` → E `data`. Send `contentType` as the PUT `Content-Type` (it is signed). */
export interface FilePresignResponse {
  file_id: Uuid;
  upload_url: string;
  storage_path: string;
  s3_url: string;
  slug: string;
  provider_type: string;
  contentType: string;
}

/** `POST /s3/commit` body (fields the server reads; others are ignored). */
export interface FileCommitRequest {
  file_id: Uuid;
  /** Quotes stripped. */
  etag?: string | null;
  /** Bytes; the legacy client sends a string. */
  size?: number | string;
  remark?: string;
  password?: string;
  /** **Hours**; > 0 → expires at now + hours; 0/absent → never. */
  expires_in?: number | string;
  /** Stored as sent (absent → `null`, the server also takes `null` and `""` for absent); `0` and `null` both mean unlimited. */
  max_views?: number | string;
  /** Sent by the legacy client, ignored by the server. */
  s3_config_id?: Uuid;
  storage_path?: string;
  s3_url?: string;
  filename?: string;
  mimetype?: string;
  slug?: string;
}

/** `POST /s3/commit` (and `POST /url/commit`) → E `data`. `url` is a web-client path `/file/{slug}`. */
export interface FileCommitResponse extends Pick<
  FileRecord,
  'id' | 'slug' | 'filename' | 'storage_path' | 's3_url' | 'mimetype' | 'size' | 'remark' | 'created_at'
> {
  updated_at: ApiTimestamp;
  hasPassword: boolean;
  expiresAt: IsoTimestamp | null;
  /** The limit the commit request carried: `null` when it sent none; `null` and `0` both mean unlimited. */
  maxViews: number | null;
  url: string;
}

/** Query of `PUT /upload-direct/{filename}` (strings on the wire). */
export interface UploadDirectQuery {
  s3_config_id?: Uuid;
  slug?: string;
  path?: string;
  remark?: string;
  password?: string;
  /** Hours. */
  expires_in?: number;
  /** 0 = unlimited. */
  max_views?: number;
  /** `"true"` replaces an existing slug (creator only). */
  override?: 'true' | 'false';
  /** `"true"` drops the random 6-char prefix of the object name. */
  original_filename?: 'true' | 'false';
  /** `"0"` → direct links; anything else → proxy (default). */
  use_proxy?: '0' | '1';
}

/** `PUT /upload-direct/{filename}` → E `data`. Only here the proxy URLs already carry `?password=`. */
export interface UploadDirectResponse extends PublicFile {
  /** Always `false`: the links are included (with a password, the proxy ones already carry it). */
  requires_password: false;
  /** Always 0. */
  views: number;
  /** `null` = unlimited. */
  max_views: number | null;
  previewUrl: string;
  downloadUrl: string;
  proxy_preview_url: string;
  proxy_download_url: string;
  used_original_filename: boolean;
}

/** `GET /office-preview/{slug}` → 200 F (errors are flat `{ error }`). */
export interface OfficePreviewResponse {
  url: string;
  filename: string;
  mimetype: string;
  expires_in: number;
  is_temporary: true;
}
