import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import type { ApiKeyRow } from '../db/schema';
import { messages } from '../i18n/messages';
import { PASTE_BODY_LIMIT } from './pastes';
import {
  auditAppForSuite,
  DEFAULT_BODY_LIMIT,
  expectCors,
  expectErrorEnvelope,
  ORIGIN,
  type AuditApp,
} from '../testing/contract-audit-app';
import { apiKeyHeader, basic } from '../testing/test-app';

/**
 * Issue 3 audit, the request layer: URLs the router refuses, U+0000 and integers the database
 * cannot hold, body limits and content types. Each `regression:` test failed before its fix.
 */
describe('issue 3 contract audit: request guards', () => {
  let admin: Record<string, string>;
  let textKey: ApiKeyRow;
  let fullKey: ApiKeyRow;
  let configId: string;
  let inject: AuditApp['inject'];
  let createPaste: AuditApp['createPaste'];
  auditAppForSuite((app) => ({ admin, textKey, fullKey, configId, inject, createPaste } = app));

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
});
