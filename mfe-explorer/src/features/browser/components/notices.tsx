import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../i18n/resources';
import type { Notice } from '../hooks/use-notices';

/** The messages above the listing, announced politely; errors as alerts. */
export function Notices({ notices, onDismiss }: { notices: Notice[]; onDismiss: (id: number) => void }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <div className="ce-notices" aria-live="polite" data-testid="notices">
      {notices.map((notice) => (
        <div
          key={notice.id}
          className={`cc-alert cc-alert--with-action cc-alert--${notice.kind}`}
          role={notice.kind === 'error' ? 'alert' : 'status'}
          data-testid="notice"
          data-kind={notice.kind}
        >
          <span>{notice.text}</span>
          <button type="button" className="ce-icon-button" onClick={() => onDismiss(notice.id)} aria-label={t('notices.dismiss')}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
      ))}
    </div>
  );
}
