import { Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import type { BackupRun, BackupRunStatus } from '@cloudclip/shared-kernel';

const COLORS: Record<BackupRunStatus, string> = { running: 'processing', ok: 'success', failed: 'error' };

/** A run's status as a coloured tag (antd's status colours follow the theme). */
export function RunStatusTag({ status, t }: { status: BackupRunStatus; t: TFunction }) {
  return (
    <Tag color={COLORS[status]} data-testid="run-status" data-status={status}>
      {t(`backup.status.${status}`)}
    </Tag>
  );
}

/** How long a finished run took, `12 s` or `3 min 4 s`; empty while it runs. */
export function runDuration(run: BackupRun, t: TFunction): string {
  if (!run.finishedAt) return '';
  const ms = new Date(run.finishedAt).getTime() - new Date(run.startedAt).getTime();
  if (!Number.isFinite(ms) || ms < 0) return '';
  const total = Math.round(ms / 1000);
  if (total < 60) return t('backup.durationSeconds', { value: total });
  return t('backup.durationMinutes', { minutes: Math.floor(total / 60), seconds: total % 60 });
}

/** Where a run wrote its archive, or why it failed. */
export function LocationOrError({ run }: { run: BackupRun }) {
  if (run.status === 'failed' && run.error)
    return (
      <Typography.Text type="danger" style={{ overflowWrap: 'anywhere' }} data-testid="run-error">
        {run.error}
      </Typography.Text>
    );
  return <span style={{ overflowWrap: 'anywhere' }}>{run.location ?? '—'}</span>;
}
