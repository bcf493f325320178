import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { keepTabInside } from '@cloudclip/shared-kernel';

/** How many file names the dialog lists before "and N more". */
export const LISTED_FILES = 5;

export interface DropConfirmProps {
  files: File[];
  /** Hands the files on (to the share inbox, then the upload page); rejects when that failed. */
  onUpload: () => Promise<void>;
  onCancel: () => void;
}

/** Asks whether files dropped on a page should go to the upload page. */
export function DropConfirm({ files, onUpload, onCancel }: DropConfirmProps) {
  const { t } = useTranslation('shell');
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const uploadRef = useRef<HTMLButtonElement>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    uploadRef.current?.focus();
    return () => {
      if (previous?.isConnected) previous.focus();
    };
  }, []);

  const upload = async () => {
    setBusy(true);
    setFailed(false);
    try {
      await onUpload();
    } catch {
      setFailed(true);
      setBusy(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      if (!busy) onCancel();
      return;
    }
    if (dialogRef.current) keepTabInside(dialogRef.current, event);
  };

  const more = files.length - LISTED_FILES;
  return (
    <div
      className="cc-modal-backdrop"
      onClick={(event) => {
        if (event.target === event.currentTarget && !busy) onCancel();
      }}
    >
      <div
        ref={dialogRef}
        className="cc-drop-confirm"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        data-testid="file-drop-confirm"
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId} className="cc-drop-confirm__title">
          {t('drop.title', { count: files.length })}
        </h2>
        <ul className="cc-drop-confirm__files">
          {files.slice(0, LISTED_FILES).map((file, index) => (
            <li key={`${index}:${file.name}`}>{file.name}</li>
          ))}
          {more > 0 && <li className="cc-muted">{t('drop.more', { count: more })}</li>}
        </ul>
        {failed && (
          <p className="cc-drop-confirm__error" role="alert">
            {t('drop.failed')}
          </p>
        )}
        <div className="cc-drop-confirm__actions">
          <button type="button" className="cc-button" onClick={onCancel} disabled={busy}>
            {t('drop.cancel')}
          </button>
          <button ref={uploadRef} type="button" className="cc-button cc-button--primary" onClick={() => void upload()} disabled={busy}>
            {busy ? t('drop.preparing') : t('drop.upload')}
          </button>
        </div>
      </div>
    </div>
  );
}
