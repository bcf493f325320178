import { isShareSlug } from '@cloudclip/contract';
import { apiKeyCreator } from '../../auth/ownership';
import type { NewApiKeyRow, NewFileRow, NewMountRow, NewPasteRow, NewStorageConfigRow, SystemSettingsTable } from '../../db/schema';
import { isLegacyHash, sha256Hex } from '../../lib/password-hash';
import type { SecretBox } from '../../lib/secret-box';
import { parseTimestamp } from '../../lib/time';
import type { CloudPasteData, CloudPasteFile, CloudPasteShareFields } from './read-cloudpaste';

/**
 * Maps CloudPaste 0.6 records (read-cloudpaste.ts) to Cloudclip rows, with a per-record report.
 * Pure: writes nothing. Ids, slugs and API keys are kept as they are, so links and keys keep working.
 *
 * Share passwords: CloudPaste stores unsalted SHA-256 hex, which our `verifyPassword` accepts as the
 * legacy format, so the hash is kept as it is ("upgraded on first use" once the share paths rehash
 * like the admin login does); the clear copy from paste_passwords / file_passwords is sealed with our
 * SecretBox into `password_sealed`.
 */

export type ImportKind = 'paste' | 'file' | 'apiKey' | 's3Config' | 'mount' | 'setting';

export interface ImportReportEntry {
  kind: ImportKind;
  /** The upstream id (the key for a setting). */
  id: string;
  /** Slug, name or mount path: what a person recognises. */
  label: string;
  outcome: 'imported' | 'skipped';
  /** Why it was skipped. */
  reason?: string;
  /** Things worth knowing about an imported record. */
  notes?: string[];
}

export interface CloudclipImportRows {
  storageConfigs: NewStorageConfigRow[];
  apiKeys: NewApiKeyRow[];
  pastes: NewPasteRow[];
  files: NewFileRow[];
  mounts: NewMountRow[];
  settings: SystemSettingsTable[];
}

/** What the target already holds; a clash is skipped and reported, never overwritten. */
export interface ExistingCloudclipData {
  pasteIds?: ReadonlySet<string>;
  pasteSlugs?: ReadonlySet<string>;
  fileIds?: ReadonlySet<string>;
  fileSlugs?: ReadonlySet<string>;
  apiKeyIds?: ReadonlySet<string>;
  apiKeyNames?: ReadonlySet<string>;
  apiKeyKeys?: ReadonlySet<string>;
  storageConfigIds?: ReadonlySet<string>;
  mountIds?: ReadonlySet<string>;
  mountPaths?: ReadonlySet<string>;
  /** True when the target has a default storage configuration already (it stays the default). */
  hasDefaultStorageConfig?: boolean;
}

export interface MapOptions {
  secretBox: SecretBox;
  /** Our admin: owner of the storage configs and of rows the CloudPaste admin made. */
  adminId: string;
  now: Date;
  existing?: ExistingCloudclipData;
  /**
   * A file share whose S3 configuration is skipped or missing is still mapped when this says yes
   * (its object is in `--objects-dir`, so it can live in local storage); see `MapResult.needLocalObject`.
   */
  keepFileWithoutConfig?: (file: CloudPasteFile) => boolean;
}

export interface MapResult {
  rows: CloudclipImportRows;
  report: ImportReportEntry[];
  /** Ids of mapped file shares that have no usable S3 configuration: imported only if their object is copied. */
  needLocalObject: Set<string>;
}

/** Settings we take over (the rest are CloudPaste bookkeeping or unknown to us). */
const IMPORTED_SETTINGS = new Set(['max_upload_size']);
const BOOKKEEPING_SETTINGS = /^(schema_version|db_initialized|migration_\d+)$/;
const PASSWORD_NOTE = 'password kept in the CloudPaste SHA-256 format (upgraded on first use)';

const PROVIDER_TYPES: Record<string, string> = { 'Other S3 Compatible': 'Other' };

function iso(value: string | null, fallback: string): string {
  return parseTimestamp(value)?.toISOString() ?? fallback;
}

const bit = (value: boolean): number => (value ? 1 : 0);

/** Upstream admin ids become our admin's; `apikey:<id>` stays as it is; null stays null. */
function owner(createdBy: string | null, adminId: string): string | null {
  if (createdBy === null || createdBy === '') return null;
  if (createdBy.startsWith('apikey:')) return apiKeyCreator(createdBy.slice('apikey:'.length));
  return adminId;
}

