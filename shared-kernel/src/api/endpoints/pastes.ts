import { ADMIN_PASTE_PAGE, USER_PASTE_PAGE } from '../../constants';
import type { HttpClient } from '../http-client';
import { PASTE_BURN_ASK_QUERY } from '@cloudclip/contract';
import type { ApiMessage, PasteBatchDeleteRequest, PasteBurnConfirmRequest, PasteUnlockRequest } from '@cloudclip/contract';
import type {
  AdminPasteDetail,
  AdminPasteListQuery,
  AdminPasteListResponse,
  PasteCreateRequest,
  PasteCreateResponse,
  PasteOpenView,
  PastePublicView,
  PasteTagCount,
  PasteUnlockedView,
  PasteUpdateRequest,
  PasteUpdateResponse,
  PasteView,
  UserPasteDetail,
  UserPasteListQuery,
  UserPasteListResponse,
} from '@cloudclip/contract';
import { offsetPage } from './offset-page';
import { searchParam } from './search-param';

const seg = encodeURIComponent;

/**
 * The calls on existing pastes that the admin (`/admin`, every row) and a key (`/user`, its own rows)
 * both have, the same requests under each prefix; only the detail's type differs.
 */
function pasteRowCalls<Detail>(client: HttpClient, prefix: '/admin' | '/user') {
  return {
    /** `GET {prefix}/paste-tags` → tags with their counts; `[]` when the answer has no data. */
    async tags(signal?: AbortSignal): Promise<PasteTagCount[]> {
      return (await client.data<PasteTagCount[] | null>(`${prefix}/paste-tags`, { signal })) ?? [];
    },

    /** `GET {prefix}/pastes/{id}`. */
    get(id: string, signal?: AbortSignal): Promise<Detail> {
      return client.data<Detail>(`${prefix}/pastes/${seg(id)}`, { signal });
    },

    /** `PUT {prefix}/pastes/{slug}` (by slug) → `{ id, slug }`. */
    update(slug: string, body: PasteUpdateRequest): Promise<PasteUpdateResponse> {
      return client.data<PasteUpdateResponse>(`${prefix}/pastes/${seg(slug)}`, { method: 'PUT', body });
    },

    /** `DELETE {prefix}/pastes/{id}`. */
    async remove(id: string): Promise<void> {
      await client.request(`${prefix}/pastes/${seg(id)}`, { method: 'DELETE' });
    },

    /** `POST {prefix}/pastes/batch-delete` `{ids}`; the count is only in `message`. */
    batchRemove(ids: string[]): Promise<ApiMessage> {
      return client.request<ApiMessage>(`${prefix}/pastes/batch-delete`, {
        method: 'POST',
        body: { ids } satisfies PasteBatchDeleteRequest,
      });
    },
  };
}

/**
 * Text shares (contract 5.3). Public calls answer flat bodies (F); admin calls are E− with a top-level
 * `pagination`; user calls are E with top-level `pagination` and `key_info`. PUT is addressed by
 * **slug**, GET/DELETE by id.
 */
