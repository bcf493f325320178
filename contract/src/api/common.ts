/**
 * Shapes shared by every endpoint of the legacy-compatible API (api-contract §0, §1).
 * Field names follow the contract exactly; do not rename.
 */

/**
 * A timestamp as the server writes it: ISO-8601 with `Z` (application code) or SQLite
 * `YYYY-MM-DD HH:MM:SS` without zone (DB default clock, means UTC). Both may occur in one object.
 * Read it with `parseApiTimestamp`.
 */
export type ApiTimestamp = string;

/** A timestamp the contract documents as ISO-8601 with `Z` (still parse it with `parseApiTimestamp`). */
export type IsoTimestamp = string;

/**
 * A boolean as the server sends it: DB values are `0`/`1`, values built by code are `true`/`false`,
 * and missing values are `null`. Read it with `toBoolean`.
 */
export type DbBoolean = 0 | 1 | boolean | null;

/** UUID v4 string (pastes, files, API keys, S3 configs, mounts, admins). */
export type Uuid = string;

/**
 * Shape E: `{ code, message, data, success }`. `success` is absent in shape E− (admin login/logout,
 * change-password, all /admin/pastes*); `data` is absent on many write endpoints.
 * `code` is 200, or 201 on creates / 202 on batch copies with HTTP 200.
 */
export interface ApiEnvelope<T> {
  code: number;
  message: string;
  /** Absent in shape E−. Never required by the client. */
  success?: boolean;
  data: T;
}

/** Shape E/E− of a write endpoint that sends no `data` (the count of batch deletes is only in `message`). */
export interface ApiMessage {
  code: number;
  message: string;
  success?: boolean;
  data?: null;
}

/** Shape M (`/{admin,user}/fs/multipart/*`): no `code`/`message`. */
export interface MultipartEnvelope<T> {
  success: true;
  data: T;
}

/** Default error envelope (thrown errors, explicit error returns, unknown route). */
export interface ApiErrorEnvelope {
  code: number;
  message: string;
  success: false;
  /** `null` by default; absent on cache endpoints; a test result on a failed S3-config test. */
  data?: unknown;
}

/** Error shape of `GET /api/office-preview/{slug}` (flat). */
export interface FlatErrorBody {
  error: string;
}

/** Admin pastes: `?page&limit` → top-level `pagination`. */
export interface PagePagination {
  total: number;
  page: number;
  limit: number;
  totalPages: number;
}

/** User pastes and user files: `?limit&offset` → `pagination` with `hasMore`. */
export interface OffsetPagination {
  total: number;
  limit: number;
  offset: number;
  hasMore: boolean;
}

/** Admin files: `?limit&offset` → `data.pagination` without `hasMore`. */
export interface AdminFilesPagination {
  total: number;
  limit: number;
  offset: number;
}

/** Query of an offset-paginated list. */
export interface OffsetPageQuery {
  limit?: number;
  offset?: number;
}

/** Top-level `key_info` sibling of `data` on `GET /user/pastes` and `GET /user/files` (`null` for admin callers). */
export interface UserKeyInfo {
  id: Uuid;
  name: string;
  key: string;
  /** camelCase here (snake_case `basic_path` elsewhere). */
  basicPath: string;
  permissions: { text: boolean; file: boolean; mount: boolean; admin: boolean };
}

/**
 * Reads a contract boolean: `1`/`true` are true; `0`/`false`/`null`/absent are false.
 * The strings `"1"` and `"true"` (settings rows, query echoes) are accepted as true too.
 */
export function toBoolean(value: DbBoolean | string | number | undefined): boolean {
  return value === true || value === 1 || value === '1' || value === 'true';
}

const SQLITE_TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?$/;
const HAS_ZONE = /(?:[zZ]|[+-]\d{2}:?\d{2})$/;

/**
 * Parses a server timestamp: ISO-8601 with `Z` or an offset, SQLite `YYYY-MM-DD HH:MM:SS[.fff]`
 * (no zone: UTC), a zone-less ISO `YYYY-MM-DDTHH:MM:SS` (also UTC), a date-only `YYYY-MM-DD` (UTC
 * midnight) or epoch milliseconds. Returns null for empty or unparsable input.
 */
export function parseApiTimestamp(value: string | number | null | undefined): Date | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    const date = new Date(value);
    return Number.isNaN(date.getTime()) ? null : date;
  }
  const text = value.trim();
  if (!text) return null;
  const local = SQLITE_TIMESTAMP.exec(text);
  if (local) {
    const [, y, mo, d, h, mi, s, frac] = local;
    const ms = frac ? Math.round(Number(`0.${frac}`) * 1000) : 0;
    const time = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s ?? 0), ms);
    const date = new Date(time);
    // Reject overflowed fields (e.g. month 13) that Date.UTC silently rolls over.
    if (date.getUTCMonth() !== Number(mo) - 1 || date.getUTCDate() !== Number(d)) return null;
    return date;
  }
  if (/^\d{4}-\d{2}-\d{2}$/.test(text) || HAS_ZONE.test(text)) {
    const date = new Date(text);
    return Number.isNaN(date.getTime()) ? null : date;
  }
  return null;
}
