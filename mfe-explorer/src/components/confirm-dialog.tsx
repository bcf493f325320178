import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../i18n/resources';
import { Dialog } from './dialog';

interface ConfirmDialogProps {
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

/** Confirmation of a destructive action: focus starts on Cancel. */
export function ConfirmDialog({
  title,
  message,
  confirmLabel,
  danger = true,
  busy,
  error,
  onConfirm,
  onCancel,
  testId = 'confirm-dialog',
}: ConfirmDialogProps) {
  const { t } = useTranslation(NAMESPACE);
  const messageId = useId();
  return (
    <Dialog
      title={title}
      role="alertdialog"
      describedBy={messageId}
      onClose={onCancel}
      busy={busy}
      testId={testId}
      footer={
        <>
          <button type="button" className="cc-button" onClick={onCancel} disabled={busy} data-autofocus>
            {t('common:actions.cancel')}
          </button>
          <button
            type="button"
            className={`cc-button ${danger ? 'cc-button--danger' : 'cc-button--primary'}`}
            onClick={onConfirm}
            disabled={busy}
            data-testid={`${testId}-confirm`}
          >
            {confirmLabel}
          </button>
        </>
      }
    >
      <p id={messageId} className="cc-dialog__message">
        {message}
      </p>
      {error && (
        <p className="cc-alert cc-alert--error" role="alert">
          {error}
        </p>
      )}
    </Dialog>
  );
}
