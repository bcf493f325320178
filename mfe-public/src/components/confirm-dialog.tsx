import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { keepTabInside } from '@cloudclip/shared-kernel';
import { NAMESPACE } from '../i18n/resources';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  danger?: boolean;
  busy?: boolean;
  error?: string | null;
  onConfirm: () => void;
  onCancel: () => void;
  testId?: string;
}

/** A modal confirmation (role alertdialog): focus starts on Cancel, Escape cancels, Tab stays inside. */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  danger,
  busy,
  error,
  onConfirm,
  onCancel,
  testId,
}: ConfirmDialogProps) {
  const { t } = useTranslation(NAMESPACE);
  const titleId = useId();
  const messageId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return undefined;
    const previous = document.activeElement as HTMLElement | null;
    cancelRef.current?.focus();
    return () => previous?.focus?.();
  }, [open]);

  if (!open) return null;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onCancel();
      return;
    }
    if (dialogRef.current) keepTabInside(dialogRef.current, event);
  };

  return (
    <div className="cc-dialog-backdrop" onKeyDown={onKeyDown}>
      <div
        ref={dialogRef}
        className="cc-dialog"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={messageId}
        data-testid={testId}
      >
        <h2 id={titleId} className="cc-dialog__title">
          {title}
        </h2>
        <p id={messageId} className="cc-dialog__message">
          {message}
        </p>
        {error && (
          <p className="cc-alert cc-alert--error" role="alert">
            {error}
          </p>
        )}
        <div className="cc-dialog__actions">
          <button ref={cancelRef} type="button" className="cc-button" onClick={onCancel} disabled={busy}>
            {t('common:actions.cancel')}
          </button>
          <button
            type="button"
            className={`cc-button ${danger ? 'cc-button--danger' : 'cc-button--primary'}`}
            onClick={onConfirm}
            disabled={busy}
            data-testid={testId ? `${testId}-confirm` : undefined}
          >
            {confirmLabel}
          </button>
        </div>
      </div>
    </div>
  );
}
