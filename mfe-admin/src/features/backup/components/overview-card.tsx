import { Alert, Descriptions, Typography } from 'antd';
import { SectionCard } from '../../../components/section-card';
import { useTranslation } from 'react-i18next';
import { type BackupOverview, formatBytes, formatDateTime } from '@cloudclip/shared-kernel';
import { NAMESPACE } from '../../../i18n/resources';
import { LocationOrError, RunStatusTag } from './run-status';

/** The database kind and the last run: time, size, result and where it went (or why it failed). */
export function OverviewCard({ overview, running }: { overview: BackupOverview; running: boolean }) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const run = overview.lastRun;
  return (
    <SectionCard title={t('backup.overviewTitle')} testId="backup-overview">
      <Descriptions column={{ xs: 1, sm: 1, md: 2, lg: 4 }} size="small" layout="vertical">
        <Descriptions.Item label={t('backup.database')}>
          <span data-testid="backup-database">{t(`backup.databaseKind.${overview.database}`)}</span>
        </Descriptions.Item>
        {run ? (
          <>
            <Descriptions.Item label={t('backup.lastRun')}>
              <span data-testid="last-run-time">{formatDateTime(run.startedAt, i18n.language)}</span>{' '}
              <RunStatusTag status={run.status} t={t} />
            </Descriptions.Item>
            <Descriptions.Item label={t('backup.size')}>
              <span data-testid="last-run-size">{run.size === null ? '—' : formatBytes(run.size)}</span>
            </Descriptions.Item>
            <Descriptions.Item label={run.status === 'failed' ? t('backup.error') : t('backup.location')}>
              <LocationOrError run={run} />
            </Descriptions.Item>
          </>
        ) : (
          <Descriptions.Item label={t('backup.lastRun')}>
            <Typography.Text type="secondary" data-testid="last-run-none">
              {t('backup.noRunYet')}
            </Typography.Text>
          </Descriptions.Item>
        )}
      </Descriptions>
      {running && <Alert type="info" showIcon message={t('backup.runningHint')} role="status" style={{ marginTop: 12 }} />}
    </SectionCard>
  );
}
