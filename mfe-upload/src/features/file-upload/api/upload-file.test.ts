import { ApiError } from '@cloudclip/shared-kernel';
import { deferred } from '@cloudclip/shared-kernel/testing/deferred';
import { emptyDraft, validateUploadOptions } from '../../../lib/upload-options';
import { uploadFile, type FileUploadDeps, type FilesEdge } from './upload-file';

const translate = (key: string) => ({ 'errors.timeout': 'request timed out', 'errors.uploadCancelled': 'upload cancelled' })[key] ?? key;
const options = (change: Partial<ReturnType<typeof emptyDraft>> = {}) => validateUploadOptions({ ...emptyDraft('cfg'), ...change }).value!;
const file = new File(['hello world'], 'hello.txt', { type: 'text/plain' });
const presigned = {
  file_id: 'f-1',
  upload_url: '/api/storage/local/cfg/x',
  storage_path: 'x',
  s3_url: 's3',
  slug: 'abc123',
  provider_type: 'Local',
  contentType: 'text/plain',
};

function edge(overrides: Partial<Record<keyof FilesEdge, jest.Mock>> = {}) {
  const files = {
    presign: jest.fn(async () => presigned),
    putToStorage: jest.fn(
      async (_p: unknown, _b: unknown, o: { onUploadProgress?: (e: { loaded: number; total: number; percent: number }) => void }) => {
        o.onUploadProgress?.({ loaded: 5, total: 11, percent: 45 });
        return { status: 200, etag: 'etag-1', headers: () => null };
      },
    ),
    commit: jest.fn(async () => ({ id: 'f-1', slug: 'abc123', filename: 'hello.txt', url: '/file/abc123' })),
    removePending: jest.fn(async () => undefined),
    ...overrides,
  };
  return files;
}

const hooks = () => ({ onPhase: jest.fn(), onProgress: jest.fn() });

/**
 * Uploads `file` through a mocked edge: admin scope, the options of an empty draft, fresh hooks and
 * a signal nobody aborts, unless the test passes its own.
 */
function upload(
  files: ReturnType<typeof edge>,
  deps: Partial<Omit<FileUploadDeps, 'files'>> = {},
  { signal = new AbortController().signal, h = hooks(), draft = options() } = {},
) {
  return uploadFile({ files: files as unknown as FilesEdge, scope: 'admin', translate, ...deps }, file, draft, h, signal);
}

/** A request that never answers until its signal aborts, then fails with `error`. */
function untilAborted(signal: AbortSignal, error: ApiError): Promise<never> {
  return new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(error)));
}

test('presigns with the size, PUTs with progress, commits with the options; phases in order', async () => {
  const files = edge();
  const h = hooks();
  const result = await upload(
    files,
    {},
    { h, draft: options({ slug: 'my-link', path: 'docs', remark: 'r', password: 'pw', expiry: '1d', maxViews: '3' }) },
  );
  expect(files.presign).toHaveBeenCalledWith(
    expect.objectContaining({ s3_config_id: 'cfg', filename: 'hello.txt', size: 11, slug: 'my-link', path: 'docs' }),
    expect.any(AbortSignal),
  );
  expect(files.putToStorage).toHaveBeenCalledWith(presigned, file, expect.objectContaining({ signal: expect.any(AbortSignal) }));
  expect(files.commit).toHaveBeenCalledWith(
    { file_id: 'f-1', etag: 'etag-1', size: '11', remark: 'r', password: 'pw', expires_in: '24', max_views: '3' },
    expect.any(AbortSignal),
  );
  expect(h.onPhase.mock.calls.map(([phase]) => phase)).toEqual(['initializing', 'starting', 'uploading', 'finalizing', 'completed']);
  expect(h.onProgress).toHaveBeenCalledWith(5, 11);
  expect(result).toEqual({ id: 'f-1', slug: 'abc123', filename: 'hello.txt', size: 11, path: '/file/abc123', password: 'pw' });
  expect(files.removePending).not.toHaveBeenCalled();
});

