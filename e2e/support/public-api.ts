import type { ApiKeyCreateResponse } from '@cloudclip/contract';
import { deflateSync } from 'node:zlib';
import { request, type APIRequestContext } from '@playwright/test';
import { API_PORT } from '../playwright.config';
import { adminToken } from './api';
import { onePagePdf } from './explorer-files';

/**
 * Fixtures for the public pages, made through the real API (port API_PORT): pastes, file shares
 * (presign → PUT → commit), API keys and the guest-paste setting.
 */
export const API_BASE = `http://127.0.0.1:${API_PORT}`;

export async function api(token?: string | { apiKey: string }): Promise<APIRequestContext> {
  const authorization = !token ? undefined : typeof token === 'string' ? `Bearer ${token}` : `ApiKey ${token.apiKey}`;
  return request.newContext({ baseURL: API_BASE, extraHTTPHeaders: authorization ? { Authorization: authorization } : {} });
}

async function json<T>(
  response: { ok(): boolean; status(): number; text(): Promise<string>; json(): Promise<unknown> },
  what: string,
): Promise<T> {
  if (!response.ok()) throw new Error(`${what} failed: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

export interface CreatedPaste {
  id: string;
  slug: string;
}

export async function createPaste(token: string, body: Record<string, unknown>): Promise<CreatedPaste> {
  const context = await api(token);
  try {
    return await json<CreatedPaste>(await context.post('/api/paste', { data: body }), 'create paste');
  } finally {
    await context.dispose();
  }
}

export async function setGuestPastes(token: string, allowed: boolean): Promise<void> {
  const context = await api(token);
  try {
    await json(await context.put('/api/admin/system-settings', { data: { allow_guest_pastes: allowed } }), 'system settings');
  } finally {
    await context.dispose();
  }
}

export type CreatedKey = Pick<ApiKeyCreateResponse, 'id' | 'key'>;

export async function createApiKey(token: string, permissions: { text?: boolean; file?: boolean }): Promise<CreatedKey> {
  const context = await api(token);
  try {
    const body = await json<{ data: CreatedKey & Record<string, unknown> }>(
      await context.post('/api/admin/api-keys', {
        data: {
          name: `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 6)}`,
          text_permission: !!permissions.text,
          file_permission: !!permissions.file,
          mount_permission: false,
          expires_at: 'never',
        },
      }),
      'create api key',
    );
    return { id: body.data.id, key: body.data.key };
  } finally {
    await context.dispose();
  }
}

export async function defaultStorageConfigId(token: string): Promise<string> {
  const context = await api(token);
  try {
    const body = await json<{ data: Array<{ id: string; is_default?: number | boolean }> }>(
      await context.get('/api/s3-configs'),
      's3 configs',
    );
    const config = body.data.find((item) => item.is_default === 1 || item.is_default === true) ?? body.data[0];
    if (!config) throw new Error('no storage config');
    return config.id;
  } finally {
    await context.dispose();
  }
}

export interface UploadOptions {
  name: string;
  content: Buffer | string;
  password?: string;
  remark?: string;
  maxViews?: number;
  expiresInHours?: number;
  slug?: string;
}

export interface UploadedFile {
  id: string;
  slug: string;
  filename: string;
  mimetype: string;
  size: number;
}

/** The browser's three-step share upload: `POST /api/s3/presign` → `PUT upload_url` → `POST /api/s3/commit`. */
export async function uploadFile(token: string | { apiKey: string }, options: UploadOptions): Promise<UploadedFile> {
  const admin = typeof token === 'string' ? token : await adminToken();
  const configId = await defaultStorageConfigId(admin);
  const content = Buffer.isBuffer(options.content) ? options.content : Buffer.from(options.content);
  const context = await api(token);
  try {
    const presigned = await json<{ data: { file_id: string; upload_url: string; contentType: string } }>(
      await context.post('/api/s3/presign', {
        data: { s3_config_id: configId, filename: options.name, size: content.length, slug: options.slug },
      }),
      'presign',
    );
    const put = await context.fetch(presigned.data.upload_url, {
      method: 'PUT',
      data: content,
      headers: { 'Content-Type': presigned.data.contentType, Authorization: '' },
    });
    if (!put.ok()) throw new Error(`PUT failed: ${put.status()} ${await put.text()}`);
    const etag = (put.headers().etag ?? '').replace(/"/g, '');
    const committed = await json<{ data: UploadedFile }>(
      await context.post('/api/s3/commit', {
        data: {
          file_id: presigned.data.file_id,
          etag,
          size: String(content.length),
          remark: options.remark,
          password: options.password,
          max_views: options.maxViews ?? 0,
          expires_in: options.expiresInHours ?? 0,
        },
      }),
      'commit',
    );
    return committed.data;
  } finally {
    await context.dispose();
  }
}

function crc32(buffer: Buffer): number {
  let crc = ~0;
  for (const byte of buffer) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A real PNG of one colour (RGB). */
export function pngImage(width = 24, height = 16, rgb: [number, number, number] = [37, 99, 235]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', pixels),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A minimal one-page PDF (US Letter, one line of 24-point text near the top). */
export function minimalPdf(text = 'Cloudclip PDF'): Buffer {
  return onePagePdf(text, { size: [612, 792], fontSize: 24, at: [72, 720] });
}
