import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../i18n/resources';
import { LocalTime } from './local-time';

interface ViewsAndExpiryProps {
  views: number;
  maxViews: number | null | undefined;
  expiresAt: string | null | undefined;
  /** `paste` → paste-views, paste-expires. */
  testIdPrefix: string;
}

/** The views (of the maximum, when there is one) and expiry entries of a share's `<dl>`. */
export function ViewsAndExpiry({ views, maxViews, expiresAt, testIdPrefix }: ViewsAndExpiryProps) {
  const { t, i18n } = useTranslation(NAMESPACE);
  return (
    <>
      <div>
        <dt>{t('meta.views')}</dt>
        <dd data-testid={`${testIdPrefix}-views`}>{maxViews ? t('meta.viewsOf', { views, max: maxViews }) : views}</dd>
      </div>
      <div>
        <dt>{t('meta.expires')}</dt>
        <dd data-testid={`${testIdPrefix}-expires`}>
          {expiresAt ? <LocalTime value={expiresAt} language={i18n.language} /> : t('meta.never')}
        </dd>
      </div>
    </>
  );
}
