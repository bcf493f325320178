import { deepFreeze } from '@cloudclip/contract';

/**
 * Business constants and limits of the web client. What the server and the client must agree on
 * (mount limits and reserved paths, settings, slugs, multipart part size) is in @cloudclip/contract,
 * which the kernel re-exports.
 *
 * Sources: product spec §4 and §9, API contract §2.4, §5.2, §5.6, §5.7 and §8.
 * Every array / object is deep-frozen at runtime (the kernel is a singleton
 * shared by every remote, so nobody may mutate these in place) and typed
 * `as const` so that union types can be derived from it.
 */

// ---------------------------------------------------------------------------
// Sizes
// ---------------------------------------------------------------------------

/** Bytes in one kilobyte (binary, 1024 B), as used throughout the product. */
export const BYTES_PER_KB = 1024;
/** Bytes in one megabyte (binary, 1024 KB). */
export const BYTES_PER_MB = 1024 * 1024;
/** Bytes in one gigabyte (binary, 1024 MB). */
export const BYTES_PER_GB = 1024 * 1024 * 1024;

/** Units offered next to the max-upload-size field of the settings screen. */
export const SIZE_UNITS = deepFreeze(['KB', 'MB', 'GB'] as const);
export type SizeUnit = (typeof SIZE_UNITS)[number];

/** Size of one unit of {@link SIZE_UNITS} in bytes. */
export const SIZE_UNIT_BYTES: Readonly<Record<SizeUnit, number>> = deepFreeze({
  KB: BYTES_PER_KB,
  MB: BYTES_PER_MB,
  GB: BYTES_PER_GB,
});

// ---------------------------------------------------------------------------
// Backend address
// ---------------------------------------------------------------------------

/** Last-resort backend base address when nothing else is configured (contract §8). */
export const DEFAULT_BACKEND_URL = 'http://localhost:8787';

// ---------------------------------------------------------------------------
// Uploads
// ---------------------------------------------------------------------------

/** Recommended range for the max-upload-size setting, in MB (inclusive). */
export const RECOMMENDED_MAX_UPLOAD_SIZE_MB = deepFreeze({ min: 64, max: 100 } as const);

/** Markdown import: a file must be strictly smaller than this (10 MB). */
export const MARKDOWN_IMPORT_MAX_BYTES = 10 * BYTES_PER_MB;

/** File extensions accepted by the Markdown import (compared case-insensitively). */
export const MARKDOWN_EXTENSIONS = deepFreeze(['.md', '.markdown', '.mdown', '.mkd', '.mdwn', '.mdtxt', '.mdtext', '.rmd'] as const);

/** Timeout of one part of the mount-explorer multipart upload, in ms (5 minutes). */
export const FS_MULTIPART_PART_TIMEOUT_MS = 300000;

/** Default number of parts the URL-import multipart uploader sends in parallel. */
export const URL_MULTIPART_CONCURRENCY = 3;

/**
 * Overall progress ranges (percent, inclusive) of a URL import: downloading the
 * source maps to 0–49 %, uploading it to the bucket to 50–99 % (100 = committed).
 */
export const URL_UPLOAD_PROGRESS = deepFreeze({
  download: [0, 49],
  upload: [50, 99],
} as const);

/** States of one item in an upload list. */
export const UPLOAD_ITEM_STATES = deepFreeze(['pending', 'uploading', 'success', 'error', 'cancelled'] as const);
export type UploadItemState = (typeof UPLOAD_ITEM_STATES)[number];

/** Phases of one upload, in the order they happen. */
export const UPLOAD_PHASES = deepFreeze([
  'preparing',
  'initializing',
  'starting',
  'downloading',
  'uploading',
  'finalizing',
  'completed',
] as const);
export type UploadPhase = (typeof UPLOAD_PHASES)[number];

/** Number of recent uploads listed on the upload screen. */
export const RECENT_UPLOADS_COUNT = 3;

