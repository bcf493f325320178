import { useTranslation } from 'react-i18next';
import { BYTES_PER_MB, formatBytes } from '@cloudclip/shared-kernel';
import { NAMESPACE } from '../../../i18n/resources';
import { focusFirstInvalid } from '../../../lib/focus-invalid';
import type { FileScope } from '../../../lib/upload-access';
import type { UploadOptions } from '../../../lib/upload-options';
import type { FileSelection } from '../hooks/use-file-selection';
import { useUploadQueue } from '../hooks/use-upload-queue';
import type { UploadResult } from '../utils/upload-queue';
import { DropZone } from './drop-zone';
import { UploadItemRow } from './upload-item-row';

interface FileUploadPanelProps {
  scope: FileScope;
  maxUploadMb: number;
  /** Validates the page's options for a batch of `count` files (shows the errors; null when invalid). */
  resolveOptions: (count: number) => UploadOptions | null;
  onUploaded: (result: UploadResult) => void;
  /** The files waiting for "Start upload" (the page adds pasted, dropped and shared files to it too). */
  selection: FileSelection;
}

/** Several files at once: choose / drop / paste, review, start; then one row per file. */
export function FileUploadPanel({ scope, maxUploadMb, resolveOptions, onUploaded, selection }: FileUploadPanelProps) {
  const { t } = useTranslation(NAMESPACE);
  const selected = selection.files;
  const queue = useUploadQueue({ scope, maxUploadMb, onUploaded });
  const maxSizeText = formatBytes(maxUploadMb * BYTES_PER_MB);

  const start = () => {
    if (selected.length === 0) return;
    const options = resolveOptions(selected.length);
    if (!options) {
      focusFirstInvalid();
      return;
    }
    queue.enqueue(selected, options);
    selection.clear();
  };

  const finished = queue.items.some((item) => item.state !== 'pending' && item.state !== 'uploading');

  return (
    <div className="cu-stack" data-testid="file-upload-panel">
      <DropZone onFiles={selection.add} maxSizeText={maxSizeText} />
      {selected.length > 0 && (
        <section className="cc-card" aria-labelledby="cu-selected-title" data-testid="selected-files">
          <h3 id="cu-selected-title" className="cu-card__subtitle">
            {t('files.selectedTitle', { count: selected.length })}
          </h3>
          <ul className="cu-selected">
            {selected.map((file, index) => (
              <li key={`${file.name}-${index}`} className="cu-selected__item" data-testid="selected-file">
                <span className="cu-item__name cc-fill-ellipsis" title={file.name}>
                  {file.name}
                </span>
                <span className="cu-item__size">{formatBytes(file.size)}</span>
                <button
                  type="button"
                  className="cc-button cc-button--small cc-button--ghost"
                  aria-label={t('files.unselect', { name: file.name })}
                  onClick={() => selection.removeAt(index)}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
          <div className="cc-toolbar cu-actions">
            <button type="button" className="cc-button cc-button--primary" onClick={start} data-testid="start-upload">
              {t('files.start')}
            </button>
            <button type="button" className="cc-button cc-button--ghost" onClick={selection.clear}>
              {t('files.clearSelection')}
            </button>
          </div>
        </section>
      )}
      {queue.items.length > 0 && (
        <section className="cc-card" aria-labelledby="cu-list-title">
          <div className="cu-card__head">
            <h3 id="cu-list-title" className="cu-card__subtitle">
              {t('files.listTitle')}
            </h3>
            {finished && (
              <button type="button" className="cc-button cc-button--small cc-button--ghost" onClick={queue.clearFinished}>
                {t('files.clearFinished')}
              </button>
            )}
          </div>
          <ul className="cu-items" data-testid="upload-list">
            {queue.items.map((item) => (
              <UploadItemRow key={item.id} item={item} onCancel={queue.cancel} onRetry={queue.retry} onRemove={queue.remove} />
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
