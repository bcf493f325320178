import { Alert, Button, Typography } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ApiKeyCreateResponse } from '@cloudclip/shared-kernel';
import { useCopy } from '../../../hooks/use-copy';
import { NAMESPACE } from '../../../i18n/resources';
import { InfoModal } from '../../../components/info-modal';

/** Shows the full value of a key just created. */
export function KeyCreatedModal({ created, onClose }: { created: ApiKeyCreateResponse | null; onClose: () => void }) {
  const { t } = useTranslation(NAMESPACE);
  const copy = useCopy();
  return (
    <InfoModal
      open={!!created}
      title={t('keys.createdTitle', { name: created?.name ?? '' })}
      onClose={onClose}
      action={
        <Button key="copy" icon={<CopyOutlined />} onClick={() => created && void copy(created.key, 'keys.keyCopied')}>
          {t('keys.copyKey')}
        </Button>
      }
    >
      {created && (
        <>
          <Alert type="info" showIcon message={t('keys.createdHint')} />
          <Typography.Paragraph className="cc-admin-key-value" code data-testid="created-key">
            {created.key}
          </Typography.Paragraph>
        </>
      )}
    </InfoModal>
  );
}
