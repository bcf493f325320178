import { LOCAL_STORAGE_PROVIDER_TYPE, type S3Config, type S3ConfigCreateResponse } from '@cloudclip/contract';
import { randomUUID } from 'node:crypto';
import type { AdminAuth, ApiKeyAuth } from '../auth/auth-context';
import type { StorageConfigRow, StorageDriver as StorageDriverKind } from '../db/schema';
import { HttpError } from '../http/http-error';
import type { SecretBox } from '../lib/secret-box';
import { parseTimestamp, toIso, type Clock } from '../lib/time';
import type { StorageConfigPatch, StorageConfigRepository } from '../repositories/storage-config-repository';
import { keySegments } from '../storage/local-driver';
import { normalizeBaseUrl } from '../storage/object-url';
import { parseSftpEndpoint } from '../storage/sftp/sftp-connection-options';
import { normaliseFingerprint } from '../storage/sftp/sftp-host-key';
import type { StorageDriver } from '../storage/storage-driver';
import type { StorageRegistry } from '../storage/storage-registry';

export const PROVIDER_R2 = 'Cloudflare R2';
export const PROVIDER_B2 = 'Backblaze B2';
export const GIB = 1024 * 1024 * 1024;
export const DEFAULT_SIGNATURE_EXPIRES_IN = 3600;
export const DEFAULT_LOCAL_STORAGE_NAME = 'Local storage';
export const LOCAL_BUCKET_NAME = 'local';

/** Quota when none is given (contract §5.5): R2 and B2 10 GiB, everything else 5 GiB. */
export function defaultQuotaBytes(providerType: string): number {
  return providerType === PROVIDER_R2 || providerType === PROVIDER_B2 ? 10 * GIB : 5 * GIB;
}

/** `provider_type: "SFTP"` (any case): a folder on an SSH server (issue 38), driver `sftp`. */
export const SFTP_PROVIDER_TYPE = 'SFTP';

/** `provider_type: "WebDAV"` (any case): a WebDAV server (issue 38), driver `webdav`. */
export const WEBDAV_PROVIDER_TYPE = 'WebDAV';

/** `provider_type: "Local"` (any case) selects the local driver; everything else is S3-compatible. */
export function driverForProvider(providerType: string): StorageDriverKind {
  if (providerType.trim().toLowerCase() === SFTP_PROVIDER_TYPE.toLowerCase()) return 'sftp';
  if (providerType.trim().toLowerCase() === WEBDAV_PROVIDER_TYPE.toLowerCase()) return 'webdav';
  return providerType.trim().toLowerCase() === LOCAL_STORAGE_PROVIDER_TYPE.toLowerCase() ? 'local' : 's3';
}

/** Writable fields of POST/PUT /api/s3-configs, loosely typed as clients send them. */
export interface StorageConfigInput {
  name?: string;
  provider_type?: string;
  endpoint_url?: string;
  bucket_name?: string;
  region?: string | null;
  access_key_id?: string;
  secret_access_key?: string;
  path_style?: unknown;
  default_folder?: string | null;
  is_public?: unknown;
  total_storage_bytes?: number | string | null;
  custom_host?: string | null;
  signature_expires_in?: number | string | null;
  /** SFTP: `SHA256:…` as `ssh-keygen -l` prints it (null/empty = not confirmed yet: connections refused). */
  host_key_sha256?: string | null;
}

/** The config object for admins (§5.5): everything but the secrets and `admin_id`, with our `driver`. */
export type AdminStorageConfigView = S3Config &
  Required<Pick<S3Config, 'driver' | 'is_public' | 'last_used'>> & {
    /** SFTP configs only (issue 38). */
    host_key_sha256?: string | null;
  };

/** What API keys see: public configs without `is_public` and `last_used`. */
export type KeyStorageConfigView = Omit<AdminStorageConfigView, 'is_public' | 'last_used'>;

