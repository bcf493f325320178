import { pipeline, Transform, type TransformCallback } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { parseRangeHeader } from '../storage/byte-range';
import { isStorageError, type GetObjectResult, type ObjectInfo, type StorageDriver } from '../storage/storage-driver';
import { HttpError } from './http-error';

// GET of a stored object, ranged when the `Range` header asks for one byte range (anything else in
// it is ignored and the whole object is read, see parseRangeHeader). An unsatisfiable range is 416
// with `Content-Range: bytes */size` (size 0 when the object cannot be found any more); other
// storage errors are thrown as they come, for the caller to map.
export async function readObjectRange(
  driver: Pick<StorageDriver, 'getObject' | 'headObject'>,
  key: string,
  rangeHeader: string | undefined,
): Promise<GetObjectResult> {
  const range = parseRangeHeader(rangeHeader);
  try {
    return await driver.getObject(key, { range });
  } catch (error) {
    if (isStorageError(error, 'InvalidRange')) {
      const info = await driver.headObject(key).catch(() => null);
      throw new HttpError(416, 'storage.rangeNotSatisfiable', { headers: { 'content-range': `bytes */${info?.size ?? 0}` } });
    }
    throw error;
  }
}

/**
 * A stored object's body on its way out: it fails instead of ending when the storage ended it before
 * `expected` bytes. Fastify destroys the response when its body fails after the headers went out,
 * so the client sees a broken download, never a clean end short of the `Content-Length` it was
 * promised (issue 41). A storage that fails mid-stream already errors (an S3 connection cut is
 * `aborted`); this covers one that just ends early, e.g. a local file cut while it is read, which
 * otherwise left the client waiting for bytes that never come.
 */
class WholeBodyCheck extends Transform {
  private seen = 0;

  constructor(private readonly expected: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.seen += chunk.length;
    callback(null, chunk);
  }

  override _flush(callback: TransformCallback): void {
    callback(this.seen < this.expected ? new Error(`the storage ended the object after ${this.seen} of ${this.expected} bytes`) : null);
  }
}

/**
 * Sends an object read by readObjectRange: 206 with `Content-Range` for a served range, else 200;
 * `Content-Length` is the length of the body sent (it keeps its place when `headers` already lists it).
 * A body the storage ends or breaks early breaks the response (WholeBodyCheck).
 */
export function sendObject(reply: FastifyReply, object: GetObjectResult, headers: Record<string, string>): FastifyReply {
  reply.code(object.range ? 206 : 200).headers({ ...headers, 'content-length': String(object.contentLength) });
  if (object.range) reply.header('content-range', `bytes ${object.range.start}-${object.range.end}/${object.size}`);
  const body = new WholeBodyCheck(object.contentLength);
  // Either end failing destroys both: a storage error fails the response, a client gone releases the storage stream.
  pipeline(object.body, body, () => undefined);
  return reply.send(body);
}

/** Answers a HEAD of an object: 200, the GET's headers with the whole object's `Content-Length`, no body. */
export function sendObjectHead(reply: FastifyReply, info: ObjectInfo, headers: Record<string, string>): FastifyReply {
  return reply
    .code(200)
    .headers({ ...headers, 'content-length': String(info.size) })
    .send();
}
