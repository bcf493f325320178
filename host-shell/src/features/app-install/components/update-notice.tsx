import { useTranslation } from 'react-i18next';
import { useNewRelease, type NewReleaseOptions } from '../hooks/use-new-release';

export interface UpdateNoticeProps extends NewReleaseOptions {
  /** Reloads the page; replaceable in tests. */
  reload?: () => void;
}

/** Offers to reload once the environment pins a new host or other remote releases than the page runs. */
export function UpdateNotice({ reload = () => window.location.reload(), ...options }: UpdateNoticeProps) {
  const { t } = useTranslation('shell');
  const { available, dismiss } = useNewRelease(options);
  if (!available) return null;
  return (
    <div className="cc-update-notice" role="status" data-testid="app-update-notice">
      <span className="cc-update-notice__text">{t('app.updateAvailable')}</span>
      <button type="button" className="cc-button cc-button--primary" onClick={reload}>
        {t('app.reload')}
      </button>
      <button
        type="button"
        className="cc-button cc-button--ghost cc-update-notice__dismiss"
        aria-label={t('app.dismiss')}
        onClick={dismiss}
      >
        ×
      </button>
    </div>
  );
}
