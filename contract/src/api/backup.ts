import type { IsoTimestamp } from './common';

/**
 * The admin backup API (`/api/admin/backup…`, issue 37): the schedule, the runs, the one-time archive
 * download and the two-step restore (upload and check, then restore). Admin token only; API keys never.
 */

/** In `GET /api/version` `features` when the server offers backups from the admin panel. */
export const SERVER_FEATURE_BACKUP = 'backup';

export type BackupFrequency = 'daily' | 'weekly';

/** `BackupSchedule`: `GET /admin/backup` `schedule`, `PUT /admin/backup/schedule` body and `data`. */
export interface BackupSchedule {
  enabled: boolean;
  frequency: BackupFrequency;
  /** 0..23, the server's local time. */
  hour: number;
  /** 0 = Sunday … 6; used when weekly. */
  weekday: number;
  /** How many of our archives the folder keeps (1..90). */
  keep: number;
  /** Required when enabled (and for a run now). */
  storageConfigId: string | null;
  /** Folder of the storage the archives go to (no leading slash, no `..`, no backslash); default `cloudclip-backups`. */
  folder: string;
  /** Whether the archives hold the local storage's objects too. */
  objects: boolean;
}

export type BackupTrigger = 'schedule' | 'manual';
export type BackupRunStatus = 'running' | 'ok' | 'failed';

/** One backup run: `POST /admin/backup/run` → 202 `data` (status `running`), and the overview's runs. */
export interface BackupRun {
  id: string;
  trigger: BackupTrigger;
  startedAt: IsoTimestamp;
  finishedAt: IsoTimestamp | null;
  status: BackupRunStatus;
  /** Bytes. */
  size: number | null;
  /** `<config name>:<folder>/<file>` */
  location: string | null;
  error: string | null;
}

export type BackupDatabaseKind = 'sqlite' | 'postgresql';

/** `GET /admin/backup` → `data`. */
export interface BackupOverview {
  database: BackupDatabaseKind;
  schedule: BackupSchedule;
  lastRun: BackupRun | null;
  /** Newest first, at most 10. */
  runs: BackupRun[];
}

/** `POST /admin/backup/download-token` body. */
export interface BackupDownloadTokenRequest {
  objects: boolean;
}

/** `POST /admin/backup/download-token` → `data`: a one-time address valid 5 minutes, bound to that admin. */
export interface BackupDownloadToken {
  /** `/api/admin/backup/archive?token=…` (a plain browser navigation; no Authorization header). */
  url: string;
  expiresAt: IsoTimestamp;
}

/** What an uploaded archive's manifest says (`POST /admin/backup/restore/check` → `data.manifest`). */
export interface BackupManifestSummary {
  formatVersion: number;
  schemaVersion: string;
  appVersion: string;
  createdAt: IsoTimestamp;
  database: BackupDatabaseKind;
  rowCounts: Record<string, number>;
  objectCount: number;
  objectsIncluded: boolean;
}

/** `POST /admin/backup/restore/check` (body: the archive's bytes) → `data`; the check expires after 30 minutes. */
export interface BackupRestoreCheck {
  checkId: string;
  manifest: BackupManifestSummary;
  /** Whether the archive was made with this server's APP_SECRET (otherwise the restore needs `secret`). */
  secretMatches: boolean;
  schemaMatches: boolean;
  /** Whether the database holds no user content (otherwise the restore needs `merge`). */
  targetEmpty: boolean;
}

/** `POST /admin/backup/restore` body. */
export interface BackupRestoreRequest {
  checkId: string;
  merge: boolean;
  /** The APP_SECRET the backup was made with, when `secretMatches` is false. */
  secret?: string;
}

/** A row of the archive that already existed (merge): its table and what identifies it. */
export interface BackupRestoreConflict {
  table: string;
  id: string;
}

/** `POST /admin/backup/restore` → `data`. */
export interface BackupRestoreResult {
  inserted: Record<string, number>;
  conflicts: BackupRestoreConflict[];
  objects: { restored: number; conflicts: string[] };
}
