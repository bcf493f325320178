import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../i18n/resources';
import { LOGIN_PATH } from '../../../config/paths';
import { useKernel } from '@cloudclip/shared-kernel';

/** Shown instead of the explorer to visitors and to keys without the file permission: what is needed, and a login link. */
export function AccessNotice({ kind, path }: { kind: 'anonymous' | 'key-without-file'; path: string }) {
  const { t } = useTranslation(NAMESPACE);
  const kernel = useKernel();
  return (
    <div className="cc-card ce-access" data-testid="access-notice" data-kind={kind}>
      <h2 className="cc-card__title">{t(`access.${kind}.title`)}</h2>
      <p>{t(`access.${kind}.body`)}</p>
      <p className="cc-muted">
        {t('access.requested')} <code data-testid="requested-path">{path}</code>
      </p>
      <a
        className="cc-button cc-button--primary"
        href={LOGIN_PATH}
        onClick={(event) => {
          event.preventDefault();
          kernel.bus.emit('navigate', { to: LOGIN_PATH });
        }}
        data-testid="login-link"
      >
        {t('common:actions.goToLogin')}
      </a>
    </div>
  );
}
