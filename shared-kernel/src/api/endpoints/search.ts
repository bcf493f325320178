import type { HttpClient } from '../http-client';
import { ADMIN_SEARCH_PAGE } from '@cloudclip/contract';
import type { AdminSearchData, AdminSearchQuery } from '@cloudclip/contract';
import { searchParam } from './search-param';

/**
 * Search over pastes and file shares (Cloudclip addition, contract `api/search.ts`). Only a backend
 * whose `GET /version` lists `"search"` answers it: ask `kernel.serverFeatures()` first. The query is
 * sent as given; check it with `validateSearchQuery` before, so a refused query is explained without
 * a round trip (the server answers 400 for the same queries).
 */
export function createSearchApi(client: HttpClient) {
  return {
    /**
     * `GET /admin/search?q=&type=&page=&limit=` → E `data` `{ items, pagination }` (admin only): pastes
     * and file shares in one list, newest first. `type` absent = both kinds; page 1, limit 20 by default.
     */
    admin(query: AdminSearchQuery, signal?: AbortSignal): Promise<AdminSearchData> {
      return client.data<AdminSearchData>('/admin/search', {
        query: {
          q: searchParam(query.q) ?? '',
          type: query.type,
          page: query.page ?? ADMIN_SEARCH_PAGE.page,
          limit: query.limit ?? ADMIN_SEARCH_PAGE.limit,
        },
        signal,
      });
    },
  };
}

export type SearchApi = ReturnType<typeof createSearchApi>;
