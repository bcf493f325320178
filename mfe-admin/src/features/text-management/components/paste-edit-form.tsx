import { Spin } from 'antd';
import { ModalForm, ProFormTextArea } from '@ant-design/pro-components';
import { type AdminPasteDetail, type UserPasteDetail, useKernel } from '@cloudclip/shared-kernel';
import { checkRule } from '../../../lib/validation';
import { useShareDetail } from '../../../hooks/use-share-detail';
import { useDialogForm } from '../../../hooks/use-dialog-form';
import { ShareEditFields } from '../../../components/share-edit-fields';
import type { ShareEditFormProps } from '../../../components/share-table';
import { shareEditInitialValues } from '../../../lib/share-edit-values';
import { buildPasteUpdate, type PasteEditValues } from '../api/paste-edit';
import type { PasteRow } from '../api/paste-table-request';

type Detail = AdminPasteDetail | UserPasteDetail;

/** Edit a paste: content, remark, expiry, max views, link suffix (and its password). */
export function PasteEditForm({ row, access, onClose, onSaved }: ShareEditFormProps<PasteRow>) {
  const kernel = useKernel();
  const { t, message, modalFormProps, submit } = useDialogForm(onClose);
  const detail: Detail | null = useShareDetail(row, access, kernel.api.pastes, onClose);

  if (!row) return null;
  if (!detail) {
    return (
      <ModalForm open title={t('text.editTitle')} submitter={false} modalProps={{ onCancel: onClose, destroyOnHidden: true }}>
        <div className="cc-admin-center">
          <Spin />
        </div>
      </ModalForm>
    );
  }

  return (
    <ModalForm<PasteEditValues>
      key={detail.id}
      {...modalFormProps()}
      title={t('text.editTitle')}
      width={680}
      initialValues={{ content: detail.content, ...shareEditInitialValues(detail) }}
      onFinish={async (values) => {
        const body = buildPasteUpdate(values, detail);
        if (!body) return false;
        return submit(async () => {
          const result = await (access === 'full'
            ? kernel.api.pastes.adminUpdate(detail.slug, body)
            : kernel.api.pastes.userUpdate(detail.slug, body));
          void message.success(t('text.saved', { slug: result?.slug ?? detail.slug }));
          onSaved();
        });
      }}
    >
      <ProFormTextArea
        name="content"
        label={t('text.fieldContent')}
        required
        fieldProps={{ rows: 10, className: 'cc-admin-mono' }}
        rules={[checkRule<string | undefined>((value) => (!value || value.trim() === '' ? t('text.contentRequired') : null))]}
      />
      <ShareEditFields labels="text" share={detail} remarkPlaceholder={t('text.remarkPlaceholder')} />
    </ModalForm>
  );
}
