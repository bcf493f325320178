import { data, fsContractHelpers } from '../testing/fs-contract-helpers';
import { type FsWorld, mountedFsWorldForEachTest, q, STORAGE_KINDS } from '../testing/fs-test-kit';

/**
 * Contract §5.9 over HTTP, transfers the client drives: POST /fs/multipart/* (shape M), /fs/presign
 * with /fs/presign/commit, and /fs/batch-copy with /fs/batch-copy-commit. Runs on every storage kind
 * of the fs suites (local, s3rver, and WebDAV and SFTP on SQLite); the mount `/m` covers the whole
 * storage: `/m/x` is bucket key `x`.
 */
describe.each(STORAGE_KINDS)('file-system browser contract on %s storage: multipart, presigned uploads and copies', (kind) => {
  let w: FsWorld;
  let mountId: string;
  mountedFsWorldForEachTest(kind, (world, id) => ([w, mountId] = [world, id]));
  const { put, exists, read, fileRows, fetchUrl } = fsContractHelpers(() => w);

  describe('POST /fs/multipart/* (shape M)', () => {
    const partUrl = (init: { uploadId: string; key: string }, partNumber: number, path = '/m/') =>
      `/api/admin/fs/multipart/part?path=${q(path)}&uploadId=${encodeURIComponent(init.uploadId)}&partNumber=${partNumber}&isLastPart=false&key=${q(init.key)}`;

    it('init → parts → complete stores the object and a file row; answers are { success, data } only', async () => {
      await put('up/', '', 'application/x-directory');
      const initResponse = await w.post('/api/admin/fs/multipart/init', w.admin, {
        path: '/m/up/',
        filename: 'video.mp4',
        contentType: 'text/plain',
        fileSize: 5 * 1024 * 1024 + 3,
      });
      expect(initResponse.statusCode).toBe(200);
      expect(Object.keys(initResponse.json()).sort()).toEqual(['data', 'success']);
      const init = data(initResponse);
      expect(init).toMatchObject({ key: 'up/video.mp4', mount_id: mountId, storage_type: 'S3', recommendedPartSize: 5242880 });
      const first = Buffer.alloc(5 * 1024 * 1024, 7);
      const parts = [];
      for (const [index, body] of [first, Buffer.from('end')].entries()) {
        const response = await w.request({
          method: 'POST',
          url: partUrl(init, index + 1),
          headers: { ...w.admin, 'content-type': 'application/octet-stream' },
          payload: body,
        });
        expect(response.statusCode).toBe(200);
        expect(response.json()).toStrictEqual({ success: true, data: { partNumber: index + 1, etag: expect.stringMatching(/^".+"$/) } });
        parts.push(data(response));
      }
      const complete = await w.post('/api/admin/fs/multipart/complete', w.admin, {
        path: '/m/up/',
        uploadId: init.uploadId,
        key: init.key,
        parts,
        fileSize: first.length + 3,
      });
      expect(complete.statusCode).toBe(200);
      expect(Object.keys(complete.json()).sort()).toEqual(['data', 'success']);
      const done = data(complete);
      expect(done).toMatchObject({
        success: true,
        path: '/m/up/video.mp4',
        etag: expect.any(String),
        fileId: expect.any(String),
        s3Url: expect.any(String),
        location: expect.any(String),
      });
      const info = await w.driver.headObject('up/video.mp4');
      expect(info).toMatchObject({ size: first.length + 3, contentType: 'video/mp4' });
      expect(await fileRows()).toEqual([
        expect.objectContaining({
          id: done.fileId,
          storage_path: 'up/video.mp4',
          size: first.length + 3,
          mimetype: 'video/mp4',
          created_by: `admin:${w.adminId}`,
        }),
      ]);
    });

    it('uses the directory name as the object name when filename is absent (reference quirk)', async () => {
      await put('x/', '', 'application/x-directory');
      expect(data(await w.post('/api/admin/fs/multipart/init', w.admin, { path: '/m/x' })).key).toBe('x/x');
    });

    it('answers errors as { success: false, message, code }: 400 missing params or empty part, 409 missing folder', async () => {
      const missing = await w.post('/api/admin/fs/multipart/init', w.admin, {});
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toStrictEqual({ success: false, message: expect.any(String), code: 400 });
      const noFolder = await w.post('/api/admin/fs/multipart/init', w.admin, { path: '/m/none/', filename: 'a.bin' });
      expect(noFolder.statusCode).toBe(409);
      expect(noFolder.json()).toStrictEqual({ success: false, message: expect.any(String), code: 409 });
      const init = data(await w.post('/api/admin/fs/multipart/init', w.admin, { path: '/m/', filename: 'a.bin' }));
      const empty = await w.request({
        method: 'POST',
        url: partUrl(init, 1),
        headers: { ...w.admin, 'content-type': 'application/octet-stream' },
        payload: Buffer.alloc(0),
      });
      expect(empty.statusCode).toBe(400);
      expect(empty.json()).toStrictEqual({ success: false, message: expect.any(String), code: 400 });
      const noKey = await w.request({
        method: 'POST',
        url: `/api/admin/fs/multipart/part?path=${q('/m/')}&uploadId=${init.uploadId}&partNumber=1`,
        headers: { ...w.admin, 'content-type': 'application/octet-stream' },
        payload: 'x',
      });
      expect(noKey.statusCode).toBe(400);
      const badNumber = await w.request({
        method: 'POST',
        url: partUrl(init, 0),
        headers: { ...w.admin, 'content-type': 'application/octet-stream' },
        payload: 'x',
      });
      expect(badNumber.statusCode).toBe(400);
      expect(
        (await w.post('/api/admin/fs/multipart/complete', w.admin, { path: '/m/', uploadId: init.uploadId, key: init.key, parts: [] }))
          .statusCode,
      ).toBe(400);
    });

    it('abort ends the upload: no object, no row, and the upload id is gone', async () => {
      const init = data(await w.post('/api/admin/fs/multipart/init', w.admin, { path: '/m/', filename: 'gone.bin' }));
      const part = data(
        await w.request({
          method: 'POST',
          url: partUrl(init, 1),
          headers: { ...w.admin, 'content-type': 'application/octet-stream' },
          payload: 'abc',
        }),
      );
      const aborted = await w.post('/api/admin/fs/multipart/abort', w.admin, { path: '/m/', uploadId: init.uploadId, key: init.key });
      if (kind === 's3rver') {
        // s3rver answers MethodNotAllowed to AbortMultipartUpload: the failure is reported in shape M, nothing is stored.
        expect(aborted.json()).toStrictEqual({ success: false, message: expect.any(String), code: 500 });
        expect(await exists('gone.bin')).toBe(false);
        expect(await fileRows()).toEqual([]);
        return;
      }
      expect(aborted.statusCode).toBe(200);
      expect(aborted.json()).toStrictEqual({ success: true, data: { success: true, message: expect.any(String) } });
      const late = await w.post('/api/admin/fs/multipart/complete', w.admin, {
        path: '/m/',
        uploadId: init.uploadId,
        key: init.key,
        parts: [part],
      });
      expect(late.statusCode).toBe(404);
      expect(late.json()).toMatchObject({ success: false, code: 404 });
      expect(await exists('gone.bin')).toBe(false);
      expect(await fileRows()).toEqual([]);
    });
  });

  describe('POST /fs/presign and /fs/presign/commit', () => {
    it('presigns a PUT the client uses, then records the object as a file row', async () => {
      const response = await w.post('/api/admin/fs/presign', w.admin, {
        path: '/m/pics/',
        fileName: 'cat.png',
        contentType: 'text/plain',
        fileSize: 4,
      });
      expect(response.statusCode).toBe(200);
      const presigned = data(response);
      expect(presigned).toMatchObject({
        s3Path: 'pics/cat.png',
        mountId,
        s3ConfigId: w.configId,
        targetPath: '/m/pics/cat.png',
        contentType: 'image/png',
      });
      expect(Object.keys(presigned).sort()).toEqual([
        'contentType',
        'fileId',
        'mountId',
        'presignedUrl',
        's3ConfigId',
        's3Path',
        's3Url',
        'targetPath',
      ]);
      const upload = await fetchUrl(presigned.presignedUrl, {
        method: 'PUT',
        body: Buffer.from('PNG!'),
        headers: { 'content-type': 'image/png' },
      });
      expect(upload.status).toBe(200);
      const { presignedUrl: _url, ...rest } = presigned;
      const commit = await w.post('/api/admin/fs/presign/commit', w.admin, { ...rest, etag: upload.headers.etag, fileSize: 4 });
      expect(commit.statusCode).toBe(200);
      expect(data(commit)).toEqual({ fileId: presigned.fileId, path: '/m/pics/cat.png', name: 'cat.png', size: 4, type: 'image/png' });
      expect(await fileRows()).toEqual([
        expect.objectContaining({
          id: presigned.fileId,
          slug: expect.stringMatching(/^M-[0-9a-f]{32}$/),
          storage_path: 'pics/cat.png',
          size: 4,
          created_by: w.adminId,
        }),
      ]);
      expect(await exists('pics/')).toBe(true);
    });

    it('refuses a commit whose storage details disagree with the target (400), a missing object (404) or missing fields (400)', async () => {
      const presigned = data(await w.post('/api/admin/fs/presign', w.admin, { path: '/m/', fileName: 'a.txt' }));
      const { presignedUrl: _url, ...rest } = presigned;
      expect((await w.post('/api/admin/fs/presign/commit', w.admin, rest)).statusCode).toBe(404);
      await put('a.txt', 'a');
      expect((await w.post('/api/admin/fs/presign/commit', w.admin, { ...rest, s3Path: 'elsewhere.txt' })).statusCode).toBe(400);
      expect((await w.post('/api/admin/fs/presign/commit', w.admin, { ...rest, s3ConfigId: 'nope' })).statusCode).toBe(404);
      expect((await w.post('/api/admin/fs/presign/commit', w.admin, { fileId: rest.fileId })).statusCode).toBe(400);
      expect((await w.post('/api/admin/fs/presign', w.admin, { path: '/m/' })).statusCode).toBe(400);
      expect(await fileRows()).toEqual([]);
      expect((await w.post('/api/admin/fs/presign/commit', w.admin, rest)).statusCode).toBe(200);
      expect((await w.post('/api/admin/fs/presign/commit', w.admin, rest)).statusCode).toBe(409);
    });
  });

  describe('POST /fs/batch-copy and /fs/batch-copy-commit', () => {
    const batchCopy = (
      items: Array<{ sourcePath: string; targetPath: string }>,
      options: { skipExisting?: boolean; serverSideCrossCopy?: boolean } = {},
    ) => w.post('/api/admin/fs/batch-copy', w.admin, { items, ...options });

    it('copies inside one mount: a file, a folder recursively, skipping existing targets and creating parent markers', async () => {
      await put('a.txt', 'a');
      await put('dir/x.txt', 'x');
      await put('dir/deep/y.txt', 'y');
      await put('copy/x.txt', 'old');
      const response = await batchCopy([
        { sourcePath: '/m/a.txt', targetPath: '/m/new/place/a.txt' },
        { sourcePath: '/m/dir/', targetPath: '/m/copy' },
      ]);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ code: 200, success: true });
      expect(data(response)).toEqual({
        success: 2,
        skipped: 0,
        failed: [],
        details: [
          { source: '/m/a.txt', target: '/m/new/place/a.txt', status: 'success' },
          { source: '/m/dir/', target: '/m/copy/', status: 'success' },
        ],
        crossStorageResults: [],
      });
      expect(await read('new/place/a.txt')).toBe('a');
      expect(await exists('new/place/')).toBe(true);
      expect(await read('copy/x.txt')).toBe('old');
      expect(await read('copy/deep/y.txt')).toBe('y');
      const again = data(await batchCopy([{ sourcePath: '/m/a.txt', targetPath: '/m/new/place/a.txt' }]));
      expect(again).toMatchObject({ success: 0, skipped: 1 });
      const overwrite = data(await batchCopy([{ sourcePath: '/m/dir/', targetPath: '/m/copy/' }], { skipExisting: false }));
      expect(overwrite).toMatchObject({ success: 1 });
      expect(await read('copy/x.txt')).toBe('x');
    });

    it('answers body code 202 with success false when nothing succeeded; a file to a folder-style target fails', async () => {
      await put('a.txt', 'a');
      const response = await batchCopy([
        { sourcePath: '/m/missing.txt', targetPath: '/m/b.txt' },
        { sourcePath: '/m/a.txt', targetPath: '/m/folder/' },
        { sourcePath: '/m/dir/', targetPath: '/m/dir/inside/' },
      ]);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ code: 202, success: false });
      expect(data(response).failed).toHaveLength(3);
      expect((await batchCopy([])).statusCode).toBe(400);
    });

    it('hands out URL pairs for a copy between mounts; the client copies and commits', async () => {
      const otherId = await w.mount('/other');
      await put('a.txt', 'from m');
      await put('dir/x.txt', 'x');
      await put('dir/sub/y.txt', 'y');
      const response = await batchCopy([
        { sourcePath: '/m/a.txt', targetPath: '/other/b.txt' },
        { sourcePath: '/m/dir/', targetPath: '/other/dir2/' },
      ]);
      expect(response.statusCode).toBe(200);
      const result = data(response);
      expect(result).toMatchObject({
        crossStorage: true,
        requiresClientSideCopy: true,
        standardCopyResults: { success: 0, skipped: 0, failed: 0 },
        failed: [],
      });
      const [file, folder] = result.crossStorageResults;
      expect(file).toMatchObject({
        crossStorage: true,
        isDirectory: false,
        sourcePath: '/m/a.txt',
        targetPath: '/other/b.txt',
        sourceMount: mountId,
        targetMount: otherId,
        sourceS3Path: 'a.txt',
        targetS3Path: 'b.txt',
        fileName: 'a.txt',
        targetFileName: 'b.txt',
        contentType: 'text/plain',
      });
      expect(folder).toMatchObject({
        isDirectory: true,
        sourcePath: '/m/dir/',
        targetPath: '/other/dir2/',
        items: [expect.objectContaining({ sourceKey: 'dir/x.txt', targetKey: 'dir2/x.txt', fileName: 'x.txt', relativeDir: '', size: 1 })],
      });
      expect(folder.items).toHaveLength(1);

      const downloaded = await fetchUrl(file.downloadUrl);
      expect(downloaded.body).toBe('from m');
      const uploaded = await fetchUrl(file.uploadUrl, {
        method: 'PUT',
        body: downloaded.body,
        headers: { 'content-type': file.contentType },
      });
      expect(uploaded.status).toBe(200);
      const commit = await w.post('/api/admin/fs/batch-copy-commit', w.admin, {
        targetMountId: otherId,
        files: [
          { targetPath: '/other/b.txt', s3Path: file.targetS3Path, contentType: 'text/plain', fileSize: 6 },
          { targetPath: 'dir2/x.txt', s3Path: 'dir2/x.txt' },
        ],
      });
      expect(commit.statusCode).toBe(200);
      expect(commit.json()).toMatchObject({ code: 200, success: true });
      expect(data(commit)).toEqual({
        success: [{ targetPath: '/other/b.txt', fileName: 'b.txt' }],
        failed: [{ targetPath: 'dir2/x.txt', error: expect.any(String) }],
      });
      expect(await fileRows()).toEqual([]);
    });

    it('copies between mounts on the server when asked (Cloudclip extension), recursively', async () => {
      await w.mount('/other');
      await put('dir/x.txt', 'x');
      await put('dir/sub/y.txt', 'y');
      const response = await batchCopy([{ sourcePath: '/m/dir/', targetPath: '/other/dir2/' }], { serverSideCrossCopy: true });
      expect(data(response)).toMatchObject({ success: 1, crossStorageResults: [] });
      expect(await read('dir2/sub/y.txt')).toBe('y');
    });

    it('commit answers 400 without mount or files, 404 for an unknown mount, body code 202 when nothing succeeded', async () => {
      expect((await w.post('/api/admin/fs/batch-copy-commit', w.admin, { files: [{ s3Path: 'a' }] })).statusCode).toBe(400);
      expect((await w.post('/api/admin/fs/batch-copy-commit', w.admin, { targetMountId: mountId, files: [] })).statusCode).toBe(400);
      expect(
        (await w.post('/api/admin/fs/batch-copy-commit', w.admin, { targetMountId: 'nope', files: [{ s3Path: 'a' }] })).statusCode,
      ).toBe(404);
      const none = await w.post('/api/admin/fs/batch-copy-commit', w.admin, {
        targetMountId: mountId,
        files: [{ targetPath: '/m/zz', s3Path: 'zz' }],
      });
      expect(none.statusCode).toBe(200);
      expect(none.json()).toMatchObject({ code: 202, success: false, data: { success: [], failed: [{ targetPath: '/m/zz' }] } });
    });
  });
});
