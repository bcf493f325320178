import { useTranslation } from 'react-i18next';
import { formatBytes } from '@cloudclip/shared-kernel';
import { NAMESPACE } from '../../../i18n/resources';
import { ShareResult } from '../../../components/share-result';
import { TitledCard } from '../../../components/titled-card';
import { pageUrl } from '../../../lib/format';
import type { RecentUpload } from '../stores/recent-uploads-store';

/** The last uploads (spec: 3), kept across reloads. */
export function RecentUploadsList({
  items,
  onRemove,
  onClear,
}: {
  items: RecentUpload[];
  onRemove: (slug: string) => void;
  onClear: () => void;
}) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <TitledCard
      titleId="cu-recent-title"
      title={t('recent.title')}
      testId="recent-uploads"
      aside={
        items.length > 0 && (
          <button type="button" className="cc-button cc-button--small cc-button--ghost" onClick={onClear} data-testid="recent-clear">
            {t('recent.clear')}
          </button>
        )
      }
    >
      {items.length === 0 ? (
        <p className="cc-hint" data-testid="recent-empty">
          {t('recent.empty')}
        </p>
      ) : (
        <ul className="cu-items">
          {items.map((item) => (
            <li key={item.slug} className="cu-item" data-testid="recent-item" data-slug={item.slug}>
              <div className="cu-item__head">
                <span className="cu-item__name cc-fill-ellipsis" title={item.filename}>
                  {item.filename}
                </span>
                <button
                  type="button"
                  className="cc-button cc-button--small cc-button--ghost"
                  aria-label={t('recent.remove', { name: item.filename })}
                  onClick={() => onRemove(item.slug)}
                >
                  ×
                </button>
              </div>
              <p className="cu-item__meta cu-item__meta--plain">
                {formatBytes(item.size)} · <time dateTime={new Date(item.uploadedAt).toISOString()}>{time.format(item.uploadedAt)}</time>
                {item.hasPassword && <> · {t('recent.protected')}</>}
              </p>
              <ShareResult link={pageUrl(item.path)} idPrefix={`cu-recent-${item.slug}`} />
            </li>
          ))}
        </ul>
      )}
    </TitledCard>
  );
}
