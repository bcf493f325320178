import { ADMIN_PASTE_PAGE, USER_PASTE_PAGE, type CloudclipApi, type PasteRowMarks } from '@cloudclip/shared-kernel';
import { keywordPage, offsetOf, pageOf, searchOf, type TableAdapter, type TableParams } from '../../../lib/table-request';
import { pasteMarksOf, type PasteMarks } from './paste-marks';

/** Length of the content preview shown in the table (the admin list already cuts at 200). */
export const PREVIEW_LENGTH = 200;

/** One table row, the same for the admin list and a key holder's own list. */
export interface PasteRow extends PasteMarks {
  id: string;
  slug: string;
  remark: string | null;
  /** 0/1 in both lists. */
  has_password: 0 | 1;
  expires_at: string | null;
  max_views: number | null;
  views: number;
  created_by: string | null;
  /** Only for key-created rows; `null` when the key is gone. */
  key_name?: string | null;
  /** Empty for an encrypted paste: the server only has ciphertext, which is no preview. */
  preview: string;
  created_at: string;
  /** The paste's tags (`[]` when none, or on a backend without tags). */
  tags: string[];
}

function cut(content: string): string {
  return content.length > PREVIEW_LENGTH ? `${content.slice(0, PREVIEW_LENGTH)}...` : content;
}

const searchable = (row: PasteRow) => [row.slug, row.remark, row.preview, row.key_name];

/** The `tag` filter of a list request: sent only when one is chosen. */
function tagOf(params: TableParams): { tag?: string } {
  const tag = params.tag?.trim();
  return tag ? { tag } : {};
}

/** The fields both lists send under the same names. */
type ListedPaste = Pick<
  PasteRow,
  'id' | 'slug' | 'remark' | 'has_password' | 'expires_at' | 'max_views' | 'created_by' | 'key_name' | 'created_at'
> &
  PasteRowMarks & { tags?: string[] };

/**
 * A table row from an item of either list; the view count and preview come under different names.
 * An encrypted paste gets no preview whatever the server sent.
 */
function toRow(item: ListedPaste, views: number, preview: string): PasteRow {
  const marks = pasteMarksOf(item);
  return {
    ...marks,
    id: item.id,
    slug: item.slug,
    remark: item.remark,
    has_password: item.has_password,
    expires_at: item.expires_at,
    max_views: item.max_views,
    views,
    created_by: item.created_by,
    key_name: item.key_name,
    preview: marks.encrypted ? '' : preview,
    created_at: item.created_at,
    tags: Array.isArray(item.tags) ? item.tags : [],
  };
}

/**
 * ProTable adapter of `GET /admin/pastes?page&limit[&q][&tag]` (page 1, limit 10 by default). The
 * server pages. `q` (a backend offering search) and `tag` (one offering paste tags) are sent and the
 * server's matching rows and total are shown; otherwise the toolbar keyword narrows the page shown.
 */
export const requestAdminPastes: TableAdapter<Pick<CloudclipApi['pastes'], 'adminList'>, PasteRow> = async (api, params, signal) => {
  const { page, size } = pageOf(params, ADMIN_PASTE_PAGE.limit);
  const body = await api.adminList({ page, limit: size, ...searchOf(params), ...tagOf(params) }, signal);
  const rows = (body.data ?? []).map((item) => toRow(item, item.view_count ?? 0, item.content_preview ?? ''));
  return keywordPage(rows, params, searchable, body.pagination?.total);
};

/** ProTable adapter of `GET /user/pastes?limit&offset[&q][&tag]` (limit 10, offset 0 by default): a key holder's own pastes. */
export const requestUserPastes: TableAdapter<Pick<CloudclipApi['pastes'], 'userList'>, PasteRow> = async (api, params, signal) => {
  const { limit, offset } = offsetOf(params, USER_PASTE_PAGE.limit);
  const body = await api.userList({ limit, offset, ...searchOf(params), ...tagOf(params) }, signal);
  const rows = (body.data ?? []).map((item) =>
    // The server's preview when it sends one (Cloudclip's does); the legacy server only has `content`.
    toRow(item, item.views ?? 0, item.content_preview ?? cut(item.content ?? '')),
  );
  return keywordPage(rows, params, searchable, body.pagination?.total);
};
