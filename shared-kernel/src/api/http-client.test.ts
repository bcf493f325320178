import { EventBus, type BusEventType } from '../bus/event-bus';
import { SessionStore } from '../session/session-store';
import { createSafeStorage } from '../storage-keys';
import { ApiError, isApiError } from './api-error';
import { XhrDouble } from './endpoints/test-harness';
import { HttpClient, type ProgressEvent as UploadProgress } from './http-client';

const BASE = 'http://api.test';
const ADMIN_TOKEN = 'AdminToken0123456789abcdefghijkl';
const API_KEY = 'Key123456789';

interface Reply {
  status?: number;
  statusText?: string;
  /** Objects are sent as JSON, strings as text/plain unless contentType says otherwise. */
  body?: unknown;
  contentType?: string;
}

interface SentRequest {
  url: string;
  method: string;
  /** Header names are case-insensitive on the wire: read through a real Headers object, as fetch would send them. */
  headers: Headers;
  rawHeaders: Record<string, string>;
  body: unknown;
  signal: AbortSignal | undefined;
}

type Responder = (request: SentRequest) => Promise<Response>;

function fakeResponse(reply: Reply): Response {
  const body = reply.body;
  const text = typeof body === 'string' ? body : body === undefined ? '' : JSON.stringify(body);
  const contentType = reply.contentType ?? (typeof body === 'string' ? 'text/plain; charset=utf-8' : 'application/json; charset=utf-8');
  const status = reply.status ?? 200;
  return {
    status,
    statusText: reply.statusText ?? '',
    ok: status >= 200 && status < 300,
    headers: { get: (name: string) => (name.toLowerCase() === 'content-type' ? contentType : null) },
    text: async () => text,
    blob: async () => new Blob([text], { type: contentType }),
  } as unknown as Response;
}

/** Resolves never, rejects with an AbortError when the request's signal aborts (like fetch). */
const hangUntilAborted: Responder = (request) =>
  new Promise((_resolve, reject) => {
    const fail = () => reject(new DOMException('The operation was aborted.', 'AbortError'));
    if (request.signal?.aborted) fail();
    else request.signal?.addEventListener('abort', fail);
  });

interface Setup {
  client: HttpClient;
  session: SessionStore;
  bus: EventBus;
  requests: SentRequest[];
  reply: (...replies: (Reply | Responder)[]) => void;
  last: () => SentRequest;
  events: (type: BusEventType) => unknown[];
  onAdminForbidden: jest.Mock;
  translate: jest.Mock;
  language: { value: string };
}

/**
 * A real HttpClient over a real SessionStore (window.localStorage) and EventBus, with a scripted fetch.
 * `storage` is written before the session is created, so it is what a page restores at start-up.
 */
function setup(options: { storage?: Record<string, string>; createXhr?: () => XMLHttpRequest } = {}): Setup {
  window.localStorage.clear();
  for (const [key, value] of Object.entries(options.storage ?? {})) window.localStorage.setItem(key, value);
  const bus = new EventBus();
  const session = new SessionStore(createSafeStorage(window.localStorage), bus);
  const requests: SentRequest[] = [];
  const queue: (Reply | Responder)[] = [];
  const language = { value: 'en-US' };
  const translate = jest.fn((key: string, params?: Record<string, unknown>) => (params ? `${key} ${JSON.stringify(params)}` : key));
  const onAdminForbidden = jest.fn();
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const rawHeaders = { ...((init?.headers ?? {}) as Record<string, string>) };
    const request: SentRequest = {
      url: String(input),
      method: init?.method ?? 'GET',
      headers: new Headers(rawHeaders),
      rawHeaders,
      body: init?.body,
      signal: init?.signal ?? undefined,
    };
    requests.push(request);
    const next = queue.shift() ?? { body: { code: 200, message: 'ok', success: true } };
    return typeof next === 'function' ? next(request) : fakeResponse(next);
  }) as typeof fetch;
  const recorded = new Map<BusEventType, unknown[]>();
  bus.events$.subscribe((message) => {
    const list = recorded.get(message.type) ?? [];
    list.push(message.payload);
    recorded.set(message.type, list);
  });
  const client = new HttpClient({
    getBaseUrl: () => BASE,
    session,
    translate,
    getLanguage: () => language.value,
    onAdminForbidden,
    fetchImpl,
    createXhr: options.createXhr,
  });
  return {
    client,
    session,
    bus,
    requests,
    reply: (...replies) => void queue.push(...replies),
    last: () => {
      const request = requests[requests.length - 1];
      if (!request) throw new Error('no request was sent');
      return request;
    },
    events: (type) => recorded.get(type) ?? [],
    onAdminForbidden,
    translate,
    language,
  };
}

