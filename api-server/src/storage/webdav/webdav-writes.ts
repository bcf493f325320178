import { createHash, randomUUID } from 'node:crypto';
import { PassThrough, type Readable } from 'node:stream';
import { StorageError, type ObjectBody } from '../storage-driver';
import { networkError, statusError, type WebDavHttp } from './webdav-http';
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
  const tempName = randomUUID();
  const temp = store.internalPath('tmp', tempName);
  const staged = endedOnError(source);
  try {
    // Always chunked: a source that fails ends the body cleanly instead of cutting the connection,
    // so the server has answered (and closed its file) before the DELETE below. After a cut
    // connection rclone sometimes wrote the temp file after that DELETE, and it stayed.
    const written = await writeBody(store.http, temp, staged.stream);
    const failure = staged.failure();
    if (failure !== undefined) throw networkError(failure, `PUT ${decodeURIComponent(temp)}`);
    if (contentLength !== undefined && written.size !== contentLength) {
      throw new StorageError('Unavailable', `WebDAV PUT ${decodeURIComponent(temp)}: ${written.size} of ${contentLength} bytes arrived`);
    }
    await store.http.send({ method: 'MOVE', path: temp, headers: { destination: destinationOf(store.http, target), overwrite: 'T' } });
    return written;
  } catch (error) {
    await discardTemp(store, temp, [INTERNAL_FOLDER, 'tmp', tempName]);
    throw error;
  }
}

/** How often a failed write's temp file is removed and looked for again, and the wait before each look. */
const DISCARD_ATTEMPTS = 3;
const DISCARD_RECHECK_MS = 150;

/**
 * Removes a failed write's temp file. A loaded server may still be closing (rclone: writing) the
 * file of a PUT it has answered, or hold its lock for a moment, so the file can appear after the
 * DELETE or the DELETE can be refused: the removal is looked at again and repeated a few times.
 */
async function discardTemp(store: WebDavStore, temp: string, segments: readonly string[]): Promise<void> {
  for (let attempt = 1; attempt <= DISCARD_ATTEMPTS; attempt += 1) {
    await store.remove(temp).catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, DISCARD_RECHECK_MS * attempt));
    const left = await store.stat(segments, false).catch(() => null);
    if (!left) return;
  }
}

/** `source` as a stream that ends, instead of failing, when `source` fails; `failure()` is that error. */
function endedOnError(source: Readable): { stream: PassThrough; failure: () => unknown } {
  let failed: unknown;
  const stream = new PassThrough();
  source.on('error', (error) => {
    if (failed !== undefined) return;
    failed = error;
    source.unpipe(stream);
    stream.end();
  });
  source.pipe(stream);
  return { stream, failure: () => failed };
}
