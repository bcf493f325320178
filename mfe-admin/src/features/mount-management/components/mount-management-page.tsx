import { useCallback, useEffect, useRef, useState } from 'react';
import { App, Button, Switch, Tag } from 'antd';
import { ClearOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { toBoolean, type Mount, type S3Config, useKernel, useLanguage, errorText, formatDateTime } from '@cloudclip/shared-kernel';
import { tableRequest, type TableParams } from '../../../lib/table-request';
import { useDangerConfirm } from '../../../hooks/use-confirm';
import { IconAction } from '../../../components/icon-action';
import { RefreshButton } from '../../../components/refresh-button';
import { arrangeColumns, useFixedActions } from '../../../hooks/use-fixed-actions';
import { NAMESPACE } from '../../../i18n/resources';
import { requestMounts } from '../api/mount-request';
import { MountForm } from './mount-form';

/** Mount management (spec §2): full CRUD for the admin; a key holder with `mount` sees its mounts and clears its cache. */
export function MountManagementPage({ access }: { access: 'full' | 'user' }) {
  const kernel = useKernel();
  const admin = access === 'full';
  const { t } = useTranslation(NAMESPACE);
  const language = useLanguage();
  const { message } = App.useApp();
  const confirm = useDangerConfirm();
  const actionRef = useRef<ActionType>();
  const fixedActions = useFixedActions();
  const [configs, setConfigs] = useState<S3Config[]>([]);
  const [form, setForm] = useState<{ open: boolean; mount: Mount | null }>({ open: false, mount: null });
  const [busy, setBusy] = useState<string | null>(null);
  const reload = () => void actionRef.current?.reload();
  const fail = (error: unknown) => void message.error(errorText(error, t('common:errors.requestFailed')));
  const closeForm = useCallback(() => setForm({ open: false, mount: null }), []);

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
    try {
      await kernel.api.mounts.adminUpdate(mount.id, { is_active: active });
      void message.success(t(active ? 'mounts.activated' : 'mounts.deactivated', { name: mount.name }));
      reload();
    } catch (error) {
      fail(error);
    } finally {
      setBusy(null);
    }
  };

  const remove = (mount: Mount) =>
    confirm({
      title: t('mounts.deleteTitle'),
      content: t('mounts.deleteBody', { name: mount.name, path: mount.mount_path }),
      onOk: async () => {
        try {
          await kernel.api.mounts.adminRemove(mount.id);
          void message.success(t('mounts.deleted'));
          reload();
        } catch (error) {
          fail(error);
        }
      },
    });

  const clearCache = () =>
    confirm({
      title: t('cache.clearTitle'),
      content: t('cache.clearBody'),
      okText: t('cache.clear'),
      onOk: async () => {
        try {
          const result = await (admin ? kernel.api.system.adminClearCache() : kernel.api.system.userClearCache());
          void message.success(t('cache.cleared', { count: result?.clearedCount ?? 0 }));
        } catch (error) {
          fail(error);
        }
      },
    });

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
    {
      title: t('common.createdAt'),
      dataIndex: 'created_at',
      width: 170,
      render: (_, row) => formatDateTime(row.created_at, language) || '—',
    },
    ...(admin
      ? [
          {
            title: t('common.actions'),
            valueType: 'option',
            width: 90,
            fixed: fixedActions,
            render: (_: unknown, row: Mount) => [
              <IconAction
                key="edit"
                label={t('common:actions.edit')}
                icon={<EditOutlined />}
                onClick={() => setForm({ open: true, mount: row })}
                testId="row-edit"
              />,
              <IconAction
                key="delete"
                label={t('common:actions.delete')}
                icon={<DeleteOutlined />}
                danger
                onClick={() => remove(row)}
                testId="row-delete"
              />,
            ],
          } satisfies ProColumns<Mount>,
        ]
      : []),
  ];

  return (
    <div data-testid="mount-management" data-access={access}>
      <ProTable<Mount, TableParams>
        key={fixedActions ?? 'narrow'}
        rowKey="id"
        actionRef={actionRef}
        columns={arrangeColumns(columns, fixedActions)}
        size={fixedActions ? 'middle' : 'small'}
        request={() => tableRequest(() => requestMounts(kernel.api.mounts, admin ? 'admin' : 'user'), fail)}
        search={false}
        pagination={false}
        headerTitle={t(admin ? 'mounts.titleAdmin' : 'mounts.titleUser')}
        options={{ reload: false, density: false, setting: false }}
        toolBarRender={() => [
          <RefreshButton key="refresh" onClick={reload} />,
          <Button key="cache" icon={<ClearOutlined />} onClick={clearCache} data-testid="mount-clear-cache">
            {t('cache.clear')}
          </Button>,
          ...(admin
            ? [
                <Button
                  key="create"
                  type="primary"
                  icon={<PlusOutlined />}
                  onClick={() => setForm({ open: true, mount: null })}
                  data-testid="mount-create"
                >
                  {t('mounts.create')}
                </Button>,
              ]
            : []),
        ]}
        scroll={{ x: 1200 }}
        cardBordered
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
    </div>
  );
}
