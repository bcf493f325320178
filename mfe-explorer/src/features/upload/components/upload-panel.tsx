import type { FsApi } from '../../../lib/fs-api';
import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes, type HttpClient } from '@cloudclip/shared-kernel';
import { NAMESPACE } from '../../../i18n/resources';
import { UPLOAD_METHODS, type UploadMethod } from '../api/upload-file';
import { useUploadQueue, type UploadItem } from '../hooks/use-upload-queue';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ChoiceSelect } from '../../../components/choice-select';
import { splitConflicts } from '../utils/upload-conflicts';

export interface UploadPanelProps {
  fs: FsApi;
  http: HttpClient;
  t: (key: string, params?: Record<string, unknown>) => string;
  directory: string;
  /** Names already in the directory: uploading one of them replaces it, which is confirmed first. */
  existingNames: ReadonlySet<string>;
  /** Files dropped on the page before the panel opened. */
  dropped: File[];
  onDroppedTaken: () => void;
  onUploaded: (item: UploadItem) => void;
  onClose: () => void;
}

function percent(item: UploadItem): number {
  if (item.state === 'success') return 100;
  return item.file.size > 0 ? Math.floor((item.loaded / item.file.size) * 100) : 0;
}

/** Upload several files (picker or drag and drop) with a method, per-file progress and cancel. */
export default function UploadPanel({
  fs,
  http,
  t: translate,
  directory,
  existingNames,
  dropped,
  onDroppedTaken,
  onUploaded,
  onClose,
}: UploadPanelProps) {
  const { t } = useTranslation(NAMESPACE);
  const [method, setMethod] = useState<UploadMethod>('presigned');
  const [dragging, setDragging] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const methodId = useId();
  const queue = useUploadQueue({ fs, http, t: translate }, onUploaded);
  const [replace, setReplace] = useState<{ fresh: File[]; conflicts: File[] } | null>(null);

  /** Queues files; those that would replace an existing file wait for a confirmation. */
  const add = (files: File[]) => {
    const { fresh, conflicts } = splitConflicts(files, existingNames);
    if (conflicts.length) setReplace({ fresh, conflicts });
    else queue.add(fresh, directory, method);
  };
  const addRef = useRef(add);
  addRef.current = add;

  useEffect(() => {
    if (dropped.length === 0) return;
    addRef.current(dropped);
    onDroppedTaken();
  }, [dropped, onDroppedTaken]);

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    event.stopPropagation();
    setDragging(false);
    const files = Array.from(event.dataTransfer.files ?? []);
    if (files.length) add(files);
  };

  const active = queue.items.some((item) => item.state === 'pending' || item.state === 'uploading');

  return (
    <section className="cc-card ce-upload" aria-labelledby="ce-upload-title" data-testid="upload-panel">
      <div className="ce-upload__head">
        <h2 id="ce-upload-title" className="cc-card__title">
          {t('upload.title')}
        </h2>
        <button type="button" className="cc-button" onClick={onClose} disabled={active} data-testid="upload-close">
          {t('common:actions.close')}
        </button>
      </div>
      <div className="cc-field ce-field ce-field--inline">
        <label htmlFor={methodId} className="cc-field__label">
          {t('upload.method')}
        </label>
        <ChoiceSelect
          id={methodId}
          value={method}
          choices={UPLOAD_METHODS}
          label={(value) => t(`upload.methods.${value}`)}
          onChange={setMethod}
          testId="upload-method"
        />
      </div>
      <p className="cc-muted cc-hint">{t(`upload.methodHints.${method}`)}</p>
      <div
        className={`cc-dropzone ce-dropzone${dragging ? ' cc-dropzone--active' : ''}`}
        onDragOver={(event) => {
          event.preventDefault();
          event.stopPropagation();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="upload-dropzone"
      >
        <p>{t('upload.drop', { path: directory })}</p>
        <button
          type="button"
          className="cc-button cc-button--primary"
          onClick={() => inputRef.current?.click()}
          data-testid="upload-choose"
        >
          {t('upload.choose')}
        </button>
        <input
          ref={inputRef}
          type="file"
          multiple
          className="cc-visually-hidden"
          tabIndex={-1}
          aria-hidden="true"
          data-testid="upload-input"
          onChange={(event) => {
            const files = Array.from(event.target.files ?? []);
            if (files.length) add(files);
            event.target.value = '';
          }}
        />
      </div>
      {queue.items.length > 0 && (
        <>
          <ul className="ce-upload__list" aria-label={t('upload.listLabel')} data-testid="upload-list">
            {queue.items.map((item) => (
              <li key={item.id} className="ce-upload__item" data-testid="upload-item" data-name={item.file.name} data-state={item.state}>
                <div className="ce-upload__line">
                  <span className="ce-upload__name">{item.file.name}</span>
                  <span className="cc-muted">
                    {formatBytes(item.file.size)} · {t(`upload.methods.${item.method}`)}
                  </span>
                </div>
                <div className="ce-upload__line">
                  <progress
                    className="ce-progress"
                    max={100}
                    value={percent(item)}
                    aria-label={t('upload.progressOf', { name: item.file.name })}
                    data-testid="upload-progress"
                  />
                  <span className="ce-upload__state" data-testid="upload-state">
                    {t(`upload.states.${item.state}`)} {item.state === 'uploading' ? `${percent(item)}%` : ''}
                  </span>
                  {(item.state === 'pending' || item.state === 'uploading') && (
                    <button
                      type="button"
                      className="cc-button cc-button--small"
                      onClick={() => queue.cancel(item.id)}
                      data-testid="upload-cancel"
                      aria-label={t('upload.cancelOf', { name: item.file.name })}
                    >
                      {t('common:actions.cancel')}
                    </button>
                  )}
                </div>
                {item.error && item.state !== 'success' && (
                  <p
                    className={`cc-alert ${item.state === 'cancelled' ? 'cc-alert--info' : 'cc-alert--error'}`}
                    role={item.state === 'error' ? 'alert' : undefined}
                    data-testid="upload-error"
                  >
                    {item.error}
                  </p>
                )}
              </li>
            ))}
          </ul>
          <div className="cc-toolbar">
            <button type="button" className="cc-button" onClick={queue.cancelAll} disabled={!active} data-testid="upload-cancel-all">
              {t('upload.cancelAll')}
            </button>
            <button type="button" className="cc-button" onClick={queue.clearFinished} data-testid="upload-clear">
              {t('upload.clearFinished')}
            </button>
          </div>
        </>
      )}
      {replace && (
        <ConfirmDialog
          title={t('upload.replaceTitle', { count: replace.conflicts.length })}
          message={t('upload.replaceMessage', { names: replace.conflicts.map((file) => file.name).join(', ') })}
          confirmLabel={t('upload.replace')}
          testId="replace-dialog"
          onConfirm={() => {
            queue.add([...replace.fresh, ...replace.conflicts], directory, method);
            setReplace(null);
          }}
          onCancel={() => {
            if (replace.fresh.length) queue.add(replace.fresh, directory, method);
            setReplace(null);
          }}
        />
      )}
    </section>
  );
}
