import type { HttpClient, ProgressEvent } from '../http-client';
import type {
  BackupDownloadToken,
  BackupOverview,
  BackupRestoreCheck,
  BackupRestoreRequest,
  BackupRestoreResult,
  BackupRun,
  BackupSchedule,
} from '@cloudclip/contract';

export interface BackupCheckOptions {
  signal?: AbortSignal;
  onUploadProgress?: (event: ProgressEvent) => void;
}

/**
 * The admin backup API (issue 37; admin token only): the schedule and its runs, the one-time archive
 * download and the two-step restore. Offered when `GET /version` lists `SERVER_FEATURE_BACKUP`.
 */
export function createBackupApi(client: HttpClient) {
  return {
    /** `GET /admin/backup`: database kind, schedule, last run and the last 10 runs. */
    overview(signal?: AbortSignal): Promise<BackupOverview> {
      return client.data<BackupOverview>('/admin/backup', { signal });
    },

    /** `PUT /admin/backup/schedule` → the saved schedule (400 with a message for a bad value). */
    saveSchedule(schedule: BackupSchedule): Promise<BackupSchedule> {
      return client.data<BackupSchedule>('/admin/backup/schedule', { method: 'PUT', body: schedule });
    },

    /** `POST /admin/backup/run` → 202 with the running run; 409 when one is already going. */
    runNow(): Promise<BackupRun> {
      return client.data<BackupRun>('/admin/backup/run', { method: 'POST', body: {} });
    },

    /** `POST /admin/backup/download-token` → a one-time address (5 minutes) the browser downloads the archive from. */
    downloadToken(objects: boolean): Promise<BackupDownloadToken> {
      return client.data<BackupDownloadToken>('/admin/backup/download-token', { method: 'POST', body: { objects } });
    },

    /**
     * The absolute address of a download token's `url` (`/api/admin/backup/archive?token=…`), on the API's
     * origin, for a plain browser navigation.
     */
    archiveUrl(url: string): string {
      if (/^https?:\/\//i.test(url)) return url;
      // The server answers with its `/api` prefix; the client adds that itself.
      return client.url(url.replace(/^\/api(?=\/)/, ''));
    },

    /** `POST /admin/backup/restore/check` with the archive's bytes as the body (`application/gzip`) and upload progress. */
    check(archive: Blob, options: BackupCheckOptions = {}): Promise<BackupRestoreCheck> {
      return client
        .upload<{ data: BackupRestoreCheck }>('/admin/backup/restore/check', {
          ...options,
          method: 'POST',
          body: archive,
          headers: { 'Content-Type': 'application/gzip' },
          cancelledAs: 'upload',
        })
        .then((envelope) => envelope.data);
    },

    /** `POST /admin/backup/restore` → what was restored and what already existed (409: not empty and no merge). */
    restore(request: BackupRestoreRequest): Promise<BackupRestoreResult> {
      return client.data<BackupRestoreResult>('/admin/backup/restore', { method: 'POST', body: request });
    },
  };
}
