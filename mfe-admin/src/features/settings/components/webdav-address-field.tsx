import { Button, Flex, Form, Input } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useKernel } from '@cloudclip/shared-kernel';
import { useCopy } from '../../../hooks/use-copy';
import { NAMESPACE } from '../../../i18n/resources';
import { webdavAddress } from '../api/webdav-address';

/**
 * The WebDAV address to paste into Finder, Windows or rclone, with a copy button, and `help` below
 * it: who signs in there and how (the administrator, or a key holder with its own key).
 */
export function WebdavAddressField({ help }: { help: string }) {
  const kernel = useKernel();
  const { t } = useTranslation(NAMESPACE);
  const copy = useCopy();
  const address = webdavAddress(kernel.config.baseUrl, window.location.href);
  return (
    <Form.Item label={t('settings.webdavAddress')} extra={help} htmlFor="cc-webdav-address" data-testid="webdav-address">
      {/* One row where there is room; on a phone the button goes below, so the address stays readable. */}
      <Flex wrap gap={8}>
        <Input
          id="cc-webdav-address"
          readOnly
          value={address}
          className="cc-admin-mono"
          style={{ flex: '1 1 260px', minWidth: 0 }}
          onFocus={(event) => event.target.select()}
        />
        <Button icon={<CopyOutlined />} onClick={() => void copy(address)} data-testid="webdav-address-copy">
          {t('settings.copyWebdavAddress')}
        </Button>
      </Flex>
    </Form.Item>
  );
}
