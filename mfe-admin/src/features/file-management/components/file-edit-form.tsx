import { ModalForm } from '@ant-design/pro-components';
import { toBoolean, type FileRecord, useKernel, useLanguage, formatDateTime } from '@cloudclip/shared-kernel';
import { useDialogForm } from '../../../hooks/use-dialog-form';
import { ShareEditFields } from '../../../components/share-edit-fields';
import type { ShareEditFormProps } from '../../../components/share-table';
import { buildFileUpdate, type FileEditValues } from '../api/file-edit';

/** Edit a file share: remark, link suffix, expiry, max views, password. */
export function FileEditForm({ row, access, onClose, onSaved }: ShareEditFormProps<FileRecord>) {
  const kernel = useKernel();
  const language = useLanguage();
  const { t, message, modalFormProps, submit } = useDialogForm(onClose);
  if (!row) return null;
  const hasPassword = toBoolean(row.has_password);
  const currentExpiry = row.expires_at ? formatDateTime(row.expires_at, language) : t('common.never');

  return (
    <ModalForm<FileEditValues>
      key={row.id}
      {...modalFormProps()}
      title={t('files.editTitle', { name: row.filename })}
      width={600}
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
        return submit(async () => {
          if (Object.keys(body).length > 0) {
            await (access === 'full' ? kernel.api.files.adminUpdate(row.id, body) : kernel.api.files.userUpdate(row.id, body));
          }
          void message.success(t('files.saved'));
          onSaved();
        });
      }}
    >
      <ShareEditFields labels="files" currentExpiry={currentExpiry} hasPassword={hasPassword} />
    </ModalForm>
  );
}