const asAdmin = { admin_token: ADMIN_TOKEN };
const asApiKey = {
  api_key: API_KEY,
  api_key_permissions: JSON.stringify({ text: true, file: true, mount: false }),
  api_key_info: JSON.stringify({ id: 'key-1', name: 'ci', basic_path: '/' }),
};

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (isApiError(error)) return error;
    throw new Error(`expected an ApiError, got ${String(error)}`);
  }
  throw new Error('expected the call to fail');
}

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

/**
 * A scripted XMLHttpRequest. Like the real one (XHR standard, abort() steps), abort() only fires
 * `abort` when the request was actually sent.
 */
class ControlledXhr extends XhrDouble {
  static instances: ControlledXhr[] = [];
  sent = false;

  constructor() {
    super();
    ControlledXhr.instances.push(this);
  }

  send(body: unknown): void {
    this.sent = true;
    this.sentBody = body;
  }
  abort(): void {
    if (this.sent) this.onabort?.();
  }

  progress(loaded: number, total: number, lengthComputable = true): void {
    this.upload.onprogress?.({ loaded, total, lengthComputable });
  }
  respond(status: number, body: unknown, headers: Record<string, string> = {}, statusText = ''): void {
    if (typeof body === 'string') this.answer(status, statusText, body, headers);
    else this.answer(status, statusText, JSON.stringify(body), { 'content-type': 'application/json; charset=utf-8', ...headers });
  }
}

function xhrSetup(storage: Record<string, string> = {}) {
  ControlledXhr.instances = [];
  const h = setup({ storage, createXhr: () => new ControlledXhr() as unknown as XMLHttpRequest });
  const xhr = () => {
    const instance = ControlledXhr.instances[ControlledXhr.instances.length - 1];
    if (!instance) throw new Error('no XHR was created');
    return instance;
  };
  return { ...h, xhr };
}

/** Settles with the outcome, or 'pending' when the promise is still open after `ms`. */
function settledWithin(promise: Promise<unknown>, ms: number): Promise<'resolved' | 'rejected' | 'pending'> {
  return Promise.race([
    promise.then(
      () => 'resolved' as const,
      () => 'rejected' as const,
    ),
    new Promise<'pending'>((resolve) => setTimeout(() => resolve('pending'), ms)),
  ]);
}