/** `data` of POST /api/s3-configs (booleans as JSON booleans there), with our `driver`. */
export type CreatedStorageConfigView = S3ConfigCreateResponse & Required<Pick<S3ConfigCreateResponse, 'driver'>>;

export type StorageConfigCaller = AdminAuth | ApiKeyAuth;

/** Input `true` → 1, anything else 0 (the strings "true"/"1" and the number 1 count as true too). */
function flag(value: unknown): number {
  return value === true || value === 1 || value === 'true' || value === '1' ? 1 : 0;
}

/** Largest `signature_expires_in`: a 32-bit integer column on PostgreSQL (larger values failed with 500). */
export const MAX_SIGNATURE_EXPIRES_IN = 2_147_483_647;

/** A positive integer up to `max` (default: the largest safe integer, within PostgreSQL's bigint), else undefined. */
function positiveInteger(value: unknown, max = Number.MAX_SAFE_INTEGER): number | undefined {
  const parsed = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value.trim()) : NaN;
  if (!Number.isFinite(parsed)) return undefined;
  const integer = Math.floor(parsed);
  return integer > 0 && integer <= max ? integer : undefined;
}

function invalid(field: string): HttpError {
  return new HttpError(400, 'validation.invalidField', { params: { field } });
}

function blank(value: string | null | undefined): boolean {
  return value === undefined || value === null || value.trim() === '';
}

/** An http(s) URL (scheme optional: https is assumed), stored trimmed. */
/** An SFTP endpoint, normalised to `sftp://host:port` (400 otherwise). */
function sftpUrl(value: string): string {
  try {
    const { host, port } = parseSftpEndpoint(value.trim());
    return `sftp://${host.includes(':') ? `[${host}]` : host}:${port}`;
  } catch {
    throw invalid('endpoint_url');
  }
}

/** `SHA256:…` normalised; null when absent (the connection is refused until it is set); 400 when malformed. */
function hostKeyFingerprint(value: string | null | undefined): string | null {
  if (blank(value)) return null;
  const normalised = normaliseFingerprint(value);
  if (!normalised) throw invalid('host_key_sha256');
  return normalised;
}

function httpUrl(value: string, field: string): string {
  const trimmed = value.trim();
  try {
    const parsed = new URL(normalizeBaseUrl(trimmed));
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error('scheme');
  } catch {
    throw invalid(field);
  }
  return trimmed;
}

/** `a/b` from ` /a/b/ `; `..`, `.`, empty segments, NUL and backslashes are refused. */
function defaultFolder(value: string | null | undefined): string {
  const trimmed = (value ?? '').trim().replace(/^\/+/, '').replace(/\/+$/, '');
  if (trimmed === '') return '';
  try {
    keySegments(`${trimmed}/`);
  } catch {
    throw invalid('default_folder');
  }
  return trimmed;
}

/** A 0/1 column as the API shows it (some drivers hand back strings or bigints). */
function bit(value: unknown): 0 | 1 {
  return Number(value) === 1 ? 1 : 0;
}

/** The fields every view of a config starts with: which config, and where its bucket is. */
function locationFields(row: StorageConfigRow) {
  return {
    id: row.id,
    name: row.name,
    provider_type: row.provider_type,
    driver: row.driver,
    endpoint_url: row.endpoint_url,
    bucket_name: row.bucket_name,
    region: row.region,
  };
}

function adminView(row: StorageConfigRow): AdminStorageConfigView {
  return {
    ...locationFields(row),
    path_style: bit(row.path_style),
    default_folder: row.default_folder,
    is_public: bit(row.is_public),
    is_default: bit(row.is_default),
    total_storage_bytes: row.total_storage_bytes === null ? null : Number(row.total_storage_bytes),
    custom_host: row.custom_host,
    ...(row.driver === 'sftp' ? { host_key_sha256: row.host_key_sha256 } : {}),
    signature_expires_in: Number(row.signature_expires_in),
    created_at: row.created_at,
    updated_at: row.updated_at,
    last_used: row.last_used,
  };
}

