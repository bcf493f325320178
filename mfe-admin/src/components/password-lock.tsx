import { Tooltip } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../i18n/resources';

/** The lock icon (with its tooltip and accessible name) beside the name of a password-protected share. */
export function PasswordLock() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <Tooltip title={t('common.passwordProtected')}>
      <LockOutlined aria-label={t('common.passwordProtected')} />
    </Tooltip>
  );
}
