import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';

/** What a multipart upload needs to continue after an interruption. */
export interface UploadState {
  version: 1;
  server: string;
  path: string;
  size: number;
  mtimeMs: number;
  /** The share options the upload was started with (a rerun with others starts over). */
  optionsKey: string;
  fileId: string;
  uploadId: string;
  slug: string;
  partSize: number;
  /** One presigned PUT per part, and when the URLs stop working (ms since epoch). */
  parts: Array<{ partNumber: number; url: string }>;
  urlsExpireAt: number;
  /** Parts that are at the bucket, with their ETags. */
  done: Array<{ partNumber: number; etag: string | null; size: number }>;
  /** The share as multipart init answered (for --json and the link). */
  init: Record<string, unknown>;
}

/** `$CLOUDCLIP_STATE_DIR`, else `$XDG_STATE_HOME/cloudclip/uploads`, else `~/.local/state/cloudclip/uploads`. */
export function uploadStateDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.CLOUDCLIP_STATE_DIR) return env.CLOUDCLIP_STATE_DIR;
  const base = env.XDG_STATE_HOME || join(homedir(), '.local', 'state');
  return join(base, 'cloudclip', 'uploads');
}

/** The state file of one source file: sha256 of its path, size and modification time. */
export function uploadStateFile(dir: string, path: string, size: number, mtimeMs: number): string {
  const digest = createHash('sha256')
    .update(`${path}\n${size}\n${Math.trunc(mtimeMs)}`)
    .digest('hex');
  return join(dir, `${digest}.json`);
}

export async function loadUploadState(file: string): Promise<UploadState | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    return undefined;
  }
  try {
    const state = JSON.parse(text) as UploadState;
    if (state.version !== 1 || !Array.isArray(state.parts) || !Array.isArray(state.done)) return undefined;
    return state;
  } catch {
    return undefined;
  }
}

/** Writes the state atomically with mode 0600 (the part URLs are credentials). */
export async function saveUploadState(file: string, dir: string, state: UploadState): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const temp = `${file}.${process.pid}.tmp`;
  await writeFile(temp, JSON.stringify(state), { mode: 0o600 });
  await rename(temp, file);
}

export async function removeUploadState(file: string): Promise<void> {
  await rm(file, { force: true });
}

/** Milliseconds since epoch at which a presigned URL stops working, when the URL says so. */
export function presignedUrlExpiry(url: string): number | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  const query = parsed.searchParams;
  const amzDate = query.get('X-Amz-Date');
  const amzExpires = query.get('X-Amz-Expires');
  if (amzDate && amzExpires && /^\d{8}T\d{6}Z$/.test(amzDate) && /^\d+$/.test(amzExpires)) {
    const iso = `${amzDate.slice(0, 4)}-${amzDate.slice(4, 6)}-${amzDate.slice(6, 8)}T${amzDate.slice(9, 11)}:${amzDate.slice(11, 13)}:${amzDate.slice(13, 15)}Z`;
    return Date.parse(iso) + Number(amzExpires) * 1000;
  }
  // Our local storage (`expires`) and S3 signature v2 (`Expires`): seconds since epoch.
  const seconds = query.get('expires') ?? query.get('Expires');
  if (seconds && /^\d{1,12}$/.test(seconds)) return Number(seconds) * 1000;
  return undefined;
}
