import { createHash } from 'node:crypto';
import { isFolderKey } from '../local-keys';
import type { ObjectInfo, PutObjectOptions } from '../storage-driver';
import { partialPath, type SftpLayout } from './sftp-layout';
import type { RemoteStats, SftpOps } from './sftp-ops';

/**
 * Object metadata of the SFTP driver: content type, user metadata and ETag in one JSON sidecar per
 * key under `<base>/.cloudclip/meta/` (named by the key's SHA-256), valid while the file's size and
 * mtime match; a file changed behind the driver's back gets a synthetic ETag and the default type.
 */

export const DEFAULT_CONTENT_TYPE = 'application/octet-stream';

/** What the driver keeps per object in `<base>/.cloudclip/meta/…` (valid while size and mtime match). */
export interface ObjectMeta {
  key: string;
  etag: string;
  size: number;
  mtime: number;
  contentType: string;
  contentDisposition?: string;
  metadata: Record<string, string>;
  /** Folder markers: when the marker was written (epoch ms; a folder's own mtime has one-second precision and follows its members). */
  written?: number;
}

export function lowerKeys(metadata: Record<string, string> | undefined): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(metadata ?? {})) result[name.toLowerCase()] = value;
  return result;
}

/** The sidecar of a file just written with `options`: the default content type, metadata names lower-cased. */
export function newObjectMeta(key: string, etag: string, stats: RemoteStats, options: PutObjectOptions | undefined): ObjectMeta {
  return {
    key,
    etag,
    size: stats.size,
    mtime: stats.mtime,
    contentType: options?.contentType ?? DEFAULT_CONTENT_TYPE,
    ...(options?.contentDisposition === undefined ? {} : { contentDisposition: options.contentDisposition }),
    metadata: lowerKeys(options?.metadata),
  };
}

export async function readObjectMeta(ops: SftpOps, layout: SftpLayout, key: string): Promise<ObjectMeta | null> {
  const data = await ops.readSmallFile(await layout.metaPath(key));
  if (!data) return null;
  try {
    const meta = JSON.parse(data.toString('utf8')) as ObjectMeta;
    return meta.key === key ? meta : null;
  } catch {
    return null;
  }
}

export async function writeObjectMeta(ops: SftpOps, layout: SftpLayout, meta: ObjectMeta): Promise<void> {
  const target = await layout.metaPath(meta.key);
  const root = await layout.rootPath();
  await ops.mkdirp(root, target.slice(0, target.lastIndexOf('/')));
  const temp = partialPath(target);
  await ops.writeSmallFile(temp, Buffer.from(JSON.stringify(meta), 'utf8'));
  await ops.rename(temp, target);
}

export function describeObject(key: string, stats: RemoteStats, meta: ObjectMeta | null): ObjectInfo {
  const valid = meta !== null && (isFolderKey(key) || (meta.size === stats.size && meta.mtime === stats.mtime));
  return {
    key,
    size: isFolderKey(key) ? 0 : stats.size,
    etag: valid ? meta.etag : createHash('md5').update(`${stats.size}:${stats.mtime}`).digest('hex'),
    lastModified: isFolderKey(key) && valid && meta.written !== undefined ? new Date(meta.written) : new Date(stats.mtime * 1000),
    contentType: valid ? meta.contentType : DEFAULT_CONTENT_TYPE,
    ...(valid && meta.contentDisposition !== undefined ? { contentDisposition: meta.contentDisposition } : {}),
    metadata: valid ? meta.metadata : {},
  };
}
