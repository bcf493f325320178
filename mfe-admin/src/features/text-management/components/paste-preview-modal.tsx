import { Button, Descriptions, Space, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { toBoolean, useKernel, useLanguage, formatDateTime } from '@cloudclip/shared-kernel';
import { viewsLabel } from '../../../lib/format';
import { pasteLink } from '../../../lib/share-links';
import { useShareDetail } from '../../../hooks/use-share-detail';
import { NAMESPACE } from '../../../i18n/resources';
import { InfoModal } from '../../../components/info-modal';
import type { ShareDialogProps } from '../../../components/share-table';
import { pasteMarksOf } from '../api/paste-marks';
import type { PasteRow } from '../api/paste-table-request';
import { PasteMarkTags } from './paste-mark-tags';

/**
 * The whole paste as plain text (never rendered as HTML here), with its settings. An end-to-end
 * encrypted paste shows its marks and that the server cannot read it, never its ciphertext.
 */
export function PastePreviewModal({ row, access, onClose }: ShareDialogProps<PasteRow>) {
  const kernel = useKernel();
  const { t } = useTranslation(NAMESPACE);
  const language = useLanguage();
  const detail = useShareDetail(row, access, kernel.api.pastes);
  const marks = detail ? pasteMarksOf(detail) : null;

  return (
    <InfoModal
      open={!!row}
      title={t('text.previewTitle', { slug: row?.slug ?? '' })}
      onClose={onClose}
      width={760}
      action={
        <Button key="open" href={row ? pasteLink(row.slug) : undefined} target="_blank" rel="noreferrer">
          {t('actions.open')}
        </Button>
      }
    >
      {!detail ? (
        <div className="cc-admin-center">
          <Spin />
        </div>
      ) : (
        <div data-testid="paste-preview">
          <Descriptions size="small" column={{ xs: 1, sm: 2 }} bordered>
            <Descriptions.Item label={t('text.colSlug')}>{detail.slug}</Descriptions.Item>
            <Descriptions.Item label={t('text.colRemark')}>{detail.remark || '—'}</Descriptions.Item>
            <Descriptions.Item label={t('common.expires')}>
              {detail.expires_at ? formatDateTime(detail.expires_at, language) : t('common.never')}
            </Descriptions.Item>
            <Descriptions.Item label={t('common.views')}>{viewsLabel(detail.views, detail.max_views, '∞')}</Descriptions.Item>
            <Descriptions.Item label={t('common.password')}>
              {toBoolean(detail.has_password) ? (
                <Typography.Text copyable>{detail.plain_password ?? '••••••'}</Typography.Text>
              ) : (
                t('common.none')
              )}
            </Descriptions.Item>
            <Descriptions.Item label={t('common.createdAt')}>{formatDateTime(detail.created_at, language) || '—'}</Descriptions.Item>
          </Descriptions>
          {marks && (marks.encrypted || marks.burnAfterReading) && (
            <Space size={4} wrap style={{ marginTop: 16 }} data-testid="paste-preview-tags">
              <PasteMarkTags marks={marks} />
            </Space>
          )}
          {marks?.encrypted ? (
            <Typography.Paragraph type="secondary" style={{ marginTop: 16 }} data-testid="paste-preview-encrypted">
              {t('text.encryptedReadOnly')}
            </Typography.Paragraph>
          ) : (
            <pre className="cc-admin-preview" tabIndex={0} aria-label={t('text.fieldContent')}>
              {detail.content}
            </pre>
          )}
        </div>
      )}
    </InfoModal>
  );
}