function keyView(row: StorageConfigRow): KeyStorageConfigView {
  const { is_public, last_used, ...rest } = adminView(row);
  return rest;
}

/**
 * Storage configurations (contract §5.5): visibility, validation, secrets sealed with the server
 * secret and never returned, quota defaults, the default flag, and the default local storage
 * created at start so uploads work without any other service.
 */
export class StorageConfigService {
  constructor(
    private readonly configs: StorageConfigRepository,
    private readonly registry: StorageRegistry,
    private readonly secretBox: SecretBox,
    private readonly clock: Clock,
    /** Called after a config changed or was deleted (e.g. to drop cached presigned URLs). */
    private readonly onConfigChanged: (configId: string) => void = () => undefined,
  ) {}

  /** Admin → own configs; API key → public configs. Ordered by name. */
  async list(caller: StorageConfigCaller): Promise<AdminStorageConfigView[] | KeyStorageConfigView[]> {
    if (caller.kind === 'admin') return (await this.configs.listByAdmin(caller.adminId)).map(adminView);
    return (await this.configs.listPublic()).map(keyView);
  }

  /** Same visibility as `list`; 404 otherwise. */
  async get(caller: StorageConfigCaller, id: string): Promise<AdminStorageConfigView | KeyStorageConfigView> {
    if (caller.kind === 'admin') return adminView(await this.requireOwned(caller.adminId, id));
    const row = await this.configs.findPublicById(id);
    if (!row) throw new HttpError(404, 's3Config.notFound');
    return keyView(row);
  }

  /** The admin's own config row (secrets included, for drivers); 404 otherwise. */
  async requireOwned(adminId: string, id: string): Promise<StorageConfigRow> {
    const row = await this.configs.findByIdForAdmin(id, adminId);
    if (!row) throw new HttpError(404, 's3Config.notFound');
    return row;
  }

  findById(id: string): Promise<StorageConfigRow | undefined> {
    return this.configs.findById(id);
  }

  /** The driver of a config row (cached per config and `updated_at`). */
  driverFor(row: StorageConfigRow): StorageDriver {
    return this.registry.driverFor(row);
  }

  /** The driver of a local config, or null when the id names no local config. */
  async localDriver(configId: string): Promise<StorageDriver | null> {
    const row = await this.configs.findById(configId);
    if (!row || (row.driver !== 'local' && row.driver !== 'webdav' && row.driver !== 'sftp')) return null;
    return this.registry.driverFor(row);
  }

  async touchLastUsed(id: string): Promise<void> {
    await this.configs.touchLastUsed(id, toIso(this.clock()));
  }

  /** POST /api/s3-configs. Required fields are checked by the route schema. */
  async create(adminId: string, input: StorageConfigInput): Promise<CreatedStorageConfigView> {
    const providerType = (input.provider_type ?? '').trim();
    const driver = driverForProvider(providerType);
    const now = toIso(this.clock());
    const local = driver === 'local';
    const row: StorageConfigRow = {
      id: randomUUID(),
      name: (input.name ?? '').trim(),
      driver,
      provider_type: local ? LOCAL_STORAGE_PROVIDER_TYPE : providerType,
      endpoint_url: blank(input.endpoint_url)
        ? ''
        : driver === 'sftp'
          ? sftpUrl(input.endpoint_url as string)
          : httpUrl(input.endpoint_url as string, 'endpoint_url'),
      bucket_name: blank(input.bucket_name) ? (local ? LOCAL_BUCKET_NAME : '') : (input.bucket_name as string).trim(),
      region: (input.region ?? '').trim(),
      access_key_id_sealed: this.secretBox.encryptNullable(input.access_key_id),
      secret_access_key_sealed: this.secretBox.encryptNullable(input.secret_access_key),
      path_style: flag(input.path_style),
      default_folder: defaultFolder(input.default_folder),
      is_public: flag(input.is_public),
      is_default: 0,
      total_storage_bytes: positiveInteger(input.total_storage_bytes) ?? defaultQuotaBytes(providerType),
      custom_host: blank(input.custom_host) ? null : httpUrl(input.custom_host as string, 'custom_host'),
      host_key_sha256: driver === 'sftp' ? hostKeyFingerprint(input.host_key_sha256) : null,
      signature_expires_in: positiveInteger(input.signature_expires_in, MAX_SIGNATURE_EXPIRES_IN) ?? DEFAULT_SIGNATURE_EXPIRES_IN,
      admin_id: adminId,
      created_at: now,
      updated_at: now,
      last_used: null,
    };
    await this.configs.create(row);
    return {
      ...locationFields(row),
      path_style: row.path_style === 1,
      default_folder: row.default_folder,
      is_public: row.is_public === 1,
      total_storage_bytes: row.total_storage_bytes as number,
      custom_host: row.custom_host,
      signature_expires_in: row.signature_expires_in,
    };
  }

