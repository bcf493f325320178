import { Space, Typography } from 'antd';
import type { ProColumns } from '@ant-design/pro-components';
import { FILE_LIST_PAGE, formatBytes, toBoolean, type FileRecord, useKernel, errorText } from '@cloudclip/shared-kernel';
import { fileLink } from '../../../lib/share-links';
import { useSharePage } from '../../../hooks/use-share-page';
import { PasswordLock } from '../../../components/password-lock';
import { ShareManagementTable, shareActionsColumn, shareLifecycleColumns } from '../../../components/share-table';
import { removeFiles, requestAdminFiles, requestUserFiles } from '../api/file-table-request';
import { FileEditForm } from './file-edit-form';
import { FilePreviewDrawer } from './file-preview-drawer';

/** File management (spec §2): every file share for the admin, a key holder's own ones otherwise. */
export function FileManagementPage({ access }: { access: 'full' | 'user' }) {
  const kernel = useKernel();
  const api = kernel.api.files;
  const page = useSharePage<FileRecord>(access);
  const { admin, t, language, message, reload, confirm, selected } = page;
  const removeOne = (id: string) => (admin ? api.adminRemove(id) : api.userRemove(id));

  const remove = (row: FileRecord) =>
    page.confirmRemove(
      row,
      { title: t('files.deleteTitle'), content: t('files.deleteBody', { name: row.filename }), done: t('files.deleted') },
      () => removeOne(row.id),
    );

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
        page.setSelected([]);
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
          {toBoolean(row.has_password) && <PasswordLock />}
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
    shareActionsColumn<FileRecord>(t, page.narrow, (row) => page.rowHandlers(row, fileLink(row.slug), () => remove(row))),
  ];

  return (
    <ShareManagementTable<FileRecord>
      page={page}
      testId="file-management"
      columns={columns}
      load={(params, signal) => (admin ? requestAdminFiles(api, params, signal) : requestUserFiles(api, params, signal))}
      headerTitle={t(admin ? 'files.titleAdmin' : 'files.titleUser')}
      paging={{
        pageSize: FILE_LIST_PAGE.limit,
        searchPlaceholder: { page: t('files.searchPlaceholder'), server: t('files.searchAllPlaceholder') },
      }}
      selection={{ nameOf: (row) => row.filename, onBatchDelete: removeSelected }}
      scroll={{ x: 1500 }}
      dialogs={{ edit: FileEditForm, preview: FilePreviewDrawer }}
    />
  );
}
