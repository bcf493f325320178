import { Button, Tooltip } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../i18n/resources';

/** A keyboard-reachable, labelled reload button (ProTable's own reload icon is not a button). */
export function RefreshButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <Tooltip title={t('actions.refresh')}>
      <Button icon={<ReloadOutlined />} aria-label={t('actions.refresh')} onClick={onClick} data-testid="table-refresh" />
    </Tooltip>
  );
}
