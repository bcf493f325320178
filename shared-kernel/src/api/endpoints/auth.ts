import type { HttpClient } from '../http-client';
import type { ApiKeyTestResponse, ChangePasswordRequest, LoginRequest, LoginResponse } from '@cloudclip/contract';

/**
 * Auth calls (contract 5.1). The session check is `GET /test/admin-token` (401 = logged out);
 * `GET /admin/check` does not exist and is never called.
 */
export function createAuthApi(client: HttpClient) {
  return {
    /** `POST /admin/login` (E−). Sent without the stored credential; 401 keeps any session. */
    login(body: LoginRequest, signal?: AbortSignal): Promise<LoginResponse> {
      return client.data<LoginResponse>('/admin/login', { method: 'POST', body, auth: false, errorContext: 'login', signal });
    },

    /** `POST /admin/logout` (E−, no data): revokes the presented token. Callers usually ignore its errors. */
    async logout(): Promise<void> {
      await client.request('/admin/logout', { method: 'POST' });
    },

    /** `POST /admin/change-password` (E−). 401 = wrong current password (session kept). Success revokes all tokens. */
    async changePassword(body: ChangePasswordRequest): Promise<void> {
      await client.request('/admin/change-password', { method: 'POST', body, errorContext: 'change-password' });
    },

    /**
     * `GET /test/admin-token`: resolves when the stored admin token is valid. Rejects with 401 when it is
     * not (the client then expires the token), 403 for an API key.
     */
    async checkAdminToken(signal?: AbortSignal): Promise<void> {
      await client.request('/test/admin-token', { signal });
    },

    /**
     * `GET /test/api-key`. With `key` it is the key login check (the candidate key is sent, 401 keeps the
     * session); without it the stored key is re-validated (401 invalidates it). Call it only with a key.
     */
    testApiKey(key?: string, signal?: AbortSignal): Promise<ApiKeyTestResponse> {
      if (key !== undefined) {
        return client.data<ApiKeyTestResponse>('/test/api-key', {
          headers: { Authorization: `ApiKey ${key}` },
          errorContext: 'login',
          signal,
        });
      }
      return client.data<ApiKeyTestResponse>('/test/api-key', { signal });
    },
  };
}

export type AuthApi = ReturnType<typeof createAuthApi>;
