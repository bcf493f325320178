/**
 * The caller's own shares: an API key's pastes and files (`/api/user/pastes`, `/api/user/files`,
 * contract §5.3.3, §5.4.4) or, for an admin login, everyone's (`/api/admin/pastes`, `/api/admin/files`).
 * Pages are read until the end (at most MAX_ROWS rows per type).
 */
import type { AdminFileListData, AdminPasteListItem, FileRecord, UserFileListData, UserPasteListItem } from '@cloudclip/contract';
import { CliError } from '../errors';
import type { CommandContext } from '../context';

export interface ShareRow {
  type: 'paste' | 'file';
  id: string;
  slug: string;
  /** Remark of a paste, file name of a file (with its remark). */
  name: string;
  remark: string | null;
  /** Bytes: the file's size, or the paste's content (UTF-8) when the list carries it. */
  size: number | null;
  views: number;
  maxViews: number | null;
  expiresAt: string | null;
  createdAt: string;
  tags?: string[];
  hasPassword: boolean;
  encrypted?: boolean;
  burnAfterReading?: boolean;
}

const PAGE = 100;
const MAX_ROWS = 5000;

export interface ListFilter {
  search?: string;
  tag?: string;
}

function isAdmin(ctx: CommandContext): boolean {
  return ctx.client.authHeaders().Authorization?.startsWith('Bearer ') === true;
}

export function requireCredentials(ctx: CommandContext): void {
  if (!ctx.client.authHeaders().Authorization) {
    throw new CliError('auth', ctx.t('error.notLoggedIn', { server: ctx.server }));
  }
}

export async function listPastes(ctx: CommandContext, filter: ListFilter = {}): Promise<ShareRow[]> {
  const rows: ShareRow[] = [];
  if (isAdmin(ctx)) {
    for (let page = 1; rows.length < MAX_ROWS; page += 1) {
      const body = (await ctx.client.requestBody('GET', '/api/admin/pastes', {
        query: { page, limit: PAGE, q: filter.search, tag: filter.tag },
      })) as { data?: AdminPasteListItem[]; pagination?: { totalPages?: number } };
      const items = body.data ?? [];
      rows.push(...items.map((item) => pasteRow(item)));
      if (items.length < PAGE || page >= (body.pagination?.totalPages ?? page)) break;
    }
    return rows;
  }
  for (let offset = 0; rows.length < MAX_ROWS; offset += PAGE) {
    const body = (await ctx.client.requestBody('GET', '/api/user/pastes', {
      query: { limit: PAGE, offset, q: filter.search, tag: filter.tag },
    })) as { data?: UserPasteListItem[]; pagination?: { hasMore?: boolean } };
    const items = body.data ?? [];
    rows.push(...items.map((item) => pasteRow(item)));
    if (items.length < PAGE || body.pagination?.hasMore === false) break;
  }
  return rows;
}

export async function listFiles(ctx: CommandContext, filter: ListFilter = {}): Promise<ShareRow[]> {
  const rows: ShareRow[] = [];
  const path = isAdmin(ctx) ? '/api/admin/files' : '/api/user/files';
  for (let offset = 0; rows.length < MAX_ROWS; offset += PAGE) {
    const data = await ctx.client.request<AdminFileListData | UserFileListData>('GET', path, {
      query: { limit: PAGE, offset, q: filter.search },
    });
    const files = data?.files ?? [];
    rows.push(...files.map((file) => fileRow(file)));
    const total = data?.pagination?.total;
    if (files.length < PAGE || (typeof total === 'number' && offset + files.length >= total)) break;
  }
  return rows;
}

function pasteRow(item: AdminPasteListItem | UserPasteListItem): ShareRow {
  const content = (item as { content?: unknown }).content;
  const row: ShareRow = {
    type: 'paste',
    id: item.id,
    slug: item.slug,
    name: item.remark ?? '',
    remark: item.remark ?? null,
    size: typeof content === 'string' ? Buffer.byteLength(content) : null,
    views: Number((item as { views?: number }).views ?? (item as { view_count?: number }).view_count ?? 0),
    maxViews: item.max_views ?? null,
    expiresAt: item.expires_at ?? null,
    createdAt: String(item.created_at),
    hasPassword: Boolean(item.has_password),
  };
  const tags = (item as { tags?: unknown }).tags;
  if (Array.isArray(tags)) row.tags = tags.filter((tag): tag is string => typeof tag === 'string');
  if (item.encryption) row.encrypted = true;
  if (item.burn_after_reading) row.burnAfterReading = true;
  return row;
}

function fileRow(file: FileRecord): ShareRow {
  return {
    type: 'file',
    id: file.id,
    slug: file.slug,
    name: file.remark ? `${file.filename} (${file.remark})` : file.filename,
    remark: file.remark ?? null,
    size: typeof file.size === 'number' ? file.size : null,
    views: Number(file.views ?? 0),
    maxViews: file.max_views ?? null,
    expiresAt: file.expires_at ?? null,
    createdAt: String(file.created_at),
    hasPassword: Boolean(file.has_password),
  };
}

/** Deletes one listed share (`DELETE /api/{admin,user}/{pastes,files}/{id}`). */
export async function deleteRow(ctx: CommandContext, row: ShareRow): Promise<void> {
  const scope = isAdmin(ctx) ? 'admin' : 'user';
  const kind = row.type === 'paste' ? 'pastes' : 'files';
  await ctx.client.request('DELETE', `/api/${scope}/${kind}/${encodeURIComponent(row.id)}`);
}
