/** HttpClient's fetch calls: addresses and headers, bodies, the envelope rule, the error catalogue, transport failures. */
import { ApiError } from './api-error';
import { ADMIN_TOKEN, API_KEY, BASE } from './endpoints/test-harness';
import { asAdmin, asApiKey, failure, hangUntilAborted, setup, type Reply } from './http-client-test-setup';

describe('HttpClient addresses and headers', () => {
  it('sends requests to base + /api + path with the query appended', async () => {
    const h = setup();
    await h.client.request('/admin/files', { query: { limit: 50, offset: 0, search: undefined } });
    expect(h.last().url).toBe(`${BASE}/api/admin/files?limit=50&offset=0`);
    expect(h.last().method).toBe('GET');
  });

  it('adds a leading slash to a path without one', async () => {
    const h = setup();
    await h.client.request('system/max-upload-size');
    expect(h.last().url).toBe(`${BASE}/api/system/max-upload-size`);
  });

  it('builds the same address through url() without sending anything', () => {
    const h = setup();
    expect(h.client.url('/raw/abc', { password: 'p w' })).toBe(`${BASE}/api/raw/abc?password=p+w`);
    expect(h.requests).toHaveLength(0);
  });

  it('sends the current language as Accept-Language on every request', async () => {
    const h = setup();
    await h.client.request('/version');
    expect(h.last().headers.get('Accept-Language')).toBe('en-US');
    h.language.value = 'zh-CN';
    await h.client.request('/version');
    expect(h.last().headers.get('Accept-Language')).toBe('zh-CN');
  });

  it('sends no Authorization header for an anonymous visitor', async () => {
    const h = setup();
    await h.client.request('/paste/abc');
    expect(h.last().headers.has('Authorization')).toBe(false);
  });

  it('sends the admin token as a Bearer credential', async () => {
    const h = setup({ storage: asAdmin });
    await h.client.request('/admin/pastes');
    expect(h.last().headers.get('Authorization')).toBe(`Bearer ${ADMIN_TOKEN}`);
  });

  it('sends the API key as an ApiKey credential', async () => {
    const h = setup({ storage: asApiKey });
    await h.client.request('/user/pastes');
    expect(h.last().headers.get('Authorization')).toBe(`ApiKey ${API_KEY}`);
  });

  it('prefers the admin token over a stored API key', async () => {
    const h = setup({ storage: { ...asApiKey, ...asAdmin } });
    await h.client.request('/admin/pastes');
    expect(h.last().headers.get('Authorization')).toBe(`Bearer ${ADMIN_TOKEN}`);
  });

  it('lets an explicitly passed Authorization header win over the session credential', async () => {
    const h = setup({ storage: asAdmin });
    await h.client.request('/test/api-key', { headers: { Authorization: 'ApiKey Candidate123' } });
    expect(h.last().headers.get('Authorization')).toBe('ApiKey Candidate123');
  });

  it('lets an explicit authorization header win whatever the case of its name', async () => {
    const h = setup({ storage: asAdmin });
    await h.client.request('/test/api-key', { headers: { authorization: 'ApiKey Candidate123' } });
    // Header names are case-insensitive: the wire must carry the explicit value only, not "Bearer …, ApiKey …".
    expect(h.last().headers.get('Authorization')).toBe('ApiKey Candidate123');
  });

  it('sends no credential at all with auth: false, even when logged in', async () => {
    const h = setup({ storage: asAdmin });
    await h.client.request('/admin/login', { method: 'POST', body: { username: 'a', password: 'b' }, auth: false });
    expect(h.last().headers.has('Authorization')).toBe(false);
  });
});

