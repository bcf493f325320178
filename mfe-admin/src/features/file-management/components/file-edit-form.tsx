import { App } from 'antd';
import { ModalForm, ProFormCheckbox, ProFormSelect, ProFormText } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { toBoolean, validateCustomSlug, validateMaxViews, type FileRecord } from '@cloudclip/shared-kernel';
import { useKernel } from '../../../lib/kernel-context';
import { useLanguage } from '../../../lib/use-kernel-state';
import { errorText } from '../../../lib/api-error';
import { EXPIRY_EDIT_CHOICES, formatDateTime } from '../../../lib/format';
import { fieldRule } from '../../../lib/validation';
import { NAMESPACE } from '../../../i18n/resources';
import { buildFileUpdate, type FileEditValues } from '../api/file-edit';

/** Edit a file share: remark, link suffix, expiry, max views, password. */
export function FileEditForm({
  row,
  access,
  onClose,
  onSaved,
}: {
  row: FileRecord | null;
  access: 'full' | 'user';
  onClose: () => void;
  onSaved: () => void;
}) {
  const kernel = useKernel();
  const { t } = useTranslation(NAMESPACE);
  const language = useLanguage();
  const { message } = App.useApp();
  if (!row) return null;
  const hasPassword = toBoolean(row.has_password);
  const currentExpiry = row.expires_at ? formatDateTime(row.expires_at, language) : t('common.never');

  return (
    <ModalForm<FileEditValues>
      key={row.id}
      open
      title={t('files.editTitle', { name: row.filename })}
      width={600}
      modalProps={{ onCancel: onClose, destroyOnHidden: true, maskClosable: false }}
      submitter={{ searchConfig: { submitText: t('actions.save'), resetText: t('actions.cancel') } }}
      initialValues={{
        remark: row.remark ?? '',
        slug: row.slug,
        expiry: 'keep',
        maxViews: row.max_views ? String(row.max_views) : '0',
        password: '',
        clearPassword: false,
      }}
      onFinish={async (values) => {
        const body = buildFileUpdate(values, row);
        if (!body) return false;
        try {
          if (Object.keys(body).length > 0) {
            await (access === 'full' ? kernel.api.files.adminUpdate(row.id, body) : kernel.api.files.userUpdate(row.id, body));
          }
          void message.success(t('files.saved'));
          onSaved();
          return true;
        } catch (error) {
          void message.error(errorText(t, error));
          return false;
        }
      }}
    >
      <ProFormText name="remark" label={t('files.fieldRemark')} />
      <ProFormText
        name="slug"
        label={t('files.fieldSlug')}
        tooltip={t('text.slugHelp')}
        rules={[fieldRule<string | undefined>(t, (value) => validateCustomSlug(value ?? null))]}
      />
      <ProFormSelect
        name="expiry"
        label={t('files.fieldExpiry')}
        extra={t('text.currentExpiry', { value: currentExpiry })}
        allowClear={false}
        options={EXPIRY_EDIT_CHOICES.map((choice) => ({ value: choice, label: t(`expiry.${choice}`) }))}
      />
      <ProFormText
        name="maxViews"
        label={t('files.fieldMaxViews')}
        extra={t('files.maxViewsHelp')}
        fieldProps={{ inputMode: 'numeric' }}
        rules={[fieldRule<string | undefined>(t, (value) => validateMaxViews(value ?? null))]}
      />
      <ProFormText.Password
        name="password"
        label={t('files.fieldPassword')}
        placeholder={t(hasPassword ? 'text.passwordKeep' : 'text.passwordNone')}
        fieldProps={{ autoComplete: 'new-password' }}
      />
      {hasPassword && <ProFormCheckbox name="clearPassword">{t('text.clearPassword')}</ProFormCheckbox>}
    </ModalForm>
  );
}
