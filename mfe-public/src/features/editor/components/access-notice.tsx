import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../i18n/resources';
import { navigateToLogin } from '../../../lib/navigate-to-login';
import { LOGIN_PATH } from '../../../config/paths';
import { useKernel } from '@cloudclip/shared-kernel';

/**
 * What sharing needs: a login (after a 401: guest pastes are off or the credential is gone) or the
 * text permission (a key without it). The draft is always kept. Login is in the admin area.
 */
export function AccessNotice({ reason }: { reason: 'login' | 'permission' }) {
  const { t } = useTranslation(NAMESPACE);
  const kernel = useKernel();
  return (
    <div className="cc-alert cc-alert--warning cp-share-form__alert" role="alert" data-testid="share-access-notice" data-reason={reason}>
      <p>{reason === 'login' ? t('access.loginRequired') : t('access.textPermissionRequired')}</p>
      <p>
        {t('access.draftKept')}{' '}
        <a
          href={LOGIN_PATH}
          data-testid="share-login-link"
          onClick={(event) => {
            event.preventDefault();
            navigateToLogin(kernel);
          }}
        >
          {t('common:actions.goToLogin')}
        </a>
      </p>
    </div>
  );
}
