import { createHash, type Hash } from 'node:crypto';
import { Readable, Transform, type TransformCallback } from 'node:stream';
import type { ObjectBody } from '../storage-driver';

/** Counts and MD5-hashes the bytes passing through (the ETag of a streamed upload). */
export class Md5Counter extends Transform {
  readonly hash: Hash = createHash('md5');
  bytes = 0;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.hash.update(chunk);
    this.bytes += chunk.length;
    callback(null, chunk);
  }
}

/** A body as a Buffer when it is one already (or a string), else the stream itself. */
export function bufferOrStream(body: ObjectBody): Buffer | Readable {
  if (typeof body === 'string') return Buffer.from(body, 'utf8');
  if (Buffer.isBuffer(body)) return body;
  if (body instanceof Uint8Array) return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  return body;
}

/**
 * Serves bytes `start`…`end` (inclusive) of a stream that starts at byte 0: the fallback for a
 * server that answers a ranged GET with the whole object (200 instead of 206). The source is
 * destroyed once the range has passed, so the rest is never downloaded.
 */
export function sliceStream(source: Readable, start: number, end: number): Readable {
  let position = 0;
  const slicer = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const chunkStart = position;
      position += chunk.length;
      const from = Math.max(0, start - chunkStart);
      const to = Math.min(chunk.length, end + 1 - chunkStart);
      if (to > from) this.push(chunk.subarray(from, to));
      if (position > end) {
        this.push(null);
        source.unpipe(slicer);
        source.destroy();
      }
      callback();
    },
  });
  source.on('error', (error) => slicer.destroy(error));
  return source.pipe(slicer);
}
