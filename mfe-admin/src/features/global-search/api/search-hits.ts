import {
  ADMIN_SEARCH_PAGE,
  SEARCH_QUERY_PARAM,
  type AdminSearchHit,
  type AdminSearchQuery,
  type CloudclipApi,
} from '@cloudclip/shared-kernel';

/** The admin module that manages a hit's kind. */
export function moduleOfHit(hit: Pick<AdminSearchHit, 'kind'>): 'text-management' | 'file-management' {
  return hit.kind === 'paste' ? 'text-management' : 'file-management';
}

/**
 * Where a hit opens: its management table searched for its link suffix (`?q=<slug>`), so the row is
 * shown with its actions. `pathOf` gives a module's path under the remote's basename.
 */
export function hitPath(hit: Pick<AdminSearchHit, 'kind' | 'slug'>, pathOf: (module: string) => string): string {
  return `${pathOf(moduleOfHit(hit))}?${new URLSearchParams({ [SEARCH_QUERY_PARAM]: hit.slug }).toString()}`;
}

/** A stable key of a hit (a paste and a file share may share an id format, never a kind). */
export function hitKey(hit: Pick<AdminSearchHit, 'kind' | 'id'>): string {
  return `${hit.kind}:${hit.id}`;
}

/** Appends a further page of hits, skipping any already listed (rows created meanwhile shift pages). */
export function appendHits(listed: readonly AdminSearchHit[], next: readonly AdminSearchHit[]): AdminSearchHit[] {
  const seen = new Set(listed.map(hitKey));
  return [...listed, ...next.filter((hit) => !seen.has(hitKey(hit)))];
}

/** One page of `GET /admin/search` over both kinds. */
export function searchPage(api: Pick<CloudclipApi['search'], 'admin'>, q: string, page: number, signal?: AbortSignal) {
  const query: AdminSearchQuery = { q, type: 'all', page, limit: ADMIN_SEARCH_PAGE.limit };
  return api.admin(query, signal);
}
