import { data, fsContractHelpers } from '../testing/fs-contract-helpers';
import { type FormFields, type FsWorld, mountedFsWorldForEachTest, q, STORAGE_KINDS } from '../testing/fs-test-kit';

/**
 * Contract §5.9 over HTTP, creating and changing entries: POST /fs/mkdir, /fs/upload, /fs/update,
 * /fs/rename, DELETE /fs/remove and POST /fs/batch-remove. Runs on every storage kind of the fs
 * suites (local, s3rver, and WebDAV and SFTP on SQLite); the mount `/m` covers the whole storage:
 * `/m/x` is bucket key `x`.
 */
describe.each(STORAGE_KINDS)('file-system browser contract on %s storage: creating and changing', (kind) => {
  let w: FsWorld;
  let mountId: string;
  mountedFsWorldForEachTest(kind, (world, id) => ([w, mountId] = [world, id]));
  const { put, exists, read, fileRows } = fsContractHelpers(() => w);

  describe('POST /fs/mkdir', () => {
    it('creates a zero-byte application/x-directory marker', async () => {
      const response = await w.post('/api/admin/fs/mkdir', w.admin, { path: '/m/new/' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toStrictEqual({ code: 200, message: expect.any(String), success: true });
      const marker = await w.driver.headObject('new/');
      expect(marker).toMatchObject({ size: 0, contentType: 'application/x-directory' });
    });

    it('answers 409 when the parent is missing or the folder exists, 400 without a path', async () => {
      expect((await w.post('/api/admin/fs/mkdir', w.admin, { path: '/m/a/b' })).statusCode).toBe(409);
      await w.post('/api/admin/fs/mkdir', w.admin, { path: '/m/a' });
      expect((await w.post('/api/admin/fs/mkdir', w.admin, { path: '/m/a/' })).statusCode).toBe(409);
      expect((await w.post('/api/admin/fs/mkdir', w.admin, { path: '/m/a/b' })).statusCode).toBe(200);
      expect((await w.post('/api/admin/fs/mkdir', w.admin, { path: '/m' })).statusCode).toBe(409);
      expect((await w.post('/api/admin/fs/mkdir', w.admin, {})).statusCode).toBe(400);
    });
  });

  describe('POST /fs/upload', () => {
    it.each([
      [
        'path before the file (streamed)',
        (content: string): FormFields => [
          ['path', '/m/docs/'],
          ['use_multipart', 'false'],
          ['file', content, 'note.md'],
        ],
      ],
      [
        'file before the path (spooled)',
        (content: string): FormFields => [
          ['file', content, 'note.md'],
          ['path', '/m/docs/'],
        ],
      ],
    ])('stores the file and records an M-<32 hex> row: %s', async (_label, fields) => {
      await put('docs/', '', 'application/x-directory');
      const response = await w.upload(w.admin, fields('# title'));
      expect(response.statusCode).toBe(200);
      const result = data(response);
      expect(result).toMatchObject({
        useMultipart: false,
        success: true,
        path: '/m/docs/',
        name: 'docs',
        size: 7,
        mimetype: 'text/markdown',
        message: expect.any(String),
      });
      expect(result.slug).toMatch(/^M-[0-9a-f]{32}$/);
      expect(await read('docs/note.md')).toBe('# title');
      expect(result.etag).toBe((await w.driver.headObject('docs/note.md'))?.etag);
      const [row] = await fileRows();
      expect(row).toMatchObject({
        id: result.fileId,
        slug: result.slug,
        filename: 'note.md',
        storage_path: 'docs/note.md',
        size: 7,
        s3_config_id: w.configId,
        created_by: `admin:${w.adminId}`,
      });
    });

    it('records key uploads as apiKey:<id> and refreshes the parent markers', async () => {
      await put('docs/sub/', '', 'application/x-directory');
      const key = await w.key();
      const before = (await w.driver.headObject('docs/sub/'))?.lastModified.getTime() ?? 0;
      await new Promise((resolve) => setTimeout(resolve, kind === 's3rver' ? 1100 : 20));
      const response = await w.upload(key, [
        ['path', '/m/docs/sub'],
        ['file', 'k', 'k.txt'],
      ]);
      expect(response.statusCode).toBe(200);
      const [row] = await fileRows();
      expect(row?.created_by).toMatch(/^apiKey:/);
      expect((await w.driver.headObject('docs/')) ?? null).not.toBeNull();
      expect((await w.driver.headObject('docs/sub/'))?.lastModified.getTime()).toBeGreaterThan(before);
    });

    it('answers 409 when the target folder does not exist, 400 for missing fields or a bad name', async () => {
      const statusOf = async (...fields: FormFields) => (await w.upload(w.admin, fields)).statusCode;
      expect(await statusOf(['path', '/m/nope/'], ['file', 'x', 'x.txt'])).toBe(409);
      expect(await statusOf(['path', '/m/nope/'], ['use_multipart', 'false'], ['file', 'x'.repeat(200_000), 'x.txt'])).toBe(409);
      expect(await statusOf(['path', '/m/'], ['use_multipart', 'false'], ['file', 'x', 'a\u2215b.txt'])).toBe(400);
      expect(await statusOf(['path', '/m/'])).toBe(400);
      expect(await statusOf(['file', 'x', 'x.txt'])).toBe(400);
      expect(await statusOf(['path', '/m/'], ['file', 'x', '..'])).toBe(400);
      for (const [contentType, payload] of [
        ['multipart/form-data; boundary=xx', '--xx\r\nContent-Disposition: form-data; name="file"\r\n\r\nabc'],
        ['multipart/form-data', 'abc'],
        ['application/json', '{"path":"/m/"}'],
      ]) {
        const response = await w.request({
          method: 'POST',
          url: '/api/admin/fs/upload',
          headers: { ...w.admin, 'content-type': contentType as string },
          payload,
        });
        expect(response.statusCode).toBe(400);
      }
      expect(await fileRows()).toEqual([]);
    });

    it('with use_multipart=true stores nothing and starts a bucket multipart upload the client continues', async () => {
      const response = await w.upload(w.admin, [
        ['path', '/m/'],
        ['use_multipart', 'true'],
        ['file', 'ignored', 'big.bin'],
      ]);
      expect(response.statusCode).toBe(200);
      const started = data(response);
      expect(started).toMatchObject({
        useMultipart: true,
        recommendedPartSize: 5242880,
        key: 'big.bin',
        mount_id: mountId,
        storage_type: 'S3',
        path: '/m/big.bin',
      });
      expect(typeof started.uploadId).toBe('string');
      expect(typeof started.bucket).toBe('string');
      expect(await exists('big.bin')).toBe(false);
      expect(await fileRows()).toEqual([]);
      const part = await w.request({
        method: 'POST',
        url: `/api/admin/fs/multipart/part?path=${q('/m/')}&uploadId=${encodeURIComponent(started.uploadId)}&partNumber=1&isLastPart=true&key=${q(started.key)}`,
        headers: { ...w.admin, 'content-type': 'application/octet-stream' },
        payload: Buffer.from('the bytes'),
      });
      const complete = await w.post('/api/admin/fs/multipart/complete', w.admin, {
        path: '/m/',
        uploadId: started.uploadId,
        key: started.key,
        parts: [data(part)],
        fileSize: 9,
      });
      expect(complete.statusCode).toBe(200);
      expect(await read('big.bin')).toBe('the bytes');
    });
  });

  describe('DELETE /fs/remove and POST /fs/batch-remove', () => {
    it('removes one object and its file rows, with no-cache headers; idempotent', async () => {
      await put('docs/', '', 'application/x-directory');
      await w.uploadFile('/m/docs/', 'bye.txt', 'bye');
      expect(await fileRows()).toHaveLength(1);
      const response = await w.del(`/api/admin/fs/remove?path=${q('/m/docs/bye.txt')}`, w.admin);
      expect(response.statusCode).toBe(200);
      expect(response.headers).toMatchObject({ 'cache-control': 'no-cache, no-store, must-revalidate', pragma: 'no-cache', expires: '0' });
      expect(await exists('docs/bye.txt')).toBe(false);
      expect(await fileRows()).toEqual([]);
      expect((await w.del(`/api/admin/fs/remove?path=${q('/m/docs/bye.txt')}`, w.admin)).statusCode).toBe(200);
    });

    it('removes a folder recursively (trailing /), its rows too; 404 for an empty folder; 403 for the mount root', async () => {
      await put('tree/', '', 'application/x-directory');
      await put('tree/a.txt', 'a');
      await put('tree/sub/b.txt', 'b');
      await put('treehouse.txt', 'stays');
      await w.uploadFile('/m/tree/sub', 'c.txt', 'c');
      expect((await w.del(`/api/admin/fs/remove?path=${q('/m/tree/')}`, w.admin)).statusCode).toBe(200);
      expect((await w.driver.listObjects({ prefix: 'tree/' })).objects).toEqual([]);
      expect(await exists('treehouse.txt')).toBe(true);
      expect(await fileRows()).toEqual([]);
      expect((await w.del(`/api/admin/fs/remove?path=${q('/m/tree/')}`, w.admin)).statusCode).toBe(404);
      expect((await w.del(`/api/admin/fs/remove?path=${q('/m/')}`, w.admin)).statusCode).toBe(403);
      expect((await w.del(`/api/admin/fs/remove?path=${q('/m')}`, w.admin)).statusCode).toBe(403);
    });

    it('batch-removes each path on its own and reports failures', async () => {
      await put('a.txt', 'a');
      await put('b/c.txt', 'c');
      const response = await w.post('/api/admin/fs/batch-remove', w.admin, { paths: ['/m/a.txt', '/m/b/', '/m/empty/'] });
      expect(response.statusCode).toBe(200);
      expect(data(response)).toEqual({ success: 2, failed: [{ path: '/m/empty/', error: expect.any(String) }] });
      expect(await exists('a.txt')).toBe(false);
      expect(await exists('b/c.txt')).toBe(false);
      expect((await w.post('/api/admin/fs/batch-remove', w.admin, { paths: [] })).statusCode).toBe(400);
      expect((await w.post('/api/admin/fs/batch-remove', w.admin, {})).statusCode).toBe(400);
    });
  });

  describe('POST /fs/rename', () => {
    it('moves a file and the row that records it', async () => {
      await put('docs/', '', 'application/x-directory');
      await w.uploadFile('/m/docs', 'old.txt', 'content');
      const response = await w.post('/api/admin/fs/rename', w.admin, { oldPath: '/m/docs/old.txt', newPath: '/m/docs/new.txt' });
      expect(response.statusCode).toBe(200);
      expect(await exists('docs/old.txt')).toBe(false);
      expect(await read('docs/new.txt')).toBe('content');
      expect(await fileRows()).toEqual([expect.objectContaining({ storage_path: 'docs/new.txt', filename: 'new.txt' })]);
    });

    it('moves a folder with everything in it', async () => {
      await put('src/', '', 'application/x-directory');
      await put('src/a.txt', 'a');
      await put('src/deep/b.txt', 'b');
      expect((await w.post('/api/admin/fs/rename', w.admin, { oldPath: '/m/src/', newPath: '/m/dst/' })).statusCode).toBe(200);
      expect((await w.driver.listObjects({ prefix: 'src/' })).objects).toEqual([]);
      expect(await read('dst/a.txt')).toBe('a');
      expect(await read('dst/deep/b.txt')).toBe('b');
    });

    it('answers 409 for an existing target (never overwrites), 404 for a missing source, 400 for mixed kinds or mounts, 409 without target parent', async () => {
      await put('a.txt', 'a');
      await put('b.txt', 'b');
      await w.mount('/other');
      expect((await w.post('/api/admin/fs/rename', w.admin, { oldPath: '/m/a.txt', newPath: '/m/b.txt' })).statusCode).toBe(409);
      expect(await read('b.txt')).toBe('b');
      expect((await w.post('/api/admin/fs/rename', w.admin, { oldPath: '/m/none.txt', newPath: '/m/c.txt' })).statusCode).toBe(404);
      expect((await w.post('/api/admin/fs/rename', w.admin, { oldPath: '/m/a.txt', newPath: '/m/dir/' })).statusCode).toBe(400);
      expect((await w.post('/api/admin/fs/rename', w.admin, { oldPath: '/m/a.txt', newPath: '/other/a.txt' })).statusCode).toBe(400);
      expect((await w.post('/api/admin/fs/rename', w.admin, { oldPath: '/m/a.txt', newPath: '/m/no/such/a.txt' })).statusCode).toBe(409);
      expect((await w.post('/api/admin/fs/rename', w.admin, { oldPath: '/m/a.txt' })).statusCode).toBe(400);
      expect(await read('a.txt')).toBe('a');
    });
  });

  describe('POST /fs/update', () => {
    it('creates a text file, then overwrites it keeping its type', async () => {
      const created = await w.post('/api/admin/fs/update', w.admin, { path: '/m/notes.md', content: '# one' });
      expect(created.statusCode).toBe(200);
      expect(data(created)).toEqual({
        path: '/m/notes.md',
        etag: expect.stringMatching(/^[0-9a-f]{32}$/),
        contentType: 'text/markdown',
        isNewFile: true,
      });
      await w.driver.putObject('notes.md', '# one', { contentType: 'text/x-custom', metadata: { owner: 'me' } });
      const updated = data(await w.post('/api/admin/fs/update', w.admin, { path: '/m/notes.md', content: '# two' }));
      expect(updated).toMatchObject({ isNewFile: false, contentType: 'text/x-custom' });
      expect(await read('notes.md')).toBe('# two');
      expect((await w.driver.headObject('notes.md'))?.metadata).toEqual({ owner: 'me' });
    });

    it('answers 400 for a folder path, missing fields or content over 10 MB', async () => {
      expect((await w.post('/api/admin/fs/update', w.admin, { path: '/m/dir/', content: 'x' })).statusCode).toBe(400);
      expect((await w.post('/api/admin/fs/update', w.admin, { path: '/m/a.txt' })).statusCode).toBe(400);
      const big = await w.post('/api/admin/fs/update', w.admin, { path: '/m/a.txt', content: 'x'.repeat(10 * 1024 * 1024 + 1) });
      expect(big.statusCode).toBe(400);
      expect(await exists('a.txt')).toBe(false);
      expect((await w.post('/api/admin/fs/update', w.admin, { path: '/m/a.txt', content: '' })).statusCode).toBe(200);
    });
  });
});
