import type { FormRule } from 'antd';
import { ProFormCheckbox, ProFormText } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../i18n/resources';

/** The key's name and its three permissions (mount needs file), in the create and edit dialogs. */
export function KeyNamePermissionFields({ nameRule, mountRule }: { nameRule: FormRule; mountRule: FormRule }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <>
      <ProFormText name="name" label={t('keys.fieldName')} required rules={[nameRule]} />
      <div className="cc-admin-field-title">{t('keys.fieldPermissions')}</div>
      <ProFormCheckbox name="text_permission">{t('keys.permText')}</ProFormCheckbox>
      <ProFormCheckbox name="file_permission">{t('keys.permFile')}</ProFormCheckbox>
      <ProFormCheckbox name="mount_permission" dependencies={['file_permission']} rules={[mountRule]} extra={t('keys.mountHelp')}>
        {t('keys.permMount')}
      </ProFormCheckbox>
    </>
  );
}
