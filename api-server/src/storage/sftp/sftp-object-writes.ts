import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { StorageError, type ObjectBody, type PutObjectOptions } from '../storage-driver';
import { partialPath, type SftpLayout } from './sftp-layout';
import { DEFAULT_CONTENT_TYPE, lowerKeys, writeObjectMeta } from './sftp-object-meta';
import type { RemoteStats, SftpOps } from './sftp-ops';
import type { SftpPool } from './sftp-pool';
import { sftpReadStream } from './sftp-read-stream';

/**
 * How the SFTP driver writes files: bodies streamed with several writes in flight (MD5 on the way),
 * into `<path>.partial-<rand>` renamed into place, folder markers, and copies by `copy-data`
 * (OpenSSH ≥ 9.0) or streamed through here.
 */

const WRITE_CHUNK = 256 * 1024;
const WRITES_IN_FLIGHT = 4;

export function bodyChunks(body: ObjectBody): AsyncIterable<Buffer> | Iterable<Buffer> {
  if (typeof body === 'string') return [Buffer.from(body, 'utf8')];
  if (body instanceof Readable) {
    return (async function* () {
      for await (const chunk of body) yield typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : Buffer.from(chunk as Uint8Array);
    })();
  }
  return [Buffer.isBuffer(body) ? body : Buffer.from(body)];
}

/** Streams `body` into a new file `path`; MD5 and size of what was written. */
export async function writeBody(ops: SftpOps, path: string, body: ObjectBody): Promise<{ etag: string; size: number }> {
  const hash = createHash('md5');
  const handle = await ops.open(path, 'w');
  let position = 0;
  const inFlight: Array<Promise<void>> = [];
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  const flush = async (): Promise<void> => {
    if (pendingBytes === 0) return;
    const data = pending.length === 1 ? (pending[0] as Buffer) : Buffer.concat(pending);
    pending = [];
    pendingBytes = 0;
    const write = ops.write(handle, data, position);
    write.catch(() => undefined);
    inFlight.push(write);
    position += data.length;
    while (inFlight.length >= WRITES_IN_FLIGHT) await inFlight.shift();
  };
  try {
    for await (const chunk of bodyChunks(body)) {
      hash.update(chunk);
      pending.push(chunk);
      pendingBytes += chunk.length;
      if (pendingBytes >= WRITE_CHUNK) await flush();
    }
    await flush();
    while (inFlight.length > 0) await inFlight.shift();
  } finally {
    await Promise.allSettled(inFlight);
    await ops.close(handle).catch(() => undefined);
  }
  return { etag: hash.digest('hex'), size: position };
}

/** Writes `body` to `<path>.partial-<rand>` and renames it to `path`; nothing is left behind on failure. */
export async function writeAtomically(
  ops: SftpOps,
  layout: SftpLayout,
  path: string,
  write: (temp: string) => Promise<{ etag: string; size?: number }>,
): Promise<{ etag: string; stats: RemoteStats }> {
  const existing = await ops.stat(path);
  if (existing?.isDirectory) throw new StorageError('KeyConflict', `A folder exists where the object would go: ${path}`);
  const root = await layout.rootPath();
  await ops.mkdirp(root, path.slice(0, path.lastIndexOf('/')));
  const temp = partialPath(path);
  try {
    const { etag } = await write(temp);
    await ops.rename(temp, path);
    const stats = await ops.stat(path);
    if (!stats) throw new StorageError('Unknown', `${path} vanished after it was written`);
    return { etag, stats };
  } catch (error) {
    await ops.unlink(temp).catch(() => undefined);
    throw error;
  }
}

export async function putFolderMarker(
  ops: SftpOps,
  layout: SftpLayout,
  key: string,
  options: PutObjectOptions | undefined,
): Promise<{ etag: string }> {
  const path = await layout.pathOf(key);
  await ops.mkdirp(await layout.rootPath(), path.slice(0, -1));
  const etag = createHash('md5').digest('hex');
  await writeObjectMeta(ops, layout, {
    key,
    etag,
    size: 0,
    mtime: 0,
    written: Date.now(),
    contentType: options?.contentType ?? DEFAULT_CONTENT_TYPE,
    ...(options?.contentDisposition === undefined ? {} : { contentDisposition: options.contentDisposition }),
    metadata: lowerKeys(options?.metadata),
  });
  return { etag };
}

/** Copies the bytes of `from` into the new file `to`: server-side (`copy-data`) when offered, else streamed. */
export async function copyBytes(ops: SftpOps, pool: SftpPool, from: string, to: string): Promise<{ etag: string } | { etag?: undefined }> {
  const source = await ops.open(from, 'r');
  try {
    const target = await ops.open(to, 'w');
    let copied = false;
    try {
      copied = await ops.copyData(source, target, 0);
    } finally {
      await ops.close(target).catch(() => undefined);
    }
    if (copied) return {};
  } finally {
    await ops.close(source).catch(() => undefined);
  }
  const size = (await ops.stat(from))?.size ?? 0;
  return writeBody(ops, to, sftpReadStream(pool, from, 0, size));
}
