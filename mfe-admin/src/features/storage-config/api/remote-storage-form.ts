import {
  normaliseHostKeySha256,
  SFTP_STORAGE_PROVIDER_TYPE,
  storageDriverOf,
  WEBDAV_STORAGE_PROVIDER_TYPE,
} from '@cloudclip/shared-kernel';
import { isHttpUrl, text } from './form-text';

/**
 * The WebDAV and SFTP parts of the storage-config form (issue 38): which fields a provider type
 * shows, the SFTP endpoint `sftp://host:port`, the password-or-key choice and the host key check.
 */

export type StorageKind = 's3' | 'local' | 'webdav' | 'sftp';

export const DEFAULT_SFTP_PORT = 22;
/** Private key files larger than this are no key (refused before they are read). */
export const MAX_PRIVATE_KEY_FILE_BYTES = 64 * 1024;

export type SftpAuthMethod = 'password' | 'key';

/** The form fields of a WebDAV or SFTP config beyond the shared wire fields. */
export interface RemoteStorageFormValues {
  provider_type?: string;
  endpoint_url?: string;
  access_key_id?: string;
  secret_access_key?: string;
  sftp_host?: string;
  sftp_port?: string | number | null;
  sftp_auth?: SftpAuthMethod;
  /** PEM / OpenSSH private key (SFTP, auth `key`). */
  private_key?: string;
  /** Typed by the admin, or filled by "Fetch fingerprint". */
  host_key_sha256?: string;
  /** The fingerprint the last fetch returned ('' when none was fetched). */
  host_key_fetched?: string;
  host_key_type?: string;
  /** "I have compared this fingerprint". */
  host_key_confirmed?: boolean;
}

export type RemoteStorageField =
  | 'endpoint_url'
  | 'access_key_id'
  | 'secret_access_key'
  | 'sftp_host'
  | 'sftp_port'
  | 'private_key'
  | 'host_key_sha256'
  | 'host_key_confirmed';

export function storageKindOf(providerType: string | undefined): StorageKind {
  const kind = storageDriverOf({ provider_type: providerType ?? '' });
  return kind === 'local' ? 'local' : kind === 'webdav' ? 'webdav' : kind === 'sftp' ? 'sftp' : 's3';
}

/** WebDAV and SFTP configs: no region, path style, custom host or CORS. */
export function isRemoteFileKind(kind: StorageKind): kind is 'webdav' | 'sftp' {
  return kind === 'webdav' || kind === 'sftp';
}

export const REMOTE_PROVIDER_TYPES = [WEBDAV_STORAGE_PROVIDER_TYPE, SFTP_STORAGE_PROVIDER_TYPE] as const;

/** A host name, IPv4 address or IPv6 address (brackets optional); no scheme, path, user or port. */
function isHost(value: string): boolean {
  if (/^[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)*$/.test(value)) return true;
  const bare = value.replace(/^\[(.*)\]$/, '$1');
  return bare.includes(':') && /^[0-9A-Fa-f:.]+$/.test(bare);
}

/** The port as a number; null when empty (→ 22); 'invalid' outside 1…65535. */
export function sftpPort(value: string | number | null | undefined): number | null | 'invalid' {
  if (value === null || value === undefined || String(value).trim() === '') return null;
  const raw = String(value).trim();
  const port = /^\d+$/.test(raw) ? Number(raw) : NaN;
  return Number.isInteger(port) && port >= 1 && port <= 65535 ? port : 'invalid';
}

/** `sftp://host:port` of the form (IPv6 in brackets); null when host or port is invalid. */
export function sftpEndpoint(values: Pick<RemoteStorageFormValues, 'sftp_host' | 'sftp_port'>): string | null {
  const host = text(values.sftp_host);
  const port = sftpPort(values.sftp_port);
  if (!host || !isHost(host) || port === 'invalid') return null;
  const bare = host.replace(/^\[(.*)\]$/, '$1');
  return `sftp://${bare.includes(':') ? `[${bare}]` : bare}:${port ?? DEFAULT_SFTP_PORT}`;
}

/** Host and port of a stored `sftp://host:port` (the form's two fields). */
export function parseSftpEndpoint(endpoint: string): { sftp_host: string; sftp_port: string } {
  try {
    const url = new URL(endpoint.includes('://') ? endpoint : `sftp://${endpoint}`);
    return { sftp_host: url.hostname.replace(/^\[(.*)\]$/, '$1'), sftp_port: url.port || String(DEFAULT_SFTP_PORT) };
  } catch {
    return { sftp_host: '', sftp_port: String(DEFAULT_SFTP_PORT) };
  }
}

