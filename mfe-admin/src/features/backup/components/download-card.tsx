import { useState } from 'react';
import { Alert, App, Button, Checkbox, Space, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { SectionCard } from '../../../components/section-card';
import { useTranslation } from 'react-i18next';
import { errorText } from '@cloudclip/shared-kernel';
import { NAMESPACE } from '../../../i18n/resources';
import type { BackupApi } from '../api/backup-rules';

/** Hands an address to the browser as a download: the server streams it (Content-Disposition: attachment). */
function startBrowserDownload(url: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = '';
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
}

/** "Download a backup now": a one-time token, then the browser downloads the archive itself. */
export function DownloadCard({ api }: { api: BackupApi }) {
  const { t } = useTranslation(NAMESPACE);
  const { message } = App.useApp();
  const [objects, setObjects] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      const token = await api.downloadToken(objects);
      startBrowserDownload(api.archiveUrl(token.url));
      void message.success(t('backup.downloadStarted'));
    } catch (failure) {
      setError(errorText(failure, t('common:errors.requestFailed')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <SectionCard title={t('backup.downloadTitle')} testId="backup-download">
      <Space direction="vertical" size={12} className="cc-admin-stack">
        <Typography.Paragraph style={{ marginBottom: 0 }}>{t('backup.downloadBody')}</Typography.Paragraph>
        <div>
          <Checkbox checked={objects} onChange={(event) => setObjects(event.target.checked)} data-testid="download-objects">
            {t('backup.includeObjects')}
          </Checkbox>
          <div>
            <Typography.Text type="secondary">{t('backup.includeObjectsHelp')}</Typography.Text>
          </div>
        </div>
        {error && <Alert type="error" showIcon message={error} data-testid="download-error" />}
        <Button
          type="primary"
          icon={<DownloadOutlined />}
          loading={busy}
          onClick={() => void download()}
          data-testid="backup-download-button"
        >
          {t('backup.download')}
        </Button>
      </Space>
    </SectionCard>
  );
}
