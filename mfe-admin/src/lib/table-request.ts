/** What ProTable's `request` expects back (conventions #13). */
export interface TableResult<T> {
  data: T[];
  total: number;
  success: boolean;
}

/**
 * The paging params ProTable passes to `request`, plus the toolbar's search: `keyword` narrows the
 * page shown (a backend without search), `q` is sent to the server (a backend that lists `"search"`).
 */
export interface TableParams {
  current?: number;
  pageSize?: number;
  keyword?: string;
  q?: string;
  /** A server-side filter by paste tag (text management, where the backend lists `"paste-tags"`). */
  tag?: string;
}

/** A ProTable `request` adapter over one list call of `api`: ProTable's params in, one page out. */
export type TableAdapter<Api, T> = (api: Api, params: TableParams, signal?: AbortSignal) => Promise<TableResult<T>>;

/** Page number and size with defaults; garbage in → the defaults. */
export function pageOf(params: TableParams, defaultSize: number): { page: number; size: number } {
  const page = Number.isInteger(params.current) && (params.current as number) > 0 ? (params.current as number) : 1;
  const size = Number.isInteger(params.pageSize) && (params.pageSize as number) > 0 ? (params.pageSize as number) : defaultSize;
  return { page, size };
}

/** Offset paging (`limit` / `offset`) from ProTable's page params. */
export function offsetOf(params: TableParams, defaultSize: number): { limit: number; offset: number } {
  const { page, size } = pageOf(params, defaultSize);
  return { limit: size, offset: (page - 1) * size };
}

/**
 * The `q` of a list request: the server-side search when there is one (not blank), else nothing, so
 * the request stays the contract's plain list request.
 */
export function searchOf(params: TableParams): { q?: string } {
  const q = params.q?.trim();
  return q ? { q } : {};
}

/** Keeps the rows whose listed fields contain the keyword (case-insensitive); all rows when it is blank. */
export function filterByKeyword<T>(rows: T[], keyword: string | undefined, fields: (row: T) => Array<string | null | undefined>): T[] {
  const needle = (keyword ?? '').trim().toLowerCase();
  if (!needle) return rows;
  return rows.filter((row) => fields(row).some((value) => typeof value === 'string' && value.toLowerCase().includes(needle)));
}

/** A server-paged page for ProTable: its rows narrowed by the toolbar keyword; the total is the server's when it sends one. */
export function keywordPage<T>(
  rows: T[],
  params: TableParams,
  fields: (row: T) => Array<string | null | undefined>,
  total: number | undefined,
): TableResult<T> {
  return { data: filterByKeyword(rows, params.keyword, fields), total: total ?? rows.length, success: true };
}

/**
 * Runs a loader and turns a failure into an unsuccessful result (reported through `onError`), so
 * ProTable keeps the rows it shows instead of meeting an unhandled rejection. A request cancelled
 * through `signal` (a newer one replaced it) is no failure to report.
 */
export async function tableRequest<T>(
  load: () => Promise<TableResult<T>>,
  onError?: (error: unknown) => void,
  signal?: AbortSignal,
): Promise<TableResult<T>> {
  try {
    return await load();
  } catch (error) {
    if (!signal?.aborted) onError?.(error);
    return { data: [], total: 0, success: false };
  }
}

/**
 * Hands each request of a table its own AbortSignal and aborts the one before: when the search or
 * the page changes while a request is on its way, only the newest answer matters.
 */
export function latestRequestSignal(): () => AbortSignal {
  let current: AbortController | null = null;
  return () => {
    current?.abort();
    current = new AbortController();
    return current.signal;
  };
}

/** A table without paging: the whole list is one page (failures as in `tableRequest`). */
export function wholeListRequest<T>(list: () => Promise<T[]>, onError?: (error: unknown) => void): Promise<TableResult<T>> {
  return tableRequest(async () => {
    const data = await list();
    return { data, total: data.length, success: true };
  }, onError);
}
