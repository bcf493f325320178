import { createHash, randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { ObjectBody } from '../storage-driver';
import { statusError, type WebDavHttp } from './webdav-http';
import { INTERNAL_FOLDER, type WebDavStore } from './webdav-store';
import { bufferOrStream, Md5Counter } from './webdav-streams';

/** What a PUT wrote: the MD5 (the driver's ETag), the size, and the server's own ETag when it sent one. */
export interface Written {
  etag: string;
  size: number;
  davEtag?: string;
}

/** The absolute URL of a server path (the `Destination` of COPY and MOVE). */
export function destinationOf(http: WebDavHttp, path: string): string {
  return `${http.origin.protocol}//${http.origin.host}${path}`;
}

/** PUTs a body to a server path: a Buffer with its length, a stream chunked (or with `contentLength`). */
export async function writeBody(http: WebDavHttp, path: string, body: ObjectBody, contentLength?: number): Promise<Written> {
  const source = bufferOrStream(body);
  let etag: () => string;
  let size: () => number;
  let payload: Buffer | Readable;
  const headers: Record<string, string | number> = { 'content-type': 'application/octet-stream' };
  if (Buffer.isBuffer(source)) {
    const digest = createHash('md5').update(source).digest('hex');
    etag = () => digest;
    size = () => source.length;
    payload = source;
  } else {
    const counter = new Md5Counter();
    source.on('error', (error) => counter.destroy(error));
    payload = source.pipe(counter);
    if (contentLength !== undefined) headers['content-length'] = contentLength;
    etag = () => counter.hash.digest('hex');
    size = () => counter.bytes;
  }
  const response = await http.request({ method: 'PUT', path, headers, body: payload });
  response.resume();
  const status = response.statusCode ?? 0;
  if (status < 200 || status >= 300) {
    if (!Buffer.isBuffer(source)) source.resume();
    throw statusError(status, `PUT ${decodeURIComponent(path)}`);
  }
  const davEtag = response.headers.etag?.replace(/^W\//, '').replace(/"/g, '');
  return { etag: etag(), size: size(), ...(davEtag ? { davEtag } : {}) };
}

/**
 * Writes an object's content: a Buffer straight to its place (a server keeps no short body of a
 * known length), a stream to `.cloudclip-internal/tmp/` first and MOVEd into place once complete,
 * so a stream that fails half-way (a client that drops an upload) leaves neither a truncated
 * object nor a lost earlier version (servers such as rclone keep what arrived).
 */
export async function writeObject(
  store: WebDavStore,
  segments: readonly string[],
  body: ObjectBody,
  contentLength?: number,
): Promise<Written> {
  const target = store.pathOf(segments);
  const source = bufferOrStream(body);
  if (Buffer.isBuffer(source)) return writeBody(store.http, target, source);
  await store.ensureCollections([INTERNAL_FOLDER, 'tmp']);
  const temp = store.internalPath('tmp', randomUUID());
  try {
    const written = await writeBody(store.http, temp, source, contentLength);
    await store.http.send({ method: 'MOVE', path: temp, headers: { destination: destinationOf(store.http, target), overwrite: 'T' } });
    return written;
  } catch (error) {
    await store.remove(temp).catch(() => undefined);
    throw error;
  }
}
