import type { IsoTimestamp, Uuid } from './common';

/** `POST /admin/login` body. */
export interface LoginRequest {
  username: string;
  password: string;
}

/** `POST /admin/login` → E− `data`. `token` is 32 chars; `expiresAt` = now + 1 day (not stored by the legacy client). */
export interface LoginResponse {
  username: string;
  token: string;
  expiresAt: IsoTimestamp;
}

/**
 * `POST /admin/change-password` body. At least one of `newPassword` / `newUsername` is required;
 * a blank `newUsername` is ignored. Success revokes all of the admin's tokens (log in again).
 */
export interface ChangePasswordRequest {
  currentPassword: string;
  newPassword?: string;
  newUsername?: string;
}

/** Permission flags of an API key as booleans (built by code). */
export interface ApiKeyPermissionFlags {
  text: boolean;
  file: boolean;
  mount: boolean;
}

/** `GET /test/api-key` → E `data` (key callers only; an admin token gets 500, or 403 from our backend). */
export interface ApiKeyTestResponse {
  name: string;
  basic_path: string;
  permissions: ApiKeyPermissionFlags;
  key_info: { id: Uuid; name: string; basic_path: string };
}
