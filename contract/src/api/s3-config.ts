import type { ApiTimestamp, Uuid } from './common';

/** Provider values stored by the legacy UI. The field is free text (the server's constant for the last is `Other S3 Compatible`). */
export type S3ProviderType = 'Cloudflare R2' | 'Backblaze B2' | 'AWS S3' | 'Other' | (string & {});

/** Cloudclip addition: the provider type of configs served by the api-server's local-disk driver. */
export const LOCAL_STORAGE_PROVIDER_TYPE = 'Local';

/**
 * Cloudclip addition (issue 38): the provider type of a WebDAV server's configs (driver `webdav`):
 * `endpoint_url` the WebDAV URL, `access_key_id` the user name, `secret_access_key` the password,
 * `bucket_name` the base folder on that server (may be empty).
 */
export const WEBDAV_STORAGE_PROVIDER_TYPE = 'WebDAV';

/**
 * Cloudclip addition (issue 38): the provider type of an SFTP server's configs (driver `sftp`):
 * `endpoint_url` `sftp://host:port`, `access_key_id` the user, `secret_access_key` a password or a
 * PEM private key, `host_key_sha256` the pinned host key, `bucket_name` the base folder (may be empty).
 */
export const SFTP_STORAGE_PROVIDER_TYPE = 'SFTP';

/**
 * Cloudclip addition: `s3` (any S3-compatible endpoint), `local` (files on the server's disk),
 * `webdav` (a WebDAV server) or `sftp` (a folder on an SSH server).
 */
export type StorageDriverKind = 's3' | 'local' | 'webdav' | 'sftp' | (string & {});

/** The driver of a config: the one the server reports, else derived from the provider type (any case). */
export function storageDriverOf(config: { driver?: string | null; provider_type?: string | null }): StorageDriverKind {
  if (config.driver) return config.driver;
  const provider = (config.provider_type ?? '').trim().toLowerCase();
  if (provider === LOCAL_STORAGE_PROVIDER_TYPE.toLowerCase()) return 'local';
  if (provider === WEBDAV_STORAGE_PROVIDER_TYPE.toLowerCase()) return 'webdav';
  if (provider === SFTP_STORAGE_PROVIDER_TYPE.toLowerCase()) return 'sftp';
  return 's3';
}

/**
 * Normalises an SSH host key fingerprint to `SHA256:<43 base64 characters>` as `ssh-keygen -l`
 * prints it (the `SHA256:` prefix and trailing `=` are optional on input); null when malformed.
 */
export function normaliseHostKeySha256(value: string | null | undefined): string | null {
  if (!value) return null;
  const body = value
    .trim()
    .replace(/^SHA256:/i, '')
    .replace(/=+$/, '');
  return /^[A-Za-z0-9+/]{43}$/.test(body) ? `SHA256:${body}` : null;
}

/**
 * True for a config of the local-disk driver (Cloudclip addition): `driver: 'local'`, or provider
 * type `Local` (any case) when the server does not report the driver.
 */
export function isLocalStorageConfig(config: { driver?: string | null; provider_type?: string | null }): boolean {
  if (config.driver) return config.driver === 'local';
  return (config.provider_type ?? '').trim().toLowerCase() === LOCAL_STORAGE_PROVIDER_TYPE.toLowerCase();
}

/**
 * S3 config object (contract 5.5). Secrets are write-only and never returned. Key callers get only
 * `is_public` configs, without `is_public` and `last_used`.
 */
