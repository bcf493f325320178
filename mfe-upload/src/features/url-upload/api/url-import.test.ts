import { ApiError, UPLOAD_PHASES, type UrlInfo } from '@cloudclip/shared-kernel';
import { deferred } from '@cloudclip/shared-kernel/testing/deferred';
import { emptyDraft, validateUploadOptions } from '../../../lib/upload-options';
import { importFromUrl, type UrlImportDeps } from './url-import';
import type { DownloadOptions } from './download-source';

const PART = 10;
const options = validateUploadOptions({ ...emptyDraft('cfg'), password: 'pw', expiry: '1h', maxViews: '2' }).value!;
const info = (size: number | null): UrlInfo => ({
  url: 'http://127.0.0.1:9/a.bin',
  filename: 'a.bin',
  contentType: 'application/octet-stream',
  size,
  lastModified: null,
  method: 'HEAD',
  corsSupported: false,
});
const translate = (key: string, params?: Record<string, unknown>) => (params ? `${key} ${JSON.stringify(params)}` : key);

function deps(size: number, overrides: Partial<UrlImportDeps> = {}, urlOverrides: Partial<Record<string, jest.Mock>> = {}) {
  const blob = new Blob([new Uint8Array(size)]);
  let inFlight = 0;
  const peak = { value: 0 };
  const urlUpload = {
    proxyUrl: jest.fn((url: string) => `/api/url/proxy?url=${encodeURIComponent(url)}`),
    presign: jest.fn(async () => ({ file_id: 'f-1', upload_url: 'http://s3/put', contentType: 'application/octet-stream', slug: 's1' })),
    commit: jest.fn(async () => ({ id: 'f-1', slug: 's1', filename: 'a.bin', url: '/file/s1' })),
    multipartInit: jest.fn(async (body: { part_count: number; part_size: number; total_size: number }) => ({
      file_id: 'f-2',
      upload_id: 'u-2',
      slug: 's2',
      part_size: body.part_size,
      total_size: body.total_size,
      presigned_urls: Array.from({ length: body.part_count }, (_, index) => ({
        partNumber: index + 1,
        url: `http://s3/part/${index + 1}`,
      })),
    })),
    multipartComplete: jest.fn(async () => ({ file_id: 'f-2', slug: 's2', filename: 'a.bin', url: '/file/s2' })),
    multipartAbort: jest.fn(async () => ({})),
    cancel: jest.fn(async () => ({})),
    ...urlOverrides,
  };
  const value: UrlImportDeps = {
    urlUpload: urlUpload as unknown as UrlImportDeps['urlUpload'],
    putToStorage: jest.fn(async (url: string, body: Blob, o: { onUploadProgress?: (e: { loaded: number; total: number }) => void }) => {
      inFlight += 1;
      peak.value = Math.max(peak.value, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 1));
      o.onUploadProgress?.({ loaded: body.size, total: body.size });
      inFlight -= 1;
      return { status: 200, etag: `etag-${url.split('/').pop()}`, headers: () => null };
    }),
    download: jest.fn(async (_url: string, o: DownloadOptions) => {
      o.onProgress(size / 2, size);
      o.onProgress(size, size);
      return { blob, via: 'direct' as const };
    }),
    translate,
    translateValidation: translate,
    maxUploadMb: 100,
    partSize: PART,
    multipartThreshold: 4 * PART,
    ...overrides,
  };
  return { deps: value, urlUpload, peak };
}

const hooks = () => ({ onPhase: jest.fn(), onProgress: jest.fn(), onMode: jest.fn() });

test('a small source: presign → download (0–49 %) → PUT (50–99 %) → commit with the options', async () => {
  const { deps: d, urlUpload } = deps(20);
  const h = hooks();
  const result = await importFromUrl(d, info(20), options, h, new AbortController().signal);
  expect(urlUpload.presign).toHaveBeenCalledWith(
    expect.objectContaining({ url: 'http://127.0.0.1:9/a.bin', s3_config_id: 'cfg', filename: 'a.bin' }),
  );
  expect(d.putToStorage).toHaveBeenCalledWith(
    'http://s3/put',
    expect.any(Blob),
    expect.objectContaining({ headers: { 'Content-Type': 'application/octet-stream' } }),
  );
  expect(urlUpload.commit).toHaveBeenCalledWith(
    expect.objectContaining({ file_id: 'f-1', etag: 'etag-put', size: '20', password: 'pw', expires_in: '1', max_views: '2' }),
    expect.any(AbortSignal),
  );
  expect(h.onMode).toHaveBeenCalledWith('single');
  const percents = h.onProgress.mock.calls.map(([percent]) => percent);
  expect(percents).toEqual([0, 24, 49, 50, 99]);
  // Every phase, once each, in the order the kernel's list gives (its contents: constants.test.ts).
  expect(h.onPhase.mock.calls.map(([phase]) => phase)).toEqual([...UPLOAD_PHASES]);
  expect(result).toMatchObject({ slug: 's1', path: '/file/s1', size: 20, password: 'pw', mode: 'single', via: 'direct' });
});

