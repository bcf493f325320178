import type { FsApi } from '../../../lib/fs-api';

/** Text files above this size are not loaded for the preview or the editor. */
export const TEXT_PREVIEW_MAX_BYTES = 2 * 1024 * 1024;

/** The content of a text file, read through `fs/download` (authorised, no storage CORS needed). */
export async function readTextFile(fs: FsApi, path: string, signal?: AbortSignal): Promise<string> {
  const blob = await fs.download(path, signal);
  return blob.text();
}
