import { useCallback, useEffect, useState } from 'react';
import { Button, Switch, Tag } from 'antd';
import { ClearOutlined, LockOutlined } from '@ant-design/icons';
import type { ProColumns } from '@ant-design/pro-components';
import {
  SERVER_FEATURE_DAV_LOCKS,
  SERVER_FEATURE_MOUNT_SEARCH,
  toBoolean,
  type Mount,
  type S3Config,
  useKernel,
  useServerFeature,
} from '@cloudclip/shared-kernel';
import { tableRequest } from '../../../lib/table-request';
import { useManagementTable } from '../../../hooks/use-management-table';
import { useClearCache } from '../../../hooks/use-clear-cache';
import { useTableA11y } from '../../../hooks/use-table-a11y';
import { CreateButton } from '../../../components/create-button';
import { RefreshButton } from '../../../components/refresh-button';
import { ManagementTable, actionsColumn, createdAtColumn, deleteAction, editAction } from '../../../components/management-table';
import { IconAction } from '../../../components/icon-action';
import { requestMounts } from '../api/mount-request';
import { MountForm } from './mount-form';
import { MountIndexCell } from './mount-index-cell';
import { MountLocksDrawer } from './mount-locks-drawer';

/** Mount management (spec §2): full CRUD for the admin; a key holder with `mount` sees its mounts and clears its cache. */
export function MountManagementPage({ access }: { access: 'full' | 'user' }) {
  const tableRef = useTableA11y();
  const kernel = useKernel();
  const admin = access === 'full';
  const table = useManagementTable();
  const { t, language, message, reload, fail, attempt, confirmDelete } = table;
  const [configs, setConfigs] = useState<S3Config[]>([]);
  const [form, setForm] = useState<{ open: boolean; mount: Mount | null }>({ open: false, mount: null });
  const [busy, setBusy] = useState<string | null>(null);
  const closeForm = useCallback(() => setForm({ open: false, mount: null }), []);
  /** The mounts' filename index (mount search) is the admin's to see and rebuild, when the backend has it. */
  const mountSearch = useServerFeature(SERVER_FEATURE_MOUNT_SEARCH);
  const indexShown = admin && mountSearch === true;
  /** A mount's WebDAV locks, to see and release: the admin's, when the backend has that list. */
  const davLocks = useServerFeature(SERVER_FEATURE_DAV_LOCKS);
  const locksShown = admin && davLocks === true;
  const [locksOf, setLocksOf] = useState<Mount | null>(null);

  useEffect(() => {
    if (!admin) return;
    const controller = new AbortController();
    kernel.api.s3Configs
      .list(controller.signal)
      .then(setConfigs)
      .catch(() => undefined);
    return () => controller.abort();
  }, [admin, kernel]);

  const toggle = async (mount: Mount, active: boolean) => {
    setBusy(mount.id);
    await attempt(async () => {
      await kernel.api.mounts.adminUpdate(mount.id, { is_active: active });
      void message.success(t(active ? 'mounts.activated' : 'mounts.deactivated', { name: mount.name }));
      reload();
    });
    setBusy(null);
  };

  const remove = (mount: Mount) =>
    confirmDelete(
      {
        title: t('mounts.deleteTitle'),
        content: t('mounts.deleteBody', { name: mount.name, path: mount.mount_path }),
        done: t('mounts.deleted'),
      },
      () => kernel.api.mounts.adminRemove(mount.id),
    );

  const clearCache = useClearCache(admin ? 'admin' : 'user');

  const configName = (id: string | null) => configs.find((config) => config.id === id)?.name ?? id ?? '—';

  const columns: ProColumns<Mount>[] = [
    { title: t('mounts.fieldName'), dataIndex: 'name', width: 160, render: (_, row) => <span data-testid="mount-name">{row.name}</span> },
    { title: t('mounts.fieldPath'), dataIndex: 'mount_path', width: 160, render: (_, row) => <code>{row.mount_path}</code> },
    { title: t('mounts.fieldStorageType'), dataIndex: 'storage_type', width: 90 },
    ...(admin
      ? [
          {
            title: t('mounts.fieldStorageConfig'),
            dataIndex: 'storage_config_id',
            width: 160,
            render: (_: unknown, row: Mount) => configName(row.storage_config_id),
          } satisfies ProColumns<Mount>,
        ]
      : []),
    { title: t('mounts.fieldRemark'), dataIndex: 'remark', width: 160, ellipsis: true, render: (_, row) => row.remark || '—' },
    { title: t('mounts.fieldCacheTtl'), dataIndex: 'cache_ttl', width: 110 },
    { title: t('mounts.fieldSortOrder'), dataIndex: 'sort_order', width: 80 },
    {
      title: t('mounts.fieldActive'),
      dataIndex: 'is_active',
      width: 100,
      render: (_, row) =>
        admin ? (
          <Switch
            size="small"
            checked={toBoolean(row.is_active)}
            loading={busy === row.id}
            onChange={(checked) => void toggle(row, checked)}
            aria-label={t('mounts.toggleActive', { name: row.name })}
            data-testid="mount-active"
          />
        ) : (
          <Tag>{t(toBoolean(row.is_active) ? 'mounts.active' : 'mounts.inactive')}</Tag>
        ),
    },
    ...(indexShown
      ? [
          {
            title: t('mounts.index.column'),
            key: 'index',
            width: 230,
            render: (_: unknown, row: Mount) => <MountIndexCell mount={row} />,
          } satisfies ProColumns<Mount>,
        ]
      : []),
    createdAtColumn<Mount>(t, language),
    ...(admin
      ? [
          actionsColumn<Mount>(t, locksShown ? 120 : 90, (row) => [
            editAction(t, () => setForm({ open: true, mount: row })),
            ...(locksShown
              ? [
                  <IconAction
                    key="locks"
                    label={t('mounts.locks.openFor', { name: row.name })}
                    icon={<LockOutlined />}
                    onClick={() => setLocksOf(row)}
                    testId="mount-locks-open"
                  />,
                ]
              : []),
            deleteAction(t, () => remove(row)),
          ]),
        ]
      : []),
  ];

  return (
    <div data-testid="mount-management" data-access={access} ref={tableRef}>
      <ManagementTable<Mount>
        table={table}
        columns={columns}
        request={() => tableRequest(() => requestMounts(kernel.api.mounts, admin ? 'admin' : 'user'), fail)}
        headerTitle={t(admin ? 'mounts.titleAdmin' : 'mounts.titleUser')}
        toolBarRender={() => [
          <RefreshButton key="refresh" onClick={reload} />,
          <Button key="cache" icon={<ClearOutlined />} onClick={clearCache} data-testid="mount-clear-cache">
            {t('cache.clear')}
          </Button>,
          ...(admin
            ? [
                <CreateButton
                  key="create"
                  label={t('mounts.create')}
                  onClick={() => setForm({ open: true, mount: null })}
                  testId="mount-create"
                />,
              ]
            : []),
        ]}
        scroll={{ x: 1200 }}
      />
      <MountForm
        open={form.open}
        mount={form.mount}
        configs={configs}
        onClose={closeForm}
        onSaved={() => {
          closeForm();
          reload();
        }}
      />
      {locksShown && <MountLocksDrawer mount={locksOf} onClose={() => setLocksOf(null)} />}
    </div>
  );
}
