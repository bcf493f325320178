import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startS3rver, type S3rverHandle } from '../testing/s3rver-server';
import {
  createShareContext,
  pathOf,
  putPresignedParts,
  putToPresignedUrl,
  type DriverKind,
  type ShareTestContext,
} from '../testing/file-share-helpers';
import { sendFilledBody } from '../testing/fs-test-streams';

const KINDS: DriverKind[] = ['local', 's3'];
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(2000, 7)]);
const TEXT = 'plain text from the source\n'.repeat(100);

/** A source server standing in for the remote web. */
async function startSource(): Promise<{
  origin: string;
  server: http.Server;
  requests: Array<{ method: string; url: string; range?: string }>;
}> {
  const requests: Array<{ method: string; url: string; range?: string }> = [];
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://source');
    requests.push({ method: request.method ?? '', url: url.pathname, range: request.headers.range });
    const send = (status: number, headers: Record<string, string>, body: Buffer | string) => {
      const payload = Buffer.isBuffer(body) ? body : Buffer.from(body);
      const range = /^bytes=(\d+)-(\d+)$/.exec(request.headers.range ?? '');
      if (range && status === 200 && url.pathname !== '/no-range') {
        const start = Number(range[1]);
        const end = Math.min(Number(range[2]), payload.length - 1);
        response.writeHead(206, {
          ...headers,
          'content-range': `bytes ${start}-${end}/${payload.length}`,
          'content-length': String(end - start + 1),
        });
        response.end(request.method === 'HEAD' ? undefined : payload.subarray(start, end + 1));
        return;
      }
      response.writeHead(status, { ...headers, 'content-length': String(payload.length) });
      response.end(request.method === 'HEAD' ? undefined : payload);
    };
    switch (url.pathname) {
      case '/images/logo.png':
        return send(
          200,
          {
            'content-type': 'application/octet-stream',
            'last-modified': 'Wed, 01 Jan 2025 00:00:00 GMT',
            'access-control-allow-origin': '*',
          },
          PNG,
        );
      case '/download':
        return send(
          200,
          {
            'content-type': 'text/plain',
            'content-disposition': `attachment; filename="x.txt"; filename*=UTF-8''${encodeURIComponent('报告 1.txt')}`,
          },
          TEXT,
        );
      case '/':
        return send(200, { 'content-type': 'image/png' }, PNG);
      case '/no-head/data.txt':
        if (request.method === 'HEAD') return send(405, {}, '');
        return send(200, { 'content-type': 'text/plain' }, TEXT);
      case '/notes.txt':
        return send(200, { 'content-type': 'text/plain; charset=utf-8' }, TEXT);
      case '/html':
        return send(200, { 'content-type': 'text/html', 'set-cookie': 'a=b' }, '<script>alert(1)</script>');
      case '/script.js':
        return send(200, { 'content-type': 'application/javascript', 'content-disposition': 'inline; filename="s.js"' }, 'alert(1)');
      case '/big': {
        sendFilledBody(response, Number(url.searchParams.get('mb') ?? '1') * 1024 * 1024, 64 * 1024, 1);
        return;
      }
      default:
        return send(404, { 'content-type': 'text/plain' }, 'missing');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server, requests };
}

