/** HttpClient's XMLHttpRequest calls: upload (to the API, with progress) and putToStorage (to a bucket). */
import { API_KEY, BASE } from './endpoints/test-harness';
import { asAdmin, asApiKey, failure, settledWithin, setup, xhrSetup } from './http-client-test-setup';

type XhrSetup = ReturnType<typeof xhrSetup>;
import type { ProgressEvent as UploadProgress } from './http-client';

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

  it('settles with a real (jsdom) XMLHttpRequest when the signal is already aborted', async () => {
    const h = setup({ createXhr: () => new XMLHttpRequest() });
    const controller = new AbortController();
    controller.abort();
    const pending = h.client.upload('/x', { body: new FormData(), signal: controller.signal });
    pending.catch(() => undefined);
    expect(await settledWithin(pending, 200)).toBe('rejected');
  });
});

const PRESIGNED = 'https://bucket.s3.test/uploads/a.bin?X-Amz-Signature=abc';

describe('HttpClient.putToStorage (XMLHttpRequest)', () => {
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
});

/** Both XMLHttpRequest calls stop the same way when the caller's signal aborts. */
describe.each([
  { call: 'upload', send: (h: XhrSetup, signal: AbortSignal) => h.client.upload('/x', { body: new FormData(), signal }) },
  { call: 'putToStorage', send: (h: XhrSetup, signal: AbortSignal) => h.client.putToStorage(PRESIGNED, new Blob(['x']), { signal }) },
])('HttpClient.$call cancellation (XMLHttpRequest)', ({ send }) => {
  it("is cancelled with 'upload cancelled' when the caller aborts during the upload", async () => {
    const h = xhrSetup();
    const controller = new AbortController();
    const pending = send(h, controller.signal);
    controller.abort();
    await expect(pending).rejects.toMatchObject({ kind: 'cancelled', message: 'errors.uploadCancelled' });
  });

  it('is cancelled, without sending, when the signal is already aborted', async () => {
    const h = xhrSetup();
    const controller = new AbortController();
    controller.abort();
    const pending = send(h, controller.signal);
    pending.catch(() => undefined);
    expect(h.xhr().sent).toBe(false);
    expect(await settledWithin(pending, 100)).toBe('rejected');
    await expect(pending).rejects.toMatchObject({ kind: 'cancelled' });
  });
});
