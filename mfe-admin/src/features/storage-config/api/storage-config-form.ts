import {
  BYTES_PER_GB,
  BYTES_PER_MB,
  isLocalStorageConfig,
  LOCAL_STORAGE_PROVIDER_TYPE,
  type LocalStorageConfigCreateRequest,
  type S3Config,
  type S3ConfigCreateRequest,
  type S3ConfigUpdateRequest,
} from '@cloudclip/shared-kernel';
import {
  DEFAULT_SFTP_PORT,
  REMOTE_PROVIDER_TYPES,
  isRemoteFileKind,
  parseSftpEndpoint,
  remoteStorageWireFields,
  storageKindOf,
  validateRemoteStorage,
  type RemoteStorageField,
  type RemoteStorageFormValues,
} from './remote-storage-form';
import { isHttpUrl, text } from './form-text';

/** Provider types offered by the form: the legacy UI's four, our local-disk driver, WebDAV and SFTP. */
export const PROVIDER_TYPES = [
  'Cloudflare R2',
  'Backblaze B2',
  'AWS S3',
  'Other',
  LOCAL_STORAGE_PROVIDER_TYPE,
  ...REMOTE_PROVIDER_TYPES,
] as const;

export const QUOTA_UNITS = ['MB', 'GB'] as const;
export type QuotaUnit = (typeof QUOTA_UNITS)[number];
const UNIT_BYTES: Record<QuotaUnit, number> = { MB: BYTES_PER_MB, GB: BYTES_PER_GB };

export interface StorageConfigFormValues extends RemoteStorageFormValues {
  name?: string;
  provider_type?: string;
  endpoint_url?: string;
  bucket_name?: string;
  region?: string;
  access_key_id?: string;
  secret_access_key?: string;
  path_style?: boolean;
  default_folder?: string;
  is_public?: boolean;
  quota?: string | number | null;
  quota_unit?: QuotaUnit;
  custom_host?: string;
  signature_expires_in?: string | number | null;
}

export type StorageConfigField =
  | 'name'
  | 'provider_type'
  | 'endpoint_url'
  | 'bucket_name'
  | 'access_key_id'
  | 'secret_access_key'
  | 'quota'
  | 'custom_host'
  | 'signature_expires_in'
  | RemoteStorageField;

/** i18n keys (namespace `admin`) of the failing fields. */
export type StorageConfigErrors = Partial<Record<StorageConfigField, string>>;

function positiveInteger(value: string | number | null | undefined): number | null | 'invalid' {
  if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) return null;
  const number = typeof value === 'number' ? value : /^\d+$/.test(value.trim()) ? Number(value.trim()) : NaN;
  return Number.isSafeInteger(number) && number > 0 ? number : 'invalid';
}

export function isLocalProvider(providerType: string | undefined): boolean {
  return isLocalStorageConfig({ provider_type: providerType ?? '' });
}

/**
 * Checks the storage-config form. S3 configs need name, provider, an http(s) endpoint, a bucket and,
 * when created, both keys (on edit a blank key keeps the stored one). Local configs need only a name.
 */
export function validateStorageConfigForm(values: StorageConfigFormValues, mode: 'create' | 'edit'): StorageConfigErrors {
  const errors: StorageConfigErrors = {};
  const kind = storageKindOf(values.provider_type);
  if (!text(values.name)) errors.name = 'storage.errNameRequired';
  if (!text(values.provider_type)) errors.provider_type = 'storage.errProviderRequired';
  if (isRemoteFileKind(kind)) Object.assign(errors, validateRemoteStorage(values, kind, mode));
  else if (kind === 's3') {
    const endpoint = text(values.endpoint_url);
    if (!endpoint) errors.endpoint_url = 'storage.errEndpointRequired';
    else if (!isHttpUrl(endpoint)) errors.endpoint_url = 'storage.errEndpointInvalid';
    if (!text(values.bucket_name)) errors.bucket_name = 'storage.errBucketRequired';
    if (mode === 'create' && !text(values.access_key_id)) errors.access_key_id = 'storage.errAccessKeyRequired';
    if (mode === 'create' && !text(values.secret_access_key)) errors.secret_access_key = 'storage.errSecretRequired';
  }
  const customHost = isRemoteFileKind(kind) ? '' : text(values.custom_host);
  if (customHost && !isHttpUrl(customHost)) errors.custom_host = 'storage.errCustomHostInvalid';
  if (positiveInteger(values.quota) === 'invalid') errors.quota = 'storage.errQuotaInvalid';
  if (positiveInteger(values.signature_expires_in) === 'invalid') errors.signature_expires_in = 'storage.errSignatureInvalid';
  return errors;
}

