import { isApiError } from '../api-error';
import { createFilesApi, withSharePassword } from './files';
import { ADMIN_TOKEN, API_KEY, BASE, createHarness, envelope, KEY_INFO } from './test-harness';

const presigned = {
  file_id: 'f1',
  upload_url: 'https://bucket.example/key?X-Amz-Signature=abc',
  storage_path: 'uploads/abc123-a.txt',
  s3_url: 'https://bucket.example/uploads/abc123-a.txt',
  slug: 'abc123',
  provider_type: 'Cloudflare R2',
  contentType: 'text/plain',
};

describe('files endpoints', () => {
  it('presigns with POST /api/s3/presign and returns data', async () => {
    const h = createHarness('apiKey');
    h.reply(envelope(presigned));
    const body = { s3_config_id: 'c1', filename: 'a.txt', size: 5, path: 'docs' };
    const result = await createFilesApi(h.client).presign(body);
    expect(h.last()).toMatchObject({ method: 'POST', url: `${BASE}/api/s3/presign`, body });
    expect(result).toEqual(presigned);
  });

  it('PUTs to the presigned URL with the signed content type and returns the ETag', async () => {
    const h = createHarness();
    h.xhr.replies.push({ status: 200, body: '', headers: { ETag: '"etag-1"' } });
    const progress: Array<number | null> = [];
    const result = await createFilesApi(h.client).putToStorage(presigned, new Blob(['hello']), {
      onUploadProgress: (event) => progress.push(event.percent),
    });
    const xhr = h.xhr.sent[0];
    expect(xhr?.method).toBe('PUT');
    expect(xhr?.url).toBe(presigned.upload_url);
    expect(xhr?.requestHeaders).toEqual({ 'Content-Type': 'text/plain' });
    expect(xhr?.requestHeaders.Authorization).toBeUndefined();
    expect(result.etag).toBe('etag-1');
    expect(progress).toEqual([50, 100]);
  });

  it('adds the Backblaze B2 headers to the storage PUT', async () => {
    const h = createHarness();
    h.xhr.replies.push({ status: 200, body: '' });
    await createFilesApi(h.client).putToStorage({ ...presigned, provider_type: 'Backblaze B2' }, new Blob(['x']));
    expect(h.xhr.sent[0]?.requestHeaders).toEqual({
      'Content-Type': 'text/plain',
      'X-Bz-Content-Sha1': 'do_not_verify',
      'X-Requested-With': 'XMLHttpRequest',
    });
  });

  it('commits with size as a string and expires_in in hours', async () => {
    const h = createHarness('apiKey');
    h.reply(envelope({ id: 'f1', slug: 'abc123', url: '/file/abc123', hasPassword: true }));
    const body = { file_id: 'f1', etag: 'etag-1', size: '5', expires_in: '24', max_views: '0', password: 'pw' };
    const result = await createFilesApi(h.client).commit(body);
    expect(h.last()).toMatchObject({ method: 'POST', url: `${BASE}/api/s3/commit`, body });
    expect(result.url).toBe('/file/abc123');
  });

  it('gives a commit answered with maxViews null (no limit sent) as 0, and a sent limit as is', async () => {
    const h = createHarness('apiKey');
    h.reply(envelope({ id: 'f1', slug: 'abc123', url: '/file/abc123', maxViews: null }));
    h.reply(envelope({ id: 'f2', slug: 'def456', url: '/file/def456', maxViews: 3 }));
    const api = createFilesApi(h.client);
    expect((await api.commit({ file_id: 'f1' })).maxViews).toBe(0);
    expect((await api.commit({ file_id: 'f2', max_views: 3 })).maxViews).toBe(3);
  });

  it('uploads directly with PUT /api/upload-direct/{filename}, the query options and progress', async () => {
    const h = createHarness('apiKey');
    h.xhr.replies.push(envelope({ id: 'f1', slug: 'x', proxy_download_url: `${BASE}/api/file-download/x?password=pw` }));
    const progress: Array<number | null> = [];
    const result = await createFilesApi(h.client).uploadDirect('my file.txt', new Blob(['hi']), {
      query: { slug: 'x', password: 'pw', expires_in: 24, original_filename: 'true' },
      onUploadProgress: (event) => progress.push(event.percent),
    });
    const xhr = h.xhr.sent[0];
    expect(xhr?.method).toBe('PUT');
    expect(xhr?.url).toBe(`${BASE}/api/upload-direct/my%20file.txt?slug=x&password=pw&expires_in=24&original_filename=true`);
    expect(xhr?.requestHeaders.Authorization).toBe(`ApiKey ${API_KEY}`);
    expect(xhr?.sentBody).toBeInstanceOf(Blob);
    expect(result.slug).toBe('x');
    expect(progress).toContain(100);
  });

  it('lists admin files with limit 50 offset 0 by default; pagination is inside data', async () => {
    const h = createHarness('admin');
    const data = { files: [{ id: 'f1', slug: 'M-abcde', has_password: false }], pagination: { total: 1, limit: 50, offset: 0 } };
    h.reply(envelope(data));
    const result = await createFilesApi(h.client).adminList();
    expect(h.last().url).toBe(`${BASE}/api/admin/files?limit=50&offset=0`);
    expect(h.last().headers.Authorization).toBe(`Bearer ${ADMIN_TOKEN}`);
    expect(result).toEqual(data);
  });

  it('lists user files with limit 50 offset 0 and returns top-level key_info', async () => {
    const h = createHarness('apiKey');
    const data = { files: [], pagination: { total: 0, limit: 50, offset: 0, hasMore: false } };
    const keyInfo = KEY_INFO;
    h.reply(envelope(data, { key_info: keyInfo }));
    const result = await createFilesApi(h.client).userList();
    expect(h.last().url).toBe(`${BASE}/api/user/files?limit=50&offset=0`);
    expect(result.data).toEqual(data);
    expect(result.key_info).toEqual(keyInfo);
  });

  it('sends a non-blank search as q (trimmed) on both file lists and leaves a blank one out', async () => {
    const h = createHarness('admin');
    const api = createFilesApi(h.client);
    await api.adminList({ q: ' photo.png ', limit: 10 });
    expect(h.last().url).toBe(`${BASE}/api/admin/files?limit=10&offset=0&q=photo.png`);
    await api.adminList({ q: ' ' });
    expect(h.last().url).toBe(`${BASE}/api/admin/files?limit=50&offset=0`);
    await api.userList({ q: 'report' });
    expect(h.last().url).toBe(`${BASE}/api/user/files?limit=50&offset=0&q=report`);
    await api.userList({});
    expect(h.last().url).toBe(`${BASE}/api/user/files?limit=50&offset=0`);
  });

  it('updates and deletes admin and user files by id', async () => {
    const h = createHarness('admin');
    const api = createFilesApi(h.client);
    await api.adminUpdate('f1', { max_views: 5, password: '' });
    expect(h.last()).toMatchObject({ method: 'PUT', url: `${BASE}/api/admin/files/f1`, body: { max_views: 5, password: '' } });
    await api.adminRemove('f1');
    expect(h.last()).toMatchObject({ method: 'DELETE', url: `${BASE}/api/admin/files/f1` });
    await api.userUpdate('f2', { remark: null });
    expect(h.last()).toMatchObject({ method: 'PUT', url: `${BASE}/api/user/files/f2`, body: { remark: null } });
    await api.removePending('f3', 'user');
    expect(h.last()).toMatchObject({ method: 'DELETE', url: `${BASE}/api/user/files/f3` });
  });

  it('reads public file info from GET /api/public/files/{slug}', async () => {
    const h = createHarness();
    h.reply(envelope({ id: 'f1', slug: 'abc', requires_password: true, s3_direct_preview_url: 'https://b/k' }));
    const info = await createFilesApi(h.client).publicInfo('abc');
    expect(h.last()).toMatchObject({ method: 'GET', url: `${BASE}/api/public/files/abc` });
    expect(info.requires_password).toBe(true);
  });

  it('reads public file info without the session credentials, even when signed in', async () => {
    const h = createHarness('apiKey');
    h.reply(envelope({ id: 'f1', slug: 'abc', requires_password: false }));
    await createFilesApi(h.client).publicInfo('abc');
    expect(h.last().headers.Authorization).toBeUndefined();
  });

  it('verifies a file password with POST /api/public/files/{slug}/verify', async () => {
    const h = createHarness();
    h.reply(envelope({ id: 'f1', slug: 'abc', requires_password: false, previewUrl: `${BASE}/api/file-view/abc` }));
    const info = await createFilesApi(h.client).verify('abc', 'pw');
    expect(h.last()).toMatchObject({ method: 'POST', url: `${BASE}/api/public/files/abc/verify`, body: { password: 'pw' } });
    expect(info.previewUrl).toBe(`${BASE}/api/file-view/abc`);
  });

  it('treats verify on a file without password (HTTP 200, body code 400, success true) as an error', async () => {
    const h = createHarness();
    h.reply({ status: 200, body: { code: 400, message: '此文件不需要密码', data: { url: 'https://b/k' }, success: true } });
    const error: unknown = await createFilesApi(h.client)
      .verify('abc', 'pw')
      .catch((e: unknown) => e);
    expect(isApiError(error)).toBe(true);
    expect(isApiError(error) && error.kind).toBe('envelope');
    expect(isApiError(error) && error.status).toBe(400);
    expect(isApiError(error) && error.details.code).toBe(400);
  });

  it('keeps the API key when a file share password is wrong (401)', async () => {
    const h = createHarness('apiKey');
    h.reply({ status: 401, body: { code: 401, message: '密码错误', success: false, data: null } });
    await expect(createFilesApi(h.client).verify('abc', 'bad')).rejects.toMatchObject({ status: 401, message: '密码错误' });
    expect(h.session.snapshot.apiKey).toBe(API_KEY);
  });

  it('builds proxy download and view links with an encoded password', () => {
    const h = createHarness();
    const api = createFilesApi(h.client);
    expect(api.fileDownloadUrl('abc')).toBe(`${BASE}/api/file-download/abc`);
    expect(api.fileDownloadUrl('abc', 'a b&c')).toBe(`${BASE}/api/file-download/abc?password=a+b%26c`);
    expect(api.fileViewUrl('abc', 'pw')).toBe(`${BASE}/api/file-view/abc?password=pw`);
    expect(api.officePreviewUrl('abc')).toBe(`${BASE}/api/office-preview/abc`);
  });

  it('appends the share password only to proxy links', () => {
    expect(withSharePassword(`${BASE}/api/file-view/abc`, 'p w')).toBe(`${BASE}/api/file-view/abc?password=p%20w`);
    expect(withSharePassword(`${BASE}/api/file-download/abc?x=1`, 'pw')).toBe(`${BASE}/api/file-download/abc?x=1&password=pw`);
    expect(withSharePassword('https://bucket.example/k?X-Amz-Signature=1', 'pw')).toBe('https://bucket.example/k?X-Amz-Signature=1');
    expect(withSharePassword(`${BASE}/api/file-view/abc`, null)).toBe(`${BASE}/api/file-view/abc`);
  });

  it('asks office-preview without credentials and returns its flat body', async () => {
    const h = createHarness('admin');
    const flat = { url: 'https://b/k?sig', filename: 'a.docx', mimetype: 'application/msword', expires_in: 3600, is_temporary: true };
    h.reply({ body: flat });
    const result = await createFilesApi(h.client).officePreview('abc', 'pw');
    expect(h.last().url).toBe(`${BASE}/api/office-preview/abc?password=pw`);
    expect(h.last().headers.Authorization).toBeUndefined();
    expect(result).toEqual(flat);
  });

  it('keeps the admin session when office-preview answers 401 with a flat { error }', async () => {
    const h = createHarness('admin');
    h.reply({ status: 401, body: { error: '需要密码' } });
    await expect(createFilesApi(h.client).officePreview('abc')).rejects.toMatchObject({ status: 401, message: '需要密码' });
    expect(h.session.snapshot.adminToken).toBe(ADMIN_TOKEN);
  });
});
