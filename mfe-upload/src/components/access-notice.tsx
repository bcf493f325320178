import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../i18n/resources';

/** Told to visitors who may not upload: what is needed, and a way to the login (through the host). */
export function AccessNotice({ reason, onLogin }: { reason: 'anonymous' | 'key-without-file-permission'; onLogin: () => void }) {
  const { t } = useTranslation(NAMESPACE);
  const key = reason === 'anonymous' ? 'anonymous' : 'noFilePermission';
  return (
    <section className="cc-card cu-access" data-testid="upload-access-notice" data-reason={reason} aria-labelledby="cu-access-title">
      <h2 id="cu-access-title" className="cc-card__title">
        {t(`access.${key}Title`)}
      </h2>
      <p>{t(`access.${key}Body`)}</p>
      <button type="button" className="cc-button cc-button--primary" onClick={onLogin} data-testid="upload-login">
        {t('common:actions.goToLogin')}
      </button>
    </section>
  );
}
