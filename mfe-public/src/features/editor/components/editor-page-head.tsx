import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../i18n/resources';

/** The editor page's title and lead text; also its first screen (src/first-screen.tsx). */
export function EditorPageHead() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <header className="cp-page-head">
      <h1>{t('editor.title')}</h1>
      <p className="cc-muted">{t('editor.subtitle')}</p>
    </header>
  );
}
