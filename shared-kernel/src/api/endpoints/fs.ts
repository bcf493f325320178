import { FILE_LINK_DEFAULT_EXPIRES_SECONDS, FS_MULTIPART_PART_TIMEOUT_MS } from '../../constants';
import { FS_SEARCH_PAGE } from '@cloudclip/contract';
import type { HttpClient, ProgressEvent } from '../http-client';
import { searchParam } from './search-param';
import type {
  FsBatchCopyCommitRequest,
  FsBatchCopyCommitResult,
  FsBatchCopyRequest,
  FsBatchCopyResult,
  FsBatchRemoveResponse,
  FsCopyItem,
  FsFileLink,
  FsFileLinkOptions,
  FsItemInfo,
  FsListing,
  FsMultipartAbortRequest,
  FsMultipartAbortResponse,
  FsMultipartCompleteRequest,
  FsMultipartCompleteResponse,
  FsMultipartInitRequest,
  FsMultipartInitResponse,
  FsMultipartPartQuery,
  FsMultipartPartResponse,
  FsPresignCommitRequest,
  FsPresignCommitResponse,
  FsPresignRequest,
  FsPresignResponse,
  FsRenameRequest,
  FsScope,
  FsSearchData,
  FsSearchQuery,
  FsUpdateRequest,
  FsUpdateResponse,
  FsUploadResponse,
} from '@cloudclip/contract';

export interface FsUploadOptions {
  /** `use_multipart` form field (default false = direct upload). */
  useMultipart?: boolean;
  /** File name sent with the form part (default: the File's own name). */
  fileName?: string;
  onUploadProgress?: (event: ProgressEvent) => void;
  signal?: AbortSignal;
  timeoutMs?: number;
}

export interface FsPartOptions {
  onUploadProgress?: (event: ProgressEvent) => void;
  signal?: AbortSignal;
  /** Per-part timeout (default 300 000 ms). */
  timeoutMs?: number;
}

/**
 * The mount explorer's file-system calls (contract 5.9), identical under `/admin/fs` (admin) and
 * `/user/fs` (keys with `file`). Paths travel as query parameters (URL-encoded) or JSON fields.
 * `fs/preview` was removed in 0.6.5 and is never called: previews use `preview_url` of `get`.
 */
