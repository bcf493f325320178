import { randomBytes } from 'node:crypto';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { FileRow, StorageConfigRow } from '../db/schema';
import { listAllObjects, type StorageDriver } from '../storage/storage-driver';
import { s3rverForSuite, type S3rverHandle } from './s3rver-server';
import { seedApiKey, type SeedApiKeyInput } from './seed';
import { apiKeyHeader, bearer, createTestApp, freshForEachTest, loginAsAdmin, removeTempDir, type TestApp } from './test-app';

/**
 * Helpers for the file-share and URL-import tests: an app listening on a real port (presigned
 * URLs point at it, so a browser-like PUT can be made with `fetch`), its admin, a storage config
 * on the local driver or on s3rver, and ways to see what is left in the database and the storage.
 */

export type DriverKind = 'local' | 's3';
export const DRIVER_KINDS: readonly DriverKind[] = ['local', 's3'];

export interface ShareTestContext {
  t: TestApp;
  /** `http://127.0.0.1:<port>` of the listening app. */
  origin: string;
  admin: Record<string, string>;
  config: StorageConfigRow;
  driver: StorageDriver;
  /** Requests through `inject`, with the Host of the listening server (so links point at it). */
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
  /** A new API key (file permission unless stated) and its Authorization header. */
  key(input?: SeedApiKeyInput): Promise<{ id: string; headers: Record<string, string> }>;
  /** Keys of every object in the config's storage area. */
  objectKeys(): Promise<string[]>;
  fileRows(): Promise<FileRow[]>;
  /** Sets the config's storage quota (`total_storage_bytes`) through the API. */
  setStorageQuota(bytes: number): Promise<void>;
  /** Changes system settings (PUT /api/admin/system-settings) as the admin. */
  setSystemSettings(values: Record<string, unknown>): Promise<void>;
  close(): Promise<void>;
}

export async function createShareContext(
  kind: DriverKind,
  s3?: S3rverHandle,
  configExtra: Record<string, unknown> = {},
): Promise<ShareTestContext> {
  const t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  const origin = `http://127.0.0.1:${address.port}`;
  const host = `127.0.0.1:${address.port}`;
  const admin = bearer(await loginAsAdmin(t.app));
  const inject = (options: InjectOptions) =>
    t.app.inject({ ...options, headers: { host, ...(options.headers as Record<string, string> | undefined) } });
  /** A PUT as the admin that must answer 200 (`what` names it in the error otherwise). */
  const adminPut = async (url: string, payload: Record<string, unknown>, what: string): Promise<void> => {
    const response = await inject({ method: 'PUT', url, headers: admin, payload });
    if (response.statusCode !== 200) throw new Error(`${what} failed: ${response.statusCode} ${response.body}`);
  };

  let config: StorageConfigRow;
  let prefix = '';
  if (kind === 'local') {
    const [row] = await t.container.repositories.storageConfigs.listPublic();
    if (!row) throw new Error('no default local storage');
    if (Object.keys(configExtra).length > 0) await adminPut(`/api/s3-configs/${row.id}`, configExtra, 'config update');
    config = (await t.container.repositories.storageConfigs.findById(row.id)) as StorageConfigRow;
  } else {
    if (!s3) throw new Error('s3rver handle required');
    prefix = `run-${randomBytes(6).toString('hex')}`;
    const response = await inject({
      method: 'POST',
      url: '/api/s3-configs',
      headers: admin,
      payload: {
        name: 's3rver',
        provider_type: 'Other',
        endpoint_url: s3.endpoint,
        bucket_name: s3.bucket,
        access_key_id: s3.accessKeyId,
        secret_access_key: s3.secretAccessKey,
        path_style: true,
        is_public: true,
        default_folder: prefix,
        ...configExtra,
      },
    });
    if (response.statusCode !== 200) throw new Error(`config create failed: ${response.body}`);
    const id = response.json().data.id as string;
    await inject({ method: 'PUT', url: `/api/s3-configs/${id}/set-default`, headers: admin });
    config = (await t.container.repositories.storageConfigs.findById(id)) as StorageConfigRow;
    prefix = config.default_folder;
  }
  const driver = t.container.services.storageConfigs.driverFor(config);

  return {
    t,
    origin,
    admin,
    config,
    driver,
    inject,
    async key(input = {}) {
      const row = await seedApiKey(t.container.repositories.apiKeys, { file: true, ...input });
      return { id: row.id, headers: apiKeyHeader(row.key) };
    },
    async objectKeys() {
      const keys: string[] = [];
      for await (const object of listAllObjects(driver, prefix ? `${prefix}/` : '')) keys.push(object.key);
      return keys.sort();
    },
    fileRows() {
      return t.container.db.selectFrom('files').selectAll().where('s3_config_id', '=', config.id).execute();
    },
    setStorageQuota: (bytes) => adminPut(`/api/s3-configs/${config.id}`, { total_storage_bytes: bytes }, 'quota update'),
    setSystemSettings: (values) => adminPut('/api/admin/system-settings', values, 'settings update'),
    async close() {
      await t.close();
      removeTempDir(t.dataDir);
    },
  };
}