test('a large source uses multipart with at most 3 parts in flight and completes with every etag', async () => {
  const { deps: d, urlUpload, peak } = deps(95);
  const h = hooks();
  const result = await importFromUrl(d, info(95), options, h, new AbortController().signal);
  expect(urlUpload.multipartInit).toHaveBeenCalledWith(
    expect.objectContaining({ part_size: PART, total_size: 95, part_count: 10, password: 'pw', expires_in: 1, max_views: 2 }),
  );
  expect(d.putToStorage).toHaveBeenCalledTimes(10);
  expect(peak.value).toBe(3);
  const complete = (urlUpload.multipartComplete.mock.calls as unknown as Array<[unknown]>)[0]![0] as {
    parts: Array<{ partNumber: number; etag: string; size: number }>;
  };
  expect(complete.parts.map((part) => part.partNumber)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  expect(complete.parts[9]).toEqual({ partNumber: 10, etag: 'etag-10', size: 5 });
  expect(h.onProgress.mock.calls.at(-1)?.[0]).toBe(99);
  expect(result).toMatchObject({ slug: 's2', mode: 'multipart' });
});

test('the parallel part count is configurable', async () => {
  const { deps: d, peak } = deps(95, { concurrency: 1 });
  await importFromUrl(d, info(95), options, hooks(), new AbortController().signal);
  expect(peak.value).toBe(1);
});

test('a failed part aborts the multipart upload on the server and names the part', async () => {
  const { deps: d, urlUpload } = deps(95);
  d.putToStorage = jest.fn(async (url: string) => {
    if (url.endsWith('/4')) throw new ApiError('HTTP error 500', 'http', 500);
    return { status: 200, etag: 'e', headers: () => null };
  });
  await expect(importFromUrl(d, info(95), options, hooks(), new AbortController().signal)).rejects.toThrow(
    /errors.partFailed \{"part":4\}: HTTP error 500/,
  );
  expect(urlUpload.multipartAbort).toHaveBeenCalledWith({ file_id: 'f-2', upload_id: 'u-2' });
  expect(urlUpload.multipartComplete).not.toHaveBeenCalled();
});

test('cancel during the download releases the reservation and reports "download cancelled"', async () => {
  const gate = deferred<never>();
  const { deps: d, urlUpload } = deps(20, {
    download: jest.fn(async (_url: string, o: DownloadOptions) => {
      o.signal.addEventListener('abort', () => gate.reject(new ApiError('errors.downloadCancelled', 'cancelled', 0)));
      return gate.promise;
    }),
  });
  const controller = new AbortController();
  const running = importFromUrl(d, info(20), options, hooks(), controller.signal);
  await new Promise((resolve) => setTimeout(resolve, 0));
  controller.abort();
  await expect(running).rejects.toMatchObject({ kind: 'cancelled', message: 'errors.downloadCancelled' });
  expect(urlUpload.cancel).toHaveBeenCalledWith('f-1');
  expect(d.putToStorage).not.toHaveBeenCalled();
});

test('cancel during a multipart upload aborts it on the server', async () => {
  const controller = new AbortController();
  const { deps: d, urlUpload } = deps(95);
  d.putToStorage = jest.fn(
    (_url: string, _body: Blob, o: { signal?: AbortSignal }) =>
      new Promise((_resolve, reject) => {
        o.signal?.addEventListener('abort', () => reject(new ApiError('errors.uploadCancelled', 'cancelled', 0)));
        controller.abort();
      }),
  ) as unknown as UrlImportDeps['putToStorage'];
  await expect(importFromUrl(d, info(95), options, hooks(), controller.signal)).rejects.toMatchObject({
    kind: 'cancelled',
    message: 'errors.uploadCancelled',
  });
  expect(urlUpload.multipartAbort).toHaveBeenCalledWith({ file_id: 'f-2', upload_id: 'u-2' });
});

test('a source announced above the limit is refused before anything is sent', async () => {
  const { deps: d, urlUpload } = deps(20, { maxUploadMb: 1 });
  await expect(importFromUrl(d, info(2 * 1024 * 1024), options, hooks(), new AbortController().signal)).rejects.toThrow(
    /fileTooLarge.*1 MB/,
  );
  expect(urlUpload.presign).not.toHaveBeenCalled();
  expect(urlUpload.multipartInit).not.toHaveBeenCalled();
  expect(d.download).not.toHaveBeenCalled();
});

test('a download bigger than the limit (size unknown beforehand) is cleaned up and refused', async () => {
  const { deps: d, urlUpload } = deps(2 * 1024 * 1024, { maxUploadMb: 1, multipartThreshold: Number.MAX_SAFE_INTEGER });
  await expect(importFromUrl(d, info(null), options, hooks(), new AbortController().signal)).rejects.toThrow(/fileTooLarge/);
  expect(urlUpload.cancel).toHaveBeenCalledWith('f-1');
  expect(d.putToStorage).not.toHaveBeenCalled();
});

test('a failed commit cancels the import on the server', async () => {
  const { deps: d, urlUpload } = deps(
    20,
    {},
    { commit: jest.fn(async () => Promise.reject(new ApiError('Insufficient storage', 'http', 400))) },
  );
  await expect(importFromUrl(d, info(20), options, hooks(), new AbortController().signal)).rejects.toThrow('Insufficient storage');
  expect(urlUpload.cancel).toHaveBeenCalledWith('f-1');
});

test('a cancel while the multipart upload is being initialised aborts it once the id is known', async () => {
  const answer = deferred<unknown>();
  const { deps: d, urlUpload } = deps(95, {}, { multipartInit: jest.fn(() => answer.promise) });
  const controller = new AbortController();
  const running = importFromUrl(d, info(95), options, hooks(), controller.signal);
  controller.abort();
  answer.resolve({ file_id: 'f-9', upload_id: 'u-9', slug: 's', part_size: PART, total_size: 95, presigned_urls: [] });
  await expect(running).rejects.toMatchObject({ kind: 'cancelled' });
  expect(urlUpload.multipartAbort).toHaveBeenCalledWith({ file_id: 'f-9', upload_id: 'u-9' });
  expect(d.download).not.toHaveBeenCalled();
});
