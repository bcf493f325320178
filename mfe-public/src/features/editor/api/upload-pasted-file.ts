import type { CloudclipApi, ProgressEvent } from '@cloudclip/shared-kernel';

/** The kernel API edge this upload uses. */
export type PasteUploadEdge = Pick<CloudclipApi['files'], 'uploadDirect' | 'fileViewUrl'>;

/**
 * Uploads a pasted file as a file share in one request (`PUT /api/upload-direct/{name}`: the
 * server's default storage for this caller, no password, no expiry, unlimited views) and returns
 * the address that shows it inline, absolute so the Markdown works wherever it is read:
 * `/api/file-view/{slug}` of the API this page talks to.
 */
export async function uploadPastedFile(
  files: PasteUploadEdge,
  file: File,
  name: string,
  onProgress?: (event: ProgressEvent) => void,
): Promise<string> {
  const uploaded = await files.uploadDirect(name, file, { onUploadProgress: onProgress });
  return new URL(files.fileViewUrl(uploaded.slug), window.location.href).toString();
}
