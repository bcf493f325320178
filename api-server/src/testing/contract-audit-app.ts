/**
 * Set-up and checks of the issue 3 contract audit tests (routes/contract-audit-*.test.ts): one app
 * per suite with the admin logged in, a text key, a key with every permission and a local storage
 * config; and the expectations on the error envelope and the CORS headers.
 */
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { ApiKeyRow } from '../db/schema';
import { CORS_EXPOSE_HEADERS } from '../http/cors';
import { seedApiKey } from './seed';
import { bearer, createTestApp, loginAsAdmin, removeTempDir, type TestApp } from './test-app';

/** The Origin the audit requests send. */
export const ORIGIN = 'https://app.example';
export const DEFAULT_BODY_LIMIT = 1024 * 1024;
/** Chinese (and full-width) characters: an English answer holds none. */
export const CJK = /[\u3000-\u303f\u3400-\u9fff\uff00-\uffef]/;

export interface JsonEnvelope {
  code: number;
  message: string;
  success?: boolean;
  data?: unknown;
}

/** The default error body, or (`withoutData`) the variant of the cache endpoints (§1.2). */
export function expectErrorEnvelope(response: LightMyRequestResponse, status: number, withoutData = false): JsonEnvelope {
  expect({ status: response.statusCode, type: response.headers['content-type'] }).toEqual({
    status,
    type: 'application/json; charset=utf-8',
  });
  const body = response.json() as JsonEnvelope;
  const expected = { code: status, message: expect.any(String), success: false };
  expect(body).toEqual(withoutData ? expected : { ...expected, data: null });
  return body;
}

export function expectCors(response: LightMyRequestResponse): void {
  expect(response.headers['access-control-allow-origin']).toBe(ORIGIN);
  expect(response.headers['access-control-allow-credentials']).toBe('true');
  expect(response.headers['access-control-expose-headers']).toBe(CORS_EXPOSE_HEADERS);
}

/** What `auditAppForSuite` hands a suite. */
export interface AuditApp {
  t: TestApp;
  /** The admin's Authorization header. */
  admin: Record<string, string>;
  /** A key with the text permission only. */
  textKey: ApiKeyRow;
  /** A key with the text, file and mount permissions. */
  fullKey: ApiKeyRow;
  /** A local storage config the admin made. */
  configId: string;
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
  /** Creates a paste (as the admin unless other headers are given); the answer must be 200. */
  createPaste(payload: Record<string, unknown>, headers?: Record<string, string>): Promise<{ id: string; slug: string }>;
}

/** Registers the hooks that make the audit app once for the calling suite (handed to `use`) and remove it after. */
export function auditAppForSuite(use: (app: AuditApp) => void): void {
  let t: TestApp | undefined;

  beforeAll(async () => {
    const app = await createTestApp({ loginRateLimitMax: 1000 });
    t = app;
    const admin = bearer(await loginAsAdmin(app.app));
    const expiresAt = '2099-01-01T00:00:00.000Z';
    const { apiKeys } = app.container.repositories;
    const textKey = await seedApiKey(apiKeys, { name: 'audit-text', text: true, expiresAt });
    const fullKey = await seedApiKey(apiKeys, { name: 'audit-full', text: true, file: true, mount: true, expiresAt });
    const created = await app.app.inject({
      method: 'POST',
      url: '/api/s3-configs',
      headers: admin,
      payload: { name: 'audit local', provider_type: 'Local' },
    });
    const configId = (created.json() as { data: { id: string } }).data.id;
    const inject = (options: InjectOptions) => app.app.inject(options);
    const createPaste = async (payload: Record<string, unknown>, headers = admin) => {
      const response = await inject({ method: 'POST', url: '/api/paste', headers, payload });
      expect(response.statusCode).toBe(200);
      return response.json() as { id: string; slug: string };
    };
    use({ t: app, admin, textKey, fullKey, configId, inject, createPaste });
  });

  afterAll(async () => {
    if (!t) return;
    await t.close();
    removeTempDir(t.dataDir);
  });
}