// ---------------------------------------------------------------------------
// Mount explorer (mount limits and reserved paths: @cloudclip/contract)
// ---------------------------------------------------------------------------

/** Default `expires_in` (seconds) of a file link requested from the mount explorer (7 days). */
export const FILE_LINK_DEFAULT_EXPIRES_SECONDS = 604800;

// ---------------------------------------------------------------------------
// Pagination defaults
// ---------------------------------------------------------------------------

/** Admin paste list: page-based pagination defaults. */
export const ADMIN_PASTE_PAGE = deepFreeze({ page: 1, limit: 10 } as const);

/** API-key holder paste list: offset-based pagination defaults. */
export const USER_PASTE_PAGE = deepFreeze({ limit: 10, offset: 0 } as const);

/** File lists (admin and key holder): offset-based pagination defaults. */
export const FILE_LIST_PAGE = deepFreeze({ limit: 50, offset: 0 } as const);

// ---------------------------------------------------------------------------
// Pastes
// ---------------------------------------------------------------------------

/** Expiry choices of a text share; `hours: null` = never expires. */
export const PASTE_EXPIRY_OPTIONS = deepFreeze([
  { id: '1h', hours: 1 },
  { id: '1d', hours: 24 },
  { id: '7d', hours: 168 },
  { id: '30d', hours: 720 },
  { id: 'never', hours: null },
] as const);
export type PasteExpiryOption = (typeof PASTE_EXPIRY_OPTIONS)[number];
export type PasteExpiryId = PasteExpiryOption['id'];

// ---------------------------------------------------------------------------
// Session, API keys, account
// ---------------------------------------------------------------------------

/** Stored credentials are re-validated on admin navigation once older than this (5 minutes). */
export const CREDENTIAL_STALE_MS = 5 * 60 * 1000;

/** Delay before the admin is logged out after changing username/password, in ms. */
export const ACCOUNT_CHANGE_LOGOUT_DELAY_MS = 3000;

/** Default `basic_path` of an API key. */
export const API_KEY_DEFAULT_BASIC_PATH = '/';

/**
 * Expiry choices when creating/editing an API key. `days` is set for the
 * relative choices; `never` and `custom` (an explicit date) have `days: null`.
 */
export const API_KEY_EXPIRY_OPTIONS = deepFreeze([
  { id: '1d', days: 1 },
  { id: '7d', days: 7 },
  { id: '30d', days: 30 },
  { id: 'never', days: null },
  { id: 'custom', days: null },
] as const);
export type ApiKeyExpiryOptionEntry = (typeof API_KEY_EXPIRY_OPTIONS)[number];
export type ApiKeyExpiryOption = ApiKeyExpiryOptionEntry['id'];

// ---------------------------------------------------------------------------
// Theme and language
// ---------------------------------------------------------------------------

/** Theme modes, in the order the header toggle cycles through them. */
export const THEME_MODES = deepFreeze(['auto', 'light', 'dark'] as const);
export type ThemeMode = (typeof THEME_MODES)[number];

/** Theme mode used when nothing is stored. */
export const DEFAULT_THEME_MODE: ThemeMode = 'auto';

/** Interface languages. */
export const LANGUAGES = deepFreeze(['zh-CN', 'en-US'] as const);
export type Language = (typeof LANGUAGES)[number];

/** Nominal default language of the interface (Chinese). */
export const DEFAULT_LANGUAGE: Language = 'zh-CN';

/** Language used when a text is missing in the current language. */
export const FALLBACK_LANGUAGE: Language = 'zh-CN';

/** Default locale of the message (i18n) library itself. */
export const MESSAGE_LIBRARY_DEFAULT_LANGUAGE: Language = 'en-US';

/**
 * Browser-language detection: a browser language starting with this prefix
 * gives `zh-CN`, any other gives `en-US`.
 */
export const BROWSER_CHINESE_LANGUAGE_PREFIX = 'zh';
