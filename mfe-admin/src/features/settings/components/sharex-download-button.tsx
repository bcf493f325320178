import { Button, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { downloadText, useKernel } from '@cloudclip/shared-kernel';
import { NAMESPACE } from '../../../i18n/resources';
import { sharexFileName, sharexFileText, sharexUploader } from '../api/sharex-uploader';

/**
 * "Download ShareX uploader (.sxcu)": a custom-uploader file for `apiKey` (the signed-in key), with
 * a line saying what to do with it and that it holds the key.
 */
export function SharexDownloadButton({ apiKey }: { apiKey: string }) {
  const kernel = useKernel();
  const { t } = useTranslation(NAMESPACE);
  const download = () => {
    const pageUrl = window.location.href;
    const uploader = sharexUploader({ baseUrl: kernel.config.baseUrl, pageUrl, key: apiKey });
    downloadText(sharexFileName(pageUrl), sharexFileText(uploader), 'application/json;charset=utf-8');
  };
  return (
    <div className="cc-admin-gap" data-testid="sharex-uploader">
      <Button icon={<DownloadOutlined />} onClick={download} aria-describedby="cc-sharex-help" data-testid="sharex-download">
        {t('sharex.download')}
      </Button>
      <Typography.Paragraph type="secondary" id="cc-sharex-help" style={{ marginTop: 8, marginBottom: 0 }}>
        {t('sharex.help')}
      </Typography.Paragraph>
    </div>
  );
}
