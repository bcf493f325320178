import { LineIndex } from './line-index';
import { ChunkDecoder } from './text-decode';

/** Work done in one go before the page gets a turn (input, painting). */
const SLICE_MS = 12;
/** A chunk larger than this is decoded and indexed piece by piece. */
const PIECE_BYTES = 1024 * 1024;

/** Lets the browser handle input and paint before going on. */
export function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

export interface StreamTextOptions {
  signal?: AbortSignal;
  /** Refuse (ViewerError 'too-large') more bytes than this. */
  maxBytes?: number;
  /** After each piece: the bytes read so far. */
  onProgress?: (loadedBytes: number) => void;
}

/**
 * Reads a byte stream into `index`: decoded incrementally, lines indexed as the chunks arrive,
 * yielding to the page every few milliseconds so that a 50 MB file never freezes it. Resolves
 * when the text is complete (the index is then `done`), or quietly when `signal` aborts.
 */
export async function streamText(stream: ReadableStream<Uint8Array>, index: LineIndex, options: StreamTextOptions = {}): Promise<void> {
  const { signal, maxBytes, onProgress } = options;
  const decoder = new ChunkDecoder(maxBytes);
  const reader = stream.getReader();
  let sliceStart = Date.now();
  try {
    for (;;) {
      if (signal?.aborted) return;
      const { done, value } = await reader.read();
      if (signal?.aborted) return;
      if (done) break;
      for (let offset = 0; offset < value.byteLength; offset += PIECE_BYTES) {
        const piece = value.byteLength <= PIECE_BYTES ? value : value.subarray(offset, offset + PIECE_BYTES);
        index.push(decoder.push(piece));
        onProgress?.(decoder.bytes);
        if (Date.now() - sliceStart >= SLICE_MS) {
          await yieldToBrowser();
          if (signal?.aborted) return;
          sliceStart = Date.now();
        }
      }
    }
    index.push(decoder.end());
    index.finish();
    onProgress?.(decoder.bytes);
  } finally {
    if (!index.done) reader.cancel().catch(() => undefined);
    else reader.releaseLock();
  }
}