describe('HttpClient request bodies', () => {
  it('serialises an object body as JSON with a JSON content type and defaults to POST', async () => {
    const h = setup();
    await h.client.request('/paste', { body: { content: '# hi', maxViews: 3 } });
    expect(h.last().method).toBe('POST');
    expect(h.last().headers.get('Content-Type')).toBe('application/json');
    expect(h.last().body).toBe('{"content":"# hi","maxViews":3}');
  });

  it('serialises an array body as JSON', async () => {
    const h = setup();
    await h.client.request('/admin/pastes/batch-delete', { method: 'POST', body: ['a', 'b'] });
    expect(h.last().body).toBe('["a","b"]');
    expect(h.last().headers.get('Content-Type')).toBe('application/json');
  });

  it('passes FormData through untouched and sets no content type', async () => {
    const h = setup();
    const form = new FormData();
    form.append('path', '/docs');
    await h.client.request('/admin/fs/upload', { method: 'POST', body: form });
    expect(h.last().body).toBe(form);
    expect(h.last().headers.has('Content-Type')).toBe(false);
  });

  it('passes a Blob through untouched without a JSON content type', async () => {
    const h = setup();
    const blob = new Blob(['bytes'], { type: 'application/octet-stream' });
    await h.client.request('/admin/fs/multipart/part', { method: 'POST', body: blob });
    expect(h.last().body).toBe(blob);
    expect(h.last().headers.get('Content-Type')).not.toBe('application/json');
  });

  it('lets an explicit content type replace the JSON one', async () => {
    const h = setup();
    await h.client.request('/x', { method: 'POST', body: { a: 1 }, headers: { 'Content-Type': 'application/merge-patch+json' } });
    expect(h.last().headers.get('Content-Type')).toBe('application/merge-patch+json');
  });

  it('sends a GET without a body when none is given', async () => {
    const h = setup();
    await h.client.request('/health');
    expect(h.last()).toMatchObject({ method: 'GET', body: undefined });
  });
});

