import { useCallback, useState } from 'react';
import { Space, Tag, Typography } from 'antd';
import { ExperimentOutlined, StarOutlined } from '@ant-design/icons';
import type { ProColumns } from '@ant-design/pro-components';
import {
  formatBytes,
  isLocalStorageConfig,
  storageDriverOf,
  toBoolean,
  type S3Config,
  useKernel,
  formatDateTime,
} from '@cloudclip/shared-kernel';
import { wholeListRequest } from '../../../lib/table-request';
import { useManagementTable } from '../../../hooks/use-management-table';
import { IconAction } from '../../../components/icon-action';
import { CreateButton } from '../../../components/create-button';
import { RefreshButton } from '../../../components/refresh-button';
import { ManagementTable, actionsColumn, deleteAction, editAction } from '../../../components/management-table';
import { StorageConfigForm } from './storage-config-form';
import { StorageTestModal } from './storage-test-modal';

/** The mask shown for write-only credentials (the server never returns them). */
const SECRET_MASK = '••••••••';

/** Storage configurations (spec §2): list, create, edit, delete, set default, test. Admin only. */
export function StorageConfigPage() {
  const kernel = useKernel();
  const api = kernel.api.s3Configs;
  const table = useManagementTable();
  const { t, language, message, reload, fail, attempt, confirmDelete } = table;
  const [form, setForm] = useState<{ open: boolean; config: S3Config | null }>({ open: false, config: null });
  const [testing, setTesting] = useState<S3Config | null>(null);
  const closeForm = useCallback(() => setForm({ open: false, config: null }), []);
  const closeTest = useCallback(() => setTesting(null), []);

  const setDefault = (config: S3Config) =>
    attempt(async () => {
      await api.setDefault(config.id);
      void message.success(t('storage.defaultSet', { name: config.name }));
      reload();
    });

  const remove = (config: S3Config) =>
    confirmDelete(
      { title: t('storage.deleteTitle'), content: t('storage.deleteBody', { name: config.name }), done: t('storage.deleted') },
      () => api.remove(config.id),
    );

  const columns: ProColumns<S3Config>[] = [
    {
      title: t('storage.fieldName'),
      dataIndex: 'name',
      width: 180,
      render: (_, row) => (
        <Space size={4} wrap>
          <span data-testid="storage-name">{row.name}</span>
          {toBoolean(row.is_default) && <Tag color="blue">{t('storage.default')}</Tag>}
          {toBoolean(row.is_public ?? null) && <Tag>{t('storage.public')}</Tag>}
        </Space>
      ),
    },
    {
      title: t('storage.fieldProvider'),
      dataIndex: 'provider_type',
      width: 130,
      render: (_, row) => {
        const driver = storageDriverOf(row);
        return driver === 'webdav' || driver === 'sftp' ? (
          <Tag color="geekblue" data-testid="storage-driver">
            {t(`storage.driverTag.${driver}`)}
          </Tag>
        ) : (
          row.provider_type
        );
      },
    },
    {
      title: t('storage.fieldEndpoint'),
      dataIndex: 'endpoint_url',
      width: 220,
      render: (_, row) => (
        <Space direction="vertical" size={0} style={{ maxWidth: '100%' }}>
          <Typography.Text ellipsis={{ tooltip: row.endpoint_url }}>{row.endpoint_url || '—'}</Typography.Text>
          {storageDriverOf(row) === 'sftp' &&
            (row.host_key_sha256 ? (
              <Typography.Text type="secondary" style={{ fontSize: 12, wordBreak: 'break-all' }} data-testid="storage-host-key">
                {t('storage.hostKeyPinned', { value: row.host_key_sha256 })}
              </Typography.Text>
            ) : (
              <Tag color="warning" data-testid="storage-host-key-missing">
                {t('storage.hostKeyMissing')}
              </Tag>
            ))}
        </Space>
      ),
    },
    { title: t('storage.fieldBucket'), dataIndex: 'bucket_name', width: 120, render: (_, row) => row.bucket_name || '—' },
    {
      title: t('storage.colCredentials'),
      dataIndex: 'id',
      width: 120,
      render: (_, row) => (isLocalStorageConfig(row) ? '—' : <span aria-label={t('storage.secretHidden')}>{SECRET_MASK}</span>),
    },
    {
      title: t('storage.fieldQuota'),
      dataIndex: 'total_storage_bytes',
      width: 100,
      render: (_, row) => (row.total_storage_bytes ? formatBytes(row.total_storage_bytes) : '—'),
    },
    {
      title: t('storage.colLastUsed'),
      dataIndex: 'last_used',
      width: 170,
      render: (_, row) => formatDateTime(row.last_used ?? null, language) || '—',
    },
    actionsColumn<S3Config>(t, 150, (row) => [
      editAction(t, () => setForm({ open: true, config: row })),
      <IconAction key="test" label={t('storage.test')} icon={<ExperimentOutlined />} onClick={() => setTesting(row)} testId="row-test" />,
      <IconAction
        key="default"
        label={t('storage.setDefault')}
        icon={<StarOutlined />}
        disabled={toBoolean(row.is_default)}
        onClick={() => void setDefault(row)}
        testId="row-default"
      />,
      deleteAction(t, () => remove(row)),
    ]),
  ];

  return (
    <div data-testid="storage-config">
      <ManagementTable<S3Config>
        table={table}
        columns={columns}
        request={() => wholeListRequest(() => api.list(), fail)}
        headerTitle={t('storage.title')}
        toolBarRender={() => [
          <RefreshButton key="refresh" onClick={reload} />,
          <CreateButton
            key="create"
            label={t('storage.create')}
            onClick={() => setForm({ open: true, config: null })}
            testId="storage-create"
          />,
        ]}
        scroll={{ x: 1250 }}
      />
      <StorageConfigForm
        open={form.open}
        config={form.config}
        onClose={closeForm}
        onSaved={() => {
          closeForm();
          reload();
        }}
      />
      <StorageTestModal config={testing} onClose={closeTest} />
    </div>
  );
}
