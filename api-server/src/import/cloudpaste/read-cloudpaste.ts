import { createHmac, timingSafeEqual } from 'node:crypto';
import { closeSync, openSync, readSync } from 'node:fs';
import Database from 'better-sqlite3';

/**
 * Reads a CloudPaste 0.6.x SQLite database (schema notes: ./schema-0.6.md) read-only into typed
 * records. Refuses a 1.x database and a file that is not a CloudPaste database, each with a
 * one-line `CloudPasteImportError`.
 */

/** CloudPaste's default `ENCRYPTION_SECRET`. */
export const CLOUDPASTE_DEFAULT_SECRET = 'default-encryption-key';

/** The newest `schema_version` a 0.6.x release writes (7 at v0.6.9; 5 at v0.6.0). */
export const CLOUDPASTE_06_MAX_SCHEMA_VERSION = 7;

export class CloudPasteImportError extends Error {
  override name = 'CloudPasteImportError';
}

/** The columns a paste and a file row share: the link, its rules (password, expiry, views) and who made it when. */
export interface CloudPasteShareFields {
  id: string;
  slug: string;
  remark: string | null;
  /** Upstream hash (SHA-256 hex) or null. */
  passwordHash: string | null;
  /** The clear copy from `paste_passwords` / `file_passwords`, when there is one. */
  plainPassword: string | null;
  expiresAt: string | null;
  maxViews: number | null;
  views: number;
  createdBy: string | null;
  createdAt: string | null;
  updatedAt: string | null;
}

export interface CloudPastePaste extends CloudPasteShareFields {
  content: string;
}

export interface CloudPasteFile extends CloudPasteShareFields {
  filename: string;
  storagePath: string;
  s3Url: string | null;
  mimetype: string;
  size: number;
  s3ConfigId: string;
  etag: string | null;
  useProxy: boolean;
}

export interface CloudPasteApiKey {
  id: string;
  name: string;
  key: string;
  textPermission: boolean;
  filePermission: boolean;
  mountPermission: boolean;
  basicPath: string;
  lastUsed: string | null;
  createdAt: string | null;
  expiresAt: string;
}

/** A credential of an S3 config after decoding: the value, or why it could not be had. */
export type CloudPasteCredential = { ok: true; value: string } | { ok: false; problem: 'wrong-secret' | 'malformed' };

export interface CloudPasteS3Config {
  id: string;
  name: string;
  providerType: string;
  endpointUrl: string;
  bucketName: string;
  region: string | null;
  accessKeyId: CloudPasteCredential;
  secretAccessKey: CloudPasteCredential;
  pathStyle: boolean;
  defaultFolder: string;
  isPublic: boolean;
  isDefault: boolean;
  totalStorageBytes: number | null;
  customHost: string | null;
  signatureExpiresIn: number;
  adminId: string | null;
  createdAt: string | null;
  updatedAt: string | null;
  lastUsed: string | null;
}

export interface CloudPasteMount {
  id: string;
  name: string;
  storageType: string;
  storageConfigId: string | null;
  mountPath: string;
  remark: string | null;
  isActive: boolean;
  createdBy: string;
  sortOrder: number;
  cacheTtl: number;
  createdAt: string | null;
  updatedAt: string | null;
  lastUsed: string | null;
}

export interface CloudPasteSetting {
  key: string;
  value: string;
  description: string | null;
}

export interface CloudPasteData {
  /** `schema_version` from system_settings (0 when the row is missing). */
  schemaVersion: number;
  pastes: CloudPastePaste[];
  files: CloudPasteFile[];
  apiKeys: CloudPasteApiKey[];
  s3Configs: CloudPasteS3Config[];
  mounts: CloudPasteMount[];
  settings: CloudPasteSetting[];
}

const SQLITE_MAGIC = 'SQLite format 3\0';
const REQUIRED_TABLES = ['pastes', 'files', 'api_keys', 's3_configs', 'system_settings'] as const;
/** Any of these means CloudPaste 1.x (see schema-0.6.md, "Version marker"). */
const V1_TABLES = ['storage_configs', 'fs_meta', 'principal_storage_acl'] as const;
const V1_API_KEY_COLUMNS = ['permissions', 'role', 'is_enable'] as const;

type Row = Record<string, unknown>;

