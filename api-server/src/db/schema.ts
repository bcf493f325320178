import type { Generated, Insertable, Selectable } from 'kysely';

/**
 * Table types for Kysely. Timestamps are text: ISO-8601 with `Z` written by application code
 * (older imported rows may carry the SQLite form `YYYY-MM-DD HH:MM:SS`, UTC).
 * Booleans are integers 0/1 as in the reference schema (contract §0).
 * New tables are added here together with the migration that creates them.
 */

export interface AdminsTable {
  id: string;
  username: string;
  password_hash: string;
  created_at: string;
  updated_at: string;
}

export interface AdminTokensTable {
  token: string;
  admin_id: string;
  expires_at: string;
  created_at: string;
}

export interface ApiKeysTable {
  id: string;
  name: string;
  key: string;
  text_permission: Generated<number>;
  file_permission: Generated<number>;
  mount_permission: Generated<number>;
  basic_path: Generated<string>;
  last_used: string | null;
  expires_at: string;
  created_at: string;
}

export interface SystemSettingsTable {
  key: string;
  value: string;
  description: string | null;
  updated_at: string;
}

export interface Database {
  admins: AdminsTable;
  admin_tokens: AdminTokensTable;
  api_keys: ApiKeysTable;
  system_settings: SystemSettingsTable;
}

export type AdminRow = Selectable<AdminsTable>;
export type NewAdminRow = Insertable<AdminsTable>;
export type AdminTokenRow = Selectable<AdminTokensTable>;
export type ApiKeyRow = Selectable<ApiKeysTable>;
export type NewApiKeyRow = Insertable<ApiKeysTable>;
export type SystemSettingRow = Selectable<SystemSettingsTable>;
