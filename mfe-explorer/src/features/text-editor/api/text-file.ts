import type { FsApi } from '../../../lib/fs-api';

/** `fs/update` accepts up to 10 MB of content. */
export const TEXT_EDIT_MAX_BYTES = 10 * 1024 * 1024;

/** Reads a text file through `fs/download`. */
export async function loadText(fs: FsApi, path: string, signal?: AbortSignal): Promise<string> {
  return (await fs.download(path, signal)).text();
}

/** Saves (creates or overwrites) a text file through `fs/update`. */
export async function saveText(fs: FsApi, path: string, content: string): Promise<void> {
  await fs.update(path, content);
}
