import { useCallback, useRef, useState } from 'react';
import { App, Button, Space, Tag, Tooltip, Typography } from 'antd';
import { CopyOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import {
  toBoolean,
  type ApiKey,
  type ApiKeyCreateResponse,
  useKernel,
  useLanguage,
  errorText,
  formatDateTime,
} from '@cloudclip/shared-kernel';
import { isExpired, isNeverExpiring } from '../../../lib/format';
import { tableRequest, type TableParams } from '../../../lib/table-request';
import { useCopy } from '../../../hooks/use-copy';
import { useDangerConfirm } from '../../../hooks/use-confirm';
import { IconAction } from '../../../components/icon-action';
import { RefreshButton } from '../../../components/refresh-button';
import { arrangeColumns, useFixedActions } from '../../../hooks/use-fixed-actions';
import { NAMESPACE } from '../../../i18n/resources';
import { KeyCreateForm } from './key-create-form';
import { KeyCreatedModal } from './key-created-modal';
import { KeyEditForm } from './key-edit-form';

/** API key management (spec §2, §5): list with masked keys, copy the full key, create, edit, delete. */
export function KeyManagementPage() {
  const kernel = useKernel();
  const { t } = useTranslation(NAMESPACE);
  const language = useLanguage();
  const { message } = App.useApp();
  const copy = useCopy();
  const confirm = useDangerConfirm();
  const actionRef = useRef<ActionType>();
  const fixedActions = useFixedActions();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<ApiKeyCreateResponse | null>(null);
  const [editing, setEditing] = useState<ApiKey | null>(null);
  const reload = () => void actionRef.current?.reload();
  const fail = (error: unknown) => void message.error(errorText(error, t('common:errors.requestFailed')));
  const closeCreate = useCallback(() => setCreating(false), []);
  const closeEdit = useCallback(() => setEditing(null), []);

  const remove = (key: ApiKey) =>
    confirm({
      title: t('keys.deleteTitle'),
      content: t('keys.deleteBody', { name: key.name }),
      onOk: async () => {
        try {
          await kernel.api.apiKeys.remove(key.id);
          void message.success(t('keys.deleted'));
          reload();
        } catch (error) {
          fail(error);
        }
      },
    });

  const columns: ProColumns<ApiKey>[] = [
    { title: t('keys.fieldName'), dataIndex: 'name', width: 160, render: (_, row) => <span data-testid="key-name">{row.name}</span> },
    {
      title: t('keys.colKey'),
      dataIndex: 'key_masked',
      width: 170,
      render: (_, row) => (
        <Space size={4}>
          <code data-testid="key-masked">{row.key_masked || `${row.key.slice(0, 6)}...`}</code>
          <Tooltip title={t('keys.copyKey')}>
            <Button
              type="text"
              size="small"
              icon={<CopyOutlined />}
              aria-label={t('keys.copyKeyOf', { name: row.name })}
              onClick={() => void copy(row.key, 'keys.keyCopied')}
              data-testid="key-copy"
            />
          </Tooltip>
        </Space>
      ),
    },
    {
      title: t('keys.fieldPermissions'),
      dataIndex: 'text_permission',
      width: 180,
      render: (_, row) => (
        <Space size={2} wrap>
          {toBoolean(row.text_permission) && <Tag>{t('keys.permTextShort')}</Tag>}
          {toBoolean(row.file_permission) && <Tag>{t('keys.permFileShort')}</Tag>}
          {toBoolean(row.mount_permission) && <Tag>{t('keys.permMountShort')}</Tag>}
          {!toBoolean(row.text_permission) && !toBoolean(row.file_permission) && !toBoolean(row.mount_permission) && (
            <Tag>{t('keys.permNone')}</Tag>
          )}
        </Space>
      ),
    },
    { title: t('keys.fieldBasicPath'), dataIndex: 'basic_path', width: 110, render: (_, row) => <code>{row.basic_path || '/'}</code> },
    {
      title: t('common.expires'),
      dataIndex: 'expires_at',
      width: 170,
      render: (_, row) =>
        isNeverExpiring(row.expires_at) ? (
          t('common.never')
        ) : isExpired(row.expires_at) ? (
          <Typography.Text type="danger">{t('common.expired')}</Typography.Text>
        ) : (
          formatDateTime(row.expires_at, language)
        ),
    },
    {
      title: t('keys.colLastUsed'),
      dataIndex: 'last_used',
      width: 170,
      render: (_, row) => formatDateTime(row.last_used, language) || t('keys.neverUsed'),
    },
    {
      title: t('common.createdAt'),
      dataIndex: 'created_at',
      width: 170,
      render: (_, row) => formatDateTime(row.created_at, language) || '—',
    },
    {
      title: t('common.actions'),
      valueType: 'option',
      width: 90,
      fixed: fixedActions,
      render: (_, row) => [
        <IconAction
          key="edit"
          label={t('common:actions.edit')}
          icon={<EditOutlined />}
          onClick={() => setEditing(row)}
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
    },
  ];

  return (
    <div data-testid="key-management">
      <ProTable<ApiKey, TableParams>
        key={fixedActions ?? 'narrow'}
        rowKey="id"
        actionRef={actionRef}
        columns={arrangeColumns(columns, fixedActions)}
        size={fixedActions ? 'middle' : 'small'}
        request={() =>
          tableRequest(async () => {
            const data = await kernel.api.apiKeys.list();
            return { data, total: data.length, success: true };
          }, fail)
        }
        search={false}
        pagination={false}
        headerTitle={t('keys.title')}
        options={{ reload: false, density: false, setting: false }}
        toolBarRender={() => [
          <RefreshButton key="refresh" onClick={reload} />,
          <Button key="create" type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)} data-testid="key-create">
            {t('keys.create')}
          </Button>,
        ]}
        scroll={{ x: 1200 }}
        cardBordered
      />
      <KeyCreateForm
        open={creating}
        onClose={closeCreate}
        onCreated={(key) => {
          setCreating(false);
          setCreated(key);
          reload();
        }}
      />
      <KeyCreatedModal created={created} onClose={() => setCreated(null)} />
      <KeyEditForm
        apiKey={editing}
        onClose={closeEdit}
        onSaved={() => {
          setEditing(null);
          reload();
        }}
      />
    </div>
  );
}
