import { isApiError } from '../api-error';
import { requiresClientSideCopy } from '@cloudclip/contract';
import { createFsApi } from './fs';
import { ADMIN_TOKEN, API_KEY, BASE, createHarness, envelope } from './test-harness';

describe('fs endpoints', () => {
  it('lists / by default under /api/admin/fs with the Bearer token', async () => {
    const h = createHarness('admin');
    const listing = {
      path: '/',
      type: 'directory',
      isRoot: true,
      isVirtual: true,
      hasPermission: true,
      items: [{ name: 'photos', path: '/photos/', isDirectory: true, isVirtual: true }],
    };
    h.reply(envelope(listing));
    expect(await createFsApi(h.client, 'admin').list()).toEqual(listing);
    expect(h.last()).toMatchObject({ method: 'GET', url: `${BASE}/api/admin/fs/list?path=%2F` });
    expect(h.last().headers.Authorization).toBe(`Bearer ${ADMIN_TOKEN}`);
  });

  it('URL-encodes fs paths in the query so they decode back unchanged', async () => {
    const h = createHarness('apiKey');
    const path = '/docs/季度 报告/a&b=c+d#1?.txt';
    h.reply(envelope({ path, name: 'a&b=c+d#1?.txt', isDirectory: false }));
    await createFsApi(h.client, 'user').get(path);
    const url = new URL(h.last().url);
    expect(url.pathname).toBe('/api/user/fs/get');
    expect(url.searchParams.get('path')).toBe(path);
    expect(url.search).not.toContain(' ');
    expect(url.search).not.toContain('#');
    expect(url.search).toContain('%26b%3Dc%2Bd%231%3F.txt');
    expect(h.last().headers.Authorization).toBe(`ApiKey ${API_KEY}`);
  });

  it('uses the same payloads under /api/user/fs for the user scope', async () => {
    const h = createHarness('apiKey');
    const api = createFsApi(h.client, 'user');
    await api.mkdir('/docs/new/');
    expect(h.last()).toMatchObject({ method: 'POST', url: `${BASE}/api/user/fs/mkdir`, body: { path: '/docs/new/' } });
    await api.rename('/docs/a.txt', '/docs/b.txt');
    expect(h.last()).toMatchObject({
      method: 'POST',
      url: `${BASE}/api/user/fs/rename`,
      body: { oldPath: '/docs/a.txt', newPath: '/docs/b.txt' },
    });
    h.reply(envelope({ path: '/docs/a.md', etag: 'e', contentType: 'text/markdown', isNewFile: true }));
    expect((await api.update('/docs/a.md', '# hi')).isNewFile).toBe(true);
    expect(h.last()).toMatchObject({ method: 'POST', url: `${BASE}/api/user/fs/update`, body: { path: '/docs/a.md', content: '# hi' } });
  });

  it('removes with DELETE and the path in the query, and batch-removes with a JSON list', async () => {
    const h = createHarness('admin');
    const api = createFsApi(h.client, 'admin');
    await api.remove('/photos/old folder/');
    expect(h.last()).toMatchObject({
      method: 'DELETE',
      url: `${BASE}/api/admin/fs/remove?path=%2Fphotos%2Fold+folder%2F`,
      body: undefined,
    });
    h.reply(envelope({ success: 1, failed: [{ path: '/photos/x', error: 'e' }] }));
    const result = await api.batchRemove(['/photos/a', '/photos/x']);
    expect(h.last()).toMatchObject({
      method: 'POST',
      url: `${BASE}/api/admin/fs/batch-remove`,
      body: { paths: ['/photos/a', '/photos/x'] },
    });
    expect(result.success).toBe(1);
  });

  it('asks file-link with expires_in 604800 and force_download false by default', async () => {
    const h = createHarness('admin');
    const api = createFsApi(h.client, 'admin');
    h.reply(envelope({ path: '/p/a.mp3', presignedUrl: 'https://b/a.mp3?sig', expiresIn: 604800 }));
    const link = await api.fileLink('/p/a.mp3');
    expect(h.last().url).toBe(`${BASE}/api/admin/fs/file-link?path=%2Fp%2Fa.mp3&expires_in=604800&force_download=false`);
    expect(link.presignedUrl).toBe('https://b/a.mp3?sig');
    await api.fileLink('/p/a.mp3', { expiresIn: null, forceDownload: true });
    expect(h.last().url).toBe(`${BASE}/api/admin/fs/file-link?path=%2Fp%2Fa.mp3&force_download=true`);
  });

  it('downloads through the backend as a Blob', async () => {
    const h = createHarness('admin');
    h.reply({ body: 'file bytes', contentType: 'application/octet-stream' });
    const blob = await createFsApi(h.client, 'admin').download('/p/a.bin');
    expect(h.last().url).toBe(`${BASE}/api/admin/fs/download?path=%2Fp%2Fa.bin`);
    expect(blob).toBeInstanceOf(Blob);
    expect(blob.size).toBe('file bytes'.length);
  });

  it('uploads a form with file, target directory and use_multipart, reporting progress', async () => {
    const h = createHarness('admin');
    h.xhr.replies.push(envelope({ useMultipart: false, success: true, path: '/p/a.txt', name: 'a.txt', fileId: 'f1', slug: 'M-abcde' }));
    const progress: Array<number | null> = [];
    const file = new File(['hello'], 'a.txt', { type: 'text/plain' });
    const result = await createFsApi(h.client, 'admin').upload('/p/', file, { onUploadProgress: (event) => progress.push(event.percent) });
    const xhr = h.xhr.sent[0];
    expect(xhr?.method).toBe('POST');
    expect(xhr?.url).toBe(`${BASE}/api/admin/fs/upload`);
    expect(xhr?.requestHeaders.Authorization).toBe(`Bearer ${ADMIN_TOKEN}`);
    expect(xhr?.requestHeaders['Content-Type']).toBeUndefined();
    const form = xhr?.sentBody as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect((form.get('file') as File).name).toBe('a.txt');
    expect(form.get('path')).toBe('/p/');
    expect(form.get('use_multipart')).toBe('false');
    expect(result).toMatchObject({ useMultipart: false, fileId: 'f1' });
    expect(progress).toEqual([50, 100]);
  });

  it('reads multipart init from the M shape (no code/message)', async () => {
    const h = createHarness('admin');
    const data = {
      uploadId: 'u1',
      bucket: 'b',
      key: 'p/big.bin',
      mount_id: 'm1',
      path: '/p/',
      storage_type: 'S3',
      recommendedPartSize: 5242880,
    };
    h.reply({ body: { success: true, data } });
    const body = { path: '/p/', filename: 'big.bin', contentType: 'application/octet-stream', fileSize: 12000000 };
    expect(await createFsApi(h.client, 'admin').multipartInit(body)).toEqual(data);
    expect(h.last()).toMatchObject({ method: 'POST', url: `${BASE}/api/admin/fs/multipart/init`, body });
  });

  it('sends a multipart part as raw octet-stream with path, uploadId, partNumber, isLastPart and key in the query', async () => {
    const h = createHarness('apiKey');
    h.xhr.replies.push({ body: { success: true, data: { partNumber: 2, etag: '"e2"' } } });
    const chunk = new Blob([new Uint8Array(16)]);
    const result = await createFsApi(h.client, 'user').multipartPart(
      { path: '/docs/my dir/', uploadId: 'u+1', partNumber: 2, isLastPart: true, key: 'my dir/big.bin' },
      chunk,
    );
    const xhr = h.xhr.sent[0];
    expect(xhr?.method).toBe('POST');
    expect(xhr?.url).toBe(
      `${BASE}/api/user/fs/multipart/part?path=%2Fdocs%2Fmy+dir%2F&uploadId=u%2B1&partNumber=2&isLastPart=true&key=my+dir%2Fbig.bin`,
    );
    expect(xhr?.requestHeaders['Content-Type']).toBe('application/octet-stream');
    expect(xhr?.requestHeaders.Authorization).toBe(`ApiKey ${API_KEY}`);
    expect(xhr?.timeout).toBe(300000);
    expect(xhr?.sentBody).toBe(chunk);
    expect(result).toEqual({ partNumber: 2, etag: '"e2"' });
  });

  it('lets the caller override the per-part timeout', async () => {
    const h = createHarness('admin');
    h.xhr.replies.push({ body: { success: true, data: { partNumber: 1, etag: '"e1"' } } });
    await createFsApi(h.client, 'admin').multipartPart(
      { path: '/p/', uploadId: 'u', partNumber: 1, isLastPart: false, key: 'k' },
      new Blob(['x']),
      { timeoutMs: 1000 },
    );
    expect(h.xhr.sent[0]?.timeout).toBe(1000);
    expect(h.xhr.sent[0]?.url).toContain('isLastPart=false');
  });

  it('rejects a multipart error body { success: false, message, code } with its status', async () => {
    const h = createHarness('admin');
    h.reply({ status: 400, body: { success: false, message: '缺少参数', code: 400 } });
    const error: unknown = await createFsApi(h.client, 'admin')
      .multipartComplete({ path: '/p/', uploadId: 'u', parts: [], key: 'k', fileSize: 0 })
      .catch((e: unknown) => e);
    expect(isApiError(error) && error.status).toBe(400);
    expect(isApiError(error) && error.message).toBe('缺少参数');
  });

  it('completes and aborts multipart uploads with their JSON bodies', async () => {
    const h = createHarness('admin');
    const api = createFsApi(h.client, 'admin');
    h.reply({ body: { success: true, data: { success: true, path: '/p/big.bin', etag: 'e', location: 'l', fileId: 'f1', s3Url: 'u' } } });
    const complete = { path: '/p/', uploadId: 'u1', parts: [{ partNumber: 1, etag: '"e1"' }], key: 'p/big.bin', fileSize: 12 };
    expect((await api.multipartComplete(complete)).fileId).toBe('f1');
    expect(h.last()).toMatchObject({ url: `${BASE}/api/admin/fs/multipart/complete`, body: complete });
    h.reply({ body: { success: true, data: { success: true, message: 'aborted' } } });
    await api.multipartAbort({ path: '/p/', uploadId: 'u1', key: 'p/big.bin' });
    expect(h.last()).toMatchObject({
      url: `${BASE}/api/admin/fs/multipart/abort`,
      body: { path: '/p/', uploadId: 'u1', key: 'p/big.bin' },
    });
  });

  it('presigns and commits a presigned fs upload', async () => {
    const h = createHarness('admin');
    const api = createFsApi(h.client, 'admin');
    const presigned = {
      presignedUrl: 'https://b/put',
      fileId: 'f1',
      s3Path: 'p/a.txt',
      s3Url: 'https://b/p/a.txt',
      mountId: 'm1',
      s3ConfigId: 'c1',
      targetPath: '/p/a.txt',
      contentType: 'text/plain',
    };
    h.reply(envelope(presigned));
    expect(await api.presign({ path: '/p/', fileName: 'a.txt', fileSize: 5 })).toEqual(presigned);
    expect(h.last()).toMatchObject({ url: `${BASE}/api/admin/fs/presign`, body: { path: '/p/', fileName: 'a.txt', fileSize: 5 } });
    h.reply(envelope({ fileId: 'f1', path: '/p/a.txt', name: 'a.txt', size: 5, type: 'text/plain' }));
    const { presignedUrl: _unused, ...rest } = presigned;
    const commit = { ...rest, etag: 'e', fileSize: 5 };
    expect((await api.presignCommit(commit)).name).toBe('a.txt');
    expect(h.last()).toMatchObject({ method: 'POST', url: `${BASE}/api/admin/fs/presign/commit`, body: commit });
  });

  it('treats a batch copy answered with body code 202 and success false as a success', async () => {
    const h = createHarness('admin');
    const data = {
      success: 0,
      skipped: 0,
      failed: [{ sourcePath: '/p/a', targetPath: '/q/a', error: 'e' }],
      details: [],
      crossStorageResults: [],
    };
    h.reply({ body: { code: 202, message: '没有成功复制', success: false, data } });
    const result = await createFsApi(h.client, 'admin').batchCopy([{ sourcePath: '/p/a', targetPath: '/q/a' }]);
    expect(h.last()).toMatchObject({
      method: 'POST',
      url: `${BASE}/api/admin/fs/batch-copy`,
      body: { items: [{ sourcePath: '/p/a', targetPath: '/q/a' }], skipExisting: true },
    });
    expect(result).toEqual(data);
    expect(requiresClientSideCopy(result)).toBe(false);
  });

  it('returns cross-storage copy instructions that require a client-side copy', async () => {
    const h = createHarness('admin');
    const data = {
      crossStorage: true,
      requiresClientSideCopy: true,
      standardCopyResults: { success: 0, skipped: 0, failed: 0 },
      crossStorageResults: [
        {
          crossStorage: true,
          isDirectory: false,
          sourcePath: '/a/x',
          targetPath: '/b/x',
          downloadUrl: 'd',
          uploadUrl: 'u',
          contentType: 'text/plain',
        },
      ],
      failed: [],
      details: [],
    };
    h.reply(envelope(data));
    const result = await createFsApi(h.client, 'admin').batchCopy([{ sourcePath: '/a/x', targetPath: '/b/x' }], false);
    expect(h.last().body).toEqual({ items: [{ sourcePath: '/a/x', targetPath: '/b/x' }], skipExisting: false });
    expect(requiresClientSideCopy(result)).toBe(true);
  });

  it('commits a cross-storage copy and accepts body code 202', async () => {
    const h = createHarness('apiKey');
    h.reply({ body: { code: 202, message: 'none', success: false, data: { success: [], failed: [{ targetPath: '/b/x', error: 'e' }] } } });
    const body = { targetMountId: 'm2', files: [{ targetPath: '/b/x', s3Path: 'x', contentType: 'text/plain', fileSize: 1, etag: 'e' }] };
    const result = await createFsApi(h.client, 'user').batchCopyCommit(body);
    expect(h.last()).toMatchObject({ method: 'POST', url: `${BASE}/api/user/fs/batch-copy-commit`, body });
    expect(result.failed).toHaveLength(1);
  });

  it('searches below a folder under /api/admin/fs/search with the trimmed q and the first page of 100', async () => {
    const h = createHarness('admin');
    const data = {
      items: [
        {
          name: 'report 2024.pdf',
          path: '/docs/q1/report 2024.pdf',
          parent: '/docs/q1/',
          isDirectory: false,
          size: 12,
          modified: '2025-07-01T08:00:00.000Z',
          mount_id: 'm1',
        },
      ],
      pagination: { total: 1, limit: 100, offset: 0, hasMore: false },
      incomplete: false,
    };
    h.reply(envelope(data));
    expect(await createFsApi(h.client, 'admin').search({ q: '  report 季度 ', path: '/docs/' })).toEqual(data);
    const url = new URL(h.last().url);
    expect(h.last().method).toBe('GET');
    expect(url.pathname).toBe('/api/admin/fs/search');
    expect(Object.fromEntries(url.searchParams)).toEqual({ q: 'report 季度', path: '/docs/', limit: '100', offset: '0' });
    expect(h.last().headers.Authorization).toBe(`Bearer ${ADMIN_TOKEN}`);
  });

  it('searches from / under /api/user/fs/search with the API key, sending the page asked for', async () => {
    const h = createHarness('apiKey');
    h.reply(envelope({ items: [], pagination: { total: 250, limit: 50, offset: 200, hasMore: false }, incomplete: true }));
    const data = await createFsApi(h.client, 'user').search({ q: 'a&b', limit: 50, offset: 200 });
    expect(data.incomplete).toBe(true);
    const url = new URL(h.last().url);
    expect(url.pathname).toBe('/api/user/fs/search');
    expect(Object.fromEntries(url.searchParams)).toEqual({ q: 'a&b', path: '/', limit: '50', offset: '200' });
    expect(h.last().headers.Authorization).toBe(`ApiKey ${API_KEY}`);
  });

  it('rejects a refused search with the server message', async () => {
    const h = createHarness('admin');
    h.reply({ status: 400, body: { code: 400, message: 'Too many search terms', success: false, data: null } });
    await expect(createFsApi(h.client, 'admin').search({ q: 'x' })).rejects.toMatchObject({
      status: 400,
      message: 'Too many search terms',
    });
  });
});