function isSqliteFile(file: string): boolean {
  let fd: number | undefined;
  try {
    fd = openSync(file, 'r');
    const header = Buffer.alloc(SQLITE_MAGIC.length);
    const read = readSync(fd, header, 0, header.length, 0);
    return read === header.length && header.toString('latin1') === SQLITE_MAGIC;
  } catch (error) {
    throw new CloudPasteImportError(`Cannot read ${file}: ${(error as Error).message}`);
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/**
 * Decodes an upstream `encrypted:<hmac b64>:<value b64>` credential and checks its HMAC with
 * `secret`. A value without the prefix is taken as it is (upstream does the same).
 */
export function decodeCloudPasteSecret(stored: string, secret: string): CloudPasteCredential {
  if (!stored.startsWith('encrypted:')) return { ok: true, value: stored };
  const parts = stored.split(':');
  if (parts.length !== 3) return { ok: false, problem: 'malformed' };
  const [, macText, valueText] = parts as [string, string, string];
  const base64 = /^[A-Za-z0-9+/]*={0,2}$/;
  if (!base64.test(macText) || !base64.test(valueText)) return { ok: false, problem: 'malformed' };
  // btoa() encodes Latin-1 characters one byte each.
  const value = Buffer.from(valueText, 'base64').toString('latin1');
  const expected = createHmac('sha256', Buffer.from(secret, 'utf8')).update(Buffer.from(value, 'utf8')).digest();
  const actual = Buffer.from(macText, 'base64');
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return { ok: false, problem: 'wrong-secret' };
  return { ok: true, value };
}

const str = (value: unknown): string => (value === null || value === undefined ? '' : String(value));
const strOrNull = (value: unknown): string | null => (value === null || value === undefined ? null : String(value));
const numOrNull = (value: unknown): number | null => {
  if (value === null || value === undefined || value === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
};
const num = (value: unknown, fallback: number): number => numOrNull(value) ?? fallback;
const bool = (value: unknown, fallback: boolean): boolean =>
  value === null || value === undefined ? fallback : value === true || Number(value) === 1 || value === 'true';

export function readCloudPaste(file: string, options: { secret?: string } = {}): CloudPasteData {
  const secret = options.secret ?? CLOUDPASTE_DEFAULT_SECRET;
  if (!isSqliteFile(file)) throw new CloudPasteImportError(`${file} is not a SQLite database, so not a CloudPaste database`);
  let db: Database.Database;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
  } catch (error) {
    throw new CloudPasteImportError(`Cannot open ${file} as SQLite: ${(error as Error).message}`);
  }
  try {
    return readOpen(db, file, secret);
  } catch (error) {
    if (error instanceof CloudPasteImportError) throw error;
    throw new CloudPasteImportError(`Cannot read ${file} as a CloudPaste 0.6 database: ${(error as Error).message}`);
  } finally {
    db.close();
  }
}

function readOpen(db: Database.Database, file: string, secret: string): CloudPasteData {
  const tables = new Set((db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as Row[]).map((row) => str(row.name)));
  const columnsOf = (table: string): Set<string> =>
    new Set((db.prepare(`PRAGMA table_info(${table})`).all() as Row[]).map((row) => str(row.name)));

  const v1Table = V1_TABLES.find((table) => tables.has(table));
  const apiKeyColumns = tables.has('api_keys') ? columnsOf('api_keys') : new Set<string>();
  const v1Column = V1_API_KEY_COLUMNS.find((column) => apiKeyColumns.has(column));
  if (v1Table !== undefined || v1Column !== undefined) {
    throw new CloudPasteImportError(
      `${file} is a CloudPaste 1.x database (${v1Table !== undefined ? `table ${v1Table}` : `api_keys.${v1Column}`}); only CloudPaste 0.6.x is supported`,
    );
  }
  const missing = REQUIRED_TABLES.filter((table) => !tables.has(table));
  if (missing.length > 0) {
    throw new CloudPasteImportError(`${file} is not a CloudPaste database (no table ${missing.join(', ')})`);
  }

  const versionRow = db.prepare("SELECT value FROM system_settings WHERE key = 'schema_version'").get() as Row | undefined;
  const schemaVersion = versionRow === undefined ? 0 : Number.parseInt(str(versionRow.value), 10) || 0;
  if (schemaVersion > CLOUDPASTE_06_MAX_SCHEMA_VERSION) {
    throw new CloudPasteImportError(
      `${file} has CloudPaste schema version ${schemaVersion}, newer than 0.6.x (at most ${CLOUDPASTE_06_MAX_SCHEMA_VERSION}); only CloudPaste 0.6.x is supported`,
    );
  }

  const plainPasswords = (table: 'paste_passwords' | 'file_passwords', idColumn: string): Map<string, string> => {
    const map = new Map<string, string>();
    if (!tables.has(table)) return map;
    for (const row of db.prepare(`SELECT ${idColumn} AS id, plain_password FROM ${table}`).all() as Row[]) {
      map.set(str(row.id), str(row.plain_password));
    }
    return map;
  };
  const pastePlain = plainPasswords('paste_passwords', 'paste_id');
  const filePlain = plainPasswords('file_passwords', 'file_id');

  const shareFieldsOf = (row: Row, plain: Map<string, string>): CloudPasteShareFields => ({
    id: str(row.id),
    slug: str(row.slug),
    remark: strOrNull(row.remark),
    passwordHash: strOrNull(row.password) || null,
    plainPassword: plain.get(str(row.id)) ?? null,
    expiresAt: strOrNull(row.expires_at),
    maxViews: numOrNull(row.max_views),
    views: num(row.views, 0),
    createdBy: strOrNull(row.created_by),
    createdAt: strOrNull(row.created_at),
    updatedAt: strOrNull(row.updated_at),
  });

  const pastes = (db.prepare('SELECT * FROM pastes ORDER BY created_at, id').all() as Row[]).map((row): CloudPastePaste => ({
    ...shareFieldsOf(row, pastePlain),
    content: str(row.content),
  }));

  const files = (db.prepare('SELECT * FROM files ORDER BY created_at, id').all() as Row[]).map((row): CloudPasteFile => ({
    ...shareFieldsOf(row, filePlain),
    filename: str(row.filename),
    storagePath: str(row.storage_path),
    s3Url: strOrNull(row.s3_url),
    mimetype: str(row.mimetype) || 'application/octet-stream',
    size: num(row.size, 0),
    s3ConfigId: str(row.s3_config_id),
    etag: strOrNull(row.etag),
    useProxy: bool(row.use_proxy, true),
  }));

  const apiKeys = (db.prepare('SELECT * FROM api_keys ORDER BY created_at, id').all() as Row[]).map((row): CloudPasteApiKey => ({
    id: str(row.id),
    name: str(row.name),
    key: str(row.key),
    textPermission: bool(row.text_permission, false),
    filePermission: bool(row.file_permission, false),
    mountPermission: bool(row.mount_permission, false),
    basicPath: str(row.basic_path) || '/',
    lastUsed: strOrNull(row.last_used),
    createdAt: strOrNull(row.created_at),
    expiresAt: str(row.expires_at),
  }));

  const s3Configs = (db.prepare('SELECT * FROM s3_configs ORDER BY created_at, id').all() as Row[]).map((row): CloudPasteS3Config => ({
    id: str(row.id),
    name: str(row.name),
    providerType: str(row.provider_type),
    endpointUrl: str(row.endpoint_url),
    bucketName: str(row.bucket_name),
    region: strOrNull(row.region),
    accessKeyId: decodeCloudPasteSecret(str(row.access_key_id), secret),
    secretAccessKey: decodeCloudPasteSecret(str(row.secret_access_key), secret),
    pathStyle: bool(row.path_style, false),
    defaultFolder: str(row.default_folder),
    isPublic: bool(row.is_public, false),
    isDefault: bool(row.is_default, false),
    totalStorageBytes: numOrNull(row.total_storage_bytes),
    customHost: strOrNull(row.custom_host) || null,
    signatureExpiresIn: num(row.signature_expires_in, 3600),
    adminId: strOrNull(row.admin_id),
    createdAt: strOrNull(row.created_at),
    updatedAt: strOrNull(row.updated_at),
    lastUsed: strOrNull(row.last_used),
  }));

  const mounts = tables.has('storage_mounts')
    ? (db.prepare('SELECT * FROM storage_mounts ORDER BY sort_order, created_at, id').all() as Row[]).map((row): CloudPasteMount => ({
        id: str(row.id),
        name: str(row.name),
        storageType: str(row.storage_type),
        storageConfigId: strOrNull(row.storage_config_id),
        mountPath: str(row.mount_path),
        remark: strOrNull(row.remark),
        isActive: bool(row.is_active, true),
        createdBy: str(row.created_by),
        sortOrder: num(row.sort_order, 0),
        cacheTtl: num(row.cache_ttl, 300),
        createdAt: strOrNull(row.created_at),
        updatedAt: strOrNull(row.updated_at),
        lastUsed: strOrNull(row.last_used),
      }))
    : [];

  const settings = (db.prepare('SELECT key, value, description FROM system_settings ORDER BY key').all() as Row[]).map(
    (row): CloudPasteSetting => ({ key: str(row.key), value: str(row.value), description: strOrNull(row.description) }),
  );

  return { schemaVersion, pastes, files, apiKeys, s3Configs, mounts, settings };
}
