import { useTranslation } from 'react-i18next';

export function RemoteFailure({ remote, onRetry, retrying }: { remote: string; onRetry: () => void; retrying: boolean }) {
  const { t } = useTranslation('shell');
  return (
    <div className="cc-remote-failure" role="alert" data-testid="remote-failure" data-remote={remote}>
      <p className="cc-remote-failure__title">{t('remote.failed')}</p>
      <p className="cc-muted">{t('remote.failedHint')}</p>
      <button type="button" className="cc-button cc-button--primary" data-testid="remote-retry" onClick={onRetry} disabled={retrying}>
        {retrying ? t('remote.retrying') : t('remote.retry')}
      </button>
    </div>
  );
}
