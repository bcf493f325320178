/*
 * What jsdom lacks and the text viewers use, taken from Node for the unit tests: TextDecoder,
 * TextEncoder, ReadableStream. Imported by the tests only.
 */
import { ReadableStream } from 'node:stream/web';
import { TextDecoder, TextEncoder } from 'node:util';

const target = globalThis as Record<string, unknown>;
if (typeof target.TextDecoder === 'undefined') target.TextDecoder = TextDecoder;
if (typeof target.TextEncoder === 'undefined') target.TextEncoder = TextEncoder;
if (typeof target.ReadableStream === 'undefined') target.ReadableStream = ReadableStream;

/** A stream of the given chunks, one per read. */
export function streamOf(chunks: Uint8Array[]): globalThis.ReadableStream<Uint8Array> {
  let next = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (next < chunks.length) controller.enqueue(chunks[next++]!);
      else controller.close();
    },
  }) as unknown as globalThis.ReadableStream<Uint8Array>;
}

/** `bytes` cut into chunks of `size` bytes. */
export function chunksOf(bytes: Uint8Array, size: number): Uint8Array[] {
  const chunks: Uint8Array[] = [];
  for (let offset = 0; offset < bytes.length; offset += size) chunks.push(bytes.subarray(offset, offset + size));
  return chunks;
}
