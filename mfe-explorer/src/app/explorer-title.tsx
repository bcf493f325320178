import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../i18n/resources';

/** The explorer page's heading; also part of its first screen (src/first-screen.tsx). */
export function ExplorerTitle() {
  const { t } = useTranslation(NAMESPACE);
  return <h1 className="ce-page__title">{t('title')}</h1>;
}
