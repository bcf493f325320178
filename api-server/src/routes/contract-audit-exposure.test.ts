import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import type { ApiKeyRow } from '../db/schema';
import { messages } from '../i18n/messages';
import {
  auditAppForSuite,
  CJK,
  expectCors,
  expectErrorEnvelope,
  ORIGIN,
  type JsonEnvelope,
  type AuditApp,
} from '../testing/contract-audit-app';
import { seedApiKey } from '../testing/seed';
import { apiKeyHeader, removeTempDir, createTestApp, type TestApp } from '../testing/test-app';

/**
 * Issue 3 audit, what answers show: English messages and CORS headers on every kind of answer,
 * plain_password and secrets only where contract §5.1–§5.3, §5.5, §5.7 show them, and isolation
 * between API keys. Each `regression:` test failed before its fix.
 */
describe('issue 3 contract audit: messages, secrets and isolation', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let textKey: ApiKeyRow;
  let fullKey: ApiKeyRow;
  let inject: AuditApp['inject'];
  let createPaste: AuditApp['createPaste'];
  auditAppForSuite((app) => ({ t, admin, textKey, fullKey, inject, createPaste } = app));

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
