import { useState } from 'react';
import { Button, Space, Typography } from 'antd';
import { ClearOutlined } from '@ant-design/icons';
import type { ProColumns } from '@ant-design/pro-components';
import { ADMIN_PASTE_PAGE, SERVER_FEATURE_PASTE_TAGS, toBoolean, useKernel, useServerFeature } from '@cloudclip/shared-kernel';
import { pasteLink } from '../../../lib/share-links';
import { useSharePage } from '../../../hooks/use-share-page';
import { PasswordLock } from '../../../components/password-lock';
import { ShareManagementTable, shareActionsColumn, shareLifecycleColumns } from '../../../components/share-table';
import { requestAdminPastes, requestUserPastes, type PasteRow } from '../api/paste-table-request';
import { PasteEditForm } from './paste-edit-form';
import { PasteMarkTags } from './paste-mark-tags';
import { PastePreviewCell } from './paste-preview-cell';
import { PastePreviewModal } from './paste-preview-modal';
import { PasteTagFilter } from './paste-tag-filter';
import { PasteTagList } from './paste-tag-list';
import { usePasteTagCounts } from '../hooks/use-paste-tag-counts';

/**
 * Text management (spec §2): the admin's every paste, or a key holder's own ones. Where the backend
 * offers paste tags: a tags column, a tag filter in the toolbar (the caller's own tags with their
 * counts, sent as `tag` with the search, from page 1) and the tags in the edit form.
 */
export function TextManagementPage({ access }: { access: 'full' | 'user' }) {
  const kernel = useKernel();
  const api = kernel.api.pastes;
  const page = useSharePage<PasteRow>(access);
  const { admin, t, language, message, actionRef, reload, confirmThen, selected } = page;
  const tagsOffered = useServerFeature(SERVER_FEATURE_PASTE_TAGS) === true;
  const tagCounts = usePasteTagCounts(access, tagsOffered);
  const [tag, setTag] = useState<string | undefined>(undefined);
  const filterByTag = (next: string | undefined) => {
    actionRef.current?.setPageInfo?.({ current: 1 });
    setTag(next);
  };

  const remove = (row: PasteRow) =>
    page.confirmRemove(
      row,
      { title: t('text.deleteTitle'), content: t('text.deleteBody', { slug: row.slug }), done: t('text.deleted') },
      () => (admin ? api.adminRemove(row.id) : api.userRemove(row.id)),
    );

  const removeSelected = () =>
    confirmThen({
      title: t('text.batchDeleteTitle', { count: selected.length }),
      content: t('text.batchDeleteBody'),
      onOk: async () => {
        const ids = selected.map((row) => row.id);
        await (admin ? api.adminBatchRemove(ids) : api.userBatchRemove(ids));
        void message.success(t('text.batchDeleted', { count: ids.length }));
        page.setSelected([]);
        actionRef.current?.clearSelected?.();
        reload();
      },
    });

  const clearExpired = () =>
    confirmThen({
      title: t('text.clearExpiredTitle'),
      content: t('text.clearExpiredBody'),
      okText: t('text.clearExpired'),
      onOk: async () => {
        const result = await api.adminClearExpired();
        void message.success(result?.message || t('text.expiredCleared'));
        reload();
      },
    });

  const columns: ProColumns<PasteRow>[] = [
    {
      title: t('text.colSlug'),
      dataIndex: 'slug',
      width: 190,
      render: (_, row) => (
        <Space size={4} wrap>
          <Typography.Link href={pasteLink(row.slug)} target="_blank" rel="noreferrer" data-testid="paste-slug">
            {row.slug}
          </Typography.Link>
          {toBoolean(row.has_password) && <PasswordLock />}
          <PasteMarkTags marks={row} />
        </Space>
      ),
    },
    { title: t('text.colRemark'), dataIndex: 'remark', ellipsis: true, width: 160, render: (_, row) => row.remark || '—' },
    {
      title: t('text.colContent'),
      dataIndex: 'preview',
      ellipsis: true,
      width: 260,
      render: (_, row) => <PastePreviewCell row={row} />,
    },
    ...(tagsOffered
      ? [
          {
            title: t('text.colTags'),
            dataIndex: 'tags',
            width: 180,
            render: (_: unknown, row: PasteRow) => <PasteTagList tags={row.tags} />,
          } satisfies ProColumns<PasteRow>,
        ]
      : []),
    ...shareLifecycleColumns<PasteRow>(t, language, admin),
    shareActionsColumn<PasteRow>(t, page.narrow, (row) => page.rowHandlers(row, pasteLink(row.slug), () => remove(row))),
  ];

  return (
    <ShareManagementTable<PasteRow>
      page={page}
      testId="text-management"
      columns={columns}
      load={(params, signal) => (admin ? requestAdminPastes(api, params, signal) : requestUserPastes(api, params, signal))}
      headerTitle={t(admin ? 'text.titleAdmin' : 'text.titleUser')}
      tools={[
        ...(tagsOffered
          ? [<PasteTagFilter key="tag" counts={tagCounts.counts} value={tag} onChange={filterByTag} onOpen={tagCounts.refresh} />]
          : []),
        ...(admin
          ? [
              <Button key="clear" icon={<ClearOutlined />} onClick={clearExpired} data-testid="clear-expired">
                {t('text.clearExpired')}
              </Button>,
            ]
          : []),
      ]}
      filters={tagsOffered ? { tag } : undefined}
      paging={{
        pageSize: ADMIN_PASTE_PAGE.limit,
        searchPlaceholder: { page: t('text.searchPlaceholder'), server: t('text.searchAllPlaceholder') },
      }}
      selection={{ nameOf: (row) => row.slug, onBatchDelete: removeSelected }}
      scroll={{ x: 1300 }}
      dialogs={{ edit: PasteEditForm, preview: PastePreviewModal }}
    />
  );
}
