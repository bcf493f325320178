import { deepFreeze } from './deep-freeze';

/** System settings (contract §5.7): their keys, the values they accept and their defaults. */

export const SETTING_MAX_UPLOAD_SIZE = 'max_upload_size';
export const SETTING_WEBDAV_UPLOAD_MODE = 'webdav_upload_mode';
/** Cloudclip addition: the guest-paste switch (`"true"` / `"false"`; absent = off). */
export const SETTING_ALLOW_GUEST_PASTES = 'allow_guest_pastes';
/**
 * A backend that has the guest-paste switch (`allow_guest_pastes`; it may still be off) lists
 * `"guest-pastes"` in `GET /api/version` → `data.features`. On a backend of the plain contract
 * `POST /api/paste` always needs credentials, so a client asks a visitor to log in before sharing.
 */
export const SERVER_FEATURE_GUEST_PASTES = 'guest-pastes';

/** Max upload size in MB while the setting was never saved (and the client's fallback when it cannot read it). */
export const DEFAULT_MAX_UPLOAD_SIZE_MB = 100;

/**
 * Cloudclip addition: how much paste text (content + remark, UTF-8 bytes) one API key may keep
 * stored, in whole megabytes (MiB). Absent or invalid = {@link DEFAULT_PASTE_STORAGE_PER_KEY_MB}.
 */
export const SETTING_PASTE_STORAGE_PER_KEY_MB = 'paste_storage_per_key_mb';
/**
 * Cloudclip addition: how much paste text all pastes together may take, in whole megabytes (MiB).
 * Absent or invalid = {@link DEFAULT_PASTE_STORAGE_TOTAL_MB}.
 */
export const SETTING_PASTE_STORAGE_TOTAL_MB = 'paste_storage_total_mb';

/** Per-key paste storage while the setting was never saved: room for ten of the editor's largest (10 MB) imports. */
export const DEFAULT_PASTE_STORAGE_PER_KEY_MB = 100;
/** Paste storage of the whole server while the setting was never saved: 1 GiB of text in the database. */
export const DEFAULT_PASTE_STORAGE_TOTAL_MB = 1024;

/** WebDAV upload modes accepted by `webdav_upload_mode`. */
export const WEBDAV_UPLOAD_MODES = deepFreeze(['auto', 'proxy', 'multipart', 'direct'] as const);
export type WebdavUploadMode = (typeof WEBDAV_UPLOAD_MODES)[number];

/** Effective WebDAV upload mode while the setting has never been saved. */
export const DEFAULT_WEBDAV_UPLOAD_MODE: WebdavUploadMode = 'auto';

/** Whether a value is one of {@link WEBDAV_UPLOAD_MODES}. */
export function isWebdavUploadMode(value: unknown): value is WebdavUploadMode {
  return (WEBDAV_UPLOAD_MODES as readonly unknown[]).includes(value);
}

/**
 * The WebDAV upload mode a stored `webdav_upload_mode` value means: the value (surrounding spaces
 * ignored) when it is a known mode, else {@link DEFAULT_WEBDAV_UPLOAD_MODE} (never saved, or edited
 * by hand into something unknown). The server works by it and the admin form shows it.
 */
export function effectiveWebdavUploadMode(stored: string | null | undefined): WebdavUploadMode {
  const mode = stored?.trim();
  return isWebdavUploadMode(mode) ? mode : DEFAULT_WEBDAV_UPLOAD_MODE;
}

/** Part size of multipart uploads (mount explorer and URL import): 5 MiB. */
export const MULTIPART_PART_BYTES = 5 * 1024 * 1024;

/** Longest lifetime of a file link from the mount explorer, in seconds (7 days, as S3 presigned URLs). */
export const FILE_LINK_MAX_EXPIRES_SECONDS = 604800;
