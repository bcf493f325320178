import { randomUUID } from 'node:crypto';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { CORS_EXPOSE_HEADERS } from '../http/cors';
import { messages } from '../i18n/messages';
import type { ApiKeyRow } from '../db/schema';
import { PASTE_BODY_LIMIT } from './pastes';
import { seedApiKey } from '../testing/seed';
import { apiKeyHeader, basic, bearer, createTestApp, loginAsAdmin, removeTempDir, type TestApp } from '../testing/test-app';

/**
 * Issue 3 audit: robustness rules of the request layer (body limits, content types, URLs the
 * router refuses, values the database cannot hold) and contract details of §5.1–§5.3, §5.5, §5.7
 * not pinned by the per-route tests. Each `regression:` test failed before its fix.
 */

const ORIGIN = 'https://app.example';
const DEFAULT_BODY_LIMIT = 1024 * 1024;
const CJK = /[\u3000-\u303f\u3400-\u9fff\uff00-\uffef]/;

interface JsonEnvelope {
  code: number;
  message: string;
  success?: boolean;
  data?: unknown;
}

/** The default error body, or (`withoutData`) the variant of the cache endpoints (§1.2). */
function expectErrorEnvelope(response: LightMyRequestResponse, status: number, withoutData = false): JsonEnvelope {
  expect({ status: response.statusCode, type: response.headers['content-type'] }).toEqual({
    status,
    type: 'application/json; charset=utf-8',
  });
  const body = response.json() as JsonEnvelope;
  const expected = { code: status, message: expect.any(String), success: false };
  expect(body).toEqual(withoutData ? expected : { ...expected, data: null });
  return body;
}

function expectCors(response: LightMyRequestResponse): void {
  expect(response.headers['access-control-allow-origin']).toBe(ORIGIN);
  expect(response.headers['access-control-allow-credentials']).toBe('true');
  expect(response.headers['access-control-expose-headers']).toBe(CORS_EXPOSE_HEADERS);
}

