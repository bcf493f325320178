import type { ApiTimestamp, IsoTimestamp, Uuid } from './common';

/** One row of `GET /admin/api-keys` (ordered by `created_at` desc, expired keys purged, unpaginated). */
export interface ApiKey {
  id: Uuid;
  name: string;
  /** The full key value is returned to the admin (contract §9.5). */
  key: string;
  /** First 6 characters + `...`. */
  key_masked: string;
  text_permission: 0 | 1;
  file_permission: 0 | 1;
  mount_permission: 0 | 1;
  basic_path: string;
  created_at: IsoTimestamp;
  /** `9999-12-31T23:59:59.000Z` (`NEVER_EXPIRES_AT`) = never. */
  expires_at: IsoTimestamp;
  /** SQLite form, or null when never used. */
  last_used: ApiTimestamp | null;
}

/** `POST /admin/api-keys` body. */
export interface ApiKeyCreateRequest {
  name: string;
  /** Omitted/empty → now + 1 day; `null` or `"never"` → never. */
  expires_at?: IsoTimestamp | null | 'never';
  /** Only literal `true` enables a flag. */
  text_permission?: boolean;
  file_permission?: boolean;
  mount_permission?: boolean;
  /** `^[A-Za-z0-9_-]+$`; otherwise 12 random characters are generated. */
  custom_key?: string;
  /** Default `/` (not validated by the server). */
  basic_path?: string;
}

/** `POST /admin/api-keys` → HTTP 200, body `code: 201`, `data` (permissions as booleans here). */
export interface ApiKeyCreateResponse {
  id: Uuid;
  name: string;
  key: string;
  key_masked: string;
  text_permission: boolean;
  file_permission: boolean;
  mount_permission: boolean;
  basic_path: string;
  created_at: IsoTimestamp;
  expires_at: IsoTimestamp;
}

/** `PUT /admin/api-keys/{id}` body: any subset; the key value itself cannot change. 200 E without data. */
export interface ApiKeyUpdateRequest {
  name?: string;
  /** Truthy → 1. */
  text_permission?: boolean;
  file_permission?: boolean;
  mount_permission?: boolean;
  basic_path?: string;
  /** `null` / `"never"` → never; a date → that date; omitted → unchanged. */
  expires_at?: IsoTimestamp | null | 'never';
}
