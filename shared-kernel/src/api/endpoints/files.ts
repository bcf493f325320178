import { FILE_LIST_PAGE } from '../../constants';
import type { HttpClient, ProgressEvent, StorageUploadResult } from '../http-client';
import type {
  AdminFileListData,
  AdminFileListQuery,
  FileCommitRequest,
  FileCommitResponse as WireFileCommitResponse,
  FileDetail,
  FilePresignRequest,
  FilePresignResponse,
  FileUpdateRequest,
  FileVerifyRequest,
  OfficePreviewResponse,
  PublicFile,
  UploadDirectQuery,
  UploadDirectResponse,
  UserFileListQuery,
  UserFileListResponse,
} from '@cloudclip/contract';
import { normaliseCommit, type FileCommitResponse } from './file-commit';
import { offsetPage } from './offset-page';
import { searchParam } from './search-param';

const seg = encodeURIComponent;

/** The provider whose presigned PUT needs extra headers. */
const BACKBLAZE_B2 = 'Backblaze B2';

/** The proxy endpoints that take the share password as `?password=` (contract 5.4.6). */
const PASSWORD_PROXY_PATH = /\/api\/(?:file-download|file-view|office-preview)\//;

/**
 * Appends the plaintext share password as `?password=` to a link, but only when the link points at a
 * proxy endpoint (file-download, file-view, office-preview). Presigned bucket URLs are returned as is.
 */
export function withSharePassword(url: string, password: string | null | undefined): string {
  if (!password || !PASSWORD_PROXY_PATH.test(url)) return url;
  const [beforeHash, hash] = url.split('#', 2) as [string, string | undefined];
  const separator = beforeHash.includes('?') ? '&' : '?';
  return `${beforeHash}${separator}password=${encodeURIComponent(password)}${hash !== undefined ? `#${hash}` : ''}`;
}

export interface StoragePutOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
  onUploadProgress?: (event: ProgressEvent) => void;
}

export interface UploadDirectOptions extends StoragePutOptions {
  query?: UploadDirectQuery;
}

export type FileScope = 'admin' | 'user';

/**
 * The calls on an existing file row that the admin (`/admin`, every row) and a key (`/user`, its own
 * rows) both have: the same requests under each scope.
 */
function fileRowCalls(client: HttpClient, scope: FileScope) {
  return {
    /** `GET /{scope}/files/{id}` → the file with its links. */
    get(id: string, signal?: AbortSignal): Promise<FileDetail> {
      return client.data<FileDetail>(`/${scope}/files/${seg(id)}`, { signal });
    },

    /** `PUT /{scope}/files/{id}`. */
    async update(id: string, body: FileUpdateRequest): Promise<void> {
      await client.request(`/${scope}/files/${seg(id)}`, { method: 'PUT', body });
    },

    /** `DELETE /{scope}/files/{id}`. */
    async remove(id: string): Promise<void> {
      await client.request(`/${scope}/files/${seg(id)}`, { method: 'DELETE' });
    },
  };
}

/**
 * File shares (contract 5.4): the presign → PUT → commit flow, upload-direct, admin/user management,
 * public info/verify and the proxy links. `POST /upload` does not exist and is never called.
 */
