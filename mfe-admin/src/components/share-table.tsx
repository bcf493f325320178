import { useState, type ComponentProps, type ComponentType, type ReactNode } from 'react';
import { Button, Space, Spin, Tag, Typography } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import type { ProColumns, ProTableProps } from '@ant-design/pro-components';
import type { TFunction } from 'i18next';
import { SERVER_FEATURE_SEARCH, formatDateTime, useServerFeature } from '@cloudclip/shared-kernel';
import type { Language } from '@cloudclip/shared-kernel';
import { isExpired, viewsLabel } from '../lib/format';
import { ManagementTable, actionsColumn, createdAtColumn } from './management-table';
import { SHARE_ACTIONS_WIDTH, shareRowActions, type ShareRowActionHandlers } from './share-row-actions';
import { QrCodeModal } from './qr-code-modal';
import { RefreshButton } from './refresh-button';
import { latestRequestSignal, tableRequest, type TableParams, type TableResult } from '../lib/table-request';
import type { SharePageState } from '../hooks/use-share-page';
import { useTableSearch } from '../hooks/use-table-search';

/** What pastes and file shares have in common in the management tables. */
export interface ShareRow {
  id: string;
  expires_at: string | null;
  views: number;
  max_views: number | null;
  key_name?: string | null;
  created_at: string;
}

/** The props of a share page's dialogs (preview; the edit form adds onSaved). */
export interface ShareDialogProps<Row> {
  row: Row | null;
  access: 'full' | 'user';
  onClose: () => void;
}

/** The props of a share's edit form. */
export interface ShareEditFormProps<Row> extends ShareDialogProps<Row> {
  onSaved: () => void;
}

/** The expiry, views, creator (admins only) and creation columns of a share table. */
export function shareLifecycleColumns<Row extends ShareRow>(
  t: TFunction,
  language: Language,
  admin: boolean,
  viewsWidth = 100,
): ProColumns<Row>[] {
  return [
    {
      title: t('common.expires'),
      dataIndex: 'expires_at',
      width: 170,
      render: (_, row) =>
        !row.expires_at ? (
          t('common.never')
        ) : isExpired(row.expires_at) ? (
          <Typography.Text type="danger">{t('common.expired')}</Typography.Text>
        ) : (
          formatDateTime(row.expires_at, language) || '—'
        ),
    },
    { title: t('common.views'), dataIndex: 'views', width: viewsWidth, render: (_, row) => viewsLabel(row.views, row.max_views, '∞') },
    ...(admin
      ? [
          {
            title: t('common.creator'),
            dataIndex: 'created_by',
            width: 140,
            render: (_: unknown, row: Row) =>
              row.key_name ? <Tag>{t('common.keyCreator', { name: row.key_name })}</Tag> : <Tag>{t('common.adminCreator')}</Tag>,
          } satisfies ProColumns<Row>,
        ]
      : []),
    createdAtColumn<Row>(t, language),
  ];
}

/**
 * The actions column of a share table: preview, edit, copy link, QR code, delete; on phones
 * (`narrow`) the last three are in a "more" menu.
 */
export function shareActionsColumn<Row>(t: TFunction, narrow: boolean, handlersFor: (row: Row) => ShareRowActionHandlers): ProColumns<Row> {
  const width = narrow ? SHARE_ACTIONS_WIDTH.narrow : SHARE_ACTIONS_WIDTH.wide;
  return actionsColumn<Row>(t, width, (row) => shareRowActions(t, handlersFor(row), narrow));
}

/** Row selection with a labelled checkbox per row, the selection count and the batch delete. */
export function batchSelectionProps<Row extends { id: string }>(
  t: TFunction,
  {
    selected,
    onChange,
    nameOf,
    onBatchDelete,
  }: { selected: Row[]; onChange: (rows: Row[]) => void; nameOf: (row: Row) => string; onBatchDelete: () => void },
): Pick<ProTableProps<Row, never>, 'rowSelection' | 'tableAlertRender' | 'tableAlertOptionRender'> {
  return {
    rowSelection: {
      selectedRowKeys: selected.map((row) => row.id),
      onChange: (_keys, rows) => onChange(rows.filter(Boolean)),
      getCheckboxProps: (row) => ({ 'aria-label': t('common.selectRow', { name: nameOf(row) }) }) as never,
    },
    tableAlertRender: ({ selectedRowKeys }) => t('common.selected', { count: selectedRowKeys.length }),
    tableAlertOptionRender: () => (
      <Space>
        <Button size="small" danger icon={<DeleteOutlined />} onClick={onBatchDelete} data-testid="batch-delete">
          {t('actions.batchDelete')}
        </Button>
        <Button size="small" type="link" onClick={() => onChange([])}>
          {t('actions.clearSelection')}
        </Button>
      </Space>
    ),
  };
}

