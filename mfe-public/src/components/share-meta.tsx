import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../i18n/resources';
import { LocalTime } from './local-time';

interface MetaEntryProps {
  label: string;
  /** On the value (`<dd>`). */
  testId?: string;
  children: ReactNode;
}

/** One entry of a share's `<dl>`: its label and its value. */
export function MetaEntry({ label, testId, children }: MetaEntryProps) {
  return (
    <div>
      <dt>{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}

/** What every share has, whatever it shares. */
export interface ShareFacts {
  remark: string | null | undefined;
  createdAt: string;
  views: number;
  maxViews: number | null | undefined;
  expiresAt: string | null | undefined;
}

interface ShareMetaEntriesProps {
  share: ShareFacts;
  /** The creation time's label (a paste's "Created", a file's "Uploaded"). */
  createdLabel: string;
  /** `paste` → paste-remark, paste-views, paste-expires. */
  testIdPrefix: string;
}

/** The entries every share's `<dl>` has: remark (when there is one), creation time, views (of the maximum, when there is one) and expiry. */
export function ShareMetaEntries({ share, createdLabel, testIdPrefix }: ShareMetaEntriesProps) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const { remark, createdAt, views, maxViews, expiresAt } = share;
  return (
    <>
      {remark && (
        <MetaEntry label={t('meta.remark')} testId={`${testIdPrefix}-remark`}>
          {remark}
        </MetaEntry>
      )}
      <MetaEntry label={createdLabel}>
        <LocalTime value={createdAt} language={i18n.language} />
      </MetaEntry>
      <MetaEntry label={t('meta.views')} testId={`${testIdPrefix}-views`}>
        {maxViews ? t('meta.viewsOf', { views, max: maxViews }) : views}
      </MetaEntry>
      <MetaEntry label={t('meta.expires')} testId={`${testIdPrefix}-expires`}>
        {expiresAt ? <LocalTime value={expiresAt} language={i18n.language} /> : t('meta.never')}
      </MetaEntry>
    </>
  );
}
