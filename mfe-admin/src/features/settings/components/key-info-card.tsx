import { Button, Descriptions, Form, Tag } from 'antd';
import { LogoutOutlined } from '@ant-design/icons';
import { SectionCard } from '../../../components/section-card';
import { useTranslation } from 'react-i18next';
import { useLogout } from '../../../hooks/use-logout';
import { NAMESPACE } from '../../../i18n/resources';
import { SharexDownloadButton } from './sharex-download-button';
import { WebdavAddressField } from './webdav-address-field';
import { useSession } from '@cloudclip/shared-kernel';

/**
 * A key holder's own account: the key's name, base path and permissions, the WebDAV address (a key
 * with the mount permission signs in there with itself), a ShareX uploader file for a key that may
 * upload files, and 'logout authorization'.
 */
export function KeyInfoCard() {
  const { t } = useTranslation(NAMESPACE);
  const session = useSession();
  const logout = useLogout();
  const permissions = session.apiKeyPermissions ?? { text: false, file: false, mount: false };
  return (
    <SectionCard title={t('keyInfo.title')} testId="settings-key-info">
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label={t('keys.fieldName')}>{session.apiKeyInfo?.name ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('keys.fieldBasicPath')}>
          <code>{session.apiKeyInfo?.basic_path ?? '/'}</code>
        </Descriptions.Item>
        <Descriptions.Item label={t('keys.fieldPermissions')}>
          {(['text', 'file', 'mount'] as const).map((flag) => (
            <Tag key={flag} data-testid={`key-perm-${flag}`} data-on={permissions[flag] ? 'true' : 'false'}>
              {t(`keyInfo.${flag}`)}: {t(permissions[flag] ? 'keyInfo.yes' : 'keyInfo.no')}
            </Tag>
          ))}
        </Descriptions.Item>
      </Descriptions>
      {permissions.mount && (
        <Form layout="vertical" component={false}>
          <div className="cc-admin-gap">
            <WebdavAddressField help={t('settings.webdavKeyHelp')} />
          </div>
        </Form>
      )}
      {permissions.file && session.apiKey && <SharexDownloadButton apiKey={session.apiKey} />}
      <Button className="cc-admin-gap" icon={<LogoutOutlined />} onClick={() => void logout()}>
        {t('auth.keyLogout')}
      </Button>
    </SectionCard>
  );
}