describe('HttpClient.upload (XMLHttpRequest)', () => {
  it('POSTs the FormData untouched to the API address with credential and language but no content type', async () => {
    const h = xhrSetup(asApiKey);
    const form = new FormData();
    form.append('path', '/docs');
    const pending = h.client.upload('/user/fs/upload', { body: form, query: { use_multipart: false } });
    const xhr = h.xhr();
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe(`${BASE}/api/user/fs/upload?use_multipart=false`);
    expect(xhr.sentBody).toBe(form);
    expect(xhr.requestHeaders.Authorization).toBe(`ApiKey ${API_KEY}`);
    expect(xhr.requestHeaders['Accept-Language']).toBe('en-US');
    expect(Object.keys(xhr.requestHeaders).map((name) => name.toLowerCase())).not.toContain('content-type');
    xhr.respond(200, { code: 200, message: 'ok', success: true, data: { path: '/docs/a.txt' } });
    await expect(pending).resolves.toEqual({ code: 200, message: 'ok', success: true, data: { path: '/docs/a.txt' } });
  });

  it('serialises a JSON body with a JSON content type and honours the method', async () => {
    const h = xhrSetup();
    const pending = h.client.upload('/x', { method: 'PUT', body: { a: 1 } });
    expect(h.xhr().method).toBe('PUT');
    expect(h.xhr().sentBody).toBe('{"a":1}');
    expect(h.xhr().requestHeaders['Content-Type']).toBe('application/json');
    h.xhr().respond(200, { code: 200, success: true });
    await pending;
  });

  it('reports upload progress as percentages, or null when the total is unknown', async () => {
    const h = xhrSetup();
    const events: UploadProgress[] = [];
    const pending = h.client.upload('/upload-direct/a.bin', {
      method: 'PUT',
      body: new Blob(['x']),
      onUploadProgress: (event) => events.push(event),
    });
    h.xhr().progress(25, 200);
    h.xhr().progress(200, 200);
    h.xhr().progress(10, 0, false);
    h.xhr().respond(200, { code: 200, success: true, data: {} });
    await pending;
    expect(events).toEqual([
      { loaded: 25, total: 200, percent: 13 },
      { loaded: 200, total: 200, percent: 100 },
      { loaded: 10, total: 0, percent: null },
    ]);
  });

  it('applies the envelope rule to the answer', async () => {
    const h = xhrSetup();
    const pending = h.client.upload('/x', { body: new FormData() });
    h.xhr().respond(200, { code: 500, message: '存储空间不足', success: false });
    await expect(pending).rejects.toMatchObject({ kind: 'envelope', status: 500, message: '存储空间不足' });
  });

  it('keeps the api key when an upload answers 401 with its own message', async () => {
    const h = xhrSetup(asApiKey);
    const pending = h.client.upload('/upload-direct/a.bin', { method: 'PUT', body: new Blob(['x']) });
    h.xhr().respond(401, { code: 401, message: '没有文件权限', success: false });
    await expect(pending).rejects.toMatchObject({ status: 401, message: '没有文件权限' });
    expect(window.localStorage.getItem('api_key')).toBe(API_KEY);
    expect(h.events('api-key-invalid')).toEqual([]);
  });

  it('clears the admin token when an upload answers 401 with an admin token', async () => {
    const h = xhrSetup(asAdmin);
    const pending = h.client.upload('/admin/fs/upload', { body: new FormData() });
    h.xhr().respond(401, { code: 401, message: 'x', success: false });
    await expect(pending).rejects.toMatchObject({ status: 401, message: 'errors.adminSessionExpired' });
    expect(window.localStorage.getItem('admin_token')).toBeNull();
    expect(h.events('admin-token-expired')).toHaveLength(1);
  });

  it("fails with kind 'timeout' after the XHR timeout", async () => {
    const h = xhrSetup();
    const pending = h.client.upload('/x', { body: new FormData(), timeoutMs: 300000 });
    expect(h.xhr().timeout).toBe(300000);
    h.xhr().ontimeout?.();
    await expect(pending).rejects.toMatchObject({ kind: 'timeout', message: 'errors.timeout' });
  });

  it("fails with kind 'network' on an XHR error", async () => {
    const h = xhrSetup();
    const pending = h.client.upload('/x', { body: new FormData() });
    h.xhr().onerror?.();
    await expect(pending).rejects.toMatchObject({ kind: 'network', message: 'errors.network' });
  });

  it("is cancelled with 'upload cancelled' when the caller aborts during the upload", async () => {
    const h = xhrSetup();
    const controller = new AbortController();
    const pending = h.client.upload('/x', { body: new FormData(), signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ kind: 'cancelled', message: 'errors.uploadCancelled' });
  });

  it('is cancelled, without sending, when the signal is already aborted', async () => {
    const h = xhrSetup();
    const controller = new AbortController();
    controller.abort();
    const pending = h.client.upload('/x', { body: new FormData(), signal: controller.signal });
    expect(h.xhr().sent).toBe(false);
    expect(await settledWithin(pending, 100)).toBe('rejected');
    await expect(pending).rejects.toMatchObject({ kind: 'cancelled' });
  });

  it('settles with a real (jsdom) XMLHttpRequest when the signal is already aborted', async () => {
    const h = setup({ createXhr: () => new XMLHttpRequest() });
    const controller = new AbortController();
    controller.abort();
    const pending = h.client.upload('/x', { body: new FormData(), signal: controller.signal });
    pending.catch(() => undefined);
    expect(await settledWithin(pending, 200)).toBe('rejected');
  });
});

