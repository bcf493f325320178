import { createHash } from 'node:crypto';
import http from 'node:http';
import type { StorageConfigRow } from '../db/schema';
import type { StorageDriver } from '../storage/storage-driver';
import { answerOf, type RawAnswer } from '../testing/raw-http';
import { adminTestAppForEachTest } from '../testing/test-app';
import { SANDBOX_CSP } from './files';

function md5(data: string): string {
  return createHash('md5').update(data).digest('hex');
}

/** Path and query of an absolute URL (for inject). */
function pathOf(url: string): string {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
}

function withParam(url: string, name: string, value: string): string {
  const parsed = new URL(url, 'http://api.test');
  parsed.searchParams.set(name, value);
  return pathOf(parsed.toString());
}

/** A raw HTTP request whose path is sent exactly as given (no dot-segment normalisation). */
function rawRequest(port: number, method: string, rawPath: string): Promise<RawAnswer> {
  const request = http.request({ host: '127.0.0.1', port, method, path: rawPath });
  const answer = answerOf(request);
  request.end();
  return answer;
}

const URL_BASE = 'http://api.test';

describe('local storage links (GET/PUT /api/storage/local/{configId}/{key})', () => {
  const env = adminTestAppForEachTest();
  let config: StorageConfigRow;
  let driver: StorageDriver;

  beforeEach(async () => {
    const [row] = await env.t.container.repositories.storageConfigs.listPublic();
    if (!row) throw new Error('no default local storage');
    config = row;
    driver = env.t.container.services.storageConfigs.driverFor(config);
    await driver.putObject('docs/report 1.txt', 'hello local link', { contentType: 'text/plain' });
  });

  const getUrl = (
    key = 'docs/report 1.txt',
    options: { disposition?: 'inline' | 'attachment'; filename?: string; expiresIn?: number } = {},
  ) =>
    driver.presignGetUrl(key, {
      expiresIn: options.expiresIn ?? 600,
      disposition: options.disposition,
      filename: options.filename,
      urlBase: URL_BASE,
    });

  it('streams the object for a valid signed GET with type, length, ETag, disposition and cache lifetime', async () => {
    const url = await getUrl('docs/report 1.txt', { disposition: 'attachment', filename: 'Report.txt' });
    expect(url.startsWith(`${URL_BASE}/api/storage/local/${config.id}/docs/report%201.txt?`)).toBe(true);
    const response = await env.t.app.inject({ method: 'GET', url: pathOf(url) });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('hello local link');
    expect(response.headers['content-type']).toBe('text/plain');
    expect(response.headers['content-length']).toBe(String('hello local link'.length));
    expect(response.headers['etag']).toBe(`"${md5('hello local link')}"`);
    expect(response.headers['content-disposition']).toBe('attachment; filename="Report.txt"');
    expect(response.headers['cache-control']).toMatch(/^private, max-age=(59\d|600)$/);
    expect(response.headers['accept-ranges']).toBe('bytes');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers 206 with Content-Range for a Range request and 416 for an unsatisfiable one', async () => {
    const url = pathOf(await getUrl());
    const partial = await env.t.app.inject({ method: 'GET', url, headers: { range: 'bytes=6-10' } });
    expect(partial.statusCode).toBe(206);
    expect(partial.body).toBe('local');
    expect(partial.headers['content-range']).toBe('bytes 6-10/16');
    expect(partial.headers['content-length']).toBe('5');

    const unsatisfiable = await env.t.app.inject({ method: 'GET', url, headers: { range: 'bytes=100-' } });
    expect(unsatisfiable.statusCode).toBe(416);
    expect(unsatisfiable.headers['content-range']).toBe('bytes */16');
  });

  it('answers HEAD with the headers only', async () => {
    const response = await env.t.app.inject({ method: 'HEAD', url: pathOf(await getUrl()) });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('');
    expect(response.headers['content-length']).toBe('16');
    expect(response.headers['etag']).toBe(`"${md5('hello local link')}"`);
  });

  it('refuses an expired link with 403', async () => {
    const url = pathOf(await getUrl('docs/report 1.txt', { expiresIn: 60 }));
    env.now = new Date(env.now.getTime() + 61_000);
    const response = await env.t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 403, success: false, data: null });
  });

  it.each([
    [
      'a flipped signature character',
      (url: string) => url.replace(/signature=([0-9a-f])/, (_m, c: string) => `signature=${c === '0' ? '1' : '0'}`),
    ],
    ['another key', (url: string) => url.replace('report%201.txt', 'other.txt')],
    ['another config id', (url: string) => url.replace(/local\/[^/]+\//, 'local/00000000-0000-4000-8000-000000000000/')],
    [
      'a later expiry',
      (url: string) => withParam(url, 'expires', String(Number(new URL(url, URL_BASE).searchParams.get('expires')) + 3600)),
    ],
    ['another disposition', (url: string) => withParam(url, 'disposition', 'attachment')],
    ['another file name', (url: string) => withParam(url, 'filename', 'evil.html')],
    ['no signature', (url: string) => url.replace(/&signature=[0-9a-f]+/, '')],
  ])('refuses a GET link changed to carry %s with 403', async (_label, tamper) => {
    const url = tamper(pathOf(await getUrl()));
    const response = await env.t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(403);
  });

  it('refuses to use a GET link for a PUT', async () => {
    const response = await env.t.app.inject({
      method: 'PUT',
      url: pathOf(await getUrl()),
      payload: 'overwrite',
      headers: { 'content-type': 'text/plain' },
    });
    expect(response.statusCode).toBe(403);
    expect((await driver.headObject('docs/report 1.txt'))?.etag).toBe(md5('hello local link'));
  });

  it('stores a signed PUT body and answers 200 with an ETag the browser may read', async () => {
    const url = await driver.presignPutUrl('up/new file.json', { contentType: 'application/json', expiresIn: 600, urlBase: URL_BASE });
    const response = await env.t.app.inject({
      method: 'PUT',
      url: pathOf(url),
      payload: '{"uploaded":true}',
      headers: { 'content-type': 'application/json', origin: 'https://app.example' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['etag']).toBe(`"${md5('{"uploaded":true}')}"`);
    expect(String(response.headers['access-control-expose-headers'])).toContain('ETag');
    expect(response.headers['access-control-allow-origin']).toBe('https://app.example');
    const stored = await driver.headObject('up/new file.json');
    expect(stored).toMatchObject({ size: 17, contentType: 'application/json' });
  });

  it('refuses a signed PUT sent with another Content-Type, or after expiry, with 403 and stores nothing', async () => {
    const url = pathOf(await driver.presignPutUrl('up/typed.png', { contentType: 'image/png', expiresIn: 60, urlBase: URL_BASE }));
    const wrongType = await env.t.app.inject({ method: 'PUT', url, payload: 'x', headers: { 'content-type': 'text/html' } });
    expect(wrongType.statusCode).toBe(403);
    env.now = new Date(env.now.getTime() + 120_000);
    const expired = await env.t.app.inject({ method: 'PUT', url, payload: 'x', headers: { 'content-type': 'image/png' } });
    expect(expired.statusCode).toBe(403);
    expect(await driver.headObject('up/typed.png')).toBeNull();
  });

  it('accepts a part upload through a signed part URL', async () => {
    const { uploadId } = await driver.createMultipartUpload('parts/a.bin');
    const url = pathOf(await driver.presignUploadPartUrl('parts/a.bin', uploadId, 1, { expiresIn: 600, urlBase: URL_BASE }));
    const response = await env.t.app.inject({
      method: 'PUT',
      url,
      payload: 'part one',
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['etag']).toBe(`"${md5('part one')}"`);
    const wrongPart = await env.t.app.inject({ method: 'PUT', url: withParam(url, 'partNumber', '2'), payload: 'x' });
    expect(wrongPart.statusCode).toBe(403);
  });

  it('answers 404 for a valid link to a missing object or a config that is gone', async () => {
    const missing = await env.t.app.inject({ method: 'GET', url: pathOf(await getUrl('docs/missing.txt')) });
    expect(missing.statusCode).toBe(404);

    const signer = env.t.container.storage.signer;
    const ghost = signer.buildUrl({
      configId: '00000000-0000-4000-8000-000000000000',
      key: 'x.txt',
      expiresIn: 60,
      operation: { method: 'GET', disposition: 'inline', filename: 'x.txt' },
    });
    expect((await env.t.app.inject({ method: 'GET', url: ghost })).statusCode).toBe(404);
  });

  it('serves HTML and SVG only inside a CSP sandbox', async () => {
    await driver.putObject('page.html', '<script>alert(1)</script>', { contentType: 'text/html' });
    const response = await env.t.app.inject({ method: 'GET', url: pathOf(await getUrl('page.html')) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-security-policy']).toMatch(/^sandbox;/);
    const text = await env.t.app.inject({ method: 'GET', url: pathOf(await getUrl()) });
    expect(text.headers['content-security-policy']).toBeUndefined();
  });

  it.each([
    ['text/html', 'text/html'],
    ['application/xhtml+xml', 'application/xhtml+xml'],
    ['application/rss+xml', 'application/rss+xml'],
    ['application/xml', 'application/xml'],
    ['text/javascript', 'text/plain; charset=utf-8'],
    ['application/ecmascript', 'text/plain; charset=utf-8'],
  ])('serves an object stored as %s as %s inside the CSP sandbox', async (stored, served) => {
    await driver.putObject('active', 'x', { contentType: stored });
    for (const method of ['GET', 'HEAD'] as const) {
      const response = await env.t.app.inject({ method, url: pathOf(await getUrl('active')) });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe(served);
      expect(response.headers['content-security-policy']).toBe(SANDBOX_CSP);
    }
  });

  it('never serves a path with ".." segments, even raw or percent-encoded over real HTTP', async () => {
    await env.t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = env.t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no address');
    const prefix = `/api/storage/local/${config.id}`;

    // A correctly signed link for an escaping key (as if the secret had leaked) is still refused.
    const signed = env.t.container.storage.signer.buildUrl({
      configId: config.id,
      key: '../server-secret.key',
      expiresIn: 60,
      operation: { method: 'GET', disposition: 'inline', filename: 'x' },
    });
    const signedQuery = signed.slice(signed.indexOf('?'));
    for (const rawPath of [
      `${prefix}/../server-secret.key${signedQuery}`,
      `${prefix}/%2e%2e/server-secret.key${signedQuery}`,
      `${prefix}/%2E%2E%2Fserver-secret.key${signedQuery}`,
    ]) {
      const response = await rawRequest(address.port, 'GET', rawPath);
      expect(response.status).toBe(400);
      expect(response.body).not.toContain(env.t.container.dataDir);
      expect(response.body).not.toMatch(/^[0-9a-f]{64}\s*$/);
    }
    const unsigned = await rawRequest(address.port, 'GET', `${prefix}/%2e%2e/%2e%2e/cloudclip.db`);
    expect(unsigned.status).toBe(403);
  });
});
