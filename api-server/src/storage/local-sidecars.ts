import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { EMPTY_MD5 } from './local-file-summaries';
import { errnoOf } from './local-file-tree';
import type { ObjectInfo, PutObjectOptions } from './storage-driver';

export const DEFAULT_CONTENT_TYPE = 'application/octet-stream';

/** What a sidecar records; `size` and `mtimeMs` tell whether it still describes the file. */
interface StoredMeta {
  key: string;
  contentType: string;
  etag: string;
  size: number;
  mtimeMs: number;
  contentDisposition?: string;
  metadata: Record<string, string>;
}

export function normalizedMetadata(options: PutObjectOptions | undefined): Record<string, string> {
  return Object.fromEntries(Object.entries(options?.metadata ?? {}).map(([name, value]) => [name.toLowerCase(), String(value)]));
}

/** A JSON file's value; null when it is missing or unreadable (a write that never finished). */
export async function readJson<T>(file: string): Promise<T | null> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as T;
  } catch (error) {
    if (errnoOf(error) === 'ENOENT' || error instanceof SyntaxError) return null;
    throw error;
  }
}

/** Writes a temporary file and renames it into place, so readers see the old or the new value. */
export async function writeJson(file: string, value: unknown): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  await writeFile(temp, JSON.stringify(value));
  await rename(temp, file);
}

export async function md5OfFile(file: string): Promise<string> {
  const hash = createHash('md5');
  await pipeline(createReadStream(file), async (source: AsyncIterable<Buffer>) => {
    for await (const chunk of source) hash.update(chunk);
  });
  return hash.digest('hex');
}

/**
 * Content type, user metadata and ETag of local objects, one JSON sidecar per key outside the
 * object tree (`.internal/<configId>/meta/<sha256(key)>.json`), so any key is possible and
 * listings show only objects.
 */
export class LocalSidecars {
  constructor(private readonly internalDir: string) {}

  metaPath(key: string): string {
    const hash = createHash('sha256').update(key, 'utf8').digest('hex');
    return path.join(this.internalDir, 'meta', hash.slice(0, 2), `${hash}.json`);
  }

  /** Whether `key` has a sidecar (for a folder key: whether the folder has a marker). */
  async has(key: string): Promise<boolean> {
    return Boolean(await readJson<StoredMeta>(this.metaPath(key)));
  }

  async remove(key: string): Promise<void> {
    await rm(this.metaPath(key), { force: true });
  }

  /** Object facts from the sidecar, recomputed (and stored again) when it is missing or stale. */
  async describeFile(key: string, fullPath: string, info: { size: number; mtimeMs: number }): Promise<ObjectInfo> {
    const meta = await readJson<StoredMeta>(this.metaPath(key));
    let etag = meta?.etag;
    if (!meta || meta.size !== info.size || meta.mtimeMs !== info.mtimeMs) {
      etag = await md5OfFile(fullPath);
      const refreshed: StoredMeta = {
        key,
        contentType: meta?.contentType ?? DEFAULT_CONTENT_TYPE,
        etag,
        size: info.size,
        mtimeMs: info.mtimeMs,
        contentDisposition: meta?.contentDisposition,
        metadata: meta?.metadata ?? {},
      };
      await writeJson(this.metaPath(key), refreshed).catch(() => undefined);
    }
    return {
      key,
      size: info.size,
      etag: etag ?? EMPTY_MD5,
      lastModified: new Date(info.mtimeMs),
      contentType: meta?.contentType ?? DEFAULT_CONTENT_TYPE,
      contentDisposition: meta?.contentDisposition,
      metadata: meta?.metadata ?? {},
    };
  }

  /** A folder marker: its sidecar and its directory both exist. */
  async describeMarker(key: string, directoryPath: string): Promise<ObjectInfo | null> {
    const meta = await readJson<StoredMeta>(this.metaPath(key));
    if (!meta) return null;
    try {
      const info = await stat(directoryPath);
      if (!info.isDirectory()) return null;
    } catch {
      return null;
    }
    return {
      key,
      size: 0,
      etag: EMPTY_MD5,
      lastModified: new Date(meta.mtimeMs),
      contentType: meta.contentType,
      contentDisposition: meta.contentDisposition,
      metadata: meta.metadata ?? {},
    };
  }

  async write(key: string, fullPath: string, etag: string, options: PutObjectOptions | undefined, folder = false): Promise<void> {
    const info = folder ? { size: 0, mtimeMs: Date.now() } : await stat(fullPath);
    const meta: StoredMeta = {
      key,
      contentType: options?.contentType ?? (folder ? 'application/x-directory' : DEFAULT_CONTENT_TYPE),
      etag,
      size: info.size,
      mtimeMs: info.mtimeMs,
      contentDisposition: options?.contentDisposition,
      metadata: normalizedMetadata(options),
    };
    await writeJson(this.metaPath(key), meta);
  }
}
