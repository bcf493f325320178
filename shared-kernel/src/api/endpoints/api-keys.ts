import type { HttpClient } from '../http-client';
import type { ApiKey, ApiKeyCreateRequest, ApiKeyCreateResponse, ApiKeyUpdateRequest } from '@cloudclip/contract';

const seg = encodeURIComponent;

/** API keys (contract 5.2, all admin). Unpaginated list; create answers body `code: 201`. */
export function createApiKeysApi(client: HttpClient) {
  return {
    /** `GET /admin/api-keys` (purges expired keys first; newest first). */
    async list(signal?: AbortSignal): Promise<ApiKey[]> {
      return (await client.data<ApiKey[] | null>('/admin/api-keys', { signal })) ?? [];
    },

    /** `POST /admin/api-keys` → the new key with its full value. */
    create(body: ApiKeyCreateRequest): Promise<ApiKeyCreateResponse> {
      return client.data<ApiKeyCreateResponse>('/admin/api-keys', { method: 'POST', body });
    },

    /** `PUT /admin/api-keys/{id}` (any subset; the key value cannot change). */
    async update(id: string, body: ApiKeyUpdateRequest): Promise<void> {
      await client.request(`/admin/api-keys/${seg(id)}`, { method: 'PUT', body });
    },

    /** `DELETE /admin/api-keys/{id}`. */
    async remove(id: string): Promise<void> {
      await client.request(`/admin/api-keys/${seg(id)}`, { method: 'DELETE' });
    },
  };
}

export type ApiKeysApi = ReturnType<typeof createApiKeysApi>;
