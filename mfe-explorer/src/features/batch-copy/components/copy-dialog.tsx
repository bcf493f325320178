import type { FsApi } from '../../../lib/fs-api';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { requiresClientSideCopy, type FsListItem, type FsListing, type HttpClient } from '@cloudclip/shared-kernel';
import { NAMESPACE } from '../../../i18n/resources';
import { Dialog } from '../../../components/dialog';
import { Loading } from '../../../components/loading';
import { errorMessage } from '../../../lib/format';
import { breadcrumbTrail, isWithinBasePath, joinPath, toDirectoryPath } from '../../../lib/fs-path';
import { runClientSideCopy, type CopyProgress } from '../api/client-side-copy';
import { ErrorAlert } from '../../../components/error-alert';

export interface CopyOutcome {
  /** Text for the user (already translated). */
  message: string;
  kind: 'success' | 'error' | 'info';
}

interface CopyDialogProps {
  fs: FsApi;
  http: HttpClient;
  t: (key: string, params?: Record<string, unknown>) => string;
  items: FsListItem[];
  /** Where the picker starts. */
  startDirectory: string;
  /** Highest folder the picker may show (a key's basic path). */
  root: string;
  resolveUrl: (url: string) => string;
  onDone: (outcome: CopyOutcome) => void;
  onClose: () => void;
}

type Stage = { name: 'pick' } | { name: 'copying' } | { name: 'client'; progress: CopyProgress };

/** Batch copy: pick a target folder (any mount), copy; across storages the browser copies the files itself. */
export function CopyDialog({ fs, http, t: translate, items, startDirectory, root, resolveUrl, onDone, onClose }: CopyDialogProps) {
  const { t } = useTranslation(NAMESPACE);
  const [directory, setDirectory] = useState(toDirectoryPath(startDirectory));
  const [listing, setListing] = useState<FsListing | null>(null);
  const [listError, setListError] = useState<string | null>(null);
  const [stage, setStage] = useState<Stage>({ name: 'pick' });
  const [error, setError] = useState<string | null>(null);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => {
    const abort = new AbortController();
    setListing(null);
    setListError(null);
    fs.list(directory, abort.signal).then(setListing, (caught) => !abort.signal.aborted && setListError(errorMessage(caught)));
    return () => abort.abort();
  }, [fs, directory]);

  useEffect(() => () => controller.current?.abort(), []);

  const folders = (listing?.items ?? []).filter((item) => item.isDirectory && !items.some((source) => source.path === item.path));
  const canCopyHere = !!listing && !listing.isVirtual && isWithinBasePath(directory, root);
  const busy = stage.name !== 'pick';

  const start = async () => {
    setError(null);
    setStage({ name: 'copying' });
    const abort = new AbortController();
    controller.current = abort;
    try {
      const result = await fs.batchCopy(
        items.map((item) => ({ sourcePath: item.path, targetPath: joinPath(directory, item.name, item.isDirectory) })),
        true,
        abort.signal,
      );
      if (requiresClientSideCopy(result)) {
        setStage({ name: 'client', progress: { done: 0, total: 0, current: null, percent: 0 } });
        const outcome = await runClientSideCopy({ fs, http, t: translate, resolveUrl }, result, {
          signal: abort.signal,
          onProgress: (progress) => setStage({ name: 'client', progress }),
        });
        const failed = outcome.failed.length + result.failed.length;
        onDone({
          kind: failed ? 'info' : 'success',
          message: failed ? t('copy.clientPartial', { success: outcome.copied, failed }) : t('copy.clientDone', { count: outcome.copied }),
        });
        return;
      }
      const failed = result.failed ?? [];
      if (result.success === 0 && result.skipped === 0) {
        setError(`${t('copy.nothingCopied')} ${failed.map((entry) => `${entry.sourcePath}: ${entry.error}`).join('; ')}`.trim());
        setStage({ name: 'pick' });
        return;
      }
      onDone({
        kind: failed.length ? 'info' : 'success',
        message: t('copy.done', { success: result.success, skipped: result.skipped, failed: failed.length }),
      });
    } catch (caught) {
      setError(errorMessage(caught));
      setStage({ name: 'pick' });
      // The target may hold part of the copy now: the listing is refreshed by the caller on close.
    } finally {
      controller.current = null;
    }
  };

  const trail = breadcrumbTrail(directory, root);

  return (
    <Dialog
      title={t('copy.title', { count: items.length })}
      onClose={busy ? () => controller.current?.abort() : onClose}
      busy={false}
      wide
      testId="copy-dialog"
    >
      {stage.name === 'pick' && (
        <>
          <p className="cc-muted">{t('copy.pick')}</p>
          <nav aria-label={t('copy.pickerPath')} className="ce-breadcrumbs ce-breadcrumbs--small">
            <ol>
              {trail.map((crumb, index) => (
                <li key={crumb.path}>
                  {index === trail.length - 1 ? (
                    <span aria-current="location" data-testid="copy-current">
                      {crumb.path === '/' ? t('breadcrumbs.root') : crumb.name}
                    </span>
                  ) : (
                    <button type="button" className="cc-link-button" onClick={() => setDirectory(crumb.path)}>
                      {crumb.path === '/' ? t('breadcrumbs.root') : crumb.name}
                    </button>
                  )}
                </li>
              ))}
            </ol>
          </nav>
          <div className="ce-picker" data-testid="copy-picker">
            <ErrorAlert message={listError} />
            {!listing && !listError && <Loading />}
            {listing && folders.length === 0 && <p className="cc-muted">{t('copy.noFolders')}</p>}
            {listing && folders.length > 0 && (
              <ul className="ce-picker__list">
                {folders.map((folder) => (
                  <li key={folder.path}>
                    <button
                      type="button"
                      className="ce-picker__item"
                      onClick={() => setDirectory(folder.path)}
                      data-testid="copy-folder"
                      data-name={folder.name}
                    >
                      <span aria-hidden="true">▸ </span>
                      {folder.name}
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </div>
          {!canCopyHere && listing && <p className="cc-muted">{t('copy.pickInsideMount')}</p>}
        </>
      )}
      {stage.name === 'copying' && <Loading label={t('copy.running')} testId="copy-running" />}
      {stage.name === 'client' && (
        <div data-testid="copy-progress">
          <p>{t('copy.clientRunning')}</p>
          <progress className="ce-progress" max={100} value={stage.progress.percent} aria-label={t('copy.progressLabel')} />
          <p className="cc-muted" role="status">
            {t('copy.progress', { done: stage.progress.done, total: stage.progress.total })}
            {stage.progress.current ? ` · ${stage.progress.current}` : ''}
          </p>
        </div>
      )}
      <ErrorAlert message={error} testId="copy-error" />
      <div className="cc-dialog__actions">
        {busy ? (
          <button type="button" className="cc-button" onClick={() => controller.current?.abort()} data-testid="copy-cancel">
            {t('common:actions.cancel')}
          </button>
        ) : (
          <>
            <button type="button" className="cc-button" onClick={onClose}>
              {t('common:actions.close')}
            </button>
            <button
              type="button"
              className="cc-button cc-button--primary"
              onClick={() => void start()}
              disabled={!canCopyHere}
              data-testid="copy-start"
            >
              {t('copy.here', { path: directory })}
            </button>
          </>
        )}
      </div>
    </Dialog>
  );
}
