import { useCallback, useRef, useState } from 'react';
import { App, Button, Space, Tag } from 'antd';
import { DeleteOutlined, EditOutlined, ExperimentOutlined, PlusOutlined, StarOutlined } from '@ant-design/icons';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import {
  formatBytes,
  isLocalStorageConfig,
  toBoolean,
  type S3Config,
  useKernel,
  useLanguage,
  errorText,
  formatDateTime,
} from '@cloudclip/shared-kernel';
import { tableRequest, type TableParams } from '../../../lib/table-request';
import { useDangerConfirm } from '../../../hooks/use-confirm';
import { IconAction } from '../../../components/icon-action';
import { RefreshButton } from '../../../components/refresh-button';
import { arrangeColumns, useFixedActions } from '../../../hooks/use-fixed-actions';
import { NAMESPACE } from '../../../i18n/resources';
import { StorageConfigForm } from './storage-config-form';
import { StorageTestModal } from './storage-test-modal';

/** The mask shown for write-only credentials (the server never returns them). */
const SECRET_MASK = '••••••••';

/** Storage configurations (spec §2): list, create, edit, delete, set default, test. Admin only. */
export function StorageConfigPage() {
  const kernel = useKernel();
  const api = kernel.api.s3Configs;
  const { t } = useTranslation(NAMESPACE);
  const language = useLanguage();
  const { message } = App.useApp();
  const confirm = useDangerConfirm();
  const actionRef = useRef<ActionType>();
  const fixedActions = useFixedActions();
  const [form, setForm] = useState<{ open: boolean; config: S3Config | null }>({ open: false, config: null });
  const [testing, setTesting] = useState<S3Config | null>(null);
  const reload = () => void actionRef.current?.reload();
  const fail = (error: unknown) => void message.error(errorText(error, t('common:errors.requestFailed')));
  const closeForm = useCallback(() => setForm({ open: false, config: null }), []);
  const closeTest = useCallback(() => setTesting(null), []);

  const setDefault = async (config: S3Config) => {
    try {
      await api.setDefault(config.id);
      void message.success(t('storage.defaultSet', { name: config.name }));
      reload();
    } catch (error) {
      fail(error);
    }
  };

  const remove = (config: S3Config) =>
    confirm({
      title: t('storage.deleteTitle'),
      content: t('storage.deleteBody', { name: config.name }),
      onOk: async () => {
        try {
          await api.remove(config.id);
          void message.success(t('storage.deleted'));
          reload();
        } catch (error) {
          fail(error);
        }
      },
    });

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
    { title: t('storage.fieldProvider'), dataIndex: 'provider_type', width: 130 },
    {
      title: t('storage.fieldEndpoint'),
      dataIndex: 'endpoint_url',
      width: 200,
      ellipsis: true,
      render: (_, row) => row.endpoint_url || '—',
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
    {
      title: t('common.actions'),
      valueType: 'option',
      width: 150,
      fixed: fixedActions,
      render: (_, row) => [
        <IconAction
          key="edit"
          label={t('common:actions.edit')}
          icon={<EditOutlined />}
          onClick={() => setForm({ open: true, config: row })}
          testId="row-edit"
        />,
        <IconAction key="test" label={t('storage.test')} icon={<ExperimentOutlined />} onClick={() => setTesting(row)} testId="row-test" />,
        <IconAction
          key="default"
          label={t('storage.setDefault')}
          icon={<StarOutlined />}
          disabled={toBoolean(row.is_default)}
          onClick={() => void setDefault(row)}
          testId="row-default"
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
    },
  ];

  return (
    <div data-testid="storage-config">
      <ProTable<S3Config, TableParams>
        key={fixedActions ?? 'narrow'}
        rowKey="id"
        actionRef={actionRef}
        columns={arrangeColumns(columns, fixedActions)}
        size={fixedActions ? 'middle' : 'small'}
        request={() =>
          tableRequest(async () => {
            const data = await api.list();
            return { data, total: data.length, success: true };
          }, fail)
        }
        search={false}
        pagination={false}
        headerTitle={t('storage.title')}
        options={{ reload: false, density: false, setting: false }}
        toolBarRender={() => [
          <RefreshButton key="refresh" onClick={reload} />,
          <Button
            key="create"
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setForm({ open: true, config: null })}
            data-testid="storage-create"
          >
            {t('storage.create')}
          </Button>,
        ]}
        scroll={{ x: 1250 }}
        cardBordered
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