function quotaBytes(values: StorageConfigFormValues): number | null {
  const quota = positiveInteger(values.quota);
  if (quota === null || quota === 'invalid') return null;
  return quota * UNIT_BYTES[values.quota_unit ?? 'GB'];
}

/** `POST /s3-configs` body (only for a valid form). */
export function buildStorageConfigCreate(values: StorageConfigFormValues): S3ConfigCreateRequest | LocalStorageConfigCreateRequest {
  const quota = quotaBytes(values);
  const signature = positiveInteger(values.signature_expires_in);
  const kind = storageKindOf(values.provider_type);
  const customHost = isRemoteFileKind(kind) ? '' : text(values.custom_host);
  const common = {
    name: text(values.name),
    default_folder: text(values.default_folder),
    is_public: values.is_public === true,
    ...(quota !== null ? { total_storage_bytes: quota } : {}),
    ...(customHost ? { custom_host: customHost } : {}),
    ...(typeof signature === 'number' ? { signature_expires_in: signature } : {}),
  };
  if (kind === 'local') return { ...common, provider_type: LOCAL_STORAGE_PROVIDER_TYPE };
  if (isRemoteFileKind(kind)) {
    return {
      ...common,
      provider_type: text(values.provider_type),
      access_key_id: '',
      secret_access_key: '',
      ...remoteStorageWireFields(values, kind),
    };
  }
  return {
    ...common,
    provider_type: text(values.provider_type),
    endpoint_url: text(values.endpoint_url),
    bucket_name: text(values.bucket_name),
    region: text(values.region),
    access_key_id: text(values.access_key_id),
    secret_access_key: text(values.secret_access_key),
    path_style: values.path_style === true,
  };
}

/** `PUT /s3-configs/{id}` body: blank secrets are omitted so the stored ones are kept; an empty quota resets it to the provider default. */
export function buildStorageConfigUpdate(values: StorageConfigFormValues): S3ConfigUpdateRequest {
  const signature = positiveInteger(values.signature_expires_in);
  const body: S3ConfigUpdateRequest = {
    name: text(values.name),
    provider_type: text(values.provider_type),
    default_folder: text(values.default_folder),
    is_public: values.is_public === true,
    total_storage_bytes: quotaBytes(values),
    custom_host: text(values.custom_host) || null,
    ...(typeof signature === 'number' ? { signature_expires_in: signature } : {}),
  };
  const kind = storageKindOf(values.provider_type);
  if (isRemoteFileKind(kind)) {
    delete body.custom_host;
    Object.assign(body, remoteStorageWireFields(values, kind));
  } else if (kind === 's3') {
    body.endpoint_url = text(values.endpoint_url);
    body.bucket_name = text(values.bucket_name);
    body.region = text(values.region);
    body.path_style = values.path_style === true;
    if (text(values.access_key_id)) body.access_key_id = text(values.access_key_id);
    if (text(values.secret_access_key)) body.secret_access_key = text(values.secret_access_key);
  }
  return body;
}

/** Form values of an existing config (secrets are never returned: left blank = keep). */
export function storageConfigToForm(config: S3Config): StorageConfigFormValues {
  const bytes = config.total_storage_bytes ?? 0;
  const inGb = bytes > 0 && bytes % BYTES_PER_GB === 0;
  const sftp = storageKindOf(config.driver === 'sftp' ? 'SFTP' : config.provider_type) === 'sftp';
  return {
    ...(sftp
      ? { ...parseSftpEndpoint(config.endpoint_url ?? ''), sftp_auth: 'password' as const, private_key: '' }
      : { sftp_port: String(DEFAULT_SFTP_PORT), sftp_auth: 'password' as const }),
    host_key_sha256: config.host_key_sha256 ?? '',
    host_key_fetched: '',
    host_key_confirmed: false,
    name: config.name,
    provider_type: isLocalStorageConfig(config) ? LOCAL_STORAGE_PROVIDER_TYPE : config.provider_type,
    endpoint_url: config.endpoint_url ?? '',
    bucket_name: config.bucket_name ?? '',
    region: config.region ?? '',
    access_key_id: '',
    secret_access_key: '',
    path_style: config.path_style === 1,
    default_folder: config.default_folder ?? '',
    is_public: config.is_public === 1,
    quota: bytes > 0 ? String(inGb ? bytes / BYTES_PER_GB : Math.max(1, Math.round(bytes / BYTES_PER_MB))) : '',
    quota_unit: inGb ? 'GB' : 'MB',
    custom_host: config.custom_host ?? '',
    signature_expires_in: config.signature_expires_in ? String(config.signature_expires_in) : '',
  };
}
