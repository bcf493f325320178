import type { MountIndexStatus, PasteEncryption } from '@cloudclip/contract';
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/**
 * Table types for Kysely. Timestamps are text: ISO-8601 with `Z` written by application code
 * (older imported rows may carry the SQLite form `YYYY-MM-DD HH:MM:SS`, UTC).
 * Booleans are integers 0/1 as in the reference schema (contract §0).
 * New tables are added here together with the migration that creates them.
 */

export interface AdminsTable {
  id: string;
  username: string;
  password_hash: string;
  created_at: string;
  updated_at: string;
}

export interface AdminTokensTable {
  token: string;
  admin_id: string;
  expires_at: string;
  created_at: string;
}

export interface ApiKeysTable {
  id: string;
  name: string;
  key: string;
  text_permission: Generated<number>;
  file_permission: Generated<number>;
  mount_permission: Generated<number>;
  basic_path: Generated<string>;
  last_used: string | null;
  expires_at: string;
  created_at: string;
}

export interface SystemSettingsTable {
  key: string;
  value: string;
  description: string | null;
  updated_at: string;
}

/** The columns a text share and a file share both have: remark, password, expiry, view limit, owner. */
export interface ShareColumns {
  slug: string;
  remark: string | null;
  /** scrypt hash (or a legacy SHA-256 hex) of the share password; null = no password. */
  password_hash: string | null;
  /** The recoverable copy (`plain_password`), sealed with the server secret. */
  password_sealed: string | null;
  expires_at: string | null;
  max_views: number | null;
  views: Generated<number>;
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

export interface PastesTable extends ShareColumns {
  id: string;
  /** The Markdown, or for an encrypted paste the envelope exactly as the client sent it. */
  content: string;
  /** Null for a normal paste; the envelope kind when `content` is ciphertext (migration 0005). */
  encryption: PasteEncryption | null;
  /** 1 when the read that delivers the content deletes the row, else 0. */
  burn_after_reading: Generated<number>;
}

export type StorageDriver = 's3' | 'local' | 'webdav' | 'sftp';

export interface StorageConfigsTable {
  id: string;
  name: string;
  driver: Generated<StorageDriver>;
  provider_type: string;
  endpoint_url: Generated<string>;
  bucket_name: string;
  region: Generated<string>;
  access_key_id_sealed: string | null;
  secret_access_key_sealed: string | null;
  path_style: Generated<number>;
  default_folder: Generated<string>;
  is_public: Generated<number>;
  is_default: Generated<number>;
  /** Quota in bytes; null = the provider default (contract §5.5). */
  total_storage_bytes: number | null;
  custom_host: string | null;
  /** SFTP only: the host key fingerprint (`SHA256:…`) the server must present (migration 0015). */
  host_key_sha256: string | null;
  signature_expires_in: Generated<number>;
  admin_id: string;
  created_at: string;
  updated_at: string;
  last_used: string | null;
}

export interface FilesTable extends ShareColumns {
  id: string;
  filename: string;
  storage_path: string;
  s3_url: Generated<string>;
  mimetype: Generated<string>;
  size: Generated<number>;
  s3_config_id: string;
  use_proxy: Generated<number>;
  etag: string | null;
}

export interface MountsTable {
  id: string;
  name: string;
  storage_type: string;
  storage_config_id: string | null;
  mount_path: string;
  remark: string | null;
  is_active: Generated<number>;
  created_by: string;
  sort_order: Generated<number>;
  cache_ttl: Generated<number>;
  created_at: string;
  updated_at: string;
  last_used: string | null;
}

/** Quota space held by an unfinished upload (services/upload-reservations.ts). */
export interface UploadReservationsTable {
  id: string;
  storage_config_id: string;
  /** The pending file row (presigned and URL uploads); null for a streaming upload. */
  file_id: string | null;
  storage_path: string | null;
  /** A multipart upload to abort when the reservation is abandoned. */
  upload_id: string | null;
  bytes: number;
  /** 1 once a local presigned PUT started receiving its one body. */
  body_claimed: Generated<number>;
  created_by: string | null;
  created_at: string;
  expires_at: string;
}

/** A WebDAV write lock (webdav/dav-locks.ts), one row per lock token. */
export interface DavLocksTable {
  /** `opaquelocktoken:<uuid>`. */
  token: string;
  /** The locked virtual path (NFC, starts with `/`, no trailing slash). */
  root: string;
  depth: '0' | 'infinity';
  scope: 'exclusive' | 'shared';
  /** The client's `DAV:owner` element, as sent. */
  owner_xml: string | null;
  /** Who took it, e.g. `admin:<id>` or `apikey:<id>`. */
  principal: string;
  timeout_seconds: number;
  created_at: string;
  expires_at: string;
}

/** A WebDAV dead property of one resource (webdav/dav-properties.ts). */
export interface DavPropertiesTable {
  /** The resource's virtual path. */
  path: string;
  /** Namespace URI ('' for none). */
  ns: string;
  local: string;
  value_xml: string;
  updated_at: string;
  /** Who last set it or copied it there (`admin:<id>` / `apikey:<id>`); null for rows older than migration 0013. */
  principal: string | null;
  /** UTF-8 bytes of ns, local and value_xml: what the row counts for its principal (0 for rows older than 0013). */
  stored_bytes: Generated<number>;
}

/** A row whose upsert serialises one kind of check-then-write (webdav/dav-guard.ts). */
export interface DavGuardsTable {
  name: string;
  taken_at: string;
}

/** One file or folder of a mount in the filename index (migration 0007-mount-index). */
export interface MountEntriesTable {
  id: Generated<number>;
  mount_id: string;
  /** Bucket key relative to the mount; a folder's ends with `/`. */
  path: string;
  /** Key of the folder holding it: `''` for the mount root, else ending with `/`. */
  parent: string;
  name: string;
  /** `name` lower-cased: what search terms are matched against. */
  name_lower: string;
  is_directory: number;
  size: Generated<number>;
  modified: string | null;
}

/** Progress of a mount's index: status, timestamps, error and the generation a rebuild bumps. */
export interface MountIndexStateTable {
  mount_id: string;
  status: MountIndexStatus;
  generation: Generated<number>;
  /** The storage config the entries were read from (a changed one means a rebuild). */
  storage_config_id: string | null;
  started_at: string | null;
  finished_at: string | null;
  error: string | null;
  /** The process whose crawler holds the mount's crawl (migration 0012), or null. */
  lease_owner: ColumnType<string | null, string | null | undefined, string | null>;
  /** When that lease ends unless renewed, epoch milliseconds (a string from PostgreSQL's bigint). */
  lease_expires_at: ColumnType<number | string | null, number | null | undefined, number | null>;
}

/** A folder (key ending with `/`, `''` the root) a crawl found and has not listed yet. */
export interface MountIndexQueueTable {
  mount_id: string;
  path: string;
}

/** One tag of a paste (migration 0009-paste-tags, contract rules/paste-tags.ts). */
export interface PasteTagsTable {
  paste_id: string;
  /** As stored: normalised (`normalisePasteTag`). */
  tag: string;
  /** `pasteTagKey(tag)`: what tags are compared, filtered and counted by (case-insensitive). */
  tag_key: string;
  /** 0-based: the order the tags were given in. */
  position: number;
}

/** A failed-credential / unknown-slug counter of one key and window (migration 0011, auth/credential-guard.ts). */
export interface CredentialFailuresTable {
  key: string;
  failures: number;
  /** End of the window, epoch milliseconds. */
  reset_at: number;
}

export interface Database {
  admins: AdminsTable;
  admin_tokens: AdminTokensTable;
  api_keys: ApiKeysTable;
  system_settings: SystemSettingsTable;
  pastes: PastesTable;
  storage_configs: StorageConfigsTable;
  files: FilesTable;
  mounts: MountsTable;
  upload_reservations: UploadReservationsTable;
  dav_locks: DavLocksTable;
  dav_properties: DavPropertiesTable;
  dav_guards: DavGuardsTable;
  mount_entries: MountEntriesTable;
  mount_index_state: MountIndexStateTable;
  mount_index_queue: MountIndexQueueTable;
  paste_tags: PasteTagsTable;
  credential_failures: CredentialFailuresTable;
}

export type AdminRow = Selectable<AdminsTable>;
export type NewAdminRow = Insertable<AdminsTable>;
export type AdminTokenRow = Selectable<AdminTokensTable>;
export type ApiKeyRow = Selectable<ApiKeysTable>;
export type NewApiKeyRow = Insertable<ApiKeysTable>;
export type SystemSettingRow = Selectable<SystemSettingsTable>;
export type PasteRow = Selectable<PastesTable>;
export type NewPasteRow = Insertable<PastesTable>;
export type StorageConfigRow = Selectable<StorageConfigsTable>;
export type NewStorageConfigRow = Insertable<StorageConfigsTable>;
export type FileRow = Selectable<FilesTable>;
export type NewFileRow = Insertable<FilesTable>;
export type MountRow = Selectable<MountsTable>;
export type NewMountRow = Insertable<MountsTable>;
export type UploadReservationRow = Selectable<UploadReservationsTable>;
export type DavLockRow = Selectable<DavLocksTable>;
export type DavPropertyRow = Selectable<DavPropertiesTable>;
export type MountEntryRow = Selectable<MountEntriesTable>;
export type NewMountEntryRow = Insertable<MountEntriesTable>;
export type MountIndexStateRow = Selectable<MountIndexStateTable>;
export type PasteTagRow = Selectable<PasteTagsTable>;
