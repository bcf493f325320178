import type { HttpClient } from '../http-client';
import type {
  UrlCancelResponse,
  UrlCommitRequest,
  UrlCommitResponse as WireUrlCommitResponse,
  UrlInfo,
  UrlInfoRequest,
  UrlMultipartAbortRequest,
  UrlMultipartAbortResponse,
  UrlMultipartCompleteRequest,
  UrlMultipartCompleteResponse,
  UrlMultipartInitRequest,
  UrlMultipartInitResponse,
  UrlPresignRequest,
  UrlPresignResponse,
} from '@cloudclip/contract';
import { normaliseCommit, type UrlCommitResponse } from './file-commit';

/**
 * URL import (contract 5.8). The browser downloads the source itself (falling back to `proxyUrl`),
 * then PUTs to the presigned URL(s) with `client.putToStorage` and commits/completes here.
 * Part size and concurrency: `MULTIPART_PART_BYTES` (contract) / `URL_MULTIPART_CONCURRENCY` (constants).
 */
export function createUrlUploadApi(client: HttpClient) {
  return {
    /** `POST /url/info` `{url}`: server-side probe of the remote resource. */
    info(url: string, signal?: AbortSignal): Promise<UrlInfo> {
      return client.data<UrlInfo>('/url/info', { method: 'POST', body: { url } satisfies UrlInfoRequest, signal });
    },

    /** `{base}/api/url/proxy?url=…`: streams a source without CORS through the backend. */
    proxyUrl(url: string): string {
      return client.url('/url/proxy', { url });
    },

    /** `POST /url/presign` → pending row + presigned PUT URL. */
    presign(body: UrlPresignRequest, signal?: AbortSignal): Promise<UrlPresignResponse> {
      return client.data<UrlPresignResponse>('/url/presign', { method: 'POST', body, signal });
    },

    /** `POST /url/commit` (as `s3/commit`; `expires_in` in hours; optional custom `slug`; `maxViews` null → 0). */
    commit(body: UrlCommitRequest, signal?: AbortSignal): Promise<UrlCommitResponse> {
      return client.data<WireUrlCommitResponse>('/url/commit', { method: 'POST', body, signal }).then(normaliseCommit);
    },

    /** `POST /url/multipart/init` → upload id and one presigned URL per part. */
    multipartInit(body: UrlMultipartInitRequest, signal?: AbortSignal): Promise<UrlMultipartInitResponse> {
      return client.data<UrlMultipartInitResponse>('/url/multipart/init', { method: 'POST', body, signal });
    },

    /** `POST /url/multipart/complete` `{ file_id, upload_id, parts: [{partNumber, etag, size?}] }`. */
    multipartComplete(body: UrlMultipartCompleteRequest, signal?: AbortSignal): Promise<UrlMultipartCompleteResponse> {
      return client.data<UrlMultipartCompleteResponse>('/url/multipart/complete', { method: 'POST', body, signal });
    },

    /** `POST /url/multipart/abort` `{ file_id, upload_id }` (row removed). */
    multipartAbort(body: UrlMultipartAbortRequest): Promise<UrlMultipartAbortResponse> {
      return client.data<UrlMultipartAbortResponse>('/url/multipart/abort', { method: 'POST', body });
    },

    /** `POST /url/cancel` `{ file_id }` (object best effort, row removed). */
    cancel(fileId: string): Promise<UrlCancelResponse> {
      return client.data<UrlCancelResponse>('/url/cancel', { method: 'POST', body: { file_id: fileId } });
    },
  };
}

export type UrlUploadApi = ReturnType<typeof createUrlUploadApi>;
