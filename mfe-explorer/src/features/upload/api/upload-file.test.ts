import type { FsApi } from '../../../lib/fs-api';
import { ApiError } from '@cloudclip/shared-kernel';
import { planParts } from '../utils/multipart-plan';
import { uploadFile, uploadMultipart, type UploadContext } from './upload-file';

const t = (key: string, params?: Record<string, unknown>) => (params ? `${key} ${JSON.stringify(params)}` : key);
const MiB = 1024 * 1024;

function fakeFs(overrides: Partial<Record<keyof FsApi, jest.Mock>> = {}) {
  const fs = {
    multipartInit: jest.fn(async () => ({
      uploadId: 'u1',
      key: 'dir/big.bin',
      bucket: 'b',
      mount_id: 'm',
      path: '/m/dir/',
      storage_type: 'S3',
      recommendedPartSize: 5 * MiB,
    })),
    multipartPart: jest.fn(async (query: { partNumber: number }) => ({ partNumber: query.partNumber, etag: `"e${query.partNumber}"` })),
    multipartComplete: jest.fn(async () => ({ success: true, path: '/m/dir/big.bin', etag: 'x', location: '', fileId: 'f', s3Url: '' })),
    multipartAbort: jest.fn(async () => ({ success: true, message: 'aborted' })),
    presign: jest.fn(),
    presignCommit: jest.fn(),
    upload: jest.fn(),
    ...overrides,
  };
  return fs as unknown as FsApi & typeof fs;
}

function context(fs: FsApi, put = jest.fn()): UploadContext {
  return { fs, http: { putToStorage: put }, t };
}

describe('multipart part planning', () => {
  test('splits into 5 MiB parts with a shorter last part', () => {
    const parts = planParts(12 * MiB);
    expect(parts.map((part) => [part.partNumber, part.end - part.start, part.isLastPart])).toEqual([
      [1, 5 * MiB, false],
      [2, 5 * MiB, false],
      [3, 2 * MiB, true],
    ]);
    expect(parts[2]!.end).toBe(12 * MiB);
  });

  test('a file of exactly one part size is one last part; an empty file has none', () => {
    expect(planParts(5 * MiB)).toEqual([{ partNumber: 1, start: 0, end: 5 * MiB, isLastPart: true }]);
    expect(planParts(0)).toEqual([]);
    expect(planParts(30 * MiB)).toHaveLength(6);
  });
});

describe('multipart upload', () => {
  const file = new File([new Uint8Array(11 * MiB)], 'big.bin', { type: 'application/octet-stream' });

  test('sends init with directory and filename, parts in order, then complete with the etags', async () => {
    const fs = fakeFs();
    const progress: number[] = [];
    const result = await uploadMultipart(context(fs), {
      directory: '/m/dir/',
      file,
      signal: new AbortController().signal,
      onProgress: (loaded) => progress.push(loaded),
    });
    expect(result).toEqual({ path: '/m/dir/big.bin', method: 'multipart' });
    expect(fs.multipartInit).toHaveBeenCalledWith(
      expect.objectContaining({ path: '/m/dir/', filename: 'big.bin', fileSize: 11 * MiB }),
      expect.anything(),
    );
    expect(fs.multipartPart.mock.calls.map(([query]) => [query.partNumber, query.isLastPart, query.key, query.uploadId])).toEqual([
      [1, false, 'dir/big.bin', 'u1'],
      [2, false, 'dir/big.bin', 'u1'],
      [3, true, 'dir/big.bin', 'u1'],
    ]);
    expect((fs.multipartPart.mock.calls[2]![1] as Blob).size).toBe(1 * MiB);
    // Every part has the 300 000 ms timeout of spec §9.
    expect(fs.multipartPart.mock.calls.map((call) => (call as unknown[])[2])).toEqual(
      [1, 2, 3].map(() => expect.objectContaining({ timeoutMs: 300000 })),
    );
    expect(fs.multipartComplete).toHaveBeenCalledWith(
      expect.objectContaining({
        uploadId: 'u1',
        key: 'dir/big.bin',
        path: '/m/dir/',
        fileSize: 11 * MiB,
        parts: [
          { partNumber: 1, etag: '"e1"' },
          { partNumber: 2, etag: '"e2"' },
          { partNumber: 3, etag: '"e3"' },
        ],
      }),
    );
    expect(fs.multipartAbort).not.toHaveBeenCalled();
    expect(progress[progress.length - 1]).toBe(11 * MiB);
  });

  test('a failed part is named in the error and the upload is aborted on the server', async () => {
    const fs = fakeFs({
      multipartPart: jest.fn(async (query: { partNumber: number }) => {
        if (query.partNumber === 2) throw new ApiError('Request timed out', 'timeout', 0);
        return { partNumber: query.partNumber, etag: '"e"' };
      }),
    });
    await expect(uploadMultipart(context(fs), { directory: '/m/dir/', file, signal: new AbortController().signal })).rejects.toMatchObject({
      name: 'PartUploadError',
      partNumber: 2,
      message: 'common:errors.partFailed {"part":2}: Request timed out',
    });
    expect(fs.multipartPart).toHaveBeenCalledTimes(2);
    expect(fs.multipartComplete).not.toHaveBeenCalled();
    expect(fs.multipartAbort).toHaveBeenCalledWith({ path: '/m/dir/', uploadId: 'u1', key: 'dir/big.bin' });
  });

  test('cancelling during a part aborts the upload and reports a cancelled upload', async () => {
    const controller = new AbortController();
    const fs = fakeFs({
      multipartPart: jest.fn(async (query: { partNumber: number }) => {
        if (query.partNumber === 2) {
          controller.abort();
          throw new ApiError('cancelled', 'cancelled', 0);
        }
        return { partNumber: query.partNumber, etag: '"e"' };
      }),
    });
    await expect(uploadMultipart(context(fs), { directory: '/m/dir/', file, signal: controller.signal })).rejects.toMatchObject({
      kind: 'cancelled',
      message: 'common:errors.uploadCancelled',
    });
    expect(fs.multipartAbort).toHaveBeenCalledTimes(1);
    expect(fs.multipartComplete).not.toHaveBeenCalled();
  });

  test('a failing complete also aborts', async () => {
    const fs = fakeFs({ multipartComplete: jest.fn(async () => Promise.reject(new ApiError('boom', 'http', 500))) });
    await expect(uploadMultipart(context(fs), { directory: '/m/dir/', file, signal: new AbortController().signal })).rejects.toThrow(
      'boom',
    );
    expect(fs.multipartAbort).toHaveBeenCalledTimes(1);
  });
});

