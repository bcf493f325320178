import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLogout } from '../../../hooks/use-logout';
import { NAMESPACE } from '../../../i18n/resources';

/** What a key holder sees on a module its permissions do not open (spec §2): a hint to log in as admin. */
export function PermissionDenied() {
  const { t } = useTranslation(NAMESPACE);
  const logout = useLogout();
  return (
    <div data-testid="permission-denied">
      <Result
        status="403"
        title={<h2 className="cc-admin-result-title">{t('auth.deniedTitle')}</h2>}
        subTitle={t('auth.deniedBody')}
        extra={
          <Button type="primary" onClick={() => void logout()} data-testid="denied-admin-login">
            {t('auth.deniedAction')}
          </Button>
        }
      />
    </div>
  );
}
