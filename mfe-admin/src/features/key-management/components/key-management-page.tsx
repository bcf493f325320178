import { useCallback, useState } from 'react';
import { Button, Space, Tag, Tooltip, Typography } from 'antd';
import { CopyOutlined, DownloadOutlined } from '@ant-design/icons';
import type { ProColumns } from '@ant-design/pro-components';
import { toBoolean, type ApiKey, type ApiKeyCreateResponse, useKernel, formatDateTime } from '@cloudclip/shared-kernel';
import { isExpired, isNeverExpiring } from '../../../lib/format';
import { wholeListRequest } from '../../../lib/table-request';
import { downloadSharexUploader } from '../../../lib/sharex-uploader';
import { useCopy } from '../../../hooks/use-copy';
import { useManagementTable } from '../../../hooks/use-management-table';
import { CreateButton } from '../../../components/create-button';
import { RefreshButton } from '../../../components/refresh-button';
import { IconAction } from '../../../components/icon-action';
import { ManagementTable, actionsColumn, createdAtColumn, deleteAction, editAction } from '../../../components/management-table';
import { KeyCreateForm } from './key-create-form';
import { KeyCreatedModal } from './key-created-modal';
import { KeyEditForm } from './key-edit-form';

/**
 * API key management (spec §2, §5): list with masked keys, copy the full key, create, edit, delete,
 * and for a key that may upload files its ShareX uploader (.sxcu).
 */
export function KeyManagementPage() {
  const kernel = useKernel();
  const table = useManagementTable();
  const { t, language, reload, fail, confirmDelete } = table;
  const copy = useCopy();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<ApiKeyCreateResponse | null>(null);
  const [editing, setEditing] = useState<ApiKey | null>(null);
  const closeCreate = useCallback(() => setCreating(false), []);
  const closeEdit = useCallback(() => setEditing(null), []);

  const remove = (key: ApiKey) =>
    confirmDelete({ title: t('keys.deleteTitle'), content: t('keys.deleteBody', { name: key.name }), done: t('keys.deleted') }, () =>
      kernel.api.apiKeys.remove(key.id),
    );

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
    createdAtColumn<ApiKey>(t, language),
    actionsColumn<ApiKey>(t, 120, (row) => [
      // A key that may upload files: its ShareX uploader, to hand to whoever uses the key.
      ...(toBoolean(row.file_permission)
        ? [
            <IconAction
              key="sharex"
              label={t('keys.sharexOf', { name: row.name })}
              icon={<DownloadOutlined />}
              onClick={() => downloadSharexUploader(kernel.config.baseUrl, row.key)}
              testId="key-sharex"
            />,
          ]
        : []),
      editAction(t, () => setEditing(row)),
      deleteAction(t, () => remove(row)),
    ]),
  ];

  return (
    <div data-testid="key-management">
      <ManagementTable<ApiKey>
        table={table}
        columns={columns}
        request={() => wholeListRequest(() => kernel.api.apiKeys.list(), fail)}
        headerTitle={t('keys.title')}
        toolBarRender={() => [
          <RefreshButton key="refresh" onClick={reload} />,
          <CreateButton key="create" label={t('keys.create')} onClick={() => setCreating(true)} testId="key-create" />,
        ]}
        scroll={{ x: 1200 }}
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