test.each([
  {
    name: 'a failed PUT deletes the half-created record with the admin delete for admins',
    step: 'putToStorage',
    error: new ApiError('HTTP error 500', 'http', 500),
    scope: 'admin',
    commits: 0,
  },
  {
    name: 'a failed commit deletes the record with the user delete for key holders',
    step: 'commit',
    error: new ApiError('quota', 'http', 400),
    scope: 'user',
    commits: 1,
  },
] as const)('$name', async ({ step, error, scope, commits }) => {
  const files = edge({ [step]: jest.fn(async () => Promise.reject(error)) });
  await expect(upload(files, { scope })).rejects.toThrow(error.message);
  expect(files.removePending).toHaveBeenCalledWith('f-1', scope);
  expect(files.commit).toHaveBeenCalledTimes(commits);
});

test('a refused presign (size, quota, slug) leaves nothing to clean up', async () => {
  const files = edge({
    presign: jest.fn(async () =>
      Promise.reject(new ApiError('Insufficient storage: the file is 2 MB, 1 MB remaining, capacity 1 MB', 'http', 400)),
    ),
  });
  await expect(upload(files)).rejects.toThrow('Insufficient storage: the file is 2 MB, 1 MB remaining, capacity 1 MB');
  expect(files.removePending).not.toHaveBeenCalled();
  expect(files.putToStorage).not.toHaveBeenCalled();
});

test('cancel during the PUT aborts it, deletes the record and reports "upload cancelled"', async () => {
  const put = deferred<never>();
  const files = edge({
    putToStorage: jest.fn(async (_p: unknown, _b: unknown, o: { signal: AbortSignal }) => {
      o.signal.addEventListener('abort', () => put.reject(new ApiError('upload cancelled', 'cancelled', 0)));
      return put.promise;
    }),
  });
  const controller = new AbortController();
  const h = hooks();
  const running = upload(files, {}, { h, signal: controller.signal });
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(h.onPhase).toHaveBeenLastCalledWith('uploading');
  controller.abort();
  await expect(running).rejects.toMatchObject({ kind: 'cancelled', message: 'upload cancelled' });
  expect(files.removePending).toHaveBeenCalledWith('f-1', 'admin');
  expect(files.commit).not.toHaveBeenCalled();
});

test('a PUT that stops sending is ended with the timeout message and cleaned up', async () => {
  const files = edge({
    putToStorage: jest.fn((_p: unknown, _b: unknown, o: { signal: AbortSignal }) =>
      untilAborted(o.signal, new ApiError('upload cancelled', 'cancelled', 0)),
    ),
  });
  await expect(upload(files, { scope: 'user', stallTimeoutMs: 20 })).rejects.toMatchObject({
    kind: 'timeout',
    message: 'request timed out',
  });
  expect(files.removePending).toHaveBeenCalledWith('f-1', 'user');
});

test('a presign that does not answer times out', async () => {
  const files = edge({
    presign: jest.fn((_body: unknown, signal: AbortSignal) => untilAborted(signal, new ApiError('cancelled', 'cancelled', 0))),
  });
  await expect(upload(files, { requestTimeoutMs: 20 })).rejects.toMatchObject({ kind: 'timeout' });
});

test('a cleanup failure does not hide the original error', async () => {
  const files = edge({
    putToStorage: jest.fn(async () => Promise.reject(new ApiError('Network error', 'network', 0))),
    removePending: jest.fn(async () => Promise.reject(new Error('delete failed'))),
  });
  await expect(upload(files)).rejects.toMatchObject({
    kind: 'network',
  });
});

test('a cancel while presign is in flight still removes the record once presign answers', async () => {
  const answer = deferred<typeof presigned>();
  const files = edge({ presign: jest.fn(() => answer.promise) });
  const controller = new AbortController();
  const running = upload(files, {}, { signal: controller.signal });
  controller.abort();
  answer.resolve(presigned);
  await expect(running).rejects.toMatchObject({ kind: 'cancelled' });
  expect(files.removePending).toHaveBeenCalledWith('f-1', 'admin');
  expect(files.putToStorage).not.toHaveBeenCalled();
});

test('a presign refused without a reason says that the presigned URL could not be had', async () => {
  const files = edge({ presign: jest.fn(async () => Promise.reject(new ApiError('HTTP error 502: Bad Gateway', 'http', 502))) });
  const t = (key: string) => (key === 'errors.presignFailed' ? 'Failed to get the presigned URL' : translate(key));
  await expect(upload(files, { translate: t })).rejects.toThrow('Failed to get the presigned URL: HTTP error 502: Bad Gateway');
});
