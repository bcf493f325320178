import type { ApiEnvelope, ApiTimestamp, PagePagination, Uuid } from './common';

/**
 * Cloudclip addition (not in the legacy contract): search over pastes and file shares.
 *
 * A backend that offers it lists `"search"` in `GET /api/version` → `data.features`; a client shows
 * its search only then, and otherwise keeps working with the contract's plain lists.
 *
 * The query `q` (trimmed; at most SEARCH_QUERY_MAX_LENGTH characters, at most SEARCH_MAX_TERMS
 * whitespace-separated terms, else 400) matches an item when **every term** occurs, case-insensitively,
 * as a substring of one of its fields:
 * - pastes: slug, remark and content — never the content of an end-to-end encrypted paste (the server
 *   holds only ciphertext, which is not indexed);
 * - file shares: slug, filename and remark.
 * An empty or blank `q` is no filter. Matching items keep the list's order (newest first) and paging.
 *
 * Where `q` applies (all optional; absent = the contract's behaviour):
 * - `GET /api/admin/pastes?q=` and `GET /api/admin/files?q=`: every item;
 * - `GET /api/user/pastes?q=` and `GET /api/user/files?q=`: the key's own items only;
 * - `GET /api/admin/search?q=&type=&page=&limit=` (admin): both kinds in one list, see AdminSearchQuery.
 */
export const SERVER_FEATURE_SEARCH = 'search';

/** Name of the search parameter on the list endpoints and on `/admin/search`. */
export const SEARCH_QUERY_PARAM = 'q';
/** Longest accepted query, in characters (after trimming). */
export const SEARCH_QUERY_MAX_LENGTH = 200;
/** Most whitespace-separated terms in one query. */
export const SEARCH_MAX_TERMS = 8;
/** Longest snippet of an AdminSearchHit, in characters (an ellipsis `…` marks a cut at either end). */
export const SEARCH_SNIPPET_LENGTH = 160;
/** `GET /admin/search` paging: defaults and the largest page. */
export const ADMIN_SEARCH_PAGE = { page: 1, limit: 20, maxLimit: 100 } as const;

export type SearchKind = 'paste' | 'file';
export const SEARCH_KINDS: readonly SearchKind[] = ['paste', 'file'];

/** The terms of a query as the server matches them: trimmed, split on whitespace, empty ones dropped. */
export function searchTermsOf(q: string | null | undefined): string[] {
  return (q ?? '').trim().split(/\s+/u).filter(Boolean);
}

export type SearchQueryProblem = 'tooLong' | 'tooManyTerms';

/** Why a query is refused (400), or null when it is acceptable (blank included). */
export function searchQueryProblem(q: string | null | undefined): SearchQueryProblem | null {
  const trimmed = (q ?? '').trim();
  if ([...trimmed].length > SEARCH_QUERY_MAX_LENGTH) return 'tooLong';
  if (searchTermsOf(trimmed).length > SEARCH_MAX_TERMS) return 'tooManyTerms';
  return null;
}

/** Query of `GET /admin/search`. `type` absent or `all` = both kinds. */
export interface AdminSearchQuery {
  q: string;
  type?: SearchKind | 'all';
  page?: number;
  limit?: number;
}

/** One item found by `GET /admin/search`. */
export interface AdminSearchHit {
  kind: SearchKind;
  id: Uuid;
  slug: string;
  /** Pastes: the remark, else null. Files: the filename. */
  title: string | null;
  /** Plain text around the first match of the content, remark or filename (≤ SEARCH_SNIPPET_LENGTH); `""` when only the slug matched or the paste is encrypted. */
  snippet: string;
  /** Pastes only: true for an end-to-end encrypted paste. */
  encrypted?: boolean;
  has_password: 0 | 1;
  created_by: string | null;
  created_at: ApiTimestamp;
}

/** `GET /admin/search` → 200 E `data`; 400 E for a refused query; 403 for a non-admin. */
export interface AdminSearchData {
  items: AdminSearchHit[];
  pagination: PagePagination;
}

export type AdminSearchResponse = ApiEnvelope<AdminSearchData>;