export function createPastesApi(client: HttpClient) {
  const admin = pasteRowCalls<AdminPasteDetail>(client, '/admin');
  const user = pasteRowCalls<UserPasteDetail>(client, '/user');
  return {
    /** `POST /paste` → flat F body. */
    create(body: PasteCreateRequest): Promise<PasteCreateResponse> {
      return client.request<PasteCreateResponse>('/paste', { method: 'POST', body });
    },

    /** `GET /paste/{slug}` → flat F: the content, or `requiresPassword: true` without content. */
    get(slug: string, signal?: AbortSignal): Promise<PasteView> {
      return client.request<PasteView>(`/paste/${seg(slug)}`, { signal });
    },

    /**
     * `GET /paste/{slug}?burn=ask` → as `get`, except that a burn-after-reading paste is announced
     * (`requiresConfirmation: true`, no content, nothing deleted) until `confirmBurn` receives it.
     * Sent without credentials (the answer is the same for everyone): it is the very request the boot
     * page sends early, or whose answer the gateway embeds, so the page adopts that answer.
     */
    open(slug: string, signal?: AbortSignal): Promise<PasteOpenView> {
      return client.request<PasteOpenView>(`/paste/${seg(slug)}`, { query: { ...PASTE_BURN_ASK_QUERY }, auth: false, signal });
    },

    /** `POST /paste/{slug}` `{confirmBurn: true}` → flat F with content; the paste is deleted by this answer. */
    confirmBurn(slug: string, signal?: AbortSignal): Promise<PastePublicView> {
      return client.request<PastePublicView>(`/paste/${seg(slug)}`, {
        method: 'POST',
        body: { confirmBurn: true } satisfies PasteBurnConfirmRequest,
        signal,
      });
    },

    /** `POST /paste/{slug}` `{password}` → flat F with content. 401 = wrong password (session kept). */
    unlock(slug: string, password: string, signal?: AbortSignal): Promise<PasteUnlockedView> {
      return client.request<PasteUnlockedView>(`/paste/${seg(slug)}`, {
        method: 'POST',
        body: { password } satisfies PasteUnlockRequest,
        errorContext: 'share-password',
        signal,
      });
    },

    /** Link to the raw text: `{base}/api/raw/{slug}`, plus `?password=` for protected pastes. */
    rawUrl(slug: string, password?: string | null): string {
      return client.url(`/raw/${seg(slug)}`, { password: password || undefined });
    },

    /**
     * `GET /admin/pastes?page&limit[&q][&tag]` → the E− body: `data` rows and top-level `pagination`.
     * `q` and `tag` are each sent only when not blank (a backend offering `"search"` / `"paste-tags"`
     * then lists the matching rows; both together narrow by both).
     */
    adminList(query: AdminPasteListQuery = {}, signal?: AbortSignal): Promise<AdminPasteListResponse> {
      return client.request<AdminPasteListResponse>('/admin/pastes', {
        query: {
          page: query.page ?? ADMIN_PASTE_PAGE.page,
          limit: query.limit ?? ADMIN_PASTE_PAGE.limit,
          created_by: query.created_by,
          q: searchParam(query.q),
          tag: searchParam(query.tag),
        },
        signal,
      });
    },

    /**
     * `GET /admin/paste-tags` → every tag in use with its number of pastes, most used first (only on a
     * backend offering `"paste-tags"`); `[]` when the answer has no data.
     */
    adminTags: admin.tags,

    /** `GET /admin/pastes/{id}`. */
    adminGet: admin.get,

    /** `PUT /admin/pastes/{slug}` (by slug; replace semantics) → `{ id, slug }` (slug may change). */
    adminUpdate: admin.update,

    /** `DELETE /admin/pastes/{id}`. */
    adminRemove: admin.remove,

    /** `POST /admin/pastes/batch-delete` `{ids}`; the count is only in `message`. */
    adminBatchRemove: admin.batchRemove,

    /** `POST /admin/pastes/clear-expired` (body ignored by the server; legacy sends `{clearExpired:true}`). */
    adminClearExpired(): Promise<ApiMessage> {
      return client.request<ApiMessage>('/admin/pastes/clear-expired', { method: 'POST', body: { clearExpired: true } });
    },

    /**
     * `GET /user/pastes?limit&offset[&q][&tag]` → the E body: `data`, top-level `pagination` (hasMore)
     * and `key_info`. `q` and `tag` (the key's own pastes only) are each sent only when not blank.
     */
    userList(query: UserPasteListQuery = {}, signal?: AbortSignal): Promise<UserPasteListResponse> {
      return client.request<UserPasteListResponse>('/user/pastes', {
        query: { ...offsetPage(query, USER_PASTE_PAGE), q: searchParam(query.q), tag: searchParam(query.tag) },
        signal,
      });
    },

    /**
     * `GET /user/paste-tags` → the tags on the key's own pastes with their counts, most used first
     * (only on a backend offering `"paste-tags"`); `[]` when the answer has no data.
     */
    userTags: user.tags,

    /** `GET /user/pastes/{id}` (own rows only). */
    userGet: user.get,

    /** `PUT /user/pastes/{slug}` (by slug; reference backend answers every failure with 500). */
    userUpdate: user.update,

    /** `DELETE /user/pastes/{id}`. */
    userRemove: user.remove,

    /** `POST /user/pastes/batch-delete` `{ids}` (own rows only; count in `message`). */
    userBatchRemove: user.batchRemove,
  };
}

export type PastesApi = ReturnType<typeof createPastesApi>;
