import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../i18n/resources';
import { Loading } from '../../../components/loading';
import { parentDirectory, routeOfDirectory } from '../../../lib/fs-path';
import type { ListingState } from '../hooks/use-listing';

interface ListingStatusProps extends ListingState {
  directory: string;
  root: string;
  /** Entries in the listing (after sorting). */
  count: number;
  reload: () => void;
  /** The entries themselves, shown when there are any. */
  children: ReactNode;
}

/** The listing's states around the entries: no permission, an error with retry, loading, empty, or the count and the entries. */
export function ListingStatus({ status, listing, error, directory, root, count, reload, children }: ListingStatusProps) {
  const { t } = useTranslation(NAMESPACE);
  const navigate = useNavigate();
  if (listing && 'hasPermission' in listing && listing.hasPermission === false)
    return (
      <p className="cc-alert cc-alert--info" data-testid="no-permission">
        {t('list.noPermission', { path: root })}
      </p>
    );
  if (status === 'error')
    return (
      <div className="cc-alert cc-alert--error cc-alert--with-action" role="alert" data-testid="list-error">
        <span>{error}</span>
        <button type="button" className="cc-button" onClick={reload} data-testid="list-retry">
          {t('common:actions.retry')}
        </button>
      </div>
    );
  if (!listing) return <Loading label={t('list.loading')} testId="list-loading" />;
  if (count === 0)
    return (
      <div className="ce-empty" data-testid="list-empty">
        <p>{directory === '/' ? t('list.emptyRoot') : t('list.empty')}</p>
        {directory !== root && (
          <button type="button" className="cc-button" onClick={() => navigate(routeOfDirectory(parentDirectory(directory)))}>
            {t('list.up')}
          </button>
        )}
      </div>
    );
  return (
    <>
      <p className="cc-muted ce-count" data-testid="list-count" aria-live="polite">
        {t('list.count', { count })}
        {status === 'loading' ? ` · ${t('list.refreshing')}` : ''}
      </p>
      {children}
    </>
  );
}