describe('presigned and direct uploads', () => {
  const file = new File(['hello'], 'a.txt', { type: 'text/plain' });

  test('presigned: PUT with the returned content type, then commit with the etag and size', async () => {
    const presigned = {
      presignedUrl: 'http://s3/put',
      fileId: 'f1',
      s3Path: 'a.txt',
      s3Url: 'http://s3/a.txt',
      mountId: 'm1',
      s3ConfigId: 'c1',
      targetPath: '/m/a.txt',
      contentType: 'text/plain; charset=utf-8',
    };
    const fs = fakeFs({
      presign: jest.fn(async () => presigned),
      presignCommit: jest.fn(async () => ({ fileId: 'f1', path: '/m/a.txt', name: 'a.txt', size: 5, type: 'text/plain' })),
    });
    const put = jest.fn(async () => ({ status: 200, etag: 'abc', headers: () => null }));
    await expect(
      uploadFile(context(fs, put), 'presigned', { directory: '/m/', file, signal: new AbortController().signal }),
    ).resolves.toEqual({ path: '/m/a.txt', method: 'presigned' });
    expect(put).toHaveBeenCalledWith(
      'http://s3/put',
      file,
      expect.objectContaining({ headers: { 'Content-Type': 'text/plain; charset=utf-8' } }),
    );
    const commit = fs.presignCommit.mock.calls[0]![0];
    expect(commit).toMatchObject({ fileId: 'f1', s3Path: 'a.txt', targetPath: '/m/a.txt', etag: 'abc', fileSize: 5 });
    expect(commit).not.toHaveProperty('presignedUrl');
  });

  test('presigned: a refused presign says that no presigned URL could be obtained', async () => {
    const fs = fakeFs({ presign: jest.fn(async () => Promise.reject(new ApiError('no mount', 'http', 404))) });
    await expect(uploadFile(context(fs), 'presigned', { directory: '/m/', file, signal: new AbortController().signal })).rejects.toThrow(
      'common:errors.presignFailed: no mount',
    );
  });

  test('direct and empty multipart files use the form upload', async () => {
    const fs = fakeFs({ upload: jest.fn(async () => ({ useMultipart: false, path: '/m/a.txt' })) });
    await uploadFile(context(fs), 'direct', { directory: '/m/', file, signal: new AbortController().signal });
    await uploadFile(context(fs), 'multipart', { directory: '/m/', file: new File([], 'empty.txt'), signal: new AbortController().signal });
    expect(fs.upload).toHaveBeenCalledTimes(2);
    expect(fs.upload.mock.calls[0]![2]).toMatchObject({ useMultipart: false });
    expect(fs.multipartInit).not.toHaveBeenCalled();
  });
});
