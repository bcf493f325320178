import { Alert, Space, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { SERVER_FEATURE_BACKUP, useKernel, useServerFeature } from '@cloudclip/shared-kernel';
import { NAMESPACE } from '../../../i18n/resources';
import { useBackupOverview } from '../hooks/use-backup-overview';
import { OverviewCard } from './overview-card';
import { DownloadCard } from './download-card';
import { RestoreCard } from './restore-card';
import { ScheduleCard } from './schedule-card';

function Loading() {
  return (
    <div className="cc-admin-center" role="status">
      <Spin />
    </div>
  );
}

/**
 * Backup (issue 37): the last run, download now, restore from an archive, the schedule and recent runs. Admin only.
 * Against a server that does not list `backup` in `GET /version` features, one notice and no backup call.
 */
export function BackupPage() {
  const { t } = useTranslation(NAMESPACE);
  const offered = useServerFeature(SERVER_FEATURE_BACKUP);
  if (offered === undefined) {
    return (
      <Space direction="vertical" size={16} className="cc-admin-stack" data-testid="backup">
        <Loading />
      </Space>
    );
  }
  if (!offered) {
    return (
      <Space direction="vertical" size={16} className="cc-admin-stack" data-testid="backup">
        <Alert type="info" showIcon message={t('backup.notOffered')} data-testid="backup-not-offered" />
      </Space>
    );
  }
  return <BackupCards />;
}

function BackupCards() {
  const kernel = useKernel();
  const { t } = useTranslation(NAMESPACE);
  const api = kernel.api.backup;
  const { overview, error, reload, running } = useBackupOverview(api, t('backup.loadFailed'));

  return (
    <Space direction="vertical" size={16} className="cc-admin-stack" data-testid="backup">
      {error && <Alert type="error" showIcon message={error} data-testid="backup-load-error" />}
      {!overview && !error && <Loading />}
      {overview && <OverviewCard overview={overview} running={running} />}
      <DownloadCard api={api} />
      <RestoreCard api={api} onRestored={reload} />
      {overview && <ScheduleCard api={api} schedule={overview.schedule} runs={overview.runs} running={running} onChanged={reload} />}
    </Space>
  );
}
