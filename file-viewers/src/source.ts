import { readBodyChunks } from '@cloudclip/shared-kernel';
import { ViewerError } from './errors';
import type { FileSource } from './types';

/** The progress of a read: bytes so far and the total when known (-1 when not). */
export type ReadProgress = (loaded: number, total: number) => void;

export interface ReadOptions {
  signal?: AbortSignal;
  onProgress?: ReadProgress;
  /** Refuse (ViewerError too-large) a file larger than this, before and while reading it. */
  maxBytes?: number;
}

function checkSize(size: number, maxBytes: number | undefined): void {
  if (maxBytes !== undefined && size > maxBytes) throw new ViewerError('too-large');
}

async function get(url: string, init: RequestInit): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, { credentials: 'same-origin', ...init });
  } catch (error) {
    if ((error as Error)?.name === 'AbortError') throw error;
    throw new ViewerError('unreachable', (error as Error)?.message);
  }
  if (!response.ok) throw new ViewerError('unreachable', `HTTP ${response.status}`);
  return response;
}

/** The whole file as bytes, with progress; refused when larger than `maxBytes`. */
export async function readBytes(source: FileSource, options: ReadOptions = {}): Promise<Uint8Array> {
  const { signal, onProgress, maxBytes } = options;
  checkSize(source.size, maxBytes);
  if (source.blob) {
    const bytes = new Uint8Array(await source.blob.arrayBuffer());
    onProgress?.(bytes.byteLength, bytes.byteLength);
    return bytes;
  }
  if (!source.url) throw new ViewerError('unreachable');
  const response = await get(source.url, { signal });
  const header = Number(response.headers.get('content-length') ?? NaN);
  const total = Number.isFinite(header) ? header : source.size;
  checkSize(total, maxBytes);
  if (!response.body) {
    const bytes = new Uint8Array(await response.arrayBuffer());
    onProgress?.(bytes.byteLength, total);
    return bytes;
  }
  const { chunks, loaded } = await readBodyChunks(response.body, (bytes) => {
    checkSize(bytes, maxBytes);
    onProgress?.(bytes, total);
  });
  return joinBytes(chunks, loaded);
}

/** The parts one after another in a new array of `length` bytes (their total). */
export function joinBytes(parts: Uint8Array[], length: number): Uint8Array {
  const bytes = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    bytes.set(part, offset);
    offset += part.byteLength;
  }
  return bytes;
}

/** The whole file as a Blob (for object URLs and libraries that take one). */
export async function readBlob(source: FileSource, options: ReadOptions = {}): Promise<Blob> {
  if (source.blob) {
    checkSize(source.blob.size, options.maxBytes);
    return source.blob;
  }
  const bytes = await readBytes(source, options);
  return new Blob([bytes as BlobPart], source.contentType ? { type: source.contentType } : undefined);
}

/**
 * Bytes [start, end) of the file: a Range request (or a slice of the blob). A server that ignores
 * the range and sends the whole file (200) is answered from that body's slice.
 */
export async function readRange(source: FileSource, start: number, end: number, signal?: AbortSignal): Promise<Uint8Array> {
  if (end <= start) return new Uint8Array(0);
  if (source.blob) return new Uint8Array(await source.blob.slice(start, end).arrayBuffer());
  if (!source.url) throw new ViewerError('unreachable');
  const response = await get(source.url, { signal, headers: { Range: `bytes=${start}-${end - 1}` } });
  const bytes = new Uint8Array(await response.arrayBuffer());
  return response.status === 206 ? bytes : bytes.slice(start, end);
}

/** A response streaming the file (for line-by-line readers of large texts). */
export async function openStream(source: FileSource, signal?: AbortSignal): Promise<ReadableStream<Uint8Array>> {
  if (source.blob) return source.blob.stream() as ReadableStream<Uint8Array>;
  if (!source.url) throw new ViewerError('unreachable');
  const response = await get(source.url, { signal });
  if (!response.body) return new Blob([await response.arrayBuffer()]).stream() as ReadableStream<Uint8Array>;
  return response.body;
}

/**
 * An address the browser's own elements (<img>, <video>, <audio>) can load: the source's URL, or an
 * object URL of its blob. `release` frees the object URL (call it when the element goes away).
 */
export function elementUrl(source: FileSource): { url: string; release: () => void } {
  if (source.url) return { url: source.url, release: () => undefined };
  if (!source.blob) throw new ViewerError('unreachable');
  const url = URL.createObjectURL(source.blob);
  return { url, release: () => URL.revokeObjectURL(url) };
}

export { extensionOf } from './extension';