type PasswordColumns = { password_hash: string | null; password_sealed: string | null; notes: string[] };

function mapPassword(record: CloudPasteShareFields, secretBox: SecretBox): PasswordColumns {
  const notes: string[] = [];
  const stored = record.passwordHash;
  if (stored === null) {
    return { password_hash: null, password_sealed: null, notes };
  }
  if (isLegacyHash(stored)) {
    notes.push(PASSWORD_NOTE);
    if (record.plainPassword === null) notes.push('no clear copy of the password: the owner cannot be shown it');
    else if (sha256Hex(record.plainPassword) !== stored) notes.push('the clear copy does not match the hash: the hash is kept');
    return { password_hash: stored, password_sealed: secretBox.encryptNullable(record.plainPassword), notes };
  }
  // Upstream compares any other stored value with the input as it is: that value is the password.
  notes.push('password was stored in clear upstream: now kept as its SHA-256 (upgraded on first use)');
  return { password_hash: sha256Hex(stored), password_sealed: secretBox.encrypt(stored), notes };
}

/**
 * Why a paste or file share cannot come over (its slug is not allowed, its id or slug is taken
 * under `noun`, its expiry is unreadable); undefined when it can.
 */
function shareProblem(
  record: CloudPasteShareFields,
  noun: 'paste' | 'file share',
  takenIds: ReadonlySet<string> | undefined,
  takenSlugs: ReadonlySet<string>,
): string | undefined {
  if (!isShareSlug(record.slug)) return 'its slug has characters Cloudclip does not allow in links';
  if (takenIds?.has(record.id)) return `a ${noun} with this id exists already`;
  if (takenSlugs.has(record.slug)) return `a ${noun} with this slug exists already`;
  if (record.expiresAt !== null && record.expiresAt !== '' && parseTimestamp(record.expiresAt) === null) {
    return `unreadable expiry "${record.expiresAt}"`;
  }
  return undefined;
}

type ShareColumns = Pick<
  NewPasteRow & NewFileRow,
  | 'id'
  | 'slug'
  | 'remark'
  | 'password_hash'
  | 'password_sealed'
  | 'expires_at'
  | 'max_views'
  | 'views'
  | 'created_by'
  | 'created_at'
  | 'updated_at'
>;

/** The columns a paste row and a file row fill alike: the link, its rules, the owner and the times. */
function shareColumns(record: CloudPasteShareFields, password: PasswordColumns, now: string, adminId: string): ShareColumns {
  const createdAt = iso(record.createdAt, now);
  return {
    id: record.id,
    slug: record.slug,
    remark: record.remark,
    password_hash: password.password_hash,
    password_sealed: password.password_sealed,
    expires_at: record.expiresAt ? iso(record.expiresAt, now) : null,
    max_views: record.maxViews !== null && record.maxViews > 0 ? record.maxViews : null,
    views: record.views,
    created_by: owner(record.createdBy, adminId),
    created_at: createdAt,
    updated_at: iso(record.updatedAt, createdAt),
  };
}