describe.each(KINDS)('URL import on the %s driver', (kind) => {
  let s3: S3rverHandle | undefined;
  let source: Awaited<ReturnType<typeof startSource>>;
  let c: ShareTestContext;

  beforeAll(async () => {
    if (kind === 's3') s3 = await startS3rver();
    source = await startSource();
  });

  afterAll(async () => {
    source.server.closeAllConnections();
    await new Promise((resolve) => source.server.close(resolve));
    await s3?.stop();
  });

  beforeEach(async () => {
    c = await createShareContext(kind, s3);
    source.requests.length = 0;
  });

  afterEach(async () => {
    await c.close();
  });

  const allowPrivate = (value: boolean) => c.setSystemSettings({ url_import_allow_private: value });

  const info = (url: unknown) => c.inject({ method: 'POST', url: '/api/url/info', payload: { url } as object });
  const post = (path: string, payload: Record<string, unknown>, headers = c.admin) =>
    c.inject({ method: 'POST', url: path, headers, payload });

  // ---------------------------------------------------------------- SSRF through the endpoints

  it('refuses private, loopback and link-local sources unless url_import_allow_private is "true"', async () => {
    for (const url of [
      `${source.origin}/notes.txt`,
      'http://169.254.169.254/latest/meta-data/',
      'http://[::ffff:127.0.0.1]/',
      'http://10.0.0.1/',
    ]) {
      const response = await info(url);
      expect(response.statusCode).toBe(400);
    }
    const proxied = await c.inject({ method: 'GET', url: `/api/url/proxy?url=${encodeURIComponent(`${source.origin}/notes.txt`)}` });
    expect(proxied.statusCode).toBe(400);
    const presign = await post('/api/url/presign', { url: `${source.origin}/notes.txt`, s3_config_id: c.config.id });
    expect(presign.statusCode).toBe(400);
    expect(source.requests).toEqual([]);
    expect(await c.fileRows()).toHaveLength(0);

    await allowPrivate(true);
    expect((await info(`${source.origin}/notes.txt`)).statusCode).toBe(200);
    const settings = (await c.inject({ method: 'GET', url: '/api/admin/system-settings', headers: c.admin })).json().data;
    expect(settings).toEqual(expect.arrayContaining([expect.objectContaining({ key: 'url_import_allow_private', value: 'true' })]));
  });

  it('refuses missing and non-http(s) URLs with 400', async () => {
    expect((await c.inject({ method: 'POST', url: '/api/url/info', payload: {} })).statusCode).toBe(400);
    expect((await info('ftp://example.com/file')).statusCode).toBe(400);
    expect((await info('file:///etc/passwd')).statusCode).toBe(400);
    expect((await c.inject({ method: 'GET', url: '/api/url/proxy' })).statusCode).toBe(400);
  });

  // ---------------------------------------------------------------- info

  describe('with private sources allowed', () => {
    beforeEach(async () => {
      await allowPrivate(true);
    });

    it('probes with HEAD and sniffs the first bytes (ENHANCED), name from the path', async () => {
      const response = await info(`${source.origin}/images/logo.png`);
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toEqual({
        url: `${source.origin}/images/logo.png`,
        filename: 'logo.png',
        contentType: 'image/png',
        size: PNG.length,
        lastModified: 'Wed, 01 Jan 2025 00:00:00 GMT',
        method: 'ENHANCED',
        corsSupported: true,
        detectionMethod: 'magic-bytes',
        detectionConfidence: 'high',
        fileTypeLibraryUsed: false,
      });
      expect(source.requests.map((request) => request.method)).toEqual(['HEAD', 'GET']);
      expect(source.requests[1]?.range).toBe('bytes=0-1023');
    });

    it('takes the name from Content-Disposition, else derives host_epoch.ext', async () => {
      const named = (await info(`${source.origin}/download`)).json().data;
      expect(named).toMatchObject({ filename: '报告 1.txt', contentType: 'text/plain', method: 'HEAD', corsSupported: false });
      const before = Date.now();
      const unnamed = (await info(`${source.origin}/`)).json().data;
      expect(unnamed.filename).toMatch(/^127_0_0_1_(\d+)\.png$/);
      expect(Number(/_(\d+)\./.exec(unnamed.filename)?.[1])).toBeGreaterThanOrEqual(before);
    });

    it('falls back to a 1 KB ranged GET when HEAD fails', async () => {
      const data = (await info(`${source.origin}/no-head/data.txt`)).json().data;
      expect(data).toMatchObject({ filename: 'data.txt', contentType: 'text/plain', size: Buffer.byteLength(TEXT), method: 'GET' });
    });

    it('answers 400 for a source that does not exist or cannot be reached', async () => {
      expect((await info(`${source.origin}/missing`)).statusCode).toBe(400);
      const closed = http.createServer();
      await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
      const port = (closed.address() as AddressInfo).port;
      await new Promise((resolve) => closed.close(resolve));
      expect((await info(`http://127.0.0.1:${port}/x`)).statusCode).toBe(400);
    });

    // ---------------------------------------------------------------- proxy

    it('proxies the remote body with its status and safe headers, CORS and a sandbox CSP', async () => {
      const response = await c.inject({ method: 'GET', url: `/api/url/proxy?url=${encodeURIComponent(`${source.origin}/html`)}` });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe('<script>alert(1)</script>');
      expect(response.headers['content-type']).toBe('text/html');
      expect(response.headers['set-cookie']).toBeUndefined();
      expect(response.headers['content-security-policy']).toMatch(/^sandbox/);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['content-disposition']).toBe('attachment');
      expect(response.headers['access-control-allow-origin']).toBe('*');
      expect(response.headers['access-control-allow-methods']).toBe('GET, HEAD, OPTIONS');
      // a script from our origin would pass the page's script-src 'self': it goes out as text
      const script = await c.inject({ method: 'GET', url: `/api/url/proxy?url=${encodeURIComponent(`${source.origin}/script.js`)}` });
      expect(script.statusCode).toBe(200);
      expect(script.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(script.headers['x-content-type-options']).toBe('nosniff');
      expect(script.headers['content-disposition']).toBe('attachment; filename="s.js"');
      const missing = await c.inject({ method: 'GET', url: `/api/url/proxy?url=${encodeURIComponent(`${source.origin}/missing`)}` });
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toMatchObject({ code: 400, success: false });
    });

    // ---------------------------------------------------------------- presign / commit / cancel

    it('presigns from the probed source, takes the PUT and commits with a custom slug', async () => {
      const presigned = await post('/api/url/presign', {
        url: `${source.origin}/notes.txt`,
        s3_config_id: c.config.id,
        metadata: { source_url: 'x' },
      });
      expect(presigned.statusCode).toBe(200);
      const data = presigned.json().data;
      expect(data).toMatchObject({
        filename: 'notes.txt',
        contentType: 'text/plain',
        size: Buffer.byteLength(TEXT),
        cors_supported: false,
        provider_type: c.config.provider_type,
      });
      const [pending] = await c.fileRows();
      expect(pending?.remark).toContain(`${source.origin}/notes.txt`);

      // the browser downloads the source (through our proxy) and PUTs the blob
      const blob = await c.inject({ method: 'GET', url: `/api/url/proxy?url=${encodeURIComponent(`${source.origin}/notes.txt`)}` });
      expect((await putToPresignedUrl(data.upload_url, blob.rawPayload, data.contentType)).status).toBe(200);

      const taken = await c.inject({ method: 'PUT', url: '/api/upload-direct/other.txt?slug=taken', headers: c.admin, payload: 'x' });
      expect(taken.statusCode).toBe(200);
      expect((await post('/api/url/commit', { file_id: data.file_id, slug: 'taken' })).statusCode).toBe(409);
      expect((await post('/api/url/commit', { file_id: data.file_id, slug: 'bad slug' })).statusCode).toBe(400);
      const committed = await post('/api/url/commit', {
        file_id: data.file_id,
        slug: 'from-url',
        size: String(blob.rawPayload.length),
        password: 'pw',
        path: 'ignored',
      });
      expect(committed.statusCode).toBe(200);
      expect(committed.json().data).toMatchObject({
        slug: 'from-url',
        size: Buffer.byteLength(TEXT),
        hasPassword: true,
        // No max_views in the request: stored and answered as null, as s3/commit does.
        maxViews: null,
        url: '/file/from-url',
      });
      const downloaded = await c.inject({ method: 'GET', url: '/api/file-download/from-url?password=pw' });
      expect(downloaded.body).toBe(TEXT);
    });

    it('uses complete client metadata without probing and applies the presign errors', async () => {
      const presigned = await post('/api/url/presign', {
        url: `${source.origin}/anything`,
        s3_config_id: c.config.id,
        metadata: { filename: 'given.pdf', contentType: 'application/pdf', size: 5 },
        slug: 'given',
      });
      expect(presigned.statusCode).toBe(200);
      expect(presigned.json().data).toMatchObject({ filename: 'given.pdf', contentType: 'application/pdf', size: 5, slug: 'given' });
      expect(source.requests).toEqual([]);

      expect(
        (await post('/api/url/presign', { url: `${source.origin}/notes.txt`, s3_config_id: c.config.id, slug: 'given' })).statusCode,
      ).toBe(409);
      expect(
        (await post('/api/url/presign', { url: `${source.origin}/notes.txt`, s3_config_id: c.config.id, slug: 'bad slug' })).statusCode,
      ).toBe(400);
      expect(
        (await post('/api/url/presign', { url: `${source.origin}/notes.txt`, s3_config_id: '00000000-0000-4000-8000-000000000000' }))
          .statusCode,
      ).toBe(404);
      expect((await post('/api/url/presign', { url: 'ftp://x/y', s3_config_id: c.config.id })).statusCode).toBe(400);
      expect((await post('/api/url/presign', { s3_config_id: c.config.id })).statusCode).toBe(400);

      await c.inject({ method: 'PUT', url: `/api/s3-configs/${c.config.id}`, headers: c.admin, payload: { is_public: false } });
      const key = await c.key();
      expect(
        (await post('/api/url/presign', { url: `${source.origin}/notes.txt`, s3_config_id: c.config.id }, key.headers)).statusCode,
      ).toBe(404);
    });

    it('enforces the quota on url/commit with cleanup', async () => {
      await c.inject({ method: 'PUT', url: `/api/s3-configs/${c.config.id}`, headers: c.admin, payload: { total_storage_bytes: 1000 } });
      const data = (
        await post('/api/url/presign', {
          url: `${source.origin}/notes.txt`,
          s3_config_id: c.config.id,
          metadata: { filename: 'n.txt', contentType: 'text/plain' },
        })
      ).json().data;
      await putToPresignedUrl(data.upload_url, TEXT, data.contentType);
      const response = await post('/api/url/commit', { file_id: data.file_id, size: Buffer.byteLength(TEXT) });
      expect(response.statusCode).toBe(400);
      expect(await c.fileRows()).toHaveLength(0);
      expect(await c.objectKeys()).toEqual([]);
    });

    it('cancel deletes the object and the row; only the creator may cancel', async () => {
      const data = (await post('/api/url/presign', { url: `${source.origin}/notes.txt`, s3_config_id: c.config.id })).json().data;
      await putToPresignedUrl(data.upload_url, TEXT, data.contentType);
      const other = await c.key();
      expect((await post('/api/url/cancel', { file_id: data.file_id }, other.headers)).statusCode).toBe(403);
      expect((await post('/api/url/cancel', {})).statusCode).toBe(400);
      const cancelled = await post('/api/url/cancel', { file_id: data.file_id });
      expect(cancelled.statusCode).toBe(200);
      expect(cancelled.json().data).toMatchObject({ file_id: data.file_id, status: 'cancelled', message: expect.any(String) });
      expect(await c.fileRows()).toHaveLength(0);
      expect(await c.objectKeys()).toEqual([]);
      expect((await post('/api/url/cancel', { file_id: data.file_id })).statusCode).toBe(404);
    });

    // ---------------------------------------------------------------- multipart

    it('runs multipart init → part PUTs → complete, with password, expiry and view limit set at init', async () => {
      const partSize = 5 * 1024 * 1024;
      const total = partSize + 1000;
      const init = await post('/api/url/multipart/init', {
        url: `${source.origin}/big?mb=1`,
        s3_config_id: c.config.id,
        filename: 'big.bin',
        password: 'pw',
        expires_in: '24',
        max_views: '3',
        part_size: partSize,
        total_size: total,
      });
      expect(init.statusCode).toBe(200);
      const data = init.json().data;
      expect(data).toMatchObject({
        part_size: partSize,
        total_size: total,
        part_count: 2,
        has_password: true,
        max_views: 3,
        filename: 'big.bin',
        content_type: 'application/octet-stream',
      });
      expect(data.url).toBe(`/file/${data.slug}`);
      expect(data.presigned_urls.map((part: { partNumber: number }) => part.partNumber)).toEqual([1, 2]);
      expect((await c.fileRows())[0]).toMatchObject({ id: data.file_id, max_views: 3 });

      const content = Buffer.alloc(total, 3);
      const parts = await putPresignedParts(data.presigned_urls as Array<{ partNumber: number; url: string }>, content, partSize);
      expect((await post('/api/url/multipart/complete', { file_id: data.file_id, upload_id: data.upload_id, parts: [] })).statusCode).toBe(
        400,
      );
      const other = await c.key();
      expect(
        (await post('/api/url/multipart/complete', { file_id: data.file_id, upload_id: data.upload_id, parts }, other.headers)).statusCode,
      ).toBe(403);
      const completed = await post('/api/url/multipart/complete', { file_id: data.file_id, upload_id: data.upload_id, parts });
      expect(completed.statusCode).toBe(200);
      expect(completed.json().data).toMatchObject({
        file_id: data.file_id,
        size: total,
        status: 'completed',
        message: expect.any(String),
        url: `/file/${data.slug}`,
      });

      const head = await c.inject({ method: 'HEAD', url: `/api/file-download/${data.slug}?password=pw` });
      expect(head.headers['content-length']).toBe(String(total));
      expect((await c.inject({ method: 'GET', url: `/api/file-download/${data.slug}` })).statusCode).toBe(401);
    });

    it('multipart init refuses a total size over max_upload_size and a taken slug (400); abort removes the row', async () => {
      await c.inject({ method: 'PUT', url: '/api/admin/system-settings', headers: c.admin, payload: { max_upload_size: 1 } });
      const base = { url: `${source.origin}/big?mb=1`, s3_config_id: c.config.id, filename: 'x.bin' };
      expect((await post('/api/url/multipart/init', { ...base, total_size: 2 * 1024 * 1024 })).statusCode).toBe(400);
      await c.inject({ method: 'PUT', url: '/api/upload-direct/t.txt?slug=taken', headers: c.admin, payload: 'x' });
      expect((await post('/api/url/multipart/init', { ...base, total_size: 10, slug: 'taken' })).statusCode).toBe(400);

      const init = (await post('/api/url/multipart/init', { ...base, total_size: 10 })).json().data;
      expect(init.part_count).toBe(1);
      await fetch(init.presigned_urls[0].url, { method: 'PUT', body: 'abcdefghij' });
      const aborted = await post('/api/url/multipart/abort', { file_id: init.file_id, upload_id: init.upload_id });
      if (kind === 'local') {
        expect(aborted.statusCode).toBe(200);
        expect(aborted.json().data).toMatchObject({ file_id: init.file_id, status: 'aborted' });
      } else {
        // s3rver answers MethodNotAllowed to AbortMultipartUpload: a bucket error (500), row removed anyway (§5.8).
        expect(aborted.statusCode).toBe(500);
      }
      expect((await c.fileRows()).map((row) => row.slug)).toEqual(['taken']);
      expect((await post('/api/url/multipart/abort', { file_id: init.file_id, upload_id: init.upload_id })).statusCode).toBe(404);
    });

    it('enforces the quota on multipart complete and cleans up', async () => {
      await c.inject({ method: 'PUT', url: `/api/s3-configs/${c.config.id}`, headers: c.admin, payload: { total_storage_bytes: 100 } });
      const init = (
        await post('/api/url/multipart/init', {
          url: `${source.origin}/x`,
          s3_config_id: c.config.id,
          filename: 'q.bin',
          metadata: { filename: 'q.bin', contentType: 'application/octet-stream' },
        })
      ).json().data;
      const put = await fetch(init.presigned_urls[0].url, { method: 'PUT', body: new Uint8Array(500) });
      const completed = await post('/api/url/multipart/complete', {
        file_id: init.file_id,
        upload_id: init.upload_id,
        parts: [{ partNumber: 1, etag: put.headers.get('etag') }],
      });
      expect(completed.statusCode).toBe(400);
      expect(await c.fileRows()).toHaveLength(0);
      expect(await c.objectKeys()).toEqual([]);
    });

    it('links of a URL import are served like any file share', async () => {
      const data = (await post('/api/url/presign', { url: `${source.origin}/images/logo.png`, s3_config_id: c.config.id })).json().data;
      await putToPresignedUrl(data.upload_url, PNG, data.contentType);
      const committed = (await post('/api/url/commit', { file_id: data.file_id })).json().data;
      expect(committed.mimetype).toBe('image/png');
      const view = (await c.inject({ method: 'GET', url: `/api/public/files/${committed.slug}` })).json().data;
      const image = await c.inject({ method: 'GET', url: pathOf(view.previewUrl) });
      expect(image.headers['content-type']).toBe('image/png');
      expect(image.rawPayload.equals(PNG)).toBe(true);
    });
  });
});
