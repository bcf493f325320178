import { useCallback, useEffect, useRef, useState } from 'react';
import { errorText, type BackupOverview } from '@cloudclip/shared-kernel';
import type { BackupApi } from '../api/backup-rules';

/** How often the page asks again while a backup runs. */
export const RUNNING_POLL_MS = 3000;

/** True while the last run (or the newest of the list) is still going. */
export function isRunning(overview: BackupOverview | null): boolean {
  return overview?.lastRun?.status === 'running' || overview?.runs[0]?.status === 'running';
}

/**
 * `GET /admin/backup`, loaded once and again on `reload()`; asked again every few seconds while a run
 * is 'running', stopping when it is done or the page goes away. A failed refresh keeps what was shown.
 */
export function useBackupOverview(api: BackupApi, fallbackError: string) {
  const [overview, setOverview] = useState<BackupOverview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const controller = useRef<AbortController | null>(null);

  const reload = useCallback(() => {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    api
      .overview(current.signal)
      .then((next) => {
        if (current.signal.aborted) return;
        setOverview(next);
        setError(null);
      })
      .catch((failure: unknown) => {
        if (!current.signal.aborted) setError(errorText(failure, fallbackError));
      });
  }, [api, fallbackError]);

  useEffect(() => {
    reload();
    return () => controller.current?.abort();
  }, [reload]);

  const running = isRunning(overview);
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(reload, RUNNING_POLL_MS);
    return () => clearInterval(timer);
  }, [running, reload]);

  return { overview, error, reload, running };
}
