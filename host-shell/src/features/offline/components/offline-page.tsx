import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';

export interface OfflinePageProps {
  /** Runs once when the page is shown (the shell drops the boot page's first screen then). */
  onShown?: () => void;
  /** Reloads the page; replaceable in tests. */
  reload?: () => void;
}

/** What a page that needs the network shows, inside the shell, while the device is offline. */
export function OfflinePage({ onShown, reload = () => window.location.reload() }: OfflinePageProps) {
  const { t } = useTranslation('shell');
  const onShownRef = useRef(onShown);
  onShownRef.current = onShown;
  useEffect(() => onShownRef.current?.(), []);
  return (
    <section className="cc-offline-page" data-testid="offline-page" aria-labelledby="cc-offline-title">
      <h1 id="cc-offline-title" className="cc-offline-page__title">
        {t('offline.title')}
      </h1>
      <p>{t('offline.available')}</p>
      <p className="cc-muted">{t('offline.hint')}</p>
      <div className="cc-offline-page__actions">
        <button type="button" className="cc-button cc-button--primary" data-testid="offline-retry" onClick={reload}>
          {t('offline.retry')}
        </button>
        <Link className="cc-button" to="/">
          {t('offline.home')}
        </Link>
      </div>
    </section>
  );
}
