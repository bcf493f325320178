import { useCallback, useRef, useState } from 'react';
import { App, Button, Space, Tooltip, Typography } from 'antd';
import { ClearOutlined, LockOutlined } from '@ant-design/icons';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { ADMIN_PASTE_PAGE, toBoolean, useKernel, useLanguage, errorText } from '@cloudclip/shared-kernel';
import { pasteLink } from '../../../lib/share-links';
import { tableRequest, type TableParams } from '../../../lib/table-request';
import { useCopy } from '../../../hooks/use-copy';
import { useDangerConfirm } from '../../../hooks/use-confirm';
import { RefreshButton } from '../../../components/refresh-button';
import { batchSelectionProps, shareActionsColumn, shareLifecycleColumns } from '../../../components/share-table';
import { arrangeColumns, useFixedActions } from '../../../hooks/use-fixed-actions';
import { useTableA11y } from '../../../hooks/use-table-a11y';
import { QrCodeModal } from '../../../components/qr-code-modal';
import { NAMESPACE } from '../../../i18n/resources';
import { requestAdminPastes, requestUserPastes, type PasteRow } from '../api/paste-table-request';
import { PasteEditForm } from './paste-edit-form';
import { PastePreviewModal } from './paste-preview-modal';

/** Text management (spec §2): the admin's every paste, or a key holder's own ones. */
export function TextManagementPage({ access }: { access: 'full' | 'user' }) {
  const kernel = useKernel();
  const api = kernel.api.pastes;
  const admin = access === 'full';
  const { t } = useTranslation(NAMESPACE);
  const language = useLanguage();
  const { message } = App.useApp();
  const copy = useCopy();
  const confirm = useDangerConfirm();
  const actionRef = useRef<ActionType>();
  const fixedActions = useFixedActions();
  const tableRef = useTableA11y();
  const [selected, setSelected] = useState<PasteRow[]>([]);
  const [editing, setEditing] = useState<PasteRow | null>(null);
  const [previewing, setPreviewing] = useState<PasteRow | null>(null);
  const [qrUrl, setQrUrl] = useState<string | null>(null);

  const reload = () => void actionRef.current?.reload();
  const closeEdit = useCallback(() => setEditing(null), []);
  const closePreview = useCallback(() => setPreviewing(null), []);
  const fail = (error: unknown) => void message.error(errorText(error, t('common:errors.requestFailed')));

  const remove = (row: PasteRow) =>
    confirm({
      title: t('text.deleteTitle'),
      content: t('text.deleteBody', { slug: row.slug }),
      onOk: async () => {
        try {
          await (admin ? api.adminRemove(row.id) : api.userRemove(row.id));
          void message.success(t('text.deleted'));
          setSelected((current) => current.filter((item) => item.id !== row.id));
          reload();
        } catch (error) {
          fail(error);
        }
      },
    });

  const removeSelected = () =>
    confirm({
      title: t('text.batchDeleteTitle', { count: selected.length }),
      content: t('text.batchDeleteBody'),
      onOk: async () => {
        try {
          const ids = selected.map((row) => row.id);
          await (admin ? api.adminBatchRemove(ids) : api.userBatchRemove(ids));
          void message.success(t('text.batchDeleted', { count: ids.length }));
          setSelected([]);
          actionRef.current?.clearSelected?.();
          reload();
        } catch (error) {
          fail(error);
        }
      },
    });

  const clearExpired = () =>
    confirm({
      title: t('text.clearExpiredTitle'),
      content: t('text.clearExpiredBody'),
      okText: t('text.clearExpired'),
      onOk: async () => {
        try {
          const result = await api.adminClearExpired();
          void message.success(result?.message || t('text.expiredCleared'));
          reload();
        } catch (error) {
          fail(error);
        }
      },
    });

  const columns: ProColumns<PasteRow>[] = [
    {
      title: t('text.colSlug'),
      dataIndex: 'slug',
      width: 150,
      render: (_, row) => (
        <Space size={4}>
          <Typography.Link href={pasteLink(row.slug)} target="_blank" rel="noreferrer" data-testid="paste-slug">
            {row.slug}
          </Typography.Link>
          {toBoolean(row.has_password) && (
            <Tooltip title={t('common.passwordProtected')}>
              <LockOutlined aria-label={t('common.passwordProtected')} />
            </Tooltip>
          )}
        </Space>
      ),
    },
    { title: t('text.colRemark'), dataIndex: 'remark', ellipsis: true, width: 160, render: (_, row) => row.remark || '—' },
    {
      title: t('text.colContent'),
      dataIndex: 'preview',
      ellipsis: true,
      width: 260,
      render: (_, row) => <span className="cc-admin-mono">{row.preview}</span>,
    },
    ...shareLifecycleColumns<PasteRow>(t, language, admin),
    shareActionsColumn<PasteRow>(t, fixedActions, (row) => ({
      link: pasteLink(row.slug),
      onPreview: () => setPreviewing(row),
      onEdit: () => setEditing(row),
      onCopy: (link) => void copy(link, 'actions.linkCopied'),
      onQr: setQrUrl,
      onDelete: () => remove(row),
    })),
  ];

  return (
    <div ref={tableRef} data-testid="text-management" data-access={access}>
      <ProTable<PasteRow, TableParams>
        key={fixedActions ?? 'narrow'}
        rowKey="id"
        actionRef={actionRef}
        columns={arrangeColumns(columns, fixedActions)}
        size={fixedActions ? 'middle' : 'small'}
        request={(params) => tableRequest(() => (admin ? requestAdminPastes(api, params) : requestUserPastes(api, params)), fail)}
        search={false}
        debounceTime={1}
        headerTitle={t(admin ? 'text.titleAdmin' : 'text.titleUser')}
        options={{
          search: {
            placeholder: t('text.searchPlaceholder'),
            allowClear: true,
            style: { width: 260 },
            'aria-label': t('text.searchPlaceholder'),
          } as never,
          reload: false,
          density: false,
          setting: false,
        }}
        pagination={{ defaultPageSize: ADMIN_PASTE_PAGE.limit, showSizeChanger: true, pageSizeOptions: [10, 20, 50, 100] }}
        {...batchSelectionProps<PasteRow>(t, { selected, onChange: setSelected, nameOf: (row) => row.slug, onBatchDelete: removeSelected })}
        toolBarRender={() => [
          ...(admin
            ? [
                <Button key="clear" icon={<ClearOutlined />} onClick={clearExpired} data-testid="clear-expired">
                  {t('text.clearExpired')}
                </Button>,
              ]
            : []),
          <RefreshButton key="refresh" onClick={reload} />,
        ]}
        scroll={{ x: 1300 }}
        cardBordered
      />
      <PasteEditForm
        row={editing}
        access={access}
        onClose={closeEdit}
        onSaved={() => {
          setEditing(null);
          reload();
        }}
      />
      <PastePreviewModal row={previewing} access={access} onClose={closePreview} />
      <QrCodeModal url={qrUrl} onClose={() => setQrUrl(null)} />
    </div>
  );
}