export interface S3Config {
  id: Uuid;
  name: string;
  provider_type: S3ProviderType;
  /** Cloudclip addition: the storage driver behind the config (`local` for provider `Local`). Absent on the reference backend. */
  driver?: StorageDriverKind;
  endpoint_url: string;
  bucket_name: string;
  /** `""` → the S3 client uses `auto`. */
  region: string;
  path_style: 0 | 1;
  /** Prefix for share uploads only (not mounts). */
  default_folder: string;
  /** Absent for key callers. */
  is_public?: 0 | 1;
  is_default: 0 | 1;
  /** Quota in bytes (defaults R2 10 GiB, B2 10 GiB, others 5 GiB). */
  total_storage_bytes: number | null;
  custom_host: string | null;
  /** Seconds, default 3600. */
  signature_expires_in: number;
  /**
   * Cloudclip addition, SFTP configs only (present there, absent on the others): the pinned host key,
   * `SHA256:…` as `ssh-keygen -l` prints it; null = not confirmed yet (every connection is refused).
   */
  host_key_sha256?: string | null;
  created_at: ApiTimestamp;
  updated_at: ApiTimestamp;
  /** Absent for key callers. */
  last_used?: ApiTimestamp | null;
}

/** `POST /s3-configs` body. */
export interface S3ConfigCreateRequest {
  name: string;
  provider_type: S3ProviderType;
  endpoint_url: string;
  bucket_name: string;
  access_key_id: string;
  secret_access_key: string;
  region?: string;
  /** Only `true` → 1. */
  path_style?: boolean;
  default_folder?: string;
  /** `true` → API keys may see and use it. */
  is_public?: boolean;
  total_storage_bytes?: number | null;
  custom_host?: string | null;
  signature_expires_in?: number;
  /**
   * Cloudclip addition, SFTP only (ignored and stored as null for other types): the host key the
   * server must present, `SHA256:…` as `ssh-keygen -l` prints it (`=` padding optional). Malformed → 400;
   * null/empty → not confirmed yet (connections refused until it is set).
   */
  host_key_sha256?: string | null;
}

/**
 * `POST /s3-configs` body of a local-disk config (Cloudclip addition): only a name is required;
 * endpoint, bucket and credentials do not apply.
 */
export interface LocalStorageConfigCreateRequest {
  name: string;
  provider_type: typeof LOCAL_STORAGE_PROVIDER_TYPE;
  default_folder?: string;
  is_public?: boolean;
  total_storage_bytes?: number | null;
  custom_host?: string | null;
  signature_expires_in?: number;
}

/** `POST /s3-configs` → HTTP 200, body `code: 201`, `data` (booleans built by code). */
export interface S3ConfigCreateResponse extends Pick<
  S3Config,
  | 'id'
  | 'name'
  | 'provider_type'
  | 'driver'
  | 'endpoint_url'
  | 'bucket_name'
  | 'region'
  | 'default_folder'
  | 'total_storage_bytes'
  | 'custom_host'
  | 'signature_expires_in'
> {
  path_style: boolean;
  is_public: boolean;
}

/**
 * `PUT /s3-configs/{id}` body: partial. Omit `access_key_id` / `secret_access_key` to keep them
 * (`""` overwrites them). `total_storage_bytes: null` → provider default; non-positive ignored.
 */
export type S3ConfigUpdateRequest = Partial<S3ConfigCreateRequest>;

/**
 * `POST /s3-configs/sftp-host-key` body (Cloudclip addition, admin only): the SFTP server whose host
 * key to fetch, `sftp://host:port` (port 22 when absent). Nothing is authenticated or stored.
 */
export interface SftpHostKeyProbeRequest {
  endpoint_url: string;
}

/**
 * `data` of `POST /s3-configs/sftp-host-key`: the key the server presented on a first connect, for the
 * admin to compare with `ssh-keygen -l -f /etc/ssh/ssh_host_*_key.pub` on that server before pinning it
 * as `host_key_sha256`. A bad endpoint → 400; an unreachable or silent server → an error envelope (502/504).
 */
export interface SftpHostKeyProbeResponse {
  /** The endpoint as probed, normalised to `sftp://host:port`. */
  endpoint_url: string;
  /** `SHA256:…` as `ssh-keygen -l` prints it. */
  host_key_sha256: string;
  /** The SSH key algorithm, e.g. `ssh-ed25519`, `ecdsa-sha2-nistp256`, `ssh-rsa`. */
  key_type: string;
}

