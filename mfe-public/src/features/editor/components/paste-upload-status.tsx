import { useTranslation } from 'react-i18next';
import { useKernel } from '@cloudclip/shared-kernel';
import { NAMESPACE } from '../../../i18n/resources';
import { navigateToLogin } from '../../../lib/navigate-to-login';
import { LOGIN_PATH } from '../../../config/paths';
import type { PasteUploadMessage, PasteUploadProgress } from '../hooks/use-file-paste';

/** The upload of pasted files going on now (announced politely). */
export function PasteUploadProgressLine({ progress }: { progress: PasteUploadProgress }) {
  const { t } = useTranslation(NAMESPACE);
  const line =
    progress.percent === null
      ? t('pasteImage.uploading', { name: progress.name })
      : t('pasteImage.uploadingPercent', { name: progress.name, percent: progress.percent });
  return (
    <p className="cp-editor-paste-status cc-muted" role="status" data-testid="paste-upload-status" data-percent={progress.percent ?? ''}>
      {line}
      {progress.waiting > 0 && ` ${t('pasteImage.waiting', { count: progress.waiting })}`}
    </p>
  );
}

/** Why pasted files were not inserted: not allowed to upload (with the way to log in), or the upload failed. */
export function PasteUploadAlert({ message, onDismiss }: { message: PasteUploadMessage; onDismiss: () => void }) {
  const { t } = useTranslation(NAMESPACE);
  const kernel = useKernel();
  return (
    <div
      className="cc-alert cc-alert--error cc-alert--with-action cp-editor-notice"
      role="alert"
      data-testid="paste-upload-alert"
      data-kind={message.kind}
    >
      <p className="cp-editor-notice__text">
        {message.kind === 'denied' ? t('pasteImage.denied') : t('pasteImage.failed', { name: message.name, reason: message.reason })}
      </p>
      <div className="cp-editor-notice__actions">
        {message.kind === 'denied' && (
          <a
            href={LOGIN_PATH}
            className="cc-button"
            onClick={(event) => {
              event.preventDefault();
              navigateToLogin(kernel);
            }}
          >
            {t('common:actions.goToLogin')}
          </a>
        )}
        <button type="button" className="cc-button cc-button--ghost" onClick={onDismiss} data-testid="paste-upload-dismiss">
          {t('pasteImage.dismiss')}
        </button>
      </div>
    </div>
  );
}
