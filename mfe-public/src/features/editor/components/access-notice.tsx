import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../i18n/resources';
import { navigateToLogin } from '../../../lib/navigate-to-login';
import { LOGIN_PATH } from '../../../config/paths';
import { useKernel } from '@cloudclip/shared-kernel';

/**
 * Why sharing needs something else: `login` after a 401 (guest pastes are off or the credential is
 * gone), `guests` for a visitor on a backend without guest pastes (it could only answer 401),
 * `permission` for a key without the text permission.
 */
export type AccessNoticeReason = 'login' | 'guests' | 'permission';

/** What sharing needs: a login or the text permission. The draft is always kept. Login is in the admin area. */
export function AccessNotice({ reason }: { reason: AccessNoticeReason }) {
  const { t } = useTranslation(NAMESPACE);
  const kernel = useKernel();
  return (
    <div className="cc-alert cc-alert--warning cp-share-form__alert" role="alert" data-testid="share-access-notice" data-reason={reason}>
      <p>
        {reason === 'guests' && `${t('common:serverFeatures.unsupported', { feature: t('share.features.guestPastes') })} `}
        {reason === 'permission' ? t('access.textPermissionRequired') : t('access.loginRequired')}
      </p>
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
