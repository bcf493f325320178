import { Space, Tag, Tooltip, Typography, theme } from 'antd';
import { FileOutlined, FileTextOutlined, LockOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatDateTime, toBoolean, useLanguage, type AdminSearchHit } from '@cloudclip/shared-kernel';
import { NAMESPACE } from '../../../i18n/resources';

/**
 * What a search result shows: its kind, its title (a paste's remark or a file's name) or else its
 * link suffix, the text around the match, the encrypted and password marks, and when it was created.
 */
export function SearchHit({ hit }: { hit: AdminSearchHit }) {
  const { t } = useTranslation(NAMESPACE);
  const language = useLanguage();
  const { token } = theme.useToken();
  const paste = hit.kind === 'paste';
  return (
    <div className="cc-admin-search-hit">
      <div className="cc-admin-search-hit__head">
        <Tag icon={paste ? <FileTextOutlined aria-hidden /> : <FileOutlined aria-hidden />} data-testid="global-search-kind">
          {t(paste ? 'globalSearch.kindPaste' : 'globalSearch.kindFile')}
        </Tag>
        <Typography.Text strong ellipsis className="cc-admin-search-hit__title">
          {hit.title || hit.slug}
        </Typography.Text>
        {toBoolean(hit.has_password) && (
          <Tooltip title={t('globalSearch.passwordProtected')}>
            <LockOutlined aria-label={t('globalSearch.passwordProtected')} data-testid="global-search-password" />
          </Tooltip>
        )}
        {hit.encrypted && <Tag data-testid="global-search-encrypted">{t('globalSearch.encrypted')}</Tag>}
      </div>
      {hit.snippet && (
        <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} className="cc-admin-search-hit__snippet">
          {hit.snippet}
        </Typography.Paragraph>
      )}
      <Space size={8} className="cc-admin-search-hit__meta" style={{ color: token.colorTextSecondary, fontSize: token.fontSizeSM }}>
        {hit.title && <span className="cc-admin-mono">{hit.slug}</span>}
        <span>{formatDateTime(hit.created_at, language)}</span>
      </Space>
    </div>
  );
}