export function isPrivateKeyText(value: string): boolean {
  return /^-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----/.test(value.trim());
}

/** The secret sent as `secret_access_key`: the password, or the private key (kept as written). */
export function sftpSecret(values: RemoteStorageFormValues): string {
  if (values.sftp_auth === 'key') return (values.private_key ?? '').trim() ? `${(values.private_key ?? '').trim()}\n` : '';
  return text(values.secret_access_key);
}

/**
 * The host key check: a fetched fingerprint must be confirmed; a typed one (anything other than the
 * fetched value, e.g. the stored one on edit) must look like `ssh-keygen -l`'s `SHA256:…`.
 */
function hostKeyError(values: RemoteStorageFormValues): Partial<Record<RemoteStorageField, string>> {
  const typed = text(values.host_key_sha256);
  if (!typed) return { host_key_sha256: 'storage.errHostKeyRequired' };
  const normalised = normaliseHostKeySha256(typed);
  if (!normalised) return { host_key_sha256: 'storage.errHostKeyInvalid' };
  const fetched = normaliseHostKeySha256(values.host_key_fetched);
  if (fetched && fetched === normalised && values.host_key_confirmed !== true) {
    return { host_key_confirmed: 'storage.errHostKeyUnconfirmed' };
  }
  return {};
}

/**
 * WebDAV: an http(s) server URL, user and password (both may stay blank on edit = keep).
 * SFTP: host, port 1…65535 (22 when empty), user, password or a PEM key, and the host key check.
 * The base folder (`bucket_name`) may be empty for both.
 */
export function validateRemoteStorage(
  values: RemoteStorageFormValues,
  kind: 'webdav' | 'sftp',
  mode: 'create' | 'edit',
): Partial<Record<RemoteStorageField, string>> {
  const errors: Partial<Record<RemoteStorageField, string>> = {};
  if (mode === 'create' && !text(values.access_key_id)) errors.access_key_id = 'storage.errUserRequired';
  if (kind === 'webdav') {
    const url = text(values.endpoint_url);
    if (!url) errors.endpoint_url = 'storage.errWebDavUrlRequired';
    else if (!isHttpUrl(url)) errors.endpoint_url = 'storage.errEndpointInvalid';
    if (mode === 'create' && !text(values.secret_access_key)) errors.secret_access_key = 'storage.errPasswordRequired';
    return errors;
  }
  const host = text(values.sftp_host);
  if (!host) errors.sftp_host = 'storage.errHostRequired';
  else if (!isHost(host)) errors.sftp_host = 'storage.errHostInvalid';
  if (sftpPort(values.sftp_port) === 'invalid') errors.sftp_port = 'storage.errPortInvalid';
  if (values.sftp_auth === 'key') {
    const key = (values.private_key ?? '').trim();
    if (!key && mode === 'create') errors.private_key = 'storage.errPrivateKeyRequired';
    else if (key && !isPrivateKeyText(key)) errors.private_key = 'storage.errPrivateKeyInvalid';
  } else if (mode === 'create' && !text(values.secret_access_key)) {
    errors.secret_access_key = 'storage.errPasswordRequired';
  }
  return { ...errors, ...hostKeyError(values) };
}

/** The wire fields of a WebDAV / SFTP config; blank credentials are left out (on edit: keep the stored ones). */
export function remoteStorageWireFields(
  values: RemoteStorageFormValues & { bucket_name?: string },
  kind: 'webdav' | 'sftp',
): { endpoint_url: string; bucket_name: string; access_key_id?: string; secret_access_key?: string; host_key_sha256?: string } {
  const user = text(values.access_key_id);
  const secret = kind === 'sftp' ? sftpSecret(values) : text(values.secret_access_key);
  const hostKey = normaliseHostKeySha256(values.host_key_sha256);
  return {
    endpoint_url: kind === 'sftp' ? (sftpEndpoint(values) ?? '') : text(values.endpoint_url),
    bucket_name: text(values.bucket_name),
    ...(user ? { access_key_id: user } : {}),
    ...(secret ? { secret_access_key: secret } : {}),
    ...(kind === 'sftp' && hostKey ? { host_key_sha256: hostKey } : {}),
  };
}

/** The file `ssh-keygen -l -f` should read on the server for a key type (`*` when unknown). */
export function hostKeyFileFor(keyType: string | undefined): string {
  const type = keyType ?? '';
  const name = type === 'ssh-ed25519' ? 'ed25519' : type.startsWith('ecdsa-') ? 'ecdsa' : /rsa/.test(type) ? 'rsa' : '*';
  return `/etc/ssh/ssh_host_${name}_key.pub`;
}
