import type { HttpClient, ProgressEvent } from '@cloudclip/shared-kernel';

/** `BackupSchedule` of the admin backup API (issue 37). `hour` is the server's local time. */
export interface BackupSchedule {
  enabled: boolean;
  frequency: 'daily' | 'weekly';
  hour: number;
  /** 0 = Sunday; used when weekly. */
  weekday: number;
  keep: number;
  storageConfigId: string | null;
  folder: string;
  objects: boolean;
}

export type BackupRunStatus = 'running' | 'ok' | 'failed';

export interface BackupRun {
  id: string;
  trigger: 'schedule' | 'manual';
  startedAt: string;
  finishedAt: string | null;
  status: BackupRunStatus;
  size: number | null;
  /** `<config name>:<folder>/<file>` */
  location: string | null;
  error: string | null;
}

export interface BackupOverview {
  database: 'sqlite' | 'postgresql';
  schedule: BackupSchedule;
  lastRun: BackupRun | null;
  /** Newest first, at most 10. */
  runs: BackupRun[];
}

export interface BackupManifest {
  formatVersion: number;
  schemaVersion: number;
  appVersion: string;
  createdAt: string;
  database: string;
  rowCounts: Record<string, number>;
  objectCount: number;
  objectsIncluded: boolean;
}

export interface RestoreCheck {
  checkId: string;
  manifest: BackupManifest;
  secretMatches: boolean;
  schemaMatches: boolean;
  targetEmpty: boolean;
}

export interface RestoreReport {
  inserted: Record<string, number>;
  conflicts: Array<{ table: string; id: string }>;
  objects: { restored: number; conflicts: string[] };
}

export const DEFAULT_SCHEDULE: BackupSchedule = {
  enabled: false,
  frequency: 'daily',
  hour: 3,
  weekday: 0,
  keep: 7,
  storageConfigId: null,
  folder: 'cloudclip-backups',
  objects: false,
};

export type ScheduleField = 'keep' | 'storageConfigId' | 'folder';

/** The i18n key (under `backup.`) of what is wrong with each field, checked before sending; empty when valid. */
export function scheduleProblems(schedule: BackupSchedule): Partial<Record<ScheduleField, string>> {
  const problems: Partial<Record<ScheduleField, string>> = {};
  if (!Number.isInteger(schedule.keep) || schedule.keep < 1 || schedule.keep > 90) problems.keep = 'backup.errKeep';
  if (schedule.enabled && !schedule.storageConfigId) problems.storageConfigId = 'backup.errStorage';
  const folder = schedule.folder.trim();
  if (folder.startsWith('/') || folder.includes('\\') || folder.split('/').includes('..')) problems.folder = 'backup.errFolder';
  return problems;
}

/** The sum of a manifest's row counts. */
export function totalRows(rowCounts: Record<string, number>): number {
  return Object.values(rowCounts).reduce((sum, count) => sum + count, 0);
}

/** The admin backup endpoints (`/api/admin/backup…`), through the kernel's one API client. */
export function createBackupApi(http: HttpClient) {
  return {
    /** `GET /admin/backup`: database kind, schedule, last run and the last 10 runs. */
    overview(signal?: AbortSignal): Promise<BackupOverview> {
      return http.data<BackupOverview>('/admin/backup', { signal });
    },

    /** `PUT /admin/backup/schedule` → the saved schedule (400 with a message for a bad value). */
    saveSchedule(schedule: BackupSchedule): Promise<BackupSchedule> {
      return http.data<BackupSchedule>('/admin/backup/schedule', { method: 'PUT', body: schedule });
    },

    /** `POST /admin/backup/run` → 202 with the running run; 409 when one is already going. */
    runNow(): Promise<BackupRun> {
      return http.data<BackupRun>('/admin/backup/run', { method: 'POST', body: {} });
    },

    /** `POST /admin/backup/download-token` → a one-time address the browser downloads the archive from. */
    downloadToken(objects: boolean): Promise<{ url: string; expiresAt: string }> {
      return http.data<{ url: string; expiresAt: string }>('/admin/backup/download-token', { method: 'POST', body: { objects } });
    },

    /** `POST /admin/backup/restore/check` with the archive's bytes as the body, with upload progress. */
    async check(file: Blob, options: { signal?: AbortSignal; onProgress?: (event: ProgressEvent) => void } = {}): Promise<RestoreCheck> {
      const body = await http.upload<{ data: RestoreCheck }>('/admin/backup/restore/check', {
        method: 'POST',
        body: file,
        headers: { 'Content-Type': 'application/gzip' },
        signal: options.signal,
        onUploadProgress: options.onProgress,
        cancelledAs: 'upload',
      });
      return body.data;
    },

    /** `POST /admin/backup/restore` → what was restored and what already existed. */
    restore(request: { checkId: string; merge: boolean; secret?: string }): Promise<RestoreReport> {
      return http.data<RestoreReport>('/admin/backup/restore', { method: 'POST', body: request });
    },

    /** The absolute address of the archive download URL the server returned (relative to the API's origin). */
    archiveUrl(url: string): string {
      if (/^https?:\/\//i.test(url)) return url;
      // The server answers `/api/admin/backup/archive?token=…`; the client adds `/api` itself.
      return http.url(url.replace(/^\/api(?=\/)/, ''));
    },
  };
}

export type BackupApi = ReturnType<typeof createBackupApi>;
