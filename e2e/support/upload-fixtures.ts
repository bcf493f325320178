import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { test, type Page, type Route } from '@playwright/test';
import { S3RVER } from '../playwright.config';
import type { FilePayload } from '../pages/upload-page';
import { AdminApi } from './admin-api';
import { writeRepeatedChunk } from './sized-file.mjs';

/** A fresh temporary folder outside the repository (big test files never land in the tree). */
export function tempDir(prefix = 'cloudclip-upload-e2e-'): { dir: string; remove: () => void } {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Deterministic bytes (so a download can be compared with what was uploaded). */
export function patternBytes(size: number, seed = 7): Buffer {
  const buffer = Buffer.alloc(size);
  for (let index = 0; index < size; index += 1) buffer[index] = (index * 31 + seed) & 0xff;
  return buffer;
}

/** A small text file for the upload page's file input. */
export function textFile(name: string, body: string): FilePayload {
  return { name, mimeType: 'text/plain', buffer: Buffer.from(body) };
}

export function sha256(data: Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

/** Writes a file of `size` bytes in 1 MiB chunks and returns its path. */
export async function writeBigFile(dir: string, name: string, size: number): Promise<string> {
  const file = path.join(dir, name);
  await writeRepeatedChunk(file, size, patternBytes(1024 * 1024, 3));
  return file;
}

/** A local-disk storage configuration for one test file. */
export async function createLocalConfig(api: AdminApi, name: string, extra: Record<string, unknown> = {}): Promise<string> {
  const created = await api.post<{ id: string }>('/api/s3-configs', { name, provider_type: 'Local', is_public: true, ...extra });
  return created.id;
}

/** An S3 configuration pointing at the s3rver webServer. */
export async function createS3rverConfig(api: AdminApi, name: string): Promise<string> {
  const created = await api.post<{ id: string }>('/api/s3-configs', {
    name,
    provider_type: 'Other',
    endpoint_url: S3RVER.endpoint,
    bucket_name: S3RVER.bucket,
    access_key_id: S3RVER.accessKeyId,
    secret_access_key: S3RVER.secretAccessKey,
    path_style: true,
    is_public: true,
  });
  return created.id;
}

/** Deletes the files of a config (admin list), then the config itself; errors are ignored. */
export async function removeConfig(api: AdminApi, configId: string): Promise<void> {
  const list = await api
    .get<{ files: Array<{ id: string }> }>(`/api/admin/files?limit=500&s3_config_id=${configId}`)
    .catch(() => ({ files: [] }));
  for (const file of list.files) await api.delete(`/api/admin/files/${file.id}`).catch(() => undefined);
  await api.delete(`/api/s3-configs/${configId}`).catch(() => undefined);
}

/** The admin's API and a local-disk storage configuration, shared by the tests of one spec file. */
export interface SpecFileStorage {
  readonly api: AdminApi;
  readonly configId: string;
}

/**
 * Call at a spec file's top level: a beforeAll hook logs the admin in and creates a local-disk
 * configuration named `name` (before the file's own hooks, which may use both); an afterAll hook
 * removes the configuration with its files and disposes the API.
 */
export function localConfigForSpecFile(name: string): SpecFileStorage {
  let session: { api: AdminApi; configId: string } | undefined;
  test.beforeAll(async () => {
    const api = await AdminApi.login();
    session = { api, configId: await createLocalConfig(api, name) };
  });
  test.afterAll(async () => {
    if (!session) return;
    await removeConfig(session.api, session.configId);
    await session.api.dispose();
  });
  const current = () => {
    if (!session) throw new Error('localConfigForSpecFile: not set up yet (use it in hooks and tests, not at the top level)');
    return session;
  };
  return {
    get api() {
      return current().api;
    },
    get configId() {
      return current().configId;
    },
  };
}

/** Runs `body` with the per-file upload limit set to `limitMb` MB, then sets it back to the default 100 MB. */
export async function withMaxUploadSize<T>(api: AdminApi, limitMb: number, body: () => Promise<T>): Promise<T> {
  await api.put('/api/admin/system-settings', { max_upload_size: limitMb });
  try {
    return await body();
  } finally {
    await api.put('/api/admin/system-settings', { max_upload_size: 100 });
  }
}

/**
 * Holds every part PUT of a multipart upload to the local driver in the browser until the test
 * lets it through (`held.shift()!.continue()`): whatever is held is in flight. `peak()` is the most
 * held at once, `requested()` how many part PUTs were sent.
 */
export async function holdPartUploads(page: Page): Promise<{ held: Route[]; peak: () => number; requested: () => number }> {
  const held: Route[] = [];
  let peak = 0;
  let requested = 0;
  await page.route('**/api/storage/local/**', (route) => {
    if (!route.request().url().includes('partNumber=')) return route.continue();
    requested += 1;
    held.push(route);
    peak = Math.max(peak, held.length);
    return undefined;
  });
  return { held, peak: () => peak, requested: () => requested };
}

/**
 * The browser's first PUT to local storage fails with `status` and `body` (as a busy or broken
 * storage would answer); every later request goes through.
 */
export async function failFirstLocalPut(page: Page, status: number, body: string): Promise<void> {
  let failed = false;
  await page.route('**/api/storage/local/**', async (route) => {
    if (!failed && route.request().method() === 'PUT') {
      failed = true;
      await route.fulfill({ status, body });
      return;
    }
    await route.continue();
  });
}

/** Status of `GET /api/admin/files/{id}` (404 once a record is gone). */
export async function fileRecordStatus(api: AdminApi, id: string): Promise<number> {
  try {
    await api.get(`/api/admin/files/${id}`);
    return 200;
  } catch (error) {
    const match = /failed: (\d{3})/.exec(String(error));
    return match ? Number(match[1]) : 0;
  }
}

export interface SourceServer {
  origin: string;
  url: (name: string) => string;
  close: () => Promise<void>;
  /** Every request path the server has seen. */
  hits: string[];
}

export interface SourceFile {
  body: Buffer;
  type?: string;
  /** Send `Access-Control-Allow-Origin: *` (the browser may download it directly). */
  cors?: boolean;
  /** Send the body in pieces of this many bytes with a pause between them (a slow source). */
  trickle?: { bytes: number; pauseMs: number };
}

/**
 * A loopback HTTP server started by the test: the URL-upload source. Answers HEAD and GET (with
 * Content-Length), with or without CORS, optionally slowly.
 */
export async function startSourceServer(files: Record<string, SourceFile>): Promise<SourceServer> {
  const hits: string[] = [];
  const sockets = new Set<import('node:net').Socket>();
  const server = http.createServer((request, response) => {
    const name = decodeURIComponent((request.url ?? '/').split('?')[0]!.slice(1));
    hits.push(`${request.method} /${name}`);
    const file = files[name];
    const headers: Record<string, string> = {};
    if (file?.cors) headers['access-control-allow-origin'] = '*';
    if (request.method === 'OPTIONS') {
      response.writeHead(204, { ...headers, 'access-control-allow-methods': 'GET, HEAD' }).end();
      return;
    }
    if (!file) {
      response.writeHead(404, headers).end('not found');
      return;
    }
    headers['content-type'] = file.type ?? 'application/octet-stream';
    headers['content-length'] = String(file.body.length);
    headers['cache-control'] = 'no-store';
    const range = /bytes=(\d+)-(\d*)/.exec(request.headers.range ?? '');
    if (range && request.method === 'GET') {
      const start = Number(range[1]);
      const end = Math.min(file.body.length - 1, range[2] ? Number(range[2]) : file.body.length - 1);
      response.writeHead(206, {
        ...headers,
        'content-length': String(end - start + 1),
        'content-range': `bytes ${start}-${end}/${file.body.length}`,
      });
      response.end(file.body.subarray(start, end + 1));
      return;
    }
    response.writeHead(200, headers);
    if (request.method === 'HEAD') {
      response.end();
      return;
    }
    if (!file.trickle) {
      response.end(file.body);
      return;
    }
    const { bytes, pauseMs } = file.trickle;
    let offset = 0;
    const send = () => {
      if (response.destroyed) return;
      if (offset >= file.body.length) {
        response.end();
        return;
      }
      response.write(file.body.subarray(offset, offset + bytes));
      offset += bytes;
      setTimeout(send, pauseMs);
    };
    send();
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    hits,
    url: (name) => `${origin}/${encodeURIComponent(name)}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