  /**
   * PUT /api/s3-configs/{id}: partial. Absent secrets are kept (`""` overwrites them);
   * `total_storage_bytes: null` → the provider default, non-positive values are ignored;
   * an invalid `signature_expires_in` → 3600. `is_default` only changes through set-default.
   */
  async update(adminId: string, id: string, input: StorageConfigInput): Promise<void> {
    const current = await this.requireOwned(adminId, id);
    const patch: StorageConfigPatch = {};
    for (const field of ['name', 'provider_type'] as const) {
      if (input[field] === undefined) continue;
      if (blank(input[field])) throw invalid(field);
      patch[field] = (input[field] as string).trim();
    }
    const providerType = patch.provider_type ?? current.provider_type;
    const driver = driverForProvider(providerType);
    if (patch.provider_type !== undefined) {
      patch.driver = driver;
      if (driver === 'local') patch.provider_type = LOCAL_STORAGE_PROVIDER_TYPE;
    }
    if (input.endpoint_url !== undefined)
      patch.endpoint_url = blank(input.endpoint_url)
        ? ''
        : driver === 'sftp'
          ? sftpUrl(input.endpoint_url)
          : httpUrl(input.endpoint_url, 'endpoint_url');
    if (input.host_key_sha256 !== undefined) patch.host_key_sha256 = driver === 'sftp' ? hostKeyFingerprint(input.host_key_sha256) : null;
    if (input.bucket_name !== undefined) patch.bucket_name = (input.bucket_name ?? '').trim();
    if (input.region !== undefined) patch.region = (input.region ?? '').trim();
    if (input.access_key_id !== undefined) patch.access_key_id_sealed = this.secretBox.encryptNullable(input.access_key_id);
    if (input.secret_access_key !== undefined) patch.secret_access_key_sealed = this.secretBox.encryptNullable(input.secret_access_key);
    if (input.path_style !== undefined) patch.path_style = flag(input.path_style);
    if (input.is_public !== undefined) patch.is_public = flag(input.is_public);
    if (input.default_folder !== undefined) patch.default_folder = defaultFolder(input.default_folder);
    if (input.custom_host !== undefined)
      patch.custom_host = blank(input.custom_host) ? null : httpUrl(input.custom_host as string, 'custom_host');
    if (input.total_storage_bytes === null) patch.total_storage_bytes = defaultQuotaBytes(providerType);
    else if (input.total_storage_bytes !== undefined) {
      const quota = positiveInteger(input.total_storage_bytes);
      if (quota !== undefined) patch.total_storage_bytes = quota;
    }
    if (input.signature_expires_in !== undefined) {
      patch.signature_expires_in = positiveInteger(input.signature_expires_in, MAX_SIGNATURE_EXPIRES_IN) ?? DEFAULT_SIGNATURE_EXPIRES_IN;
    }

    if (driver === 's3') {
      // An S3 config must stay usable: endpoint and bucket (and, when switching from local, keys).
      const merged = {
        endpoint_url: patch.endpoint_url ?? current.endpoint_url,
        bucket_name: patch.bucket_name ?? current.bucket_name,
        access_key_id: patch.access_key_id_sealed !== undefined ? patch.access_key_id_sealed : current.access_key_id_sealed,
        secret_access_key: patch.secret_access_key_sealed !== undefined ? patch.secret_access_key_sealed : current.secret_access_key_sealed,
      };
      const missing: string[] = (['endpoint_url', 'bucket_name'] as const).filter((field) => blank(merged[field]));
      if (current.driver === 'local') {
        for (const field of ['access_key_id', 'secret_access_key'] as const) if (merged[field] === null) missing.push(field);
      }
      if (missing.length > 0) throw new HttpError(400, 'validation.missingFields', { params: { fields: missing.join(', ') } });
    } else if (driver === 'local' && patch.bucket_name !== undefined && patch.bucket_name === '') {
      patch.bucket_name = LOCAL_BUCKET_NAME;
    }

    if (Object.keys(patch).length === 0) return;
    patch.updated_at = this.nextUpdatedAt(current.updated_at);
    await this.configs.update(id, patch);
    this.changed(id);
  }

