import { Space, Spin, Typography } from 'antd';
import { ModalForm, ProFormSelect, ProFormTextArea } from '@ant-design/pro-components';
import {
  PASTE_TAG_MAX_LENGTH,
  PASTE_TAG_SEPARATOR,
  PASTE_TAGS_MAX,
  SERVER_FEATURE_PASTE_TAGS,
  type AdminPasteDetail,
  type UserPasteDetail,
  useKernel,
  useServerFeature,
  validatePasteTags,
} from '@cloudclip/shared-kernel';
import { checkRule, fieldRule } from '../../../lib/validation';
import { usePasteTagCounts } from '../hooks/use-paste-tag-counts';
import { useShareDetail } from '../../../hooks/use-share-detail';
import { useDialogForm } from '../../../hooks/use-dialog-form';
import { ShareEditFields } from '../../../components/share-edit-fields';
import type { ShareEditFormProps } from '../../../components/share-table';
import { shareEditInitialValues } from '../../../lib/share-edit-values';
import { buildPasteUpdate, type PasteEditValues } from '../api/paste-edit';
import { pasteMarksOf } from '../api/paste-marks';
import type { PasteRow } from '../api/paste-table-request';
import { PasteMarkTags } from './paste-mark-tags';

type Detail = AdminPasteDetail | UserPasteDetail;

/**
 * Edit a paste: content, remark, expiry, max views, link suffix (and its password), and its tags
 * where the backend offers them (Enter or a comma adds one, the tags in use are suggested; the
 * contract's rule refuses the save with its message). An end-to-end encrypted paste's content is
 * read-only (the server has only ciphertext and refuses a changed one); everything else stays editable.
 */
export function PasteEditForm({ row, access, onClose, onSaved }: ShareEditFormProps<PasteRow>) {
  const kernel = useKernel();
  const { t, modalFormProps, save } = useDialogForm(onClose, onSaved);
  const detail: Detail | null = useShareDetail(row, access, kernel.api.pastes, onClose);
  const tagsOffered = useServerFeature(SERVER_FEATURE_PASTE_TAGS) === true;
  const { counts } = usePasteTagCounts(access, tagsOffered && row !== null);

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

  const marks = pasteMarksOf(detail);

  return (
    <ModalForm<PasteEditValues>
      key={detail.id}
      {...modalFormProps()}
      title={t('text.editTitle')}
      width={680}
      initialValues={{
        content: detail.content,
        ...shareEditInitialValues(detail),
        ...(tagsOffered ? { tags: detail.tags ?? [] } : {}),
      }}
      onFinish={async (values) => {
        const body = buildPasteUpdate(values, detail);
        if (!body) return false;
        return save(
          () => (access === 'full' ? kernel.api.pastes.adminUpdate(detail.slug, body) : kernel.api.pastes.userUpdate(detail.slug, body)),
          (result) => t('text.saved', { slug: result?.slug ?? detail.slug }),
        );
      }}
    >
      {(marks.encrypted || marks.burnAfterReading) && (
        <Space size={4} wrap style={{ marginBottom: 16 }} data-testid="paste-edit-tags">
          <PasteMarkTags marks={marks} />
        </Space>
      )}
      {marks.encrypted ? (
        <ProFormTextArea
          name="content"
          label={t('text.fieldContent')}
          extra={<span data-testid="paste-content-read-only">{t('text.encryptedReadOnly')}</span>}
          fieldProps={{ rows: 4, readOnly: true, className: 'cc-admin-mono' }}
        />
      ) : (
        <ProFormTextArea
          name="content"
          label={t('text.fieldContent')}
          required
          fieldProps={{ rows: 10, className: 'cc-admin-mono' }}
          rules={[checkRule<string | undefined>((value) => (!value || value.trim() === '' ? t('text.contentRequired') : null))]}
        />
      )}
      <ShareEditFields labels="text" share={detail} remarkPlaceholder={t('text.remarkPlaceholder')} />
      {tagsOffered && (
        <div data-testid="paste-edit-tag-field">
          <ProFormSelect
            name="tags"
            label={t('text.fieldTags')}
            extra={t('text.tagsHelp', { max: PASTE_TAGS_MAX, length: PASTE_TAG_MAX_LENGTH })}
            options={counts.map(({ tag }) => ({ value: tag, label: tag }))}
            fieldProps={{
              mode: 'tags',
              tokenSeparators: [PASTE_TAG_SEPARATOR],
              'aria-label': t('text.fieldTags'),
            }}
            rules={[fieldRule<string[] | undefined>(t, (value) => validatePasteTags(value ?? []))]}
          />
        </div>
      )}
      {marks.encrypted && (
        <Typography.Paragraph type="secondary" data-testid="paste-encrypted-password-note">
          {t('text.encryptedPasswordNote')}
        </Typography.Paragraph>
      )}
    </ModalForm>
  );
}
