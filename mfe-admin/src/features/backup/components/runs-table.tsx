import { Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { type BackupRun, formatBytes, formatDateTime } from '@cloudclip/shared-kernel';
import { NAMESPACE } from '../../../i18n/resources';
import { tableScroll, useTableLayout } from '../../../hooks/use-table-layout';
import { LocationOrError, RunStatusTag, runDuration } from './run-status';

/** The recent runs (the server keeps the last 10, so there is no paging); scrolls sideways on phones. */
export function RunsTable({ runs }: { runs: BackupRun[] }) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const layout = useTableLayout();
  return (
    <div data-testid="backup-runs">
      <h3 className="cc-admin-card-title">{t('backup.runsTitle')}</h3>
      <Typography.Paragraph type="secondary">{t('backup.runsNote')}</Typography.Paragraph>
      <Table<BackupRun>
        size="small"
        rowKey="id"
        pagination={false}
        key={layout.narrow ? 'phone' : 'wide'}
        scroll={tableScroll(760)}
        dataSource={runs}
        // Secondary text, not antd's pale placeholder colour: readable (contrast) in both themes.
        locale={{ emptyText: <Typography.Text type="secondary">{t('backup.noRuns')}</Typography.Text> }}
        columns={layout.columns([
          {
            title: t('backup.started'),
            dataIndex: 'startedAt',
            width: 170,
            render: (_, run) => formatDateTime(run.startedAt, i18n.language),
          },
          { title: t('backup.duration'), dataIndex: 'finishedAt', width: 110, render: (_, run) => runDuration(run, t) || '—' },
          {
            title: t('backup.runStatus'),
            dataIndex: 'status',
            width: 150,
            render: (_, run) => (
              <>
                <RunStatusTag status={run.status} t={t} />{' '}
                <Typography.Text type="secondary">{t(`backup.trigger.${run.trigger}`)}</Typography.Text>
              </>
            ),
          },
          { title: t('backup.size'), dataIndex: 'size', width: 100, render: (_, run) => (run.size === null ? '—' : formatBytes(run.size)) },
          { title: t('backup.locationOrError'), dataIndex: 'location', render: (_, run) => <LocationOrError run={run} /> },
        ])}
      />
    </div>
  );
}
