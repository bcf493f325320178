import { toBoolean, type FileDetail, type FileUpdateRequest, type Kernel, type PublicFile } from '@cloudclip/shared-kernel';
import type { ManageScope } from '../../../lib/ownership';
import { createEarlyLoad } from '../../../lib/early-load';

/** `GET /api/public/files/{slug}` (counts a view unless protected). */
export function loadFileInfo(kernel: Kernel, slug: string, signal?: AbortSignal): Promise<PublicFile> {
  return kernel.api.files.publicInfo(slug, signal);
}

/** `GET /api/public/files/{slug}` of the address being opened, started before the page renders (lib/early-load.ts). */
export const earlyFileInfoLoad = createEarlyLoad((kernel, slug) => loadFileInfo(kernel, slug));

/** `POST /api/public/files/{slug}/verify` (counts a view; 401 = wrong password). */
export function verifyFile(kernel: Kernel, slug: string, password: string): Promise<PublicFile> {
  return kernel.api.files.verify(slug, password);
}

/** `GET /api/{admin|user}/files/{id}`: the record after an edit, without counting a view. */
export function loadFileRecord(kernel: Kernel, scope: ManageScope, id: string): Promise<FileDetail> {
  return scope === 'admin' ? kernel.api.files.adminGet(id) : kernel.api.files.userGet(id);
}

export function updateFile(kernel: Kernel, scope: ManageScope, id: string, body: FileUpdateRequest): Promise<void> {
  return scope === 'admin' ? kernel.api.files.adminUpdate(id, body) : kernel.api.files.userUpdate(id, body);
}

export function deleteFile(kernel: Kernel, scope: ManageScope, id: string): Promise<void> {
  return scope === 'admin' ? kernel.api.files.adminRemove(id) : kernel.api.files.userRemove(id);
}

export interface FileLinks {
  /** Inline (preview) link, with `?password=` when it is a proxy link of a protected file. */
  preview: string;
  /** Attachment (download / direct) link. */
  download: string;
}

/** The preview and download links of a file (contract §5.4.5–5.4.6): the server's, else the proxy endpoints. */
export function fileLinks(kernel: Kernel, file: PublicFile, password: string | null): FileLinks {
  const { files } = kernel.api;
  const preview = file.previewUrl || file.proxy_preview_url || files.fileViewUrl(file.slug);
  const download = file.downloadUrl || file.proxy_download_url || files.fileDownloadUrl(file.slug);
  return { preview: files.withSharePassword(preview, password), download: files.withSharePassword(download, password) };
}

/** The public view of a file updated from its management record (after an edit). */
export function mergeRecord(file: PublicFile, record: FileDetail): PublicFile {
  const { urls } = record;
  return {
    ...file,
    slug: record.slug,
    filename: record.filename,
    mimetype: record.mimetype,
    size: record.size,
    remark: record.remark,
    views: record.views,
    max_views: record.max_views,
    expires_at: record.expires_at,
    requires_password: toBoolean(record.has_password),
    use_proxy: record.use_proxy,
    created_by: record.created_by,
    // A direct link the server could not make (null) keeps the one shown, while the slug is the same.
    previewUrl: urls.previewUrl ?? (record.slug === file.slug ? file.previewUrl : undefined),
    downloadUrl: urls.downloadUrl ?? (record.slug === file.slug ? file.downloadUrl : undefined),
    proxy_preview_url: urls.proxyPreviewUrl,
    proxy_download_url: urls.proxyDownloadUrl,
  };
}

/**
 * A text file's preview text (keyed by its preview address), started as soon as the early details
 * say the page will show it (app.tsx, preloadPage), instead of after the page has rendered.
 */
export const earlyFileTextLoad = createEarlyLoad((_kernel, url) => fetchFileText(url));

/** Text of a file for the preview (proxy links allow any origin; no credentials are sent). */
export async function fetchFileText(url: string, signal?: AbortSignal): Promise<string> {
  const response = await fetch(url, { signal, credentials: 'omit' });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return response.text();
}