describe('HttpClient envelope rule and parsing', () => {
  it('returns the whole envelope of a code 200 answer and data() returns its data', async () => {
    const h = setup();
    h.reply(
      { body: { code: 200, message: 'ok', success: true, data: { a: 1 } } },
      { body: { code: 200, message: 'ok', success: true, data: { a: 1 } } },
    );
    await expect(h.client.request('/x')).resolves.toEqual({ code: 200, message: 'ok', success: true, data: { a: 1 } });
    await expect(h.client.data('/x')).resolves.toEqual({ a: 1 });
  });

  it.each([201, 202])('treats HTTP 200 with body code %i as success', async (code) => {
    const h = setup();
    h.reply({ body: { code, message: 'created', data: { id: 'x' }, success: code === 201 } });
    await expect(h.client.data('/admin/api-keys')).resolves.toEqual({ id: 'x' });
  });

  it('returns a flat body without code unchanged', async () => {
    const h = setup();
    h.reply({ body: { slug: 'abc', content: '# hi', requiresPassword: false } });
    await expect(h.client.request('/paste/abc')).resolves.toEqual({ slug: 'abc', content: '# hi', requiresPassword: false });
  });

  it('does not require the success field', async () => {
    const h = setup();
    h.reply({ body: { code: 200, message: '登录成功', data: { token: 't' } } });
    await expect(h.client.data('/admin/login')).resolves.toEqual({ token: 't' });
  });

  it('treats HTTP 200 with body code 400 as an error carrying the server message', async () => {
    const h = setup();
    h.reply({ body: { code: 400, message: '此文件不需要密码', success: true } });
    const error = await failure(h.client.request('/public/files/abc/verify', { method: 'POST', body: { password: 'x' } }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.kind).toBe('envelope');
    expect(error.status).toBe(400);
    expect(error.details.code).toBe(400);
    expect(error.message).toBe('此文件不需要密码');
  });

  it("shows 'request failed' for a 2xx envelope with an error code and no message (spec §8)", async () => {
    const h = setup();
    h.reply({ status: 200, statusText: 'OK', body: { code: 500, success: false } });
    const error = await failure(h.client.request('/x'));
    expect(error.kind).toBe('envelope');
    expect(error.message).toBe('errors.requestFailed');
  });

  it.each([
    ['returns a text body when the content type is not JSON', '/raw/abc', '# raw markdown', 'text/plain; charset=utf-8'],
    ['does not parse JSON-looking text served as text/plain', '/raw/abc', '{"code":500}', 'text/plain'],
    ['returns the raw text when a JSON content type carries invalid JSON', '/x', 'not json', 'application/json'],
  ])('%s', async (_name, path, body, contentType) => {
    const h = setup();
    h.reply({ body, contentType });
    await expect(h.client.request(path)).resolves.toBe(body);
  });

  it('returns a Blob when asked for one', async () => {
    const h = setup();
    h.reply({ body: 'file bytes', contentType: 'application/octet-stream' });
    const blob = await h.client.request<Blob>('/admin/fs/download', { responseType: 'blob' });
    expect(blob).toBeInstanceOf(Blob);
    expect(blob.size).toBe('file bytes'.length);
  });

  it('uses the error field of a body without message', async () => {
    const h = setup();
    h.reply({ status: 404, body: { error: '文件不存在' } });
    expect((await failure(h.client.request('/office-preview/abc'))).message).toBe('文件不存在');
  });

  it('uses a short plain-text error body as the message', async () => {
    const h = setup();
    h.reply({ status: 410, body: '  分享已过期  ', contentType: 'text/plain' });
    const error = await failure(h.client.request('/raw/abc'));
    expect(error).toMatchObject({ kind: 'http', status: 410, message: '分享已过期' });
  });
});

describe('HttpClient error catalogue (spec §8)', () => {
  const reply401 = (message?: string): Reply => ({
    status: 401,
    statusText: 'Unauthorized',
    body: { code: 401, message, success: false, data: null },
  });

  it('shows the server message for a wrong share password and keeps the admin session', async () => {
    const h = setup({ storage: asAdmin });
    h.reply(reply401('密码不正确'));
    const error = await failure(
      h.client.request('/paste/abc', { method: 'POST', body: { password: 'x' }, errorContext: 'share-password' }),
    );
    expect(error).toMatchObject({ status: 401, message: '密码不正确' });
    expect(window.localStorage.getItem('admin_token')).toBe(ADMIN_TOKEN);
    expect(h.events('admin-token-expired')).toEqual([]);
  });

  it("falls back to 'wrong password' for a share password 401 without message and keeps the API key", async () => {
    const h = setup({ storage: asApiKey });
    h.reply(reply401());
    const error = await failure(
      h.client.request('/public/files/abc/verify', { method: 'POST', body: { password: 'x' }, errorContext: 'share-password' }),
    );
    expect(error.message).toBe('errors.wrongPassword');
    expect(window.localStorage.getItem('api_key')).toBe(API_KEY);
    expect(h.events('api-key-invalid')).toEqual([]);
  });

  it('shows the server message for a change-password 401 and keeps the admin token', async () => {
    const h = setup({ storage: asAdmin });
    h.reply(reply401('当前密码错误'));
    const error = await failure(h.client.request('/admin/change-password', { method: 'POST', body: {}, errorContext: 'change-password' }));
    expect(error.message).toBe('当前密码错误');
    expect(window.localStorage.getItem('admin_token')).toBe(ADMIN_TOKEN);
  });

  it("falls back to 'verification failed' for a change-password 401 without message", async () => {
    const h = setup({ storage: asAdmin });
    h.reply(reply401());
    const error = await failure(h.client.request('/admin/change-password', { method: 'POST', body: {}, errorContext: 'change-password' }));
    expect(error.message).toBe('errors.verificationFailed');
    expect(h.session.snapshot.adminToken).toBe(ADMIN_TOKEN);
  });

  it('clears the admin token, raises admin-token-expired and ignores the server message on a 401 with an admin token', async () => {
    const h = setup({ storage: asAdmin });
    h.reply(reply401('token 无效'));
    const error = await failure(h.client.request('/test/admin-token'));
    expect(error).toMatchObject({ kind: 'http', status: 401, message: 'errors.adminSessionExpired' });
    expect(window.localStorage.getItem('admin_token')).toBeNull();
    expect(h.session.kind).toBe('anonymous');
    expect(h.events('admin-token-expired')).toEqual([{ reason: 'unauthorized' }]);
  });

  it.each(['/s3/presign', '/s3/commit', '/user/files', '/user/files/123', '/url/info', '/url/multipart/init', '/upload-direct/a.bin'])(
    'keeps the api key when %s answers 401 with its own message',
    async (path) => {
      const h = setup({ storage: asApiKey });
      h.reply(reply401('没有文件上传权限'));
      const error = await failure(h.client.request(path, { method: 'POST', body: {} }));
      expect(error).toMatchObject({ status: 401, message: '没有文件上传权限' });
      expect(window.localStorage.getItem('api_key')).toBe(API_KEY);
      expect(window.localStorage.getItem('api_key_permissions')).not.toBeNull();
      expect(h.events('api-key-invalid')).toEqual([]);
    },
  );

  it('clears the API key, its permissions and info and raises api-key-invalid on a 401 elsewhere', async () => {
    const h = setup({ storage: asApiKey });
    h.reply(reply401('API密钥无效'));
    const error = await failure(h.client.request('/user/pastes'));
    expect(error.message).toBe('errors.apiKeyInvalid');
    expect(window.localStorage.getItem('api_key')).toBeNull();
    expect(window.localStorage.getItem('api_key_permissions')).toBeNull();
    expect(window.localStorage.getItem('api_key_info')).toBeNull();
    expect(h.session.kind).toBe('anonymous');
    expect(h.events('api-key-invalid')).toEqual([{ reason: 'unauthorized' }]);
  });

  it("says 'unauthorized' for an anonymous 401, whatever the server says", async () => {
    const h = setup();
    h.reply(reply401('需要认证'));
    const error = await failure(h.client.request('/user/pastes'));
    expect(error.message).toBe('errors.unauthorized');
    expect(h.events('auth-changed')).toEqual([]);
  });

  it('applies the 401 rules to an HTTP 200 envelope with code 401', async () => {
    const h = setup({ storage: asAdmin });
    h.reply({ status: 200, body: { code: 401, message: 'x', success: false } });
    const error = await failure(h.client.request('/admin/dashboard/stats'));
    expect(error).toMatchObject({ kind: 'envelope', status: 401, message: 'errors.adminSessionExpired' });
    expect(h.session.snapshot.adminToken).toBeNull();
  });

  it('shows the server message of a 409', async () => {
    const h = setup();
    h.reply({ status: 409, body: { code: 409, message: '链接后缀 abc 已被占用', success: false } });
    expect((await failure(h.client.request('/paste', { body: { slug: 'abc' } }))).message).toBe('链接后缀 abc 已被占用');
  });

  it("falls back to 'link suffix already taken' for a 409 without message", async () => {
    const h = setup();
    h.reply({ status: 409, body: { code: 409, success: false } });
    expect((await failure(h.client.request('/paste', { body: { slug: 'abc' } }))).message).toBe('errors.slugTaken');
  });

  it('shows the server message of other errors and keeps status, code and message in the error', async () => {
    const h = setup({ storage: asAdmin });
    h.reply({ status: 404, statusText: 'Not Found', body: { code: 404, message: '分享不存在', success: false, data: null } });
    const error = await failure(h.client.request('/paste/missing'));
    expect(error).toMatchObject({ kind: 'http', status: 404, message: '分享不存在' });
    expect(error.details).toMatchObject({ code: 404, serverMessage: '分享不存在', url: `${BASE}/api/paste/missing` });
    expect(h.session.snapshot.adminToken).toBe(ADMIN_TOKEN);
  });

  it("falls back to 'HTTP error {status}: {text}' without a server message", async () => {
    const h = setup();
    h.reply({ status: 502, statusText: 'Bad Gateway', body: '' });
    const error = await failure(h.client.request('/version'));
    expect(error).toMatchObject({ kind: 'http', status: 502 });
    expect(h.translate).toHaveBeenCalledWith('errors.httpError', { status: 502, text: 'Bad Gateway' });
    expect(error.message).toBe('errors.httpError {"status":502,"text":"Bad Gateway"}');
  });

  it('asks for a session re-check on a 403 from an admin route with an admin token and keeps the token', async () => {
    const h = setup({ storage: asAdmin });
    h.reply({ status: 403, statusText: 'Forbidden', body: { code: 403, message: '需要管理员权限', success: false } });
    const error = await failure(h.client.request('/admin/pastes'));
    expect(error).toMatchObject({ status: 403, message: '需要管理员权限' });
    expect(h.onAdminForbidden).toHaveBeenCalledTimes(1);
    expect(window.localStorage.getItem('admin_token')).toBe(ADMIN_TOKEN);
    expect(h.events('admin-token-expired')).toEqual([]);
  });

  it('does not ask for a re-check on a 403 outside the admin routes or without an admin token', async () => {
    const h = setup({ storage: asAdmin });
    h.reply({ status: 403, body: { code: 403, message: 'no', success: false } });
    await failure(h.client.request('/user/fs/list'));
    expect(h.onAdminForbidden).not.toHaveBeenCalled();

    const k = setup({ storage: asApiKey });
    k.reply({ status: 403, body: { code: 403, message: 'no', success: false } });
    await failure(k.client.request('/admin/pastes'));
    expect(k.onAdminForbidden).not.toHaveBeenCalled();
    expect(window.localStorage.getItem('api_key')).toBe(API_KEY);
  });
});

describe('HttpClient transport failures', () => {
  it("fails with kind 'timeout' when the answer takes longer than timeoutMs", async () => {
    const h = setup();
    h.reply(hangUntilAborted);
    const error = await failure(h.client.request('/url/info', { timeoutMs: 20 }));
    expect(error).toMatchObject({ kind: 'timeout', status: 0, message: 'errors.timeout' });
    expect(h.last().signal?.aborted).toBe(true);
  });

  it("fails with kind 'cancelled' and 'request cancelled' when the caller aborts", async () => {
    const h = setup();
    h.reply(hangUntilAborted);
    const controller = new AbortController();
    const pending = failure(h.client.request('/x', { signal: controller.signal }));
    controller.abort();
    const error = await pending;
    expect(error).toMatchObject({ kind: 'cancelled', message: 'errors.cancelled' });
    expect(error.isCancelled).toBe(true);
  });

  it("says 'upload cancelled' or 'download cancelled' when asked to", async () => {
    const h = setup();
    h.reply(hangUntilAborted, hangUntilAborted);
    const upload = new AbortController();
    const uploading = failure(h.client.request('/x', { signal: upload.signal, cancelledAs: 'upload' }));
    upload.abort();
    expect((await uploading).message).toBe('errors.uploadCancelled');
    const download = new AbortController();
    const downloading = failure(h.client.request('/x', { signal: download.signal, cancelledAs: 'download' }));
    download.abort();
    expect((await downloading).message).toBe('errors.downloadCancelled');
  });

  it('is cancelled at once with a signal that is already aborted', async () => {
    const h = setup();
    h.reply(hangUntilAborted);
    const controller = new AbortController();
    controller.abort();
    expect((await failure(h.client.request('/x', { signal: controller.signal }))).kind).toBe('cancelled');
  });

  it("fails with kind 'network' when fetch itself fails", async () => {
    const h = setup({ storage: asAdmin });
    h.reply(async () => {
      throw new TypeError('Failed to fetch');
    });
    const error = await failure(h.client.request('/admin/pastes'));
    expect(error).toMatchObject({ kind: 'network', status: 0, message: 'errors.network' });
    expect(h.session.snapshot.adminToken).toBe(ADMIN_TOKEN);
  });
});
