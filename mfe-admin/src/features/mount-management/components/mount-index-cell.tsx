import { Button, Space, Tag, Typography } from 'antd';
import { SyncOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatDateTime, useKernel, type Mount, type MountIndexStatus } from '@cloudclip/shared-kernel';
import { NAMESPACE } from '../../../i18n/resources';
import { useDangerConfirm } from '../../../hooks/use-confirm';
import { useMountIndexState } from '../hooks/use-mount-index-state';

const TAG_COLOR: Record<MountIndexStatus, string> = { pending: 'default', building: 'processing', ready: 'success', failed: 'error' };

/**
 * The state of one mount's filename index in the mount table (mount search): status, entries, the
 * folders still to list while it is built (kept current by polling), when it finished, the storage's
 * error; and "Rebuild index" after a confirmation, since it drops the index and crawls again.
 */
export function MountIndexCell({ mount }: { mount: Mount }) {
  const kernel = useKernel();
  const { t, i18n } = useTranslation(NAMESPACE);
  const confirm = useDangerConfirm();
  const { state, error, rebuild } = useMountIndexState(kernel.api.mounts, mount.id);
  const count = (value: number) => new Intl.NumberFormat(i18n.language).format(value);

  const askRebuild = () =>
    confirm({
      title: t('mounts.index.rebuildTitle', { name: mount.name }),
      content: t('mounts.index.rebuildBody'),
      okText: t('mounts.index.rebuild'),
      onOk: rebuild,
    });

  let detail = null;
  if (error)
    detail = (
      <Typography.Text type="danger" data-testid="mount-index-detail">
        {t('mounts.index.unavailable', { error })}
      </Typography.Text>
    );
  else if (state?.status === 'building')
    detail = (
      <Typography.Text type="secondary" data-testid="mount-index-detail">
        {t('mounts.index.progress', { entries: count(state.entries), folders: count(state.pending_folders) })}
      </Typography.Text>
    );
  else if (state?.status === 'pending')
    detail = (
      <Typography.Text type="secondary" data-testid="mount-index-detail">
        {t('mounts.index.waiting')}
      </Typography.Text>
    );
  else if (state)
    detail = (
      <Typography.Text type={state.status === 'failed' ? 'danger' : 'secondary'} data-testid="mount-index-detail">
        {state.status === 'failed' && state.error ? `${state.error} · ` : ''}
        {t('mounts.index.entries', { formatted: count(state.entries) })}
        {state.finished_at ? ` · ${t('mounts.index.finished', { time: formatDateTime(state.finished_at, i18n.language) })}` : ''}
      </Typography.Text>
    );

  return (
    <Space direction="vertical" size={2} data-testid="mount-index" data-status={state?.status ?? (error ? 'unknown' : 'loading')}>
      <Space size={4} wrap>
        {state && (
          <Tag
            color={TAG_COLOR[state.status]}
            icon={state.status === 'building' ? <SyncOutlined spin /> : undefined}
            data-testid="mount-index-status"
          >
            {t(`mounts.index.status.${state.status}`)}
          </Tag>
        )}
        <Button
          size="small"
          type="link"
          onClick={askRebuild}
          aria-label={t('mounts.index.rebuildFor', { name: mount.name })}
          data-testid="mount-index-rebuild"
        >
          {t('mounts.index.rebuild')}
        </Button>
      </Space>
      {detail}
    </Space>
  );
}
