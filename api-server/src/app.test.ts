import type { InjectOptions } from 'fastify';
import { CORS_ALLOW_HEADERS, CORS_ALLOW_METHODS } from './http/cors';
import { HttpError } from './http/http-error';
import { createTestApp, removeTempDir, type TestApp } from './testing/test-app';
import { READS_CACHES } from './app';

describe('HTTP behaviour shared by every route', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    t.app.get('/api/probe/crash', async () => {
      throw new Error('secret internal detail at /srv/db.ts:42');
    });
    t.app.get('/api/probe/teapot', async () => {
      throw new HttpError(409, 'auth.invalidCredentials', { shape: 'without-data' });
    });
    t.app.get('/api/probe/handler-cors', async (_request, reply) => {
      reply.header('access-control-allow-origin', 'https://evil.example');
      return { ok: true };
    });
  });

  afterAll(async () => {
    await t.close();
    removeTempDir(t.dataDir);
  });

  describe('CORS', () => {
    it('echoes the Origin with credentials, exposed headers and Vary on a successful response', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/health', headers: { origin: 'https://app.example' } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['access-control-allow-origin']).toBe('https://app.example');
      expect(response.headers['vary']).toMatch(/\bOrigin\b/);
      expect(response.headers['access-control-allow-credentials']).toBe('true');
      expect(response.headers['access-control-expose-headers']).toBe('ETag,Content-Length,Content-Disposition');
    });

    it('answers * without Vary when the request has no Origin', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.headers['access-control-allow-origin']).toBe('*');
      expect(response.headers['vary']).toBeUndefined();
    });

    it('adds the CORS headers to a 404', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/nowhere', headers: { origin: 'https://app.example' } });
      expect(response.statusCode).toBe(404);
      expect(response.headers['access-control-allow-origin']).toBe('https://app.example');
      expect(response.headers['access-control-allow-credentials']).toBe('true');
      expect(response.headers['access-control-expose-headers']).toBe('ETag,Content-Length,Content-Disposition');
    });

    it('adds the CORS headers to an error response', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/test/admin-token', headers: { origin: 'https://app.example' } });
      expect(response.statusCode).toBe(401);
      expect(response.headers['access-control-allow-origin']).toBe('https://app.example');
    });

    it('overrides CORS headers set by a handler', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/probe/handler-cors', headers: { origin: 'https://app.example' } });
      expect(response.headers['access-control-allow-origin']).toBe('https://app.example');
    });

    it('answers a pre-flight on any path with 204, max-age 86400 and the allowed methods and headers', async () => {
      for (const url of ['/api/admin/login', '/api/does/not/exist', '/']) {
        const response = await t.app.inject({
          method: 'OPTIONS',
          url,
          headers: { origin: 'https://app.example', 'access-control-request-method': 'POST' },
        });
        expect(response.statusCode).toBe(204);
        expect(response.body).toBe('');
        expect(response.headers['access-control-max-age']).toBe('86400');
        expect(response.headers['access-control-allow-methods']).toBe(CORS_ALLOW_METHODS);
        expect(response.headers['access-control-allow-headers']).toBe(CORS_ALLOW_HEADERS);
        expect(response.headers['access-control-allow-origin']).toBe('https://app.example');
        expect(response.headers['access-control-allow-credentials']).toBe('true');
      }
    });

    it('allows the Authorization, Accept-Language and Range request headers', () => {
      const allowed = CORS_ALLOW_HEADERS.split(',');
      expect(allowed).toEqual(expect.arrayContaining(['Content-Type', 'Authorization', 'X-API-KEY', 'Accept-Language', 'Range']));
    });
  });

  describe('errors', () => {
    it('answers an unknown route with the default 404 envelope', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/admin/check' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: 404, message: '请求的资源不存在', success: false, data: null });
    });

    it.each([
      ['a malformed JSON body', 'application/json', '{"username": "admin", ', 400, '请求体不是有效的 JSON'],
      ['a JSON body that is not an object', 'application/json', '["admin"]', 400, '请求体必须是 JSON 对象'],
      ['prototype-poisoning JSON', 'application/json', '{"username":"admin","password":"x","__proto__":{"isAdmin":true}}', 400, undefined],
      ['an unsupported content type', 'application/xml', '<login/>', 415, undefined],
    ])('answers %s (%s) with a %i envelope', async (_what, contentType, payload, status, message) => {
      const response = await t.app.inject({ method: 'POST', url: '/api/admin/login', headers: { 'content-type': contentType }, payload });
      expect(response.statusCode).toBe(status);
      expect(response.json()).toEqual({ code: status, message: message ?? expect.any(String), success: false, data: null });
    });

    it('hides an unexpected exception behind a generic 500 envelope', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/probe/crash', headers: { origin: 'https://app.example' } });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ code: 500, message: '服务器内部错误，请稍后重试', success: false, data: null });
      expect(response.body).not.toContain('secret');
      expect(response.headers['access-control-allow-origin']).toBe('https://app.example');
    });

    it('renders an HttpError with the requested body shape', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/probe/teapot' });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ code: 409, message: '用户名或密码错误', success: false });
    });
  });

  describe('message language', () => {
    it.each<[string, InjectOptions, string]>([
      ['in Chinese by default', { method: 'GET', url: '/api/test/admin-token' }, '管理员令牌无效或已过期，请重新登录'],
      [
        'in English when Accept-Language prefers en-US',
        { method: 'GET', url: '/api/nowhere', headers: { 'accept-language': 'en-US,en;q=0.9,zh-CN;q=0.8' } },
        'The requested resource does not exist',
      ],
      [
        'in Chinese when Chinese is preferred over English',
        { method: 'GET', url: '/api/nowhere', headers: { 'accept-language': 'zh-CN,zh;q=0.9,en;q=0.8' } },
        '请求的资源不存在',
      ],
      [
        'in English for validation messages too',
        { method: 'POST', url: '/api/admin/login', headers: { 'accept-language': 'en' }, payload: {} },
        'Missing required field(s): username, password',
      ],
    ])('writes messages %s', async (_when, request, message) => {
      expect((await t.app.inject(request)).json().message).toBe(message);
    });
  });
});

describe('READS_CACHES: the requests a replica holds until its cache clears are in', () => {
  it('is the fs API, WebDAV and the cache endpoints, nothing else', () => {
    for (const url of [
      '/api/admin/fs/list?path=%2F',
      '/api/user/fs/mkdir',
      '/dav',
      '/dav/m/a.txt',
      '/api/admin/cache/stats',
      '/api/user/cache/clear',
    ])
      expect([url, READS_CACHES.test(url)]).toEqual([url, true]);
    for (const url of ['/api/paste/abc', '/api/admin/files', '/api/admin/fsx', '/davx', '/api/public/files/x', '/api/health'])
      expect([url, READS_CACHES.test(url)]).toEqual([url, false]);
  });
});
