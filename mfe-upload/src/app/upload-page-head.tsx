import type { HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../i18n/resources';

/** The upload page's title and lead text; also its first screen (src/first-screen.tsx). */
export function UploadPageHead(props: HTMLAttributes<HTMLElement>) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <header className="cu-page-head" {...props}>
      <h1>{t('page.title')}</h1>
      <p className="cc-hint">{t('page.intro')}</p>
    </header>
  );
}
