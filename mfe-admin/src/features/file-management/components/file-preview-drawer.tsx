import { Button, Descriptions, Drawer, Space, Spin, Typography } from 'antd';
import { DownloadOutlined, ExportOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatBytes, toBoolean, type FileRecord, useKernel, useLanguage, formatDateTime } from '@cloudclip/shared-kernel';
import { viewsLabel } from '../../../lib/format';
import { fileLink } from '../../../lib/share-links';
import { useShareDetail } from '../../../hooks/use-share-detail';
import { NAMESPACE } from '../../../i18n/resources';
import type { ShareDialogProps } from '../../../components/share-table';

/** A file's details and, for images, audio and video, an inline preview. */
export function FilePreviewDrawer({ row, access, onClose }: ShareDialogProps<FileRecord>) {
  const kernel = useKernel();
  const { t } = useTranslation(NAMESPACE);
  const language = useLanguage();
  const detail = useShareDetail(row, access, kernel.api.files);

  const password = detail && toBoolean(detail.has_password) ? (detail.plain_password ?? null) : null;
  const withPassword = (url: string | null | undefined) => (url ? kernel.api.files.withSharePassword(url, password) : undefined);
  const previewUrl = withPassword(detail?.urls.previewUrl);
  const downloadUrl = withPassword(detail?.urls.downloadUrl);
  const mime = detail?.mimetype ?? '';

  return (
    <Drawer open={!!row} onClose={onClose} title={row?.filename} width={560} destroyOnHidden>
      {!detail ? (
        <div className="cc-admin-center">
          <Spin />
        </div>
      ) : (
        <div data-testid="file-preview">
          {previewUrl && mime.startsWith('image/') && <img className="cc-admin-media" src={previewUrl} alt={detail.filename} />}
          {previewUrl && mime.startsWith('video/') && (
            <video className="cc-admin-media" src={previewUrl} controls aria-label={detail.filename} />
          )}
          {previewUrl && mime.startsWith('audio/') && <audio src={previewUrl} controls aria-label={detail.filename} />}
          <Space wrap className="cc-admin-gap">
            <Button icon={<ExportOutlined />} href={previewUrl} target="_blank" rel="noreferrer" disabled={!previewUrl}>
              {t('files.openPreview')}
            </Button>
            <Button icon={<DownloadOutlined />} href={downloadUrl} target="_blank" rel="noreferrer" disabled={!downloadUrl}>
              {t('files.download')}
            </Button>
            <Button href={fileLink(detail.slug)} target="_blank" rel="noreferrer">
              {t('files.sharePage')}
            </Button>
          </Space>
          <Descriptions size="small" column={1} bordered>
            <Descriptions.Item label={t('files.colName')}>{detail.filename}</Descriptions.Item>
            <Descriptions.Item label={t('files.colSlug')}>{detail.slug}</Descriptions.Item>
            <Descriptions.Item label={t('files.colType')}>{detail.mimetype || '—'}</Descriptions.Item>
            <Descriptions.Item label={t('files.colSize')}>{formatBytes(detail.size)}</Descriptions.Item>
            <Descriptions.Item label={t('files.colStorage')}>{detail.s3_config_name || '—'}</Descriptions.Item>
            <Descriptions.Item label={t('files.colRemark')}>{detail.remark || '—'}</Descriptions.Item>
            <Descriptions.Item label={t('common.password')}>
              {password ? <Typography.Text copyable>{password}</Typography.Text> : t('common.none')}
            </Descriptions.Item>
            <Descriptions.Item label={t('common.expires')}>
              {detail.expires_at ? formatDateTime(detail.expires_at, language) : t('common.never')}
            </Descriptions.Item>
            <Descriptions.Item label={t('common.views')}>{viewsLabel(detail.views, detail.max_views, '∞')}</Descriptions.Item>
            <Descriptions.Item label={t('common.createdAt')}>{formatDateTime(detail.created_at, language) || '—'}</Descriptions.Item>
          </Descriptions>
        </div>
      )}
    </Drawer>
  );
}
