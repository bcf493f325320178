import { downloadSource, type DownloadOptions } from './download-source';

const translate = (key: string, params?: Record<string, unknown>) => (params ? `${key} ${JSON.stringify(params)}` : key);

function response(body: string, init: { status?: number; length?: boolean } = {}) {
  const bytes = Uint8Array.from(Buffer.from(body));
  let sent = false;
  return {
    ok: (init.status ?? 200) < 300,
    status: init.status ?? 200,
    statusText: '',
    headers: {
      get: (name: string) =>
        name === 'content-length' && init.length !== false ? String(bytes.length) : name === 'content-type' ? 'text/plain' : null,
    },
    body: {
      getReader: () => ({
        read: async () => {
          if (sent) return { done: true, value: undefined };
          sent = true;
          return { done: false, value: bytes };
        },
      }),
    },
  } as unknown as Response;
}

const base = (fetchImpl: jest.Mock, extra: Partial<DownloadOptions> = {}): DownloadOptions => ({
  proxyUrl: '/api/url/proxy?url=x',
  signal: new AbortController().signal,
  expectedSize: null,
  onProgress: jest.fn(),
  translate,
  fetchImpl: fetchImpl as unknown as typeof fetch,
  ...extra,
});

test('downloads directly with progress when the source allows it', async () => {
  const fetchImpl = jest.fn(async () => response('hello'));
  const options = base(fetchImpl);
  const result = await downloadSource('http://src/a.txt', options);
  expect(result.via).toBe('direct');
  expect(result.blob.size).toBe(5);
  expect(result.blob.type).toBe('text/plain');
  expect(options.onProgress).toHaveBeenLastCalledWith(5, 5);
  expect(fetchImpl).toHaveBeenCalledTimes(1);
});

test('falls back to the server proxy when the browser may not read the source (CORS)', async () => {
  const fetchImpl = jest.fn(async (url: string) => {
    if (url.startsWith('http://src')) throw new TypeError('Failed to fetch');
    return response('via proxy', { length: false });
  });
  const options = base(fetchImpl, { expectedSize: 9 });
  const result = await downloadSource('http://src/a.txt', options);
  expect(result.via).toBe('proxy');
  expect(fetchImpl).toHaveBeenLastCalledWith('/api/url/proxy?url=x', expect.anything());
  expect(options.onProgress).toHaveBeenLastCalledWith(9, 9);
});

test('an HTTP error of the source is reported, not retried through the proxy', async () => {
  const fetchImpl = jest.fn(async () => response('nope', { status: 404 }));
  await expect(downloadSource('http://src/a.txt', base(fetchImpl))).rejects.toMatchObject({ kind: 'http', status: 404 });
  expect(fetchImpl).toHaveBeenCalledTimes(1);
});

test('cancel gives "download cancelled" without trying the proxy', async () => {
  const controller = new AbortController();
  const fetchImpl = jest.fn(async () => {
    controller.abort();
    throw new DOMException('aborted', 'AbortError');
  });
  await expect(downloadSource('http://src/a.txt', base(fetchImpl, { signal: controller.signal }))).rejects.toMatchObject({
    kind: 'cancelled',
    message: 'errors.downloadCancelled',
  });
  expect(fetchImpl).toHaveBeenCalledTimes(1);
});
