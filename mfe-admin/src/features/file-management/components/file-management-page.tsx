import { useCallback, useRef, useState } from 'react';
import { App, Space, Tooltip, Typography } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { FILE_LIST_PAGE, formatBytes, toBoolean, type FileRecord, useKernel, useLanguage, errorText } from '@cloudclip/shared-kernel';
import { fileLink } from '../../../lib/share-links';
import { tableRequest, type TableParams } from '../../../lib/table-request';
import { useCopy } from '../../../hooks/use-copy';
import { useDangerConfirm } from '../../../hooks/use-confirm';
import { RefreshButton } from '../../../components/refresh-button';
import { batchSelectionProps, shareActionsColumn, shareLifecycleColumns } from '../../../components/share-table';
import { arrangeColumns, useFixedActions } from '../../../hooks/use-fixed-actions';
import { useTableA11y } from '../../../hooks/use-table-a11y';
import { QrCodeModal } from '../../../components/qr-code-modal';
import { NAMESPACE } from '../../../i18n/resources';
import { removeFiles, requestAdminFiles, requestUserFiles } from '../api/file-table-request';
import { FileEditForm } from './file-edit-form';
import { FilePreviewDrawer } from './file-preview-drawer';

/** File management (spec §2): every file share for the admin, a key holder's own ones otherwise. */
export function FileManagementPage({ access }: { access: 'full' | 'user' }) {
  const kernel = useKernel();
  const api = kernel.api.files;
  const admin = access === 'full';
  const { t } = useTranslation(NAMESPACE);
  const language = useLanguage();
  const { message } = App.useApp();
  const copy = useCopy();
  const confirm = useDangerConfirm();
  const actionRef = useRef<ActionType>();
  const fixedActions = useFixedActions();
  const tableRef = useTableA11y();
  const [selected, setSelected] = useState<FileRecord[]>([]);
  const [editing, setEditing] = useState<FileRecord | null>(null);
  const [previewing, setPreviewing] = useState<FileRecord | null>(null);
  const [qrUrl, setQrUrl] = useState<string | null>(null);

  const reload = () => void actionRef.current?.reload();
  const fail = (error: unknown) => void message.error(errorText(error, t('common:errors.requestFailed')));
  const removeOne = (id: string) => (admin ? api.adminRemove(id) : api.userRemove(id));
  const closeEdit = useCallback(() => setEditing(null), []);
  const closePreview = useCallback(() => setPreviewing(null), []);

  const remove = (row: FileRecord) =>
    confirm({
      title: t('files.deleteTitle'),
      content: t('files.deleteBody', { name: row.filename }),
      onOk: async () => {
        try {
          await removeOne(row.id);
          void message.success(t('files.deleted'));
          setSelected((current) => current.filter((item) => item.id !== row.id));
          reload();
        } catch (error) {
          fail(error);
        }
      },
    });

  const removeSelected = () =>
    confirm({
      title: t('files.batchDeleteTitle', { count: selected.length }),
      content: t('files.batchDeleteBody'),
      onOk: async () => {
        const { removed, failed, firstError } = await removeFiles(
          removeOne,
          selected.map((row) => row.id),
        );
        if (failed === 0) void message.success(t('files.batchDeleted', { count: removed }));
        else
          void message.warning(
            t('files.batchPartial', { removed, failed, reason: errorText(firstError, t('common:errors.requestFailed')) }),
          );
        setSelected([]);
        reload();
      },
    });

  const columns: ProColumns<FileRecord>[] = [
    {
      title: t('files.colName'),
      dataIndex: 'filename',
      width: 220,
      ellipsis: true,
      render: (_, row) => (
        <Space size={4}>
          <span className="cc-admin-filename" data-testid="file-name">
            {row.filename}
          </span>
          {toBoolean(row.has_password) && (
            <Tooltip title={t('common.passwordProtected')}>
              <LockOutlined aria-label={t('common.passwordProtected')} />
            </Tooltip>
          )}
        </Space>
      ),
    },
    {
      title: t('files.colSlug'),
      dataIndex: 'slug',
      width: 120,
      render: (_, row) => (
        <Typography.Link href={fileLink(row.slug)} target="_blank" rel="noreferrer">
          {row.slug}
        </Typography.Link>
      ),
    },
    { title: t('files.colSize'), dataIndex: 'size', width: 100, render: (_, row) => formatBytes(row.size) },
    {
      title: t('files.colStorage'),
      dataIndex: 's3_config_name',
      width: 140,
      ellipsis: true,
      render: (_, row) => row.s3_config_name || '—',
    },
    { title: t('files.colRemark'), dataIndex: 'remark', width: 150, ellipsis: true, render: (_, row) => row.remark || '—' },
    ...shareLifecycleColumns<FileRecord>(t, language, admin, 90),
    shareActionsColumn<FileRecord>(t, fixedActions, (row) => ({
      link: fileLink(row.slug),
      onPreview: () => setPreviewing(row),
      onEdit: () => setEditing(row),
      onCopy: (link) => void copy(link, 'actions.linkCopied'),
      onQr: setQrUrl,
      onDelete: () => remove(row),
    })),
  ];

  return (
    <div ref={tableRef} data-testid="file-management" data-access={access}>
      <ProTable<FileRecord, TableParams>
        key={fixedActions ?? 'narrow'}
        rowKey="id"
        actionRef={actionRef}
        columns={arrangeColumns(columns, fixedActions)}
        size={fixedActions ? 'middle' : 'small'}
        request={(params) => tableRequest(() => (admin ? requestAdminFiles(api, params) : requestUserFiles(api, params)), fail)}
        search={false}
        debounceTime={1}
        headerTitle={t(admin ? 'files.titleAdmin' : 'files.titleUser')}
        options={{
          search: {
            placeholder: t('files.searchPlaceholder'),
            allowClear: true,
            style: { width: 260 },
            'aria-label': t('files.searchPlaceholder'),
          } as never,
          reload: false,
          density: false,
          setting: false,
        }}
        pagination={{ defaultPageSize: FILE_LIST_PAGE.limit, showSizeChanger: true, pageSizeOptions: [10, 20, 50, 100] }}
        {...batchSelectionProps<FileRecord>(t, {
          selected,
          onChange: setSelected,
          nameOf: (row) => row.filename,
          onBatchDelete: removeSelected,
        })}
        toolBarRender={() => [<RefreshButton key="refresh" onClick={reload} />]}
        scroll={{ x: 1500 }}
        cardBordered
      />
      <FileEditForm
        row={editing}
        access={access}
        onClose={closeEdit}
        onSaved={() => {
          setEditing(null);
          reload();
        }}
      />
      <FilePreviewDrawer row={previewing} access={access} onClose={closePreview} />
      <QrCodeModal url={qrUrl} onClose={() => setQrUrl(null)} />
    </div>
  );
}
