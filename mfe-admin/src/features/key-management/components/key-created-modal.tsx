import { Alert, Button, Modal, Typography } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ApiKeyCreateResponse } from '@cloudclip/shared-kernel';
import { useCopy } from '../../../hooks/use-copy';
import { NAMESPACE } from '../../../i18n/resources';

/** Shows the full value of a key just created. */
export function KeyCreatedModal({ created, onClose }: { created: ApiKeyCreateResponse | null; onClose: () => void }) {
  const { t } = useTranslation(NAMESPACE);
  const copy = useCopy();
  return (
    <Modal
      open={!!created}
      title={t('keys.createdTitle', { name: created?.name ?? '' })}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="copy" icon={<CopyOutlined />} onClick={() => created && void copy(created.key, 'keys.keyCopied')}>
          {t('keys.copyKey')}
        </Button>,
        <Button key="close" type="primary" onClick={onClose}>
          {t('actions.close')}
        </Button>,
      ]}
    >
      {created && (
        <>
          <Alert type="info" showIcon message={t('keys.createdHint')} />
          <Typography.Paragraph className="cc-admin-key-value" code data-testid="created-key">
            {created.key}
          </Typography.Paragraph>
        </>
      )}
    </Modal>
  );
}