export function createFsApi(client: HttpClient, scope: FsScope) {
  const base = `/${scope}/fs`;
  return {
    scope,

    /** `GET …/fs/list?path=` (default `/`): a virtual listing (above mounts) or a bucket listing. */
    list(path = '/', signal?: AbortSignal): Promise<FsListing> {
      return client.data<FsListing>(`${base}/list`, { query: { path }, signal });
    },

    /**
     * `GET …/fs/search?q=&path=&limit=&offset=` (contract `api/fs-search.ts`): entries whose name holds
     * every term of `q`, anywhere below `path` (default `/`), folders first; `incomplete` while a mount
     * below it is still being indexed. Only a backend listing `"mount-search"` in `kernel.serverFeatures()`
     * answers it. `q` is sent trimmed; check it with `validateSearchQuery` first (the server answers 400
     * for the same queries and for a blank one). Limit 100, offset 0 by default.
     */
    search(query: FsSearchQuery, signal?: AbortSignal): Promise<FsSearchData> {
      return client.data<FsSearchData>(`${base}/search`, {
        query: {
          q: searchParam(query.q) ?? '',
          path: query.path ?? '/',
          limit: query.limit ?? FS_SEARCH_PAGE.limit,
          offset: query.offset ?? FS_SEARCH_PAGE.offset,
        },
        signal,
      });
    },

    /** `GET …/fs/get?path=`: file info with `preview_url`/`download_url`, or folder info. */
    get(path: string, signal?: AbortSignal): Promise<FsItemInfo> {
      return client.data<FsItemInfo>(`${base}/get`, { query: { path }, signal });
    },

    /** `GET …/fs/download?path=` as a Blob (needs the Authorization header, so not usable as a plain link). */
    download(path: string, signal?: AbortSignal): Promise<Blob> {
      return client.request<Blob>(`${base}/download`, { query: { path }, responseType: 'blob', cancelledAs: 'download', signal });
    },

    /** `GET …/fs/file-link?path&expires_in&force_download` (expires_in default 604800 s; `null` → config default). */
    fileLink(path: string, options: FsFileLinkOptions = {}, signal?: AbortSignal): Promise<FsFileLink> {
      const { expiresIn = FILE_LINK_DEFAULT_EXPIRES_SECONDS, forceDownload = false } = options;
      return client.data<FsFileLink>(`${base}/file-link`, {
        query: { path, expires_in: expiresIn ?? undefined, force_download: forceDownload },
        signal,
      });
    },

    /** `POST …/fs/mkdir` `{path}` (409 when the parent is missing or the folder exists). */
    async mkdir(path: string): Promise<void> {
      await client.request(`${base}/mkdir`, { method: 'POST', body: { path } });
    },

    /**
     * `POST …/fs/upload` form `{file, path (target directory), use_multipart}` with upload progress.
     * Direct → the stored file; multipart → an upload id to continue with `multipartPart`.
     */
    upload(directory: string, file: Blob, options: FsUploadOptions = {}): Promise<FsUploadResponse> {
      const { useMultipart = false, fileName, ...rest } = options;
      const form = new FormData();
      const name = fileName ?? (typeof File !== 'undefined' && file instanceof File ? file.name : 'blob');
      form.append('file', file, name);
      form.append('path', directory);
      form.append('use_multipart', useMultipart ? 'true' : 'false');
      return client
        .upload<{ data: FsUploadResponse }>(`${base}/upload`, { ...rest, method: 'POST', body: form, cancelledAs: 'upload' })
        .then((envelope) => envelope.data);
    },

    /** `DELETE …/fs/remove?path=` (trailing `/` → recursive folder delete). */
    async remove(path: string): Promise<void> {
      await client.request(`${base}/remove`, { method: 'DELETE', query: { path } });
    },

    /** `POST …/fs/batch-remove` `{paths}` → `{ success: count, failed }`. */
    batchRemove(paths: string[]): Promise<FsBatchRemoveResponse> {
      return client.data<FsBatchRemoveResponse>(`${base}/batch-remove`, { method: 'POST', body: { paths } });
    },

    /** `POST …/fs/rename` `{oldPath, newPath}` (same mount; both files or both folders). */
    async rename(oldPath: string, newPath: string): Promise<void> {
      await client.request(`${base}/rename`, { method: 'POST', body: { oldPath, newPath } satisfies FsRenameRequest });
    },

    /** `POST …/fs/update` `{path, content}`: create or overwrite a text file (≤ 10 MB). */
    update(path: string, content: string): Promise<FsUpdateResponse> {
      return client.data<FsUpdateResponse>(`${base}/update`, { method: 'POST', body: { path, content } satisfies FsUpdateRequest });
    },

    /** `POST …/fs/multipart/init` (shape M) — `path` is the target directory, always send `filename`. */
    multipartInit(body: FsMultipartInitRequest, signal?: AbortSignal): Promise<FsMultipartInitResponse> {
      return client.data<FsMultipartInitResponse>(`${base}/multipart/init`, { method: 'POST', body, signal });
    },

    /**
     * `POST …/fs/multipart/part?path&uploadId&partNumber&isLastPart&key` with the raw bytes
     * (`application/octet-stream`), upload progress and a per-part timeout (shape M; etag keeps its quotes).
     */
    multipartPart(query: FsMultipartPartQuery, body: Blob | ArrayBuffer, options: FsPartOptions = {}): Promise<FsMultipartPartResponse> {
      const { timeoutMs = FS_MULTIPART_PART_TIMEOUT_MS, ...rest } = options;
      return client
        .upload<{ data: FsMultipartPartResponse }>(`${base}/multipart/part`, {
          ...rest,
          method: 'POST',
          timeoutMs,
          query: {
            path: query.path,
            uploadId: query.uploadId,
            partNumber: query.partNumber,
            isLastPart: query.isLastPart ? 'true' : 'false',
            key: query.key,
          },
          headers: { 'Content-Type': 'application/octet-stream' },
          body,
          cancelledAs: 'upload',
        })
        .then((envelope) => envelope.data);
    },

    /** `POST …/fs/multipart/complete` `{path, uploadId, parts, key, contentType?, fileSize}` (shape M). */
    multipartComplete(body: FsMultipartCompleteRequest, signal?: AbortSignal): Promise<FsMultipartCompleteResponse> {
      return client.data<FsMultipartCompleteResponse>(`${base}/multipart/complete`, { method: 'POST', body, signal });
    },

    /** `POST …/fs/multipart/abort` `{path, uploadId, key}` (shape M). */
    multipartAbort(body: FsMultipartAbortRequest): Promise<FsMultipartAbortResponse> {
      return client.data<FsMultipartAbortResponse>(`${base}/multipart/abort`, { method: 'POST', body });
    },

    /** `POST …/fs/presign` `{path (directory), fileName}` → presigned PUT URL (PUT with its `contentType`). */
    presign(body: FsPresignRequest, signal?: AbortSignal): Promise<FsPresignResponse> {
      return client.data<FsPresignResponse>(`${base}/presign`, { method: 'POST', body, signal });
    },

    /** `POST …/fs/presign/commit` → records the file row after the PUT. */
    presignCommit(body: FsPresignCommitRequest, signal?: AbortSignal): Promise<FsPresignCommitResponse> {
      return client.data<FsPresignCommitResponse>(`${base}/presign/commit`, { method: 'POST', body, signal });
    },

    /**
     * `POST …/fs/batch-copy` `{items, skipExisting}` (single copies are one-item batches). Body `code: 202`
     * (nothing copied) is still a success: inspect `failed`. Check `requiresClientSideCopy` for cross-storage.
     */
    batchCopy(items: FsCopyItem[], skipExisting = true, signal?: AbortSignal): Promise<FsBatchCopyResult> {
      return client.data<FsBatchCopyResult>(`${base}/batch-copy`, {
        method: 'POST',
        body: { items, skipExisting } satisfies FsBatchCopyRequest,
        signal,
      });
    },

    /** `POST …/fs/batch-copy-commit` `{targetMountId, files}` after a client-side cross-storage copy. */
    batchCopyCommit(body: FsBatchCopyCommitRequest, signal?: AbortSignal): Promise<FsBatchCopyCommitResult> {
      return client.data<FsBatchCopyCommitResult>(`${base}/batch-copy-commit`, { method: 'POST', body, signal });
    },
  };
}

export type FsApi = ReturnType<typeof createFsApi>;
