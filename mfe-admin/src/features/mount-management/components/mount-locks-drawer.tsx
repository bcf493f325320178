import { useRef } from 'react';
import { Button, Drawer, Space, Tag, Typography } from 'antd';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { DAV_LOCK_PAGE, formatDateTime, type DavLockInfo, type Mount, useKernel } from '@cloudclip/shared-kernel';
import { offsetOf, tableRequest, type TableParams } from '../../../lib/table-request';
import { useManagementTable } from '../../../hooks/use-management-table';
import { tableScroll, useTableLayout } from '../../../hooks/use-table-layout';
import { RefreshButton } from '../../../components/refresh-button';

/**
 * The WebDAV locks active in one mount (issue 41): which path, the client's owner text, who holds
 * it (a key's name, or the admin), exclusive or shared, how deep and until when; paged on the
 * server. "Release" asks first, then drops the lock, so the writes it blocked go through.
 */
export function MountLocksDrawer({ mount, onClose }: { mount: Mount | null; onClose: () => void }) {
  const kernel = useKernel();
  const { t, language, message, fail, confirmThen } = useManagementTable();
  const layout = useTableLayout();
  const actionRef = useRef<ActionType>();
  const reload = () => void actionRef.current?.reload();

  const holderText = (lock: DavLockInfo) => lock.holder.name ?? t('mounts.locks.holderGone');

  const release = (lock: DavLockInfo) => {
    if (!mount) return;
    confirmThen({
      title: t('mounts.locks.releaseTitle'),
      content: t('mounts.locks.releaseBody', { holder: holderText(lock), path: lock.path }),
      okText: t('mounts.locks.release'),
      onOk: async () => {
        try {
          await kernel.api.mounts.releaseDavLock(mount.id, lock.token);
        } finally {
          // Also when it had gone already (404): the list shows what is left.
          reload();
        }
        void message.success(t('mounts.locks.released'));
      },
    });
  };

  const columns: ProColumns<DavLockInfo>[] = [
    {
      title: t('mounts.locks.fieldPath'),
      dataIndex: 'path',
      width: 220,
      render: (_, lock) => <code data-testid="lock-path">{lock.path}</code>,
    },
    {
      title: t('mounts.locks.fieldOwner'),
      dataIndex: 'owner',
      width: 180,
      // One line, cut with an ellipsis; the whole text (at most DAV_LOCK_OWNER_TEXT_MAX characters, as the server sends it) as the hint.
      ellipsis: true,
      render: (_, lock) =>
        lock.owner ? (
          <span title={lock.owner} data-testid="lock-owner">
            {lock.owner}
          </span>
        ) : (
          '—'
        ),
    },
    {
      title: t('mounts.locks.fieldHolder'),
      key: 'holder',
      width: 190,
      render: (_, lock) => (
        <Space size={4} wrap data-testid="lock-holder">
          <Tag>{t(lock.holder.kind === 'admin' ? 'mounts.locks.holderAdmin' : 'mounts.locks.holderKey')}</Tag>
          <span>{holderText(lock)}</span>
        </Space>
      ),
    },
    {
      title: t('mounts.locks.fieldScope'),
      dataIndex: 'scope',
      width: 90,
      render: (_, lock) => (
        <Tag color={lock.scope === 'exclusive' ? 'orange' : 'blue'} data-testid="lock-scope">
          {t(`mounts.locks.scope.${lock.scope}`)}
        </Tag>
      ),
    },
    {
      title: t('mounts.locks.fieldDepth'),
      dataIndex: 'depth',
      width: 130,
      render: (_, lock) => t(lock.depth === 'infinity' ? 'mounts.locks.depth.infinity' : 'mounts.locks.depth.zero'),
    },
    {
      title: t('mounts.locks.fieldExpires'),
      dataIndex: 'expires_at',
      width: 170,
      render: (_, lock) => <span data-testid="lock-expires">{formatDateTime(lock.expires_at, language) || '—'}</span>,
    },
    {
      title: t('common.actions'),
      valueType: 'option',
      width: 90,
      render: (_, lock) => (
        <Button
          size="small"
          type="link"
          danger
          onClick={() => release(lock)}
          aria-label={t('mounts.locks.releaseFor', { path: lock.path })}
          data-testid="lock-release"
        >
          {t('mounts.locks.release')}
        </Button>
      ),
    },
  ];

  return (
    <Drawer
      open={mount !== null}
      onClose={onClose}
      title={mount ? t('mounts.locks.title', { name: mount.name }) : ''}
      width={layout.narrow ? '100%' : 1000}
      destroyOnHidden
    >
      {mount && (
        <div data-testid="mount-locks">
          <Typography.Paragraph type="secondary">{t('mounts.locks.hint')}</Typography.Paragraph>
          <ProTable<DavLockInfo, TableParams>
            key={layout.narrow ? 'phone' : 'wide'}
            rowKey="token"
            actionRef={actionRef}
            columns={layout.columns(columns)}
            size="small"
            search={false}
            options={{ reload: false, density: false, setting: false }}
            pagination={{ defaultPageSize: DAV_LOCK_PAGE.limit, showSizeChanger: false }}
            locale={{ emptyText: t('mounts.locks.empty') }}
            toolBarRender={() => [<RefreshButton key="refresh" onClick={reload} />]}
            request={(params) =>
              tableRequest(async () => {
                const page = await kernel.api.mounts.davLocks(mount.id, offsetOf(params, DAV_LOCK_PAGE.limit));
                return { data: page.items, total: page.pagination.total, success: true };
              }, fail)
            }
            scroll={tableScroll(1000)}
          />
        </div>
      )}
    </Drawer>
  );
}
