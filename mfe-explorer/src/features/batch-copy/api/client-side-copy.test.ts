import { ApiError, type FsBatchCopyCrossStorageResult } from '@cloudclip/shared-kernel';
import { copyTasksOf, runClientSideCopy, type ClientCopyDeps } from './client-side-copy';

const t = (key: string) => key;

function crossResult(): FsBatchCopyCrossStorageResult {
  return {
    crossStorage: true,
    requiresClientSideCopy: true,
    standardCopyResults: { success: 0, skipped: 0, failed: 0 },
    failed: [],
    details: [],
    crossStorageResults: [
      {
        crossStorage: true,
        isDirectory: false,
        sourcePath: '/a/x.txt',
        targetPath: '/b/x.txt',
        sourceMount: 'ma',
        targetMount: 'mb',
        sourceS3Path: 'x.txt',
        targetS3Path: 'x.txt',
        fileName: 'x.txt',
        targetFileName: 'x.txt',
        contentType: 'text/plain',
        downloadUrl: 'http://a/x',
        uploadUrl: 'http://b/x',
        message: '',
      },
      {
        crossStorage: true,
        isDirectory: true,
        sourcePath: '/a/dir/',
        targetPath: '/b/dir/',
        sourceMount: 'ma',
        targetMount: 'mb',
        message: '',
        items: [
          {
            sourceKey: 'dir/1.png',
            targetKey: 'dir/1.png',
            fileName: '1.png',
            relativeDir: '',
            contentType: 'image/png',
            size: 3,
            downloadUrl: 'http://a/1',
            uploadUrl: 'http://b/1',
          },
          {
            sourceKey: 'dir/2.png',
            targetKey: 'dir/2.png',
            fileName: '2.png',
            relativeDir: '',
            contentType: 'image/png',
            size: 3,
            downloadUrl: 'http://a/2',
            uploadUrl: 'http://b/2',
          },
        ],
      },
    ],
  };
}

function deps(options: { failDownload?: (url: string) => boolean; onPut?: (url: string) => void } = {}) {
  const request = jest.fn(async (url: string, _options?: unknown) => {
    if (options.failDownload?.(url)) throw new ApiError('HTTP error 403: Forbidden', 'http', 403);
    return new Blob(['abc']);
  });
  const putToStorage = jest.fn(async (url: string, _body?: unknown, _options?: unknown) => {
    options.onPut?.(url);
    return { status: 200, etag: `etag-${url}`, headers: () => null };
  });
  const batchCopyCommit = jest.fn(async (body: { files: Array<{ targetPath: string; s3Path: string }> }) => ({
    success: body.files.map((file) => ({ targetPath: file.targetPath, fileName: file.targetPath })),
    failed: [],
  }));
  const value = { fs: { batchCopyCommit }, http: { request, putToStorage }, t } as unknown as ClientCopyDeps;
  return { value, request, putToStorage, batchCopyCommit };
}

test('flattens single files and the direct files of folders with the legacy commit mapping', () => {
  expect(copyTasksOf(crossResult()).map((task) => [task.name, task.targetPath, task.s3Path, task.targetMountId])).toEqual([
    ['x.txt', '/b/x.txt', 'x.txt', 'mb'],
    ['1.png', 'dir/1.png', 'dir/1.png', 'mb'],
    ['2.png', 'dir/2.png', 'dir/2.png', 'mb'],
  ]);
});

test('downloads each file, uploads it with its content type, then commits once per target mount', async () => {
  const { value, request, putToStorage, batchCopyCommit } = deps();
  const progress: number[] = [];
  const result = await runClientSideCopy(value, crossResult(), {
    signal: new AbortController().signal,
    onProgress: (p) => progress.push(p.percent),
  });
  expect(result).toEqual({ copied: 3, failed: [] });
  expect(request.mock.calls.map(([url]) => url)).toEqual(['http://a/x', 'http://a/1', 'http://a/2']);
  expect(request.mock.calls[0]![1]).toMatchObject({ responseType: 'blob', auth: false });
  expect(
    putToStorage.mock.calls.map(([url, , opts]) => [url, (opts as { headers: Record<string, string> }).headers['Content-Type']]),
  ).toEqual([
    ['http://b/x', 'text/plain'],
    ['http://b/1', 'image/png'],
    ['http://b/2', 'image/png'],
  ]);
  expect(batchCopyCommit).toHaveBeenCalledTimes(1);
  expect(batchCopyCommit.mock.calls[0]![0]).toEqual({
    targetMountId: 'mb',
    files: [
      { targetPath: '/b/x.txt', s3Path: 'x.txt', contentType: 'text/plain', fileSize: 3, etag: 'etag-http://b/x' },
      { targetPath: 'dir/1.png', s3Path: 'dir/1.png', contentType: 'image/png', fileSize: 3, etag: 'etag-http://b/1' },
      { targetPath: 'dir/2.png', s3Path: 'dir/2.png', contentType: 'image/png', fileSize: 3, etag: 'etag-http://b/2' },
    ],
  });
  expect(progress[progress.length - 1]).toBe(100);
});

test('keeps going after a failed file and commits only the copied ones', async () => {
  const { value, batchCopyCommit } = deps({ failDownload: (url) => url === 'http://a/1' });
  const result = await runClientSideCopy(value, crossResult(), { signal: new AbortController().signal });
  expect(result.copied).toBe(2);
  expect(result.failed).toEqual([{ name: '1.png', error: 'HTTP error 403: Forbidden' }]);
  expect(batchCopyCommit.mock.calls[0]![0].files.map((file: { s3Path: string }) => file.s3Path)).toEqual(['x.txt', 'dir/2.png']);
});

test("says 'no files found to copy' when the answer holds no file", async () => {
  const { value, request, batchCopyCommit } = deps();
  const empty = {
    ...crossResult(),
    crossStorageResults: [{ ...crossResult().crossStorageResults[1]!, items: [] }],
  } as FsBatchCopyCrossStorageResult;
  await expect(runClientSideCopy(value, empty, { signal: new AbortController().signal })).rejects.toThrow('common:errors.noFilesToCopy');
  expect(request).not.toHaveBeenCalled();
  expect(batchCopyCommit).not.toHaveBeenCalled();
});

test("says 'no files copied successfully' when every file fails, without committing", async () => {
  const { value, batchCopyCommit } = deps({ failDownload: () => true });
  await expect(runClientSideCopy(value, crossResult(), { signal: new AbortController().signal })).rejects.toThrow(
    'common:errors.noFilesCopied',
  );
  expect(batchCopyCommit).not.toHaveBeenCalled();
});

test('cancel stops before the next file, commits what was copied and reports the copy as cancelled', async () => {
  const controller = new AbortController();
  const { value, request, batchCopyCommit } = deps({ onPut: (url) => url === 'http://b/x' && controller.abort() });
  await expect(runClientSideCopy(value, crossResult(), { signal: controller.signal })).rejects.toMatchObject({
    kind: 'cancelled',
    message: 'common:errors.copyCancelled',
  });
  expect(request).toHaveBeenCalledTimes(1);
  expect(batchCopyCommit.mock.calls[0]![0].files).toHaveLength(1);
});