export function mapToCloudclip(data: CloudPasteData, options: MapOptions): MapResult {
  const { secretBox, adminId } = options;
  const now = options.now.toISOString();
  const existing = options.existing ?? {};
  const report: ImportReportEntry[] = [];
  const rows: CloudclipImportRows = { storageConfigs: [], apiKeys: [], pastes: [], files: [], mounts: [], settings: [] };
  const skip = (kind: ImportKind, id: string, label: string, reason: string): void => {
    report.push({ kind, id, label, outcome: 'skipped', reason });
  };
  const imported = (kind: ImportKind, id: string, label: string, notes: string[] = []): void => {
    report.push({ kind, id, label, outcome: 'imported', ...(notes.length > 0 ? { notes } : {}) });
  };

  // S3 configurations first: files and mounts refer to them.
  const configIds = new Set<string>();
  const skippedConfigs = new Map<string, string>();
  let defaultTaken = false;
  for (const config of data.s3Configs) {
    const credential = [config.accessKeyId, config.secretAccessKey].find((c) => !c.ok);
    if (credential !== undefined && !credential.ok) {
      const reason =
        credential.problem === 'wrong-secret'
          ? 'its keys do not match the given CloudPaste secret (pass the ENCRYPTION_SECRET it ran with as --cloudpaste-secret)'
          : 'its keys are not in the CloudPaste encrypted format';
      skippedConfigs.set(config.id, reason);
      skip('s3Config', config.id, config.name, reason);
      continue;
    }
    if (existing.storageConfigIds?.has(config.id)) {
      skippedConfigs.set(config.id, 'a storage configuration with this id exists already');
      skip('s3Config', config.id, config.name, 'a storage configuration with this id exists already');
      continue;
    }
    const notes = ['keys re-sealed with this server secret'];
    let isDefault = config.isDefault;
    if (isDefault && (existing.hasDefaultStorageConfig === true || defaultTaken)) {
      isDefault = false;
      notes.push('not made the default: there is a default configuration already');
    }
    defaultTaken ||= isDefault;
    const accessKeyId = config.accessKeyId.ok ? config.accessKeyId.value : '';
    const secretAccessKey = config.secretAccessKey.ok ? config.secretAccessKey.value : '';
    rows.storageConfigs.push({
      id: config.id,
      name: config.name,
      driver: 's3',
      provider_type: PROVIDER_TYPES[config.providerType] ?? config.providerType,
      endpoint_url: config.endpointUrl,
      bucket_name: config.bucketName,
      region: config.region ?? '',
      access_key_id_sealed: secretBox.encryptNullable(accessKeyId),
      secret_access_key_sealed: secretBox.encryptNullable(secretAccessKey),
      path_style: bit(config.pathStyle),
      default_folder: config.defaultFolder,
      is_public: bit(config.isPublic),
      is_default: bit(isDefault),
      total_storage_bytes: config.totalStorageBytes,
      custom_host: config.customHost,
      signature_expires_in: config.signatureExpiresIn,
      admin_id: adminId,
      created_at: iso(config.createdAt, now),
      updated_at: iso(config.updatedAt ?? config.createdAt, now),
      last_used: config.lastUsed === null ? null : iso(config.lastUsed, now),
    });
    configIds.add(config.id);
    imported('s3Config', config.id, config.name, notes);
  }

  const keyNames = new Set(existing.apiKeyNames);
  const keyValues = new Set(existing.apiKeyKeys);
  for (const key of data.apiKeys) {
    if (existing.apiKeyIds?.has(key.id)) {
      skip('apiKey', key.id, key.name, 'an API key with this id exists already');
      continue;
    }
    if (keyNames.has(key.name)) {
      skip('apiKey', key.id, key.name, `an API key named "${key.name}" exists already`);
      continue;
    }
    if (keyValues.has(key.key)) {
      skip('apiKey', key.id, key.name, 'the same key value exists already');
      continue;
    }
    const expires = parseTimestamp(key.expiresAt);
    if (expires === null) {
      skip('apiKey', key.id, key.name, `unreadable expiry "${key.expiresAt}"`);
      continue;
    }
    keyNames.add(key.name);
    keyValues.add(key.key);
    rows.apiKeys.push({
      id: key.id,
      name: key.name,
      key: key.key,
      text_permission: bit(key.textPermission),
      file_permission: bit(key.filePermission),
      mount_permission: bit(key.mountPermission),
      basic_path: key.basicPath,
      last_used: key.lastUsed === null ? null : iso(key.lastUsed, now),
      expires_at: expires.toISOString(),
      created_at: iso(key.createdAt, now),
    });
    imported('apiKey', key.id, key.name, expires.getTime() <= options.now.getTime() ? ['already expired'] : []);
  }

  const pasteSlugs = new Set(existing.pasteSlugs);
  for (const paste of data.pastes) {
    const label = paste.slug;
    const problem = shareProblem(paste, 'paste', existing.pasteIds, pasteSlugs);
    if (problem !== undefined) {
      skip('paste', paste.id, label, problem);
      continue;
    }
    pasteSlugs.add(paste.slug);
    const password = mapPassword(paste, secretBox);
    rows.pastes.push({
      ...shareColumns(paste, password, now, adminId),
      content: paste.content,
      encryption: null,
      burn_after_reading: 0,
    });
    imported('paste', paste.id, label, password.notes);
  }

  const fileSlugs = new Set(existing.fileSlugs);
  const needLocalObject = new Set<string>();
  for (const file of data.files) {
    const label = file.slug;
    const configProblem = skippedConfigs.get(file.s3ConfigId);
    const withoutConfig = !configIds.has(file.s3ConfigId);
    if (withoutConfig && options.keepFileWithoutConfig?.(file) !== true) {
      skip(
        'file',
        file.id,
        label,
        configProblem !== undefined
          ? `its storage configuration ${file.s3ConfigId} was skipped: ${configProblem}`
          : `its storage configuration ${file.s3ConfigId} is not in the database`,
      );
      continue;
    }
    const problem = shareProblem(file, 'file share', existing.fileIds, fileSlugs);
    if (problem !== undefined) {
      skip('file', file.id, label, problem);
      continue;
    }
    fileSlugs.add(file.slug);
    if (withoutConfig) needLocalObject.add(file.id);
    const password = mapPassword(file, secretBox);
    rows.files.push({
      ...shareColumns(file, password, now, adminId),
      filename: file.filename,
      storage_path: file.storagePath,
      s3_url: file.s3Url ?? '',
      mimetype: file.mimetype,
      size: file.size,
      s3_config_id: file.s3ConfigId,
      use_proxy: bit(file.useProxy),
      etag: file.etag,
    });
    const where = withoutConfig
      ? `its storage configuration ${file.s3ConfigId} ${configProblem !== undefined ? `was skipped (${configProblem})` : 'is not in the database'}: imported because its object is in --objects-dir`
      : 'the object stays where it is in the same bucket';
    imported('file', file.id, label, [where, ...password.notes]);
  }

  const mountPaths = new Set(existing.mountPaths);
  for (const mount of data.mounts) {
    const label = mount.mountPath;
    if (mount.storageType.toUpperCase() !== 'S3') {
      skip('mount', mount.id, label, `storage type ${mount.storageType} is not supported (S3 only)`);
      continue;
    }
    if (mount.storageConfigId === null || !configIds.has(mount.storageConfigId)) {
      const problem = mount.storageConfigId === null ? undefined : skippedConfigs.get(mount.storageConfigId);
      skip(
        'mount',
        mount.id,
        label,
        problem !== undefined
          ? `its storage configuration ${mount.storageConfigId} was skipped: ${problem}`
          : 'its storage configuration is not in the database',
      );
      continue;
    }
    if (existing.mountIds?.has(mount.id)) {
      skip('mount', mount.id, label, 'a mount with this id exists already');
      continue;
    }
    if (mountPaths.has(mount.mountPath)) {
      skip('mount', mount.id, label, 'a mount at this path exists already');
      continue;
    }
    mountPaths.add(mount.mountPath);
    const createdAt = iso(mount.createdAt, now);
    rows.mounts.push({
      id: mount.id,
      name: mount.name,
      storage_type: 'S3',
      storage_config_id: mount.storageConfigId,
      mount_path: mount.mountPath,
      remark: mount.remark,
      is_active: bit(mount.isActive),
      created_by: owner(mount.createdBy, adminId) ?? adminId,
      sort_order: mount.sortOrder,
      cache_ttl: mount.cacheTtl,
      created_at: createdAt,
      updated_at: iso(mount.updatedAt, createdAt),
      last_used: mount.lastUsed === null ? null : iso(mount.lastUsed, now),
    });
    imported('mount', mount.id, label);
  }

  for (const setting of data.settings) {
    if (BOOKKEEPING_SETTINGS.test(setting.key)) {
      skip('setting', setting.key, setting.key, 'CloudPaste bookkeeping');
      continue;
    }
    if (!IMPORTED_SETTINGS.has(setting.key)) {
      skip('setting', setting.key, setting.key, 'not a setting Cloudclip has');
      continue;
    }
    rows.settings.push({ key: setting.key, value: setting.value, description: setting.description, updated_at: now });
    imported('setting', setting.key, setting.key);
  }

  return { rows, report, needLocalObject };
}

/** Counts per kind and outcome, for the one-line summary. */
export function summariseReport(report: readonly ImportReportEntry[]): Record<ImportKind, { imported: number; skipped: number }> {
  const summary = {} as Record<ImportKind, { imported: number; skipped: number }>;
  for (const kind of ['paste', 'file', 'apiKey', 's3Config', 'mount', 'setting'] as const) summary[kind] = { imported: 0, skipped: 0 };
  for (const entry of report) summary[entry.kind][entry.outcome] += 1;
  return summary;
}
