import { isApiError } from '../api-error';
import type { HttpClient } from '../http-client';
import type {
  LocalStorageConfigCreateRequest,
  S3Config,
  S3ConfigCreateRequest,
  S3ConfigCreateResponse,
  S3ConfigTestResult,
  S3ConfigUpdateRequest,
  SftpHostKeyProbeRequest,
  SftpHostKeyProbeResponse,
} from '@cloudclip/contract';

const seg = encodeURIComponent;

function testResultOf(body: unknown): S3ConfigTestResult | null {
  if (!body || typeof body !== 'object') return null;
  const data = (body as { data?: unknown }).data;
  if (!data || typeof data !== 'object' || !('result' in data)) return null;
  return data as S3ConfigTestResult;
}

/**
 * S3 configurations (contract 5.5). Reads are open to keys with `file` (public configs only); writes are
 * admin. Several failures are 500 in the reference backend and 4xx in ours.
 */
export function createS3ConfigsApi(client: HttpClient) {
  return {
    /** `GET /s3-configs` (ordered by name; secrets never returned). */
    async list(signal?: AbortSignal): Promise<S3Config[]> {
      return (await client.data<S3Config[] | null>('/s3-configs', { signal })) ?? [];
    },

    /** `GET /s3-configs/{id}`. */
    get(id: string, signal?: AbortSignal): Promise<S3Config> {
      return client.data<S3Config>(`/s3-configs/${seg(id)}`, { signal });
    },

    /** `POST /s3-configs` (body `code: 201`). Our backend also takes local-disk configs (`provider_type: 'Local'`). */
    create(body: S3ConfigCreateRequest | LocalStorageConfigCreateRequest): Promise<S3ConfigCreateResponse> {
      return client.data<S3ConfigCreateResponse>('/s3-configs', { method: 'POST', body });
    },

    /** `PUT /s3-configs/{id}` (partial; omit the secrets to keep them). */
    async update(id: string, body: S3ConfigUpdateRequest): Promise<void> {
      await client.request(`/s3-configs/${seg(id)}`, { method: 'PUT', body });
    },

    /** `DELETE /s3-configs/{id}` (refused while files reference it). */
    async remove(id: string): Promise<void> {
      await client.request(`/s3-configs/${seg(id)}`, { method: 'DELETE' });
    },

    /** `PUT /s3-configs/{id}/set-default` (no body). */
    async setDefault(id: string): Promise<void> {
      await client.request(`/s3-configs/${seg(id)}/set-default`, { method: 'PUT' });
    },

    /**
     * `POST /s3-configs/sftp-host-key` (admin): the host key an SFTP server presents on first connect
     * (`sftp://host:port`), for the admin to compare with `ssh-keygen -l` before pinning it as
     * `host_key_sha256`. A bad endpoint → 400; an unreachable or silent server → 502/504 (ApiError).
     */
    probeSftpHostKey(endpointUrl: string, signal?: AbortSignal): Promise<SftpHostKeyProbeResponse> {
      const body: SftpHostKeyProbeRequest = { endpoint_url: endpointUrl };
      return client.data<SftpHostKeyProbeResponse>('/s3-configs/sftp-host-key', { method: 'POST', body, signal });
    },

    /**
     * `POST /s3-configs/{id}/test` → `{ success, result }`. When the server fails with an error body that
     * still carries a test result (`data = { success: false, result: { error, stack } }`), that result is
     * returned instead of thrown; other failures throw.
     */
    async test(id: string, signal?: AbortSignal): Promise<S3ConfigTestResult> {
      try {
        return await client.data<S3ConfigTestResult>(`/s3-configs/${seg(id)}/test`, { method: 'POST', signal });
      } catch (error) {
        const result = isApiError(error) && error.kind !== 'cancelled' ? testResultOf(error.details.body) : null;
        if (result) return result;
        throw error;
      }
    },
  };
}

export type S3ConfigsApi = ReturnType<typeof createS3ConfigsApi>;
