import { FILE_LIST_PAGE, type FileRecord, type CloudclipApi } from '@cloudclip/shared-kernel';
import { keywordPage, offsetOf, searchOf, type TableAdapter, type TableParams, type TableResult } from '../../../lib/table-request';

const searchable = (row: FileRecord) => [row.filename, row.slug, row.remark, row.mimetype, row.key_name];

/** What both file lists take: offset paging and the server-side search. */
type FileListQuery = { limit: number; offset: number; q?: string };

/** One page of either file list: `data` of the admin list, `data` of the key holder's list body. */
type FilePage = { files?: FileRecord[]; pagination?: { total?: number } } | undefined;

/** Asks `list` for ProTable's page (offset paging, `q` when searching) and narrows it by the toolbar keyword. */
async function requestFilePage(params: TableParams, list: (query: FileListQuery) => Promise<FilePage>): Promise<TableResult<FileRecord>> {
  const data = await list({ ...offsetOf(params, FILE_LIST_PAGE.limit), ...searchOf(params) });
  return keywordPage(data?.files ?? [], params, searchable, data?.pagination?.total);
}

/**
 * ProTable adapter of `GET /admin/files?limit&offset[&q]` (limit 50, offset 0 by default): pagination
 * comes inside `data`. `q` (a backend offering search) is sent and the server's matching rows and total
 * are shown; otherwise the toolbar keyword narrows the rows of the page shown.
 */
export const requestAdminFiles: TableAdapter<Pick<CloudclipApi['files'], 'adminList'>, FileRecord> = (api, params, signal) =>
  requestFilePage(params, (query) => api.adminList(query, signal));

/** ProTable adapter of `GET /user/files?limit&offset[&q]`: a key holder's own files. */
export const requestUserFiles: TableAdapter<Pick<CloudclipApi['files'], 'userList'>, FileRecord> = (api, params, signal) =>
  requestFilePage(params, async (query) => (await api.userList(query, signal))?.data);

/** Deletes several files one by one (the API has no batch route); returns how many failed. */
export async function removeFiles(
  remove: (id: string) => Promise<void>,
  ids: readonly string[],
): Promise<{ removed: number; failed: number; firstError: unknown }> {
  let removed = 0;
  let failed = 0;
  let firstError: unknown = null;
  for (const id of ids) {
    try {
      await remove(id);
      removed += 1;
    } catch (error) {
      failed += 1;
      firstError ??= error;
    }
  }
  return { removed, failed, firstError };
}
