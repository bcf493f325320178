import { Tag } from 'antd';
import { FireOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../i18n/resources';
import type { PasteMarks } from '../api/paste-marks';

/**
 * The tags of an end-to-end encrypted and of a burn-after-reading paste, so an admin sees at a glance
 * why there is no preview or why the paste will vanish after one view. Nothing for other pastes.
 */
export function PasteMarkTags({ marks }: { marks: PasteMarks }) {
  const { t } = useTranslation(NAMESPACE);
  if (!marks.encrypted && !marks.burnAfterReading) return null;
  return (
    <>
      {marks.encrypted && (
        <Tag color="green" icon={<SafetyCertificateOutlined />} data-testid="paste-tag-encrypted">
          {t('text.tagEncrypted')}
        </Tag>
      )}
      {marks.burnAfterReading && (
        <Tag color="orange" icon={<FireOutlined />} data-testid="paste-tag-burn">
          {t('text.tagBurnAfterReading')}
        </Tag>
      )}
    </>
  );
}
