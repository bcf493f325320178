import type { ReactNode } from 'react';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { ProTable, type ProColumns, type ProTableProps } from '@ant-design/pro-components';
import type { TFunction } from 'i18next';
import { formatDateTime, type Language } from '@cloudclip/shared-kernel';
import type { TableParams } from '../lib/table-request';
import type { TableSearchState } from '../hooks/use-table-search';
import { tableScroll, useTableLayout } from '../hooks/use-table-layout';
import type { ManagementTableState } from '../hooks/use-management-table';
import { IconAction } from './icon-action';
import { TableSearch } from './table-search';

type ManagementTableProps<Row> = Omit<ProTableProps<Row, TableParams>, 'columns' | 'pagination'> & {
  table: Pick<ManagementTableState, 'actionRef'>;
  columns: ProColumns<Row>[];
  /** Paged tables with a search (useTableSearch): the page size, the search and its placeholder; otherwise one page. */
  paging?: { pageSize: number; search: TableSearchState; searchPlaceholder: string };
};

/**
 * The ProTable of a management page: rows keyed by id, laid out by useTableLayout (scrolls sideways,
 * name pinned left, actions pinned right; re-created when the screen crosses the phone breakpoint),
 * no query form, own refresh button in the toolbar.
 * A paged table has its own search box in the toolbar; what it applied reaches `request` as `params`.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- ProTable's own constraint on rows
export function ManagementTable<Row extends Record<string, any>>({ table, columns, paging, scroll, ...props }: ManagementTableProps<Row>) {
  const { actionRef } = table;
  const layout = useTableLayout();
  const pagingProps: Partial<ProTableProps<Row, TableParams>> = paging
    ? {
        debounceTime: 1,
        params: paging.search.params,
        toolbar: { search: <TableSearch search={paging.search} placeholder={paging.searchPlaceholder} /> },
        options: { reload: false, density: false, setting: false },
        pagination: { defaultPageSize: paging.pageSize, showSizeChanger: true, pageSizeOptions: [10, 20, 50, 100] },
      }
    : { options: { reload: false, density: false, setting: false }, pagination: false };
  return (
    <ProTable<Row, TableParams>
      key={layout.narrow ? 'phone' : 'wide'}
      rowKey="id"
      actionRef={actionRef}
      columns={layout.columns(columns)}
      scroll={tableScroll(scroll?.x === true ? undefined : scroll?.x)}
      size={layout.narrow ? 'small' : 'middle'}
      search={false}
      {...pagingProps}
      cardBordered
      {...props}
    />
  );
}

/** The actions column (icon buttons) of a management table; ManagementTable pins it on the right. */
export function actionsColumn<Row>(t: TFunction, width: number, actionsOf: (row: Row) => ReactNode[]): ProColumns<Row> {
  return { title: t('common.actions'), valueType: 'option', width, render: (_, row) => actionsOf(row) };
}

/** The row's edit action. */
export function editAction(t: TFunction, onEdit: () => void): ReactNode {
  return <IconAction key="edit" label={t('common:actions.edit')} icon={<EditOutlined />} onClick={onEdit} testId="row-edit" />;
}

/** The row's delete action (danger; the handler asks for confirmation). */
export function deleteAction(t: TFunction, onDelete: () => void): ReactNode {
  return (
    <IconAction key="delete" label={t('common:actions.delete')} icon={<DeleteOutlined />} danger onClick={onDelete} testId="row-delete" />
  );
}

/** The creation time column. */
export function createdAtColumn<Row extends { created_at: string }>(t: TFunction, language: Language): ProColumns<Row> {
  return {
    title: t('common.createdAt'),
    dataIndex: 'created_at',
    width: 170,
    render: (_, row) => formatDateTime(row.created_at, language) || '—',
  };
}
