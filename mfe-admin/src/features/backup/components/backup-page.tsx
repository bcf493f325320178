import { useMemo } from 'react';
import { Alert, Space, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useKernel } from '@cloudclip/shared-kernel';
import { NAMESPACE } from '../../../i18n/resources';
import { createBackupApi } from '../api/backup-api';
import { useBackupOverview } from '../hooks/use-backup-overview';
import { OverviewCard } from './overview-card';
import { DownloadCard } from './download-card';
import { RestoreCard } from './restore-card';
import { ScheduleCard } from './schedule-card';

/** Backup (issue 37): the last run, download now, restore from an archive, the schedule and recent runs. Admin only. */
export function BackupPage() {
  const kernel = useKernel();
  const { t } = useTranslation(NAMESPACE);
  const api = useMemo(() => createBackupApi(kernel.http), [kernel]);
  const { overview, error, reload, running } = useBackupOverview(api, t('backup.loadFailed'));

  return (
    <Space direction="vertical" size={16} className="cc-admin-stack" data-testid="backup">
      {error && <Alert type="error" showIcon message={error} data-testid="backup-load-error" />}
      {!overview && !error && (
        <div className="cc-admin-center" role="status">
          <Spin />
        </div>
      )}
      {overview && <OverviewCard overview={overview} running={running} />}
      <DownloadCard api={api} />
      <RestoreCard api={api} onRestored={reload} />
      {overview && <ScheduleCard api={api} schedule={overview.schedule} runs={overview.runs} running={running} onChanged={reload} />}
    </Space>
  );
}
