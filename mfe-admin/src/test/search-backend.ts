import { searchQueryProblem, searchTermsOf } from '@cloudclip/shared-kernel';
import { jsonResponse } from '@cloudclip/shared-kernel/testing/json-response';

/** One list request the fake backend received, and whether its caller aborted it. */
export interface ListRequest {
  url: URL;
  signal: AbortSignal | null | undefined;
}

export interface SearchBackendOptions<Row> {
  /** `data.features` of `GET /api/version`; absent = a backend that lists none. */
  features?: string[];
  /** The list endpoint's path, e.g. `/api/admin/pastes`. */
  listPath: string;
  rows: Row[];
  /** The fields a query term must occur in (as the contract's matching rule). */
  fields: (row: Row) => Array<string | null | undefined>;
  /** The list's answer for one page of rows. */
  answer: (rows: Row[], total: number, url: URL) => unknown;
  /** Requests that wait for `release()` instead of answering at once. */
  hold?: (url: URL) => boolean;
  /** The message of a 400 for a query the server refuses; by default the contract's rule (searchQueryProblem). */
  refuse?: (q: string | null) => string | null;
}

/**
 * A fake backend for a share table's search: `GET /api/version` (with or without features) and one
 * list endpoint that pages (`page`/`limit` or `limit`/`offset`) and applies `q` like the contract
 * (every term a case-insensitive substring of a field; 400 for a refused query). Everything else is 404.
 */
export function searchBackend<Row>(options: SearchBackendOptions<Row>) {
  const requests: ListRequest[] = [];
  const held: Array<() => void> = [];
  const fetchImpl = (async (input: string, init: RequestInit = {}) => {
    const url = new URL(String(input));
    if (url.pathname === '/api/version') {
      const data = { version: '1.0.0', name: 'cloudclip', environment: 'Docker', storage: 'SQLite' };
      return jsonResponse(200, {
        code: 200,
        message: 'ok',
        success: true,
        data: options.features ? { ...data, features: options.features } : data,
      });
    }
    if (url.pathname !== options.listPath) return jsonResponse(404, { code: 404, message: 'not found', success: false });
    requests.push({ url, signal: init.signal });
    if (options.hold?.(url)) {
      await new Promise<void>((resolve, reject) => {
        held.push(resolve);
        init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      });
    }
    const q = url.searchParams.get('q');
    const refusal = options.refuse ? options.refuse(q) : searchQueryProblem(q) && 'Refused by the server';
    if (refusal) return jsonResponse(400, { code: 400, message: refusal, success: false });
    const terms = searchTermsOf(q).map((term) => term.toLowerCase());
    const matching = options.rows.filter((row) =>
      terms.every((term) => options.fields(row).some((value) => typeof value === 'string' && value.toLowerCase().includes(term))),
    );
    const limit = Number(url.searchParams.get('limit') ?? 10);
    const offset = url.searchParams.has('offset')
      ? Number(url.searchParams.get('offset'))
      : (Number(url.searchParams.get('page') ?? 1) - 1) * limit;
    return jsonResponse(200, options.answer(matching.slice(offset, offset + limit), matching.length, url));
  }) as unknown as typeof fetch;
  return {
    fetchImpl,
    requests,
    /** The path of the last list request and its query parameters `names` (null = not sent). */
    lastRequest: (...names: string[]) => {
      const url = requests.at(-1)?.url;
      return { path: url?.pathname, ...Object.fromEntries(names.map((name) => [name, url?.searchParams.get(name) ?? null])) };
    },
    /** The `q` of every list request, in order (null = not sent). */
    queries: () => requests.map((request) => request.url.searchParams.get('q')),
    /** Lets the held requests answer. */
    release: () => held.splice(0).forEach((resolve) => resolve()),
  };
}
