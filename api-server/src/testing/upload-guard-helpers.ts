/**
 * Helpers of the upload-guard tests (routes/upload-*.test.ts): a streaming PUT that stops once
 * answered, the bytes held in file rows and in the storage, and the per-test local-driver share
 * context with a file API key and an optional storage quota.
 */
import http from 'node:http';
import { createShareContext, type ShareTestContext } from './file-share-helpers';
import { freshForEachTest } from './test-app';

export const MiB = 1024 * 1024;
/** Headers asking for English messages. */
export const EN = { 'accept-language': 'en-US' };

export interface StreamingPutResult {
  /** 0 when the connection broke before an answer was read (the server cut the body off). */
  status: number;
  body: string;
  /** Body bytes written before the answer (or the break). */
  bytesSent: number;
  error?: string;
}

/**
 * PUTs `total` bytes in 64 KiB chunks to `url` without holding them in memory and stops once
 * answered. `headersFirst`: the headers go out alone and the body only follows when no answer
 * came within a second (an answer from the headers alone then shows nothing was read).
 */
export function streamingPut(
  url: string,
  total: number,
  headers: Record<string, string>,
  headersFirst = false,
): Promise<StreamingPutResult> {
  return new Promise((resolve) => {
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    let bytesSent = 0;
    let answered = false;
    const request = http.request(url, { method: 'PUT', headers }, (response) => {
      answered = true;
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (part: string) => (body += part));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body, bytesSent }));
    });
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (!answered) resolve({ status: 0, body: '', bytesSent, error: error.code ?? error.message });
    });
    const pump = (): void => {
      while (!answered && !request.destroyed && bytesSent < total) {
        const size = Math.min(chunk.length, total - bytesSent);
        bytesSent += size;
        if (!request.write(size === chunk.length ? chunk : chunk.subarray(0, size))) {
          request.once('drain', pump);
          return;
        }
      }
      if (!answered && !request.destroyed) request.end();
    };
    if (headersFirst) {
      request.flushHeaders();
      setTimeout(pump, 1000);
    } else {
      pump();
    }
  });
}

/** The sum of the sizes the config's file rows record. */
export async function storedBytes(c: ShareTestContext): Promise<number> {
  return (await c.fileRows()).reduce((sum, row) => sum + Number(row.size), 0);
}

/** The sum of the sizes of the objects in the config's storage area. */
export async function objectBytes(c: ShareTestContext): Promise<number> {
  let total = 0;
  for (const key of await c.objectKeys()) total += (await c.driver.headObject(key))?.size ?? 0;
  return total;
}

export interface FileKey {
  id: string;
  headers: Record<string, string>;
}

/** What `localShareWithKeyForEachTest` gives a suite; its fields are those of the running test. */
export interface LocalShareWithKey {
  readonly c: ShareTestContext;
  readonly key: FileKey;
}

/**
 * Gives each test of the calling suite a fresh local-driver share context and a file API key,
 * with the given storage quota when there is one.
 */
export function localShareWithKeyForEachTest(quotaBytes: number | undefined): LocalShareWithKey {
  const current = {} as { c: ShareTestContext; key: FileKey };
  freshForEachTest(
    () => createShareContext('local'),
    async (context) => {
      const key = await context.key();
      if (quotaBytes !== undefined) await context.setStorageQuota(quotaBytes);
      current.c = context;
      current.key = key;
    },
  );
  return current;
}

/** upload-direct of `bytes` zero bytes as `name` with `key`. */
export function uploadDirect(c: ShareTestContext, key: FileKey, name: string, bytes: number) {
  return c.inject({
    method: 'PUT',
    url: `/api/upload-direct/${name}`,
    headers: { ...key.headers, 'content-type': 'application/octet-stream' },
    payload: Buffer.alloc(bytes),
  });
}

/** What POST /api/s3/presign answers (the fields the tests read). */
export interface PresignedUpload {
  file_id: string;
  upload_url: string;
  contentType: string;
  storage_path: string;
  slug: string;
}

/** Presigns an upload of `filename` (declaring `size` bytes when given) to the context's storage config; expects 200. */
export async function presignUpload(
  c: ShareTestContext,
  headers: Record<string, string>,
  size: number | undefined,
  filename = 'ten.txt',
): Promise<PresignedUpload> {
  const response = await c.inject({
    method: 'POST',
    url: '/api/s3/presign',
    headers,
    payload: { s3_config_id: c.config.id, filename, ...(size === undefined ? {} : { size }) },
  });
  expect(response.statusCode).toBe(200);
  return response.json().data as PresignedUpload;
}
