import { ModalForm } from '@ant-design/pro-components';
import { type FileRecord, useKernel } from '@cloudclip/shared-kernel';
import { useDialogForm } from '../../../hooks/use-dialog-form';
import { ShareEditFields } from '../../../components/share-edit-fields';
import type { ShareEditFormProps } from '../../../components/share-table';
import { shareEditInitialValues } from '../../../lib/share-edit-values';
import { buildFileUpdate, type FileEditValues } from '../api/file-edit';

/** Edit a file share: remark, link suffix, expiry, max views, password. */
export function FileEditForm({ row, access, onClose, onSaved }: ShareEditFormProps<FileRecord>) {
  const kernel = useKernel();
  const { t, modalFormProps, save } = useDialogForm(onClose, onSaved);
  if (!row) return null;

  return (
    <ModalForm<FileEditValues>
      key={row.id}
      {...modalFormProps()}
      title={t('files.editTitle', { name: row.filename })}
      width={600}
      initialValues={shareEditInitialValues(row)}
      onFinish={async (values) => {
        const body = buildFileUpdate(values, row);
        if (!body) return false;
        return save(
          async () => {
            if (Object.keys(body).length === 0) return;
            await (access === 'full' ? kernel.api.files.adminUpdate(row.id, body) : kernel.api.files.userUpdate(row.id, body));
          },
          () => t('files.saved'),
        );
      }}
    >
      <ShareEditFields labels="files" share={row} />
    </ModalForm>
  );
}