  /** DELETE: 404 unknown; 409 while a file row or a mount uses the config. */
  async delete(adminId: string, id: string): Promise<void> {
    await this.requireOwned(adminId, id);
    const [files, mounts] = await Promise.all([this.configs.countFilesUsing(id), this.configs.countMountsUsing(id)]);
    if (files > 0 || mounts > 0) throw new HttpError(409, 's3Config.inUse', { params: { files, mounts } });
    await this.configs.delete(id);
    this.changed(id);
  }

  /** PUT …/set-default: clears the flag on the admin's other configs, sets it here. */
  async setDefault(adminId: string, id: string): Promise<void> {
    const current = await this.requireOwned(adminId, id);
    await this.configs.setDefault(id, adminId, this.nextUpdatedAt(current.updated_at));
    this.changed(id);
  }

  /**
   * At start: every admin without any storage config gets a default, public local storage
   * ("Local storage", provider `Local`), so uploads work with no other service. Idempotent.
   */
  async ensureDefaultLocalStorage(): Promise<StorageConfigRow[]> {
    const created: StorageConfigRow[] = [];
    for (const adminId of await this.configs.adminIdsWithoutConfigs()) {
      const now = toIso(this.clock());
      const row: StorageConfigRow = {
        id: randomUUID(),
        name: DEFAULT_LOCAL_STORAGE_NAME,
        driver: 'local',
        provider_type: LOCAL_STORAGE_PROVIDER_TYPE,
        endpoint_url: '',
        bucket_name: LOCAL_BUCKET_NAME,
        region: '',
        access_key_id_sealed: null,
        secret_access_key_sealed: null,
        path_style: 0,
        default_folder: '',
        is_public: 1,
        is_default: 1,
        total_storage_bytes: defaultQuotaBytes(LOCAL_STORAGE_PROVIDER_TYPE),
        custom_host: null,
        host_key_sha256: null,
        signature_expires_in: DEFAULT_SIGNATURE_EXPIRES_IN,
        admin_id: adminId,
        created_at: now,
        updated_at: now,
        last_used: null,
      };
      await this.configs.create(row);
      created.push(row);
    }
    return created;
  }

  /** A fresh `updated_at`, strictly later than the current one (it versions the cached driver). */
  private nextUpdatedAt(current: string): string {
    const now = this.clock();
    const previous = parseTimestamp(current)?.getTime();
    return toIso(previous !== undefined && previous >= now.getTime() ? new Date(previous + 1) : now);
  }

  private changed(id: string): void {
    this.registry.evict(id);
    this.onConfigChanged(id);
  }
}
