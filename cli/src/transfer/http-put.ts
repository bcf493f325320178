import { createReadStream } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export interface PutResult {
  status: number;
  etag: string | null;
  /** The first few KB of the answer (an error's reason). */
  body: string;
}

export interface PutFileRange {
  path: string;
  /** First byte (inclusive) and byte count. */
  start: number;
  length: number;
}

export interface PutOptions {
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Called with each chunk's byte count as it goes out. */
  onBytes?: (bytes: number) => void;
  /** Gives up when no byte went out / came back for this long (default 120 s). */
  idleTimeoutMs?: number;
}

/** A network-level failure of a PUT (no HTTP answer): worth retrying or resuming. */
export class PutNetworkError extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'PutNetworkError';
  }
}

const MAX_BODY = 4096;

/**
 * PUTs a byte range of a file to `url`, streamed from disk with backpressure (never read whole),
 * with a fixed `Content-Length` (presigned S3 URLs sign it). Resolves with any HTTP answer; rejects
 * with PutNetworkError (or the signal's reason) when there is none.
 */
export function putFileRange(url: string, range: PutFileRange, options: PutOptions = {}): Promise<PutResult> {
  const target = new URL(url);
  const transport = target.protocol === 'https:' ? https : http;
  const { signal } = options;
  return new Promise<PutResult>((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    let settled = false;
    const finish = (error: unknown, result?: PutResult) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      if (error) reject(error);
      else resolve(result as PutResult);
    };
    const request = transport.request(target, {
      method: 'PUT',
      headers: { ...options.headers, 'content-length': String(range.length) },
    });
    const onAbort = () => {
      request.destroy();
      finish(signal?.reason ?? new Error('aborted'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    request.setTimeout(options.idleTimeoutMs ?? 120_000, () => {
      request.destroy(new PutNetworkError('The upload stalled', 'ETIMEDOUT'));
    });
    request.on('error', (error: NodeJS.ErrnoException) => {
      finish(error instanceof PutNetworkError ? error : new PutNetworkError(error.message, error.code, { cause: error }));
    });
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        if (size < MAX_BODY) chunks.push(chunk);
        size += chunk.length;
      });
      response.on('error', (error: NodeJS.ErrnoException) => finish(new PutNetworkError(error.message, error.code, { cause: error })));
      response.on('end', () => {
        const etag = response.headers.etag;
        finish(undefined, {
          status: response.statusCode ?? 0,
          etag: typeof etag === 'string' ? etag.replace(/^W\//, '').replace(/"/g, '') : null,
          body: Buffer.concat(chunks).toString('utf8').slice(0, MAX_BODY),
        });
      });
    });
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        options.onBytes?.(chunk.length);
        callback(null, chunk);
      },
    });
    const source =
      range.length === 0
        ? Readable.from([])
        : createReadStream(range.path, { start: range.start, end: range.start + range.length - 1, highWaterMark: 256 * 1024 });
    // A server that answers early (an error before reading the body) ends the pipe: the answer wins.
    pipeline(source, counter, request).catch((error: unknown) => {
      if (!request.destroyed) request.destroy();
      const code = (error as NodeJS.ErrnoException | undefined)?.code;
      if (code === 'ENOENT' || code === 'EACCES' || code === 'EISDIR') finish(error);
      // Otherwise the request's own error or response settles the promise.
      setTimeout(() => finish(new PutNetworkError(String((error as Error)?.message ?? error), code, { cause: error })), 1000).unref();
    });
  });
}