describe('issue 3 contract audit', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let textKey: ApiKeyRow;
  let fullKey: ApiKeyRow;
  let configId: string;

  beforeAll(async () => {
    t = await createTestApp({ loginRateLimitMax: 1000 });
    admin = bearer(await loginAsAdmin(t.app));
    const expiresAt = '2099-01-01T00:00:00.000Z';
    textKey = await seedApiKey(t.container.repositories.apiKeys, { name: 'audit-text', text: true, expiresAt });
    fullKey = await seedApiKey(t.container.repositories.apiKeys, { name: 'audit-full', text: true, file: true, mount: true, expiresAt });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/s3-configs',
      headers: admin,
      payload: { name: 'audit local', provider_type: 'Local' },
    });
    configId = (created.json() as { data: { id: string } }).data.id;
  });

  afterAll(async () => {
    await t.close();
    removeTempDir(t.dataDir);
  });

  const inject = (options: InjectOptions) => t.app.inject(options);
  const createPaste = async (payload: Record<string, unknown>, headers = admin) => {
    const response = await inject({ method: 'POST', url: '/api/paste', headers, payload });
    expect(response.statusCode).toBe(200);
    return response.json() as { id: string; slug: string };
  };

  // ------------------------------------------------------------------ URLs the router refuses

  describe('URLs refused by the router', () => {
    it('regression: answers broken percent-encoding with the 400 envelope and the CORS headers', async () => {
      for (const url of ['/api/paste/%', '/api/raw/%E0%A4%A', '/api/admin/pastes/%zz', '/api/s3-configs/%']) {
        const response = await inject({ method: 'GET', url, headers: { origin: ORIGIN, 'accept-language': 'en-US' } });
        const body = expectErrorEnvelope(response, 400);
        expect(body.message).toBe(messages['en-US']['error.badRequest']);
        expectCors(response);
      }
    });

    it('regression: answers an over-long path parameter with the 414 envelope and the CORS headers', async () => {
      const response = await inject({ method: 'GET', url: `/api/paste/${'a'.repeat(20_000)}`, headers: { origin: ORIGIN } });
      expectErrorEnvelope(response, 414);
      expectCors(response);
    });

    it('regression: serves pastes whose custom slug is longer than 100 characters (§6.1: no length limit)', async () => {
      const slug = `long-${'x'.repeat(300)}`;
      await createPaste({ content: 'long slug', slug });
      const view = await inject({ method: 'GET', url: `/api/paste/${slug}` });
      expect(view.statusCode).toBe(200);
      expect(view.json()).toMatchObject({ slug, content: 'long slug' });
      const raw = await inject({ method: 'GET', url: `/api/raw/${slug}` });
      expect({ status: raw.statusCode, body: raw.body }).toEqual({ status: 200, body: 'long slug' });
      const update = await inject({ method: 'PUT', url: `/api/admin/pastes/${slug}`, headers: admin, payload: { content: 'edited' } });
      expect(update.statusCode).toBe(200);
      expect(update.json()).toMatchObject({ data: { slug } });
    });
  });

  // ------------------------------------------------------------------ values no database can hold

  describe('U+0000 in input (PostgreSQL text cannot hold it; every engine answers alike)', () => {
    it('regression: refuses it in bodies, path parameters and queries with 400, naming the field', async () => {
      const cases: Array<[InjectOptions, string]> = [
        [{ method: 'POST', url: '/api/paste', headers: admin, payload: { content: 'a\u0000b' } }, 'content'],
        [{ method: 'POST', url: '/api/admin/login', payload: { username: 'admin\u0000', password: 'x' } }, 'username'],
        [{ method: 'POST', url: '/api/admin/api-keys', headers: admin, payload: { name: 'k\u0000' } }, 'name'],
        [{ method: 'POST', url: '/api/admin/pastes/batch-delete', headers: admin, payload: { ids: ['ok', 'x\u0000'] } }, 'ids.1'],
        [{ method: 'GET', url: '/api/paste/a%00b' }, 'slug'],
        [{ method: 'GET', url: '/api/admin/pastes?created_by=a%00', headers: admin }, 'created_by'],
        [{ method: 'GET', url: '/api/s3-configs/x%00', headers: admin }, 'id'],
        [{ method: 'PUT', url: `/api/s3-configs/${configId}`, headers: admin, payload: { default_folder: 'a\u0000' } }, 'default_folder'],
      ];
      for (const [request, field] of cases) {
        const response = await inject({ ...request, headers: { ...request.headers, 'accept-language': 'en-US' } });
        const body = expectErrorEnvelope(response, 400);
        expect({ url: request.url, message: body.message }).toEqual({ url: request.url, message: `Invalid value for field ${field}` });
      }
    });

    it('regression: answers the raw view of such a slug with a 400 text body', async () => {
      const response = await inject({ method: 'GET', url: '/api/raw/a%00b' });
      expect(response.statusCode).toBe(400);
      expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    });

    it('regression: treats credentials carrying U+0000 as anonymous, on any route', async () => {
      const headers = [
        basic('admin\u0000', 'x\u0000'),
        basic(`${fullKey.key}\u0000`, `${fullKey.key}\u0000`),
        { authorization: 'ApiKey a\u0000b' },
        { authorization: 'Bearer a\u0000b' },
      ];
      for (const header of headers) {
        expect((await inject({ method: 'GET', url: '/api/test/admin-token', headers: header })).statusCode).toBe(401);
        expect((await inject({ method: 'GET', url: '/api/admin/pastes', headers: header })).statusCode).toBe(403);
        expect((await inject({ method: 'GET', url: '/api/health', headers: header })).statusCode).toBe(200);
      }
    });
  });

  describe('integers beyond the database columns', () => {
    it('regression: refuses maxViews beyond a 32-bit integer with 400 and accepts the largest one', async () => {
      const tooMany = 2 ** 31;
      expectErrorEnvelope(
        await inject({ method: 'POST', url: '/api/paste', headers: admin, payload: { content: 'a', maxViews: tooMany } }),
        400,
      );
      const largest = await createPaste({ content: 'a', maxViews: 2 ** 31 - 1 });
      expect((await inject({ method: 'GET', url: `/api/paste/${largest.slug}` })).json()).toMatchObject({
        maxViews: 2 ** 31 - 1,
        views: 1,
      });

      const own = await createPaste({ content: 'mine' }, apiKeyHeader(textKey.key));
      for (const [url, headers] of [
        [`/api/admin/pastes/${largest.slug}`, admin],
        [`/api/user/pastes/${own.slug}`, apiKeyHeader(textKey.key)],
      ] as const) {
        const response = await inject({ method: 'PUT', url, headers, payload: { content: 'b', maxViews: tooMany } });
        expectErrorEnvelope(response, 400);
      }
    });

    it('regression: stores 3600 for a signature lifetime beyond 32 bits and ignores a quota beyond the safe integer range', async () => {
      const created = await inject({
        method: 'POST',
        url: '/api/s3-configs',
        headers: admin,
        payload: { name: 'huge numbers', provider_type: 'Local', signature_expires_in: 1e10, total_storage_bytes: 1e20 },
      });
      expect(created.statusCode).toBe(200);
      const { data } = created.json() as { data: { id: string; signature_expires_in: number; total_storage_bytes: number } };
      expect(data).toMatchObject({ signature_expires_in: 3600, total_storage_bytes: 5 * 1024 ** 3 });

      const update = await inject({
        method: 'PUT',
        url: `/api/s3-configs/${data.id}`,
        headers: admin,
        payload: { signature_expires_in: 2 ** 31, total_storage_bytes: 2 ** 60 },
      });
      expect(update.statusCode).toBe(200);
      const fetched = await inject({ method: 'GET', url: `/api/s3-configs/${data.id}`, headers: admin });
      expect(fetched.json()).toMatchObject({ data: { signature_expires_in: 3600, total_storage_bytes: 5 * 1024 ** 3 } });
    });
  });

  // ------------------------------------------------------------------ body limits and content types

  describe('body limits', () => {
    const overDefault = JSON.stringify({ content: 'x'.repeat(DEFAULT_BODY_LIMIT) });
    const defaultLimitRoutes: Array<{ method: 'POST' | 'PUT'; url: string; headers: () => Record<string, string> }> = [
      { method: 'POST', url: '/api/admin/login', headers: () => ({}) },
      { method: 'POST', url: '/api/admin/change-password', headers: () => admin },
      { method: 'POST', url: '/api/admin/api-keys', headers: () => admin },
      { method: 'PUT', url: `/api/admin/api-keys/${randomUUID()}`, headers: () => admin },
      { method: 'POST', url: '/api/paste/some-slug', headers: () => ({}) },
      { method: 'POST', url: '/api/admin/pastes/batch-delete', headers: () => admin },
      { method: 'POST', url: '/api/user/pastes/batch-delete', headers: () => apiKeyHeader(textKey.key) },
      { method: 'POST', url: '/api/s3-configs', headers: () => admin },
      { method: 'PUT', url: `/api/s3-configs/${randomUUID()}`, headers: () => admin },
      { method: 'PUT', url: '/api/admin/system-settings', headers: () => admin },
      { method: 'POST', url: '/api/admin/cache/clear', headers: () => admin },
      { method: 'POST', url: '/api/user/cache/clear', headers: () => apiKeyHeader(fullKey.key) },
    ];

    it('refuses bodies over 1 MiB with the 413 envelope and the CORS headers on every other JSON route', async () => {
      for (const route of defaultLimitRoutes) {
        const response = await inject({
          method: route.method,
          url: route.url,
          headers: { ...route.headers(), origin: ORIGIN, 'content-type': 'application/json' },
          payload: overDefault,
        });
        expect({ route: route.url, status: response.statusCode }).toEqual({ route: route.url, status: 413 });
        expectErrorEnvelope(response, 413);
        expectCors(response);
      }
    });

    it('accepts paste bodies over 1 MiB and refuses those over 16 MiB with the 413 envelope', async () => {
      const own = await createPaste({ content: 'mine' }, apiKeyHeader(textKey.key));
      const target = await createPaste({ content: 'target' });
      const routes = [
        { method: 'POST', url: '/api/paste', headers: admin },
        { method: 'PUT', url: `/api/admin/pastes/${target.slug}`, headers: admin },
        { method: 'PUT', url: `/api/user/pastes/${own.slug}`, headers: apiKeyHeader(textKey.key) },
      ] as const;
      const twoMiB = JSON.stringify({ content: 'y'.repeat(2 * 1024 * 1024) });
      const overLimit = JSON.stringify({ content: 'z'.repeat(PASTE_BODY_LIMIT) });
      for (const route of routes) {
        const headers = { ...route.headers, origin: ORIGIN, 'content-type': 'application/json' };
        const accepted = await inject({ method: route.method, url: route.url, headers, payload: twoMiB });
        expect({ url: route.url, status: accepted.statusCode }).toEqual({ url: route.url, status: 200 });
        const refused = await inject({ method: route.method, url: route.url, headers, payload: overLimit });
        expectErrorEnvelope(refused, 413);
        expectCors(refused);
      }
    });
  });

  describe('content types', () => {
    const bodyRoutes = (): Array<{ method: 'POST' | 'PUT'; url: string; headers: Record<string, string> }> => [
      { method: 'POST', url: '/api/admin/login', headers: {} },
      { method: 'POST', url: '/api/admin/change-password', headers: admin },
      { method: 'POST', url: '/api/admin/api-keys', headers: admin },
      { method: 'PUT', url: `/api/admin/api-keys/${randomUUID()}`, headers: admin },
      { method: 'POST', url: '/api/paste', headers: admin },
      { method: 'POST', url: '/api/paste/some-slug', headers: {} },
      { method: 'PUT', url: '/api/admin/pastes/some-slug', headers: admin },
      { method: 'POST', url: '/api/admin/pastes/batch-delete', headers: admin },
      { method: 'PUT', url: '/api/user/pastes/some-slug', headers: apiKeyHeader(textKey.key) },
      { method: 'POST', url: '/api/user/pastes/batch-delete', headers: apiKeyHeader(textKey.key) },
      { method: 'POST', url: '/api/s3-configs', headers: admin },
      { method: 'PUT', url: `/api/s3-configs/${configId}`, headers: admin },
      { method: 'PUT', url: '/api/admin/system-settings', headers: admin },
      { method: 'POST', url: '/api/admin/cache/clear', headers: admin },
      { method: 'POST', url: '/api/user/cache/clear', headers: apiKeyHeader(fullKey.key) },
    ];

    it('answers 415 for content types we do not parse', async () => {
      const types = ['application/xml', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/octet-stream'];
      for (const route of bodyRoutes()) {
        for (const type of types) {
          const response = await inject({ ...route, headers: { ...route.headers, 'content-type': type }, payload: 'a=1' });
          expect({ url: route.url, type, status: response.statusCode }).toEqual({ url: route.url, type, status: 415 });
          expectErrorEnvelope(response, 415);
        }
      }
    });

    it('answers a text/plain body like a non-object JSON body: 400 where a body is required', async () => {
      for (const route of bodyRoutes()) {
        const response = await inject({ ...route, headers: { ...route.headers, 'content-type': 'text/plain' }, payload: 'hello' });
        expect({ url: route.url, status: response.statusCode }).toEqual({ url: route.url, status: 400 });
        expectErrorEnvelope(response, 400, route.url.includes('/cache/'));
      }
    });

    it('answers malformed JSON with 400 and JSON with a charset parameter like plain JSON', async () => {
      for (const route of bodyRoutes()) {
        const response = await inject({ ...route, headers: { ...route.headers, 'content-type': 'application/json' }, payload: '{"a":' });
        expectErrorEnvelope(response, 400);
      }
      const withCharset = await inject({
        method: 'POST',
        url: '/api/paste',
        headers: { ...admin, 'content-type': 'application/json; charset=utf-8' },
        payload: JSON.stringify({ content: 'charset' }),
      });
      expect(withCharset.statusCode).toBe(200);
    });

    it('ignores the body of routes that take none, whatever its type', async () => {
      const routes = [
        { method: 'POST', url: '/api/admin/pastes/clear-expired', headers: admin },
        { method: 'PUT', url: `/api/s3-configs/${configId}/set-default`, headers: admin },
        { method: 'POST', url: '/api/admin/logout', headers: basic('admin', 'test-admin-password') },
      ] as const;
      for (const route of routes) {
        for (const [type, payload] of [
          ['application/json', '[1,2]'],
          ['application/json', '{"clearExpired":true}'],
          ['text/plain', 'anything'],
        ]) {
          const response = await inject({
            ...route,
            headers: { ...route.headers, 'content-type': type as string },
            payload: payload as string,
          });
          expect({ url: route.url, type, status: response.statusCode }).toEqual({ url: route.url, type, status: 200 });
        }
      }
    });
  });

  // ------------------------------------------------------------------ messages, CORS, secrets

  describe('messages and CORS', () => {
    it('has an English message without Chinese characters for every catalogue key', () => {
      const chinese = Object.entries(messages['en-US']).filter(([, text]) => CJK.test(text));
      expect(chinese).toEqual([]);
      expect(Object.keys(messages['en-US']).sort()).toEqual(Object.keys(messages['zh-CN']).sort());
    });

    it('answers in English for Accept-Language en on guard, validation, not-found and body-parser errors', async () => {
      const requests: InjectOptions[] = [
        { method: 'GET', url: '/api/admin/pastes' },
        { method: 'GET', url: '/api/test/admin-token' },
        { method: 'POST', url: '/api/paste', headers: apiKeyHeader(fullKey.key), payload: {} },
        { method: 'GET', url: `/api/admin/pastes/${randomUUID()}`, headers: admin },
        { method: 'POST', url: '/api/paste', headers: { ...admin, 'content-type': 'application/json' }, payload: '{' },
        { method: 'POST', url: '/api/paste', headers: { ...admin, 'content-type': 'application/xml' }, payload: '<a/>' },
        { method: 'GET', url: '/api/nowhere' },
        { method: 'GET', url: '/api/raw/unknown-slug' },
      ];
      for (const request of requests) {
        const response = await inject({ ...request, headers: { ...request.headers, 'accept-language': 'en-US,en;q=0.9' } });
        expect(response.statusCode).toBeGreaterThanOrEqual(400);
        const text = response.headers['content-type']?.toString().startsWith('text/plain')
          ? response.body
          : (response.json() as JsonEnvelope).message;
        expect({ url: request.url, text, chinese: CJK.test(text) }).toEqual({ url: request.url, text, chinese: false });
      }
    });

    it('answers every pre-flight with 204 and the CORS headers, whatever the route or credentials', async () => {
      for (const url of ['/api/paste', '/api/admin/api-keys/x', '/api/s3-configs/x/test', '/api/raw/x', '/api/nowhere']) {
        const response = await inject({
          method: 'OPTIONS',
          url,
          headers: { origin: ORIGIN, 'access-control-request-method': 'PUT', authorization: 'Bearer invalid' },
        });
        expect(response.statusCode).toBe(204);
        expect(response.body).toBe('');
        expectCors(response);
        expect(response.headers['access-control-max-age']).toBe('86400');
      }
    });

    it('puts the CORS headers on 401, 403, 404, 409, 410 and 429 answers too', async () => {
      const slug = `gone-${randomUUID().slice(0, 8)}`;
      await createPaste({ content: 'x', slug, expiresAt: '2000-01-01T00:00:00.000Z' });
      const taken = await createPaste({ content: 'taken' });
      const cases: Array<[InjectOptions, number]> = [
        [{ method: 'GET', url: '/api/test/admin-token' }, 401],
        [{ method: 'GET', url: '/api/admin/api-keys', headers: apiKeyHeader(fullKey.key) }, 403],
        [{ method: 'DELETE', url: `/api/admin/api-keys/${randomUUID()}`, headers: admin }, 404],
        [{ method: 'POST', url: '/api/paste', headers: admin, payload: { content: 'x', slug: taken.slug } }, 409],
        [{ method: 'GET', url: `/api/paste/${slug}` }, 410],
      ];
      for (const [request, status] of cases) {
        const response = await inject({ ...request, headers: { ...request.headers, origin: ORIGIN } });
        expect(response.statusCode).toBe(status);
        expectCors(response);
      }
      const limited = await createTestApp({ loginRateLimitMax: 1 });
      try {
        await limited.app.inject({ method: 'POST', url: '/api/admin/login', payload: { username: 'x', password: 'y' } });
        const response = await limited.app.inject({
          method: 'POST',
          url: '/api/admin/login',
          headers: { origin: ORIGIN },
          payload: { username: 'x', password: 'y' },
        });
        expect(response.statusCode).toBe(429);
        expectErrorEnvelope(response, 429);
        expectCors(response);
      } finally {
        await limited.close();
        removeTempDir(limited.dataDir);
      }
    });
  });

  describe('plain_password and secrets only where the contract shows them', () => {
    it('returns plain_password only from the admin/user detail views and a successful unlock', async () => {
      const password = `pw-${randomUUID()}`;
      const ownPaste = await createPaste({ content: 'secret text', password }, apiKeyHeader(textKey.key));
      const everywhere: Array<[InjectOptions, boolean]> = [
        [{ method: 'GET', url: `/api/paste/${ownPaste.slug}` }, false],
        [{ method: 'GET', url: '/api/admin/pastes?limit=100', headers: admin }, false],
        [{ method: 'GET', url: '/api/user/pastes?limit=100', headers: apiKeyHeader(textKey.key) }, false],
        [
          {
            method: 'PUT',
            url: `/api/user/pastes/${ownPaste.slug}`,
            headers: apiKeyHeader(textKey.key),
            payload: { content: 'secret text', password },
          },
          false,
        ],
        [{ method: 'GET', url: `/api/admin/pastes/${ownPaste.id}`, headers: admin }, true],
        [{ method: 'GET', url: `/api/user/pastes/${ownPaste.id}`, headers: apiKeyHeader(textKey.key) }, true],
        [{ method: 'POST', url: `/api/paste/${ownPaste.slug}`, payload: { password } }, true],
      ];
      for (const [request, shown] of everywhere) {
        const response = await inject(request);
        expect(response.statusCode).toBe(200);
        expect({ url: request.url, method: request.method, shown: response.body.includes(password) }).toEqual({
          url: request.url,
          method: request.method,
          shown,
        });
        expect(response.body).not.toMatch(/password_hash|password_sealed|\$scrypt/);
      }
      const created = await inject({ method: 'POST', url: '/api/paste', headers: admin, payload: { content: 'x', password } });
      expect(created.body).not.toContain(password);
      expect(created.json()).toMatchObject({ hasPassword: true });
    });

    it('never returns the admin password hash, tokens, storage secrets or key values outside their documented places', async () => {
      const secret = `secret-${randomUUID()}`;
      const created = await inject({
        method: 'POST',
        url: '/api/s3-configs',
        headers: admin,
        payload: {
          name: 'secret bucket',
          provider_type: 'AWS S3',
          endpoint_url: 'https://s3.example.com',
          bucket_name: 'b',
          access_key_id: `ak-${secret}`,
          secret_access_key: `sk-${secret}`,
          is_public: true,
        },
      });
      expect(created.statusCode).toBe(200);
      const adminRow = await t.container.repositories.admins.findByUsername('admin');
      for (const request of [
        { method: 'GET', url: '/api/s3-configs', headers: admin },
        { method: 'GET', url: '/api/s3-configs', headers: apiKeyHeader(fullKey.key) },
        { method: 'GET', url: '/api/admin/system-settings', headers: admin },
        { method: 'GET', url: '/api/admin/dashboard/stats', headers: admin },
        { method: 'GET', url: '/api/admin/api-keys', headers: admin },
        { method: 'GET', url: '/api/admin/cache/stats', headers: admin },
        { method: 'GET', url: '/api/test/api-key', headers: apiKeyHeader(fullKey.key) },
      ] as InjectOptions[]) {
        const response = await inject(request);
        expect(response.statusCode).toBe(200);
        expect(response.body).not.toContain(secret);
        expect(response.body).not.toContain(adminRow?.password_hash ?? '\u0000');
        expect(response.body).not.toContain(admin.authorization?.slice('Bearer '.length));
        // The full key value is shown only in the admin key list (§5.2) and the user paste list's key_info (§5.3.3).
        if (request.url !== '/api/admin/api-keys') expect(response.body).not.toContain(fullKey.key);
      }
      expect(created.body).not.toContain(secret);
    });
  });

  // ------------------------------------------------------------------ isolation between keys

  describe('isolation between API keys', () => {
    it('never shows, changes or deletes another key’s pastes through /api/user/pastes*', async () => {
      const other = await seedApiKey(t.container.repositories.apiKeys, {
        name: `other-${randomUUID()}`,
        text: true,
        expiresAt: '2099-01-01T00:00:00.000Z',
      });
      const theirs = await createPaste({ content: 'theirs', password: 'their-pw' }, apiKeyHeader(other.key));
      const adminPaste = await createPaste({ content: 'admin’s' });
      const me = apiKeyHeader(textKey.key);
      for (const target of [theirs, adminPaste]) {
        expect((await inject({ method: 'GET', url: `/api/user/pastes/${target.id}`, headers: me })).statusCode).toBe(404);
        expect(
          (await inject({ method: 'PUT', url: `/api/user/pastes/${target.slug}`, headers: me, payload: { content: 'hijacked' } }))
            .statusCode,
        ).toBe(404);
        expect((await inject({ method: 'DELETE', url: `/api/user/pastes/${target.id}`, headers: me })).statusCode).toBe(404);
      }
      const batch = await inject({
        method: 'POST',
        url: '/api/user/pastes/batch-delete',
        headers: me,
        payload: { ids: [theirs.id, adminPaste.id] },
      });
      expect(batch.statusCode).toBe(200);
      const list = await inject({ method: 'GET', url: '/api/user/pastes?limit=100', headers: me });
      expect(list.body).not.toContain(theirs.id);
      expect(list.body).not.toContain(adminPaste.id);
      expect(await t.container.repositories.pastes.findById(theirs.id)).toMatchObject({ content: 'theirs' });
      expect(await t.container.repositories.pastes.findById(adminPaste.id)).toMatchObject({ content: 'admin’s' });
    });

    it('shows keys only public storage configurations, by list and by id', async () => {
      const hidden = await inject({
        method: 'POST',
        url: '/api/s3-configs',
        headers: admin,
        payload: { name: 'private local', provider_type: 'Local', is_public: false },
      });
      const hiddenId = (hidden.json() as { data: { id: string } }).data.id;
      const key = apiKeyHeader(fullKey.key);
      const list = await inject({ method: 'GET', url: '/api/s3-configs', headers: key });
      expect(list.body).not.toContain(hiddenId);
      for (const item of (list.json() as { data: Array<Record<string, unknown>> }).data) {
        expect(item).not.toHaveProperty('is_public');
        expect(item).not.toHaveProperty('last_used');
        expect(item).not.toHaveProperty('admin_id');
      }
      expect((await inject({ method: 'GET', url: `/api/s3-configs/${hiddenId}`, headers: key })).statusCode).toBe(404);
    });
  });
});
