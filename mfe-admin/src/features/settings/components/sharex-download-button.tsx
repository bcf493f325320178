import { Button, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useKernel } from '@cloudclip/shared-kernel';
import { NAMESPACE } from '../../../i18n/resources';
import { downloadSharexUploader } from '../../../lib/sharex-uploader';

/**
 * "Download ShareX uploader (.sxcu)": a custom-uploader file for `apiKey` (the signed-in key), with
 * a line saying what to do with it and that it holds the key.
 */
export function SharexDownloadButton({ apiKey }: { apiKey: string }) {
  const kernel = useKernel();
  const { t } = useTranslation(NAMESPACE);
  const download = () => downloadSharexUploader(kernel.config.baseUrl, apiKey);
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
