import { FILE_LIST_PAGE, type FileRecord, type CloudclipApi } from '@cloudclip/shared-kernel';
import { keywordPage, offsetOf, searchOf, type TableParams, type TableResult } from '../../../lib/table-request';

const searchable = (row: FileRecord) => [row.filename, row.slug, row.remark, row.mimetype, row.key_name];

/**
 * ProTable adapter of `GET /admin/files?limit&offset[&q]` (limit 50, offset 0 by default): pagination
 * comes inside `data`. `q` (a backend offering search) is sent and the server's matching rows and total
 * are shown; otherwise the toolbar keyword narrows the rows of the page shown.
 */
export async function requestAdminFiles(
  api: Pick<CloudclipApi['files'], 'adminList'>,
  params: TableParams,
  signal?: AbortSignal,
): Promise<TableResult<FileRecord>> {
  const { limit, offset } = offsetOf(params, FILE_LIST_PAGE.limit);
  const data = await api.adminList({ limit, offset, ...searchOf(params) }, signal);
  return keywordPage(data?.files ?? [], params, searchable, data?.pagination?.total);
}

/** ProTable adapter of `GET /user/files?limit&offset[&q]`: a key holder's own files. */
export async function requestUserFiles(
  api: Pick<CloudclipApi['files'], 'userList'>,
  params: TableParams,
  signal?: AbortSignal,
): Promise<TableResult<FileRecord>> {
  const { limit, offset } = offsetOf(params, FILE_LIST_PAGE.limit);
  const body = await api.userList({ limit, offset, ...searchOf(params) }, signal);
  return keywordPage(body?.data?.files ?? [], params, searchable, body?.data?.pagination?.total);
}

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