type ShareManagementTableProps<Row extends ShareRow> = Omit<
  ComponentProps<typeof ManagementTable<Row>>,
  'table' | 'request' | 'toolBarRender' | 'paging'
> & {
  page: SharePageState<Row>;
  testId: string;
  /**
   * Loads a page of rows; `signal` is aborted when a newer request replaces it. A failure shows an
   * error message (a refused search: the server's reason) and the table keeps its rows.
   */
  load: (params: TableParams, signal: AbortSignal) => Promise<TableResult<Row>>;
  /** Rows per page, and the search box's placeholder for each kind of search. */
  paging: { pageSize: number; searchPlaceholder: { page: string; server: string } };
  /** The row's name for its checkbox label, and the batch delete of the selected rows. */
  selection: { nameOf: (row: Row) => string; onBatchDelete: () => void };
  /** Toolbar buttons before the refresh button. */
  tools?: ReactNode[];
  /**
   * Optional server-side filters sent with every request next to the search (e.g. `tag`); a change
   * reloads the table. Starting again at page 1 is the caller's (`page.actionRef.setPageInfo`).
   */
  filters?: Partial<TableParams>;
  /** The page's edit form and preview dialog (the QR code dialog is the same for all). */
  dialogs: { edit: ComponentType<ShareEditFormProps<Row>>; preview: ComponentType<ShareDialogProps<Row>> };
};

/**
 * The table of a share page (texts, files) with its search, row selection and batch delete, and the
 * page's dialogs. The search runs on the server when the backend lists `"search"`, else it narrows the
 * page shown; the table waits for that answer (asked once per page load) so its first request is right.
 */
export function ShareManagementTable<Row extends ShareRow>(props: ShareManagementTableProps<Row>) {
  const serverSearch = useServerFeature(SERVER_FEATURE_SEARCH);
  if (serverSearch === undefined) {
    return (
      <div className="cc-admin-center" role="status" data-testid={props.testId} data-access={props.page.access}>
        <Spin />
        <span className="cc-visually-hidden">{props.page.t('common.loading')}</span>
      </div>
    );
  }
  return <SearchableShareTable<Row> {...props} serverSearch={serverSearch} />;
}

function SearchableShareTable<Row extends ShareRow>({
  page,
  testId,
  load,
  selection,
  tools = [],
  dialogs: { edit: EditForm, preview: Preview },
  paging: { pageSize, searchPlaceholder },
  serverSearch,
  filters,
  ...props
}: ShareManagementTableProps<Row> & { serverSearch: boolean }) {
  const { selected, setSelected } = page;
  const search = useTableSearch({
    serverSide: serverSearch,
    onNewSearch: () => void page.actionRef.current?.setPageInfo?.({ current: 1 }),
  });
  const [nextSignal] = useState(latestRequestSignal);
  return (
    <div ref={page.tableRef} data-testid={testId} data-access={page.access} data-search={serverSearch ? 'server' : 'page'}>
      <ManagementTable<Row>
        table={page}
        request={(params) => {
          const signal = nextSignal();
          return tableRequest(() => load(params, signal), page.fail, signal);
        }}
        paging={{ pageSize, search, searchPlaceholder: serverSearch ? searchPlaceholder.server : searchPlaceholder.page }}
        {...(filters ? { params: { ...search.params, ...filters } } : {})}
        {...batchSelectionProps<Row>(page.t, { selected, onChange: setSelected, ...selection })}
        toolBarRender={() => [...tools, <RefreshButton key="refresh" onClick={page.reload} />]}
        {...props}
      />
      <EditForm row={page.editing} access={page.access} onClose={page.closeEdit} onSaved={page.saved} />
      <Preview row={page.previewing} access={page.access} onClose={page.closePreview} />
      <QrCodeModal url={page.qrUrl} onClose={page.closeQr} />
    </div>
  );
}
