import type { HttpClient } from '../http-client';
import {
  DAV_LOCK_PAGE,
  type DavLockList,
  type Mount,
  type MountCreateRequest,
  type MountIndexState,
  type MountUpdateRequest,
  type OffsetPageQuery,
} from '@cloudclip/contract';
import { offsetPage } from './offset-page';

const seg = encodeURIComponent;

/** Mount points (contract 5.6): admin CRUD, read-only user views (guard `mount`, basic_path rules). */
export function createMountsApi(client: HttpClient) {
  return {
    /** `GET /admin/mounts` (all, incl. inactive; by sort_order, name). */
    async adminList(signal?: AbortSignal): Promise<Mount[]> {
      return (await client.data<Mount[] | null>('/admin/mounts', { signal })) ?? [];
    },

    /** `GET /admin/mounts/{id}`. */
    adminGet(id: string, signal?: AbortSignal): Promise<Mount> {
      return client.data<Mount>(`/admin/mounts/${seg(id)}`, { signal });
    },

    /** `POST /admin/mounts` (body `code: 201`, `data = Mount`). */
    adminCreate(body: MountCreateRequest): Promise<Mount> {
      return client.data<Mount>('/admin/mounts', { method: 'POST', body });
    },

    /** `PUT /admin/mounts/{id}` (partial). */
    async adminUpdate(id: string, body: MountUpdateRequest): Promise<void> {
      await client.request(`/admin/mounts/${seg(id)}`, { method: 'PUT', body });
    },

    /** `DELETE /admin/mounts/{id}`. */
    async adminRemove(id: string): Promise<void> {
      await client.request(`/admin/mounts/${seg(id)}`, { method: 'DELETE' });
    },

    /**
     * `GET /admin/mounts/{id}/index` (admin; contract `api/fs-search.ts`): the state of the mount's
     * filename index — status, entries so far and folders still to list while it is built. Only a
     * backend listing `"mount-search"` in `kernel.serverFeatures()` answers it.
     */
    indexState(id: string, signal?: AbortSignal): Promise<MountIndexState> {
      return client.data<MountIndexState>(`/admin/mounts/${seg(id)}/index`, { signal });
    },

    /**
     * `POST /admin/mounts/{id}/index/rebuild` (admin; answers 202 with the state, status `building`):
     * drops the mount's index and crawls the storage again in the background, so changes made behind
     * Cloudclip's back are found. Poll `indexState` for the progress.
     */
    rebuildIndex(id: string): Promise<MountIndexState> {
      return client.data<MountIndexState>(`/admin/mounts/${seg(id)}/index/rebuild`, { method: 'POST' });
    },

    /**
     * `GET /admin/mounts/{id}/dav-locks?limit=&offset=` (admin; contract `api/dav-locks.ts`): one
     * page of the WebDAV locks active in the mount, oldest first, with who holds them and until
     * when. Only a backend listing `"dav-locks"` in `kernel.serverFeatures()` answers it.
     */
    davLocks(id: string, query: OffsetPageQuery = {}, signal?: AbortSignal): Promise<DavLockList> {
      return client.data<DavLockList>(`/admin/mounts/${seg(id)}/dav-locks`, { query: offsetPage(query, DAV_LOCK_PAGE), signal });
    },

    /**
     * `DELETE /admin/mounts/{id}/dav-locks/{token}` (admin): releases one of the mount's WebDAV
     * locks, so the writes it blocked go through; its holder's next refresh fails. 404 when the
     * lock has gone already (expired, or released by its holder).
     */
    async releaseDavLock(id: string, token: string): Promise<void> {
      await client.request(`/admin/mounts/${seg(id)}/dav-locks/${seg(token)}`, { method: 'DELETE' });
    },

    /** `GET /user/mounts`: active mounts visible to the key. */
    async userList(signal?: AbortSignal): Promise<Mount[]> {
      return (await client.data<Mount[] | null>('/user/mounts', { signal })) ?? [];
    },

    /** `GET /user/mounts/{id}` (403 for ancestor mounts of the basic path). */
    userGet(id: string, signal?: AbortSignal): Promise<Mount> {
      return client.data<Mount>(`/user/mounts/${seg(id)}`, { signal });
    },
  };
}

export type MountsApi = ReturnType<typeof createMountsApi>;