export function createFilesApi(client: HttpClient) {
  const rows = { admin: fileRowCalls(client, 'admin'), user: fileRowCalls(client, 'user') };
  return {
    /** `POST /s3/presign` → pending row + presigned PUT URL. Send `size` for the size/quota checks. */
    presign(body: FilePresignRequest, signal?: AbortSignal): Promise<FilePresignResponse> {
      return client.data<FilePresignResponse>('/s3/presign', { method: 'POST', body, signal });
    },

    /**
     * PUTs the file bytes to the presigned `upload_url` with the signed `Content-Type`
     * (+ `X-Bz-Content-Sha1: do_not_verify` and `X-Requested-With` for Backblaze B2). Resolves with the ETag when exposed.
     */
    putToStorage(
      presigned: Pick<FilePresignResponse, 'upload_url' | 'contentType' | 'provider_type'>,
      body: Blob | ArrayBuffer,
      options: StoragePutOptions = {},
    ): Promise<StorageUploadResult> {
      const headers: Record<string, string> = { 'Content-Type': presigned.contentType };
      if (presigned.provider_type === BACKBLAZE_B2) {
        headers['X-Bz-Content-Sha1'] = 'do_not_verify';
        headers['X-Requested-With'] = 'XMLHttpRequest';
      }
      return client.putToStorage(presigned.upload_url, body, { ...options, headers });
    },

    /** `POST /s3/commit` (`expires_in` in hours, `size` may be a string as in the legacy client); `maxViews` null → 0. */
    commit(body: FileCommitRequest, signal?: AbortSignal): Promise<FileCommitResponse> {
      return client.data<WireFileCommitResponse>('/s3/commit', { method: 'POST', body, signal }).then(normaliseCommit);
    },

    /** `PUT /upload-direct/{filename}` with the raw bytes (MIME inferred from the name) and upload progress. */
    uploadDirect(filename: string, body: Blob | ArrayBuffer, options: UploadDirectOptions = {}): Promise<UploadDirectResponse> {
      const { query, ...rest } = options;
      return client
        .upload<{ data: UploadDirectResponse }>(`/upload-direct/${seg(filename)}`, {
          ...rest,
          method: 'PUT',
          body,
          query: { ...query },
          cancelledAs: 'upload',
        })
        .then((envelope) => envelope.data);
    },

    /**
     * `GET /admin/files?limit&offset[&q]` → `data = { files, pagination: { total, limit, offset } }`.
     * `q` is sent only when it is not blank.
     */
    adminList(query: AdminFileListQuery = {}, signal?: AbortSignal): Promise<AdminFileListData> {
      return client.data<AdminFileListData>('/admin/files', {
        query: {
          ...offsetPage(query, FILE_LIST_PAGE),
          created_by: query.created_by,
          s3_config_id: query.s3_config_id,
          q: searchParam(query.q),
        },
        signal,
      });
    },

    /** `GET /admin/files/{id}` → File + `updated_at` + `urls` (`has_password` 0/1). */
    adminGet: rows.admin.get,

    /** `PUT /admin/files/{id}` (any subset; `max_views` also resets views). */
    adminUpdate: rows.admin.update,

    /** `DELETE /admin/files/{id}` (object, row and plaintext password). */
    adminRemove: rows.admin.remove,

    /**
     * `GET /user/files?limit&offset[&q]` → the E body: `data = { files, pagination (hasMore) }` and
     * top-level `key_info`. `q` (the key's own files only) is sent only when it is not blank.
     */
    userList(query: UserFileListQuery = {}, signal?: AbortSignal): Promise<UserFileListResponse> {
      return client.request<UserFileListResponse>('/user/files', {
        query: { ...offsetPage(query, FILE_LIST_PAGE), q: searchParam(query.q) },
        signal,
      });
    },

    /** `GET /user/files/{id}` (own rows; no `updated_at`, `etag` null, `has_password` 0/1, `urls`). */
    userGet: rows.user.get,

    /** `PUT /user/files/{id}`. */
    userUpdate: rows.user.update,

    /** `DELETE /user/files/{id}`. */
    userRemove: rows.user.remove,

    /** Deletes the half-created row after a failed upload: admin → `/admin/files/{id}`, key → `/user/files/{id}`. */
    removePending(id: string, scope: FileScope): Promise<void> {
      return rows[scope].remove(id);
    },

    /**
     * `GET /public/files/{slug}` → PublicFile (`requires_password` true: no proxy links, no view counted).
     * Unknown slug: 500 in the reference backend, 404 in ours. Sent without credentials, like the
     * boot page's early request whose answer the page adopts.
     */
    publicInfo(slug: string, signal?: AbortSignal): Promise<PublicFile> {
      return client.data<PublicFile>(`/public/files/${seg(slug)}`, { auth: false, signal });
    },

    /**
     * `POST /public/files/{slug}/verify` `{password}` → PublicFile with links. 401 = wrong password (session
     * kept). A file without password answers HTTP 200 with body `code: 400`: that is an error (status 400).
     */
    verify(slug: string, password: string, signal?: AbortSignal): Promise<PublicFile> {
      return client.data<PublicFile>(`/public/files/${seg(slug)}/verify`, {
        method: 'POST',
        body: { password } satisfies FileVerifyRequest,
        errorContext: 'share-password',
        signal,
      });
    },

    /** `{base}/api/file-download/{slug}[?password=]` (attachment; errors are text/plain). */
    fileDownloadUrl(slug: string, password?: string | null): string {
      return client.url(`/file-download/${seg(slug)}`, { password: password || undefined });
    },

    /** `{base}/api/file-view/{slug}[?password=]` (inline; Office documents redirect to the online viewer). */
    fileViewUrl(slug: string, password?: string | null): string {
      return client.url(`/file-view/${seg(slug)}`, { password: password || undefined });
    },

    /** `{base}/api/office-preview/{slug}[?password=]`. */
    officePreviewUrl(slug: string, password?: string | null): string {
      return client.url(`/office-preview/${seg(slug)}`, { password: password || undefined });
    },

    /**
     * `GET /office-preview/{slug}[?password=]` → flat `{ url, filename, mimetype, expires_in, is_temporary }`;
     * open the Microsoft viewer with `url`. Public: sent without credentials, because its 401 means
     * "password missing" and must not end the session.
     */
    officePreview(slug: string, password?: string | null, signal?: AbortSignal): Promise<OfficePreviewResponse> {
      return client.request<OfficePreviewResponse>(`/office-preview/${seg(slug)}`, {
        query: { password: password || undefined },
        auth: false,
        errorContext: 'share-password',
        signal,
      });
    },

    withSharePassword,
  };
}

export type FilesApi = ReturnType<typeof createFilesApi>;
