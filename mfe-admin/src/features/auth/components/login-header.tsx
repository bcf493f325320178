import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../i18n/resources';

/** The login page's title and lead text; also the area's first screen (src/first-screen.tsx). */
export function LoginHeader() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <div className="cc-admin-login__header">
      <h1 className="cc-admin-login__title">{t('auth.title')}</h1>
      <div className="cc-admin-login__subtitle">{t('auth.subtitle')}</div>
    </div>
  );
}