describe('HttpClient.putToStorage (XMLHttpRequest)', () => {
  const PRESIGNED = 'https://bucket.s3.test/uploads/a.bin?X-Amz-Signature=abc';

  it('PUTs the bytes to the storage URL as given, with only the given headers and no credential', async () => {
    const h = xhrSetup(asAdmin);
    const blob = new Blob(['hello']);
    const pending = h.client.putToStorage(PRESIGNED, blob, { headers: { 'Content-Type': 'text/plain' } });
    const xhr = h.xhr();
    expect(xhr.method).toBe('PUT');
    expect(xhr.url).toBe(PRESIGNED);
    expect(xhr.sentBody).toBe(blob);
    expect(xhr.requestHeaders).toEqual({ 'Content-Type': 'text/plain' });
    xhr.respond(200, '', { ETag: '"9a0364b9e99bb480dd25e1f0284c8555"' });
    await expect(pending).resolves.toMatchObject({ status: 200, etag: '9a0364b9e99bb480dd25e1f0284c8555' });
  });

  it('strips a weak ETag prefix, and gives null without an ETag', async () => {
    const h = xhrSetup();
    const weak = h.client.putToStorage(PRESIGNED, new Blob(['x']));
    h.xhr().respond(200, '', { ETag: 'W/"abc"' });
    expect((await weak).etag).toBe('abc');
    const none = h.client.putToStorage(PRESIGNED, new Blob(['x']));
    h.xhr().respond(204, '');
    expect((await none).etag).toBeNull();
  });

  it('exposes the response headers', async () => {
    const h = xhrSetup();
    const pending = h.client.putToStorage(PRESIGNED, new ArrayBuffer(4));
    h.xhr().respond(200, '', { 'x-amz-version-id': 'v1' });
    expect((await pending).headers('x-amz-version-id')).toBe('v1');
  });

  it('reports progress as percentages', async () => {
    const h = xhrSetup();
    const percents: (number | null)[] = [];
    const pending = h.client.putToStorage(PRESIGNED, new Blob(['x']), { onUploadProgress: (event) => percents.push(event.percent) });
    h.xhr().progress(1, 3);
    h.xhr().progress(3, 3);
    h.xhr().respond(200, '');
    await pending;
    expect(percents).toEqual([33, 100]);
  });

  it('fails with the HTTP status on a non-2xx answer', async () => {
    const h = xhrSetup();
    const pending = h.client.putToStorage(PRESIGNED, new Blob(['x']));
    h.xhr().respond(403, '<Error><Code>SignatureDoesNotMatch</Code></Error>', {}, 'Forbidden');
    const error = await failure(pending);
    expect(error).toMatchObject({ kind: 'http', status: 403 });
    expect(h.translate).toHaveBeenCalledWith('errors.httpError', { status: 403, text: 'Forbidden' });
  });

  it("fails with kind 'timeout' or 'network'", async () => {
    const h = xhrSetup();
    const slow = h.client.putToStorage(PRESIGNED, new Blob(['x']), { timeoutMs: 5000 });
    expect(h.xhr().timeout).toBe(5000);
    h.xhr().ontimeout?.();
    await expect(slow).rejects.toMatchObject({ kind: 'timeout' });
    const broken = h.client.putToStorage(PRESIGNED, new Blob(['x']));
    h.xhr().onerror?.();
    await expect(broken).rejects.toMatchObject({ kind: 'network' });
  });

  it("is cancelled with 'upload cancelled' when the caller aborts", async () => {
    const h = xhrSetup();
    const controller = new AbortController();
    const pending = h.client.putToStorage(PRESIGNED, new Blob(['x']), { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ kind: 'cancelled', message: 'errors.uploadCancelled' });
  });

  it('is cancelled, without sending, when the signal is already aborted', async () => {
    const h = xhrSetup();
    const controller = new AbortController();
    controller.abort();
    const pending = h.client.putToStorage(PRESIGNED, new Blob(['x']), { signal: controller.signal });
    pending.catch(() => undefined);
    expect(h.xhr().sent).toBe(false);
    expect(await settledWithin(pending, 100)).toBe('rejected');
  });
});
