import { App } from 'antd';
import { ModalForm } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { toBoolean, type FileRecord, useKernel, useLanguage, errorText, formatDateTime } from '@cloudclip/shared-kernel';
import { NAMESPACE } from '../../../i18n/resources';
import { ShareEditFields } from '../../../components/share-edit-fields';
import type { ShareEditFormProps } from '../../../components/share-table';
import { buildFileUpdate, type FileEditValues } from '../api/file-edit';

/** Edit a file share: remark, link suffix, expiry, max views, password. */
export function FileEditForm({ row, access, onClose, onSaved }: ShareEditFormProps<FileRecord>) {
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
      submitter={{ searchConfig: { submitText: t('common:actions.save'), resetText: t('common:actions.cancel') } }}
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
          void message.error(errorText(error, t('common:errors.requestFailed')));
          return false;
        }
      }}
    >
      <ShareEditFields labels="files" currentExpiry={currentExpiry} hasPassword={hasPassword} />
    </ModalForm>
  );
}