/**
 * Registers the hooks of a suite on one driver kind: s3rver is started once for the suite when
 * `kind` is 's3', and every test gets a fresh context (handed to `use`), closed after the test.
 */
export function shareContextForEachTest(kind: DriverKind, use: (context: ShareTestContext) => void): void {
  const s3 = s3rverForSuite(kind === 's3');
  freshForEachTest(() => createShareContext(kind, s3()), use);
}

/** A browser-like PUT of `body` to a presigned URL (real HTTP). */
export async function putToPresignedUrl(
  url: string,
  body: Buffer | string,
  contentType: string,
  extraHeaders: Record<string, string> = {},
): Promise<Response> {
  return fetch(url, {
    method: 'PUT',
    body: typeof body === 'string' ? body : new Uint8Array(body),
    headers: { 'content-type': contentType, 'x-requested-with': 'XMLHttpRequest', ...extraHeaders },
  });
}

/** A chunked PUT (no Content-Length) of `chunks` zero-filled parts of `chunkBytes` each (real HTTP). */
export async function putChunked(url: string, headers: Record<string, string>, chunks: number, chunkBytes: number): Promise<Response> {
  return fetch(url, {
    method: 'PUT',
    headers,
    body: new ReadableStream({
      start(controller) {
        for (let index = 0; index < chunks; index += 1) controller.enqueue(new Uint8Array(chunkBytes));
        controller.close();
      },
    }),
    duplex: 'half',
  } as RequestInit & { duplex: 'half' });
}

/**
 * A pending share: POST /api/s3/presign of `filename` sized to `content` as `headers` (must answer
 * 200), then a browser-like PUT of `content` to the presigned URL (must answer 200). Returns the
 * presign's data; the upload is not committed.
 */
export async function presignAndPut(
  c: ShareTestContext,
  headers: Record<string, string>,
  filename: string,
  content: string,
): Promise<{ file_id: string; upload_url: string; contentType: string }> {
  const presigned = await c.inject({
    method: 'POST',
    url: '/api/s3/presign',
    headers,
    payload: { s3_config_id: c.config.id, filename, size: Buffer.byteLength(content) },
  });
  expect(presigned.statusCode).toBe(200);
  const data = presigned.json().data as { file_id: string; upload_url: string; contentType: string };
  expect((await putToPresignedUrl(data.upload_url, content, data.contentType)).status).toBe(200);
  return data;
}

/** Path and query of an absolute URL (for `inject`). */
export function pathOf(url: string): string {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
}

/** A part of a multipart upload as /api/url/multipart/complete takes it. */
export interface UploadedPart {
  partNumber: number;
  etag: string;
  size: number;
}

/**
 * PUTs each part of `content` (`partSize` bytes a part) to its presigned URL, sent to
 * `route(url, partNumber)` when given; expects 200 for each and returns the parts for the
 * multipart completion.
 */
export async function putPresignedParts(
  presigned: ReadonlyArray<{ partNumber: number; url: string }>,
  content: Buffer,
  partSize: number,
  route: (url: string, partNumber: number) => string = (url) => url,
): Promise<UploadedPart[]> {
  const parts: UploadedPart[] = [];
  for (const { partNumber, url } of presigned) {
    const body = content.subarray((partNumber - 1) * partSize, partNumber * partSize);
    const put = await fetch(route(url, partNumber), { method: 'PUT', body: new Uint8Array(body) });
    expect(put.status).toBe(200);
    parts.push({ partNumber, etag: (put.headers.get('etag') ?? '').replace(/"/g, ''), size: body.length });
  }
  return parts;
}
