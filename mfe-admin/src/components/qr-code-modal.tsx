import { Modal, QRCode, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../i18n/resources';

/** The QR code of a share link, with the link itself (copyable) below. */
export function QrCodeModal({ url, onClose }: { url: string | null; onClose: () => void }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <Modal open={!!url} title={t('actions.qrTitle')} onCancel={onClose} footer={null} width={340} destroyOnHidden>
      {url && (
        <div className="cc-admin-qr" data-testid="qr-code">
          <div role="img" aria-label={t('actions.qrAlt', { url })}>
            <QRCode value={url} size={220} bordered={false} bgColor="#ffffff" color="#000000" />
          </div>
          <Typography.Paragraph
            copyable={{ text: url, tooltips: [t('actions.copyLink'), t('common:actions.copied')] }}
            className="cc-admin-qr__url"
          >
            {url}
          </Typography.Paragraph>
        </div>
      )}
    </Modal>
  );
}