/** `result.read` of the S3 config test. */
export interface S3TestRead {
  success: boolean;
  error: string | null;
  code?: string;
  note: string;
  objectCount: number;
  prefix: string;
  firstObjects?: Array<{ key: string; size: string; lastModified: string }>;
}

/** `result.write` (skipped and reported as success for `Backblaze B2`). */
export interface S3TestWrite {
  success: boolean;
  error: string | null;
  code?: string;
  note: string;
  /** Milliseconds. */
  uploadTime: number;
  testFile: string;
  cleaned: boolean;
  cleanupError?: string;
}

/** `result.cors`: OPTIONS pre-flight against a presigned PUT URL. */
export interface S3TestCors {
  success: boolean;
  /** Cloudclip addition: true when the step does not apply to the driver (WebDAV, SFTP); `success` is then true. */
  skipped?: boolean;
  error?: string | null;
  note: string;
  allowOrigin: string | null;
  allowMethods: string | null;
  allowHeaders: string | null;
  maxAge: string | number | null;
  statusCode: number | null;
  detail: string | null;
  uploadSupported: boolean;
  warning?: string;
  configGuide?: unknown;
  responseHeaders?: Record<string, string>;
}

export interface S3TestStep {
  name: string;
  success: boolean;
  /** Milliseconds. */
  duration: number;
  note?: string;
  error?: string;
  [extra: string]: unknown;
}

/** `result.frontendSim`: presign, PUT with the caller's Origin, HEAD, delete. */
export interface S3TestFrontendSim {
  success: boolean;
  /** Cloudclip addition: true when the step does not apply to the driver (WebDAV, SFTP); `success` is then true. */
  skipped?: boolean;
  error?: string | null;
  note: string;
  steps: { step1: S3TestStep; step2: S3TestStep; step3: S3TestStep };
  totalDuration?: number;
  testFile?: string;
  failedAt?: string;
  troubleshooting?: unknown;
}

/** `result.connectionInfo` (display strings). */
export interface S3TestConnectionInfo {
  bucket: string;
  endpoint: string;
  region: string;
  pathStyle: string;
  provider: string;
  defaultFolder: string;
  customHost: string;
  signatureExpiresIn: string;
}

/**
 * `result.ranges` (Cloudclip addition, WebDAV and SFTP configs only): whether a ranged read returned
 * exactly the requested bytes. `native`: the server honours ranges; `emulated`: it ignores `Range`
 * and Cloudclip skips bytes itself (correct, but seeking in large files is slower).
 */
export interface S3TestRanges {
  success: boolean;
  mode: 'native' | 'emulated';
  error: string | null;
}

/**
 * `result.space` (Cloudclip addition, WebDAV and SFTP configs only): the space the server reports
 * about itself (WebDAV: RFC 4331 quota properties; SFTP: `statvfs@openssh.com`), in bytes.
 * `reported: false` when it reports none (the config's quota field is then the only limit).
 */
export interface S3TestSpace {
  reported: boolean;
  totalBytes: number | null;
  freeBytes: number | null;
  usedBytes: number | null;
  error: string | null;
}

export interface S3TestResultDetails {
  read: S3TestRead;
  write: S3TestWrite;
  cors: S3TestCors;
  frontendSim: S3TestFrontendSim;
  /** Cloudclip addition: WebDAV and SFTP configs only. */
  ranges?: S3TestRanges;
  /** Cloudclip addition: WebDAV and SFTP configs only. */
  space?: S3TestSpace;
  connectionInfo: S3TestConnectionInfo;
  globalNote: string;
}

/**
 * `POST /s3-configs/{id}/test` → E `data`. `success = read && cors && frontendSim`.
 * On an exception the server answers 500 with `data = { success: false, result: { error, stack } }`.
 */
export type S3ConfigTestResult =
  { success: boolean; result: S3TestResultDetails } | { success: false; result: { error: string; stack?: string } };
