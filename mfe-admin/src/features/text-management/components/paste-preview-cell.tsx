import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../i18n/resources';
import type { PasteRow } from '../api/paste-table-request';

/**
 * The content column of a paste row: the first characters, or for an encrypted paste a muted
 * "Encrypted content" (the server has only ciphertext, which it never shows as a preview).
 */
export function PastePreviewCell({ row }: { row: Pick<PasteRow, 'encrypted' | 'preview'> }) {
  const { t } = useTranslation(NAMESPACE);
  if (row.encrypted) {
    return (
      <Typography.Text type="secondary" data-testid="paste-preview-encrypted">
        {t('text.encryptedPreview')}
      </Typography.Text>
    );
  }
  return <span className="cc-admin-mono">{row.preview}</span>;
}
