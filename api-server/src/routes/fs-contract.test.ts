import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { formBody, mountedFsWorldForEachTest, q, STORAGE_KINDS, type FsWorld, type Headers } from '../testing/fs-test-kit';
import { readAll } from '../testing/fs-test-streams';

/**
 * Contract §5.9 over HTTP, on the local driver and on a real S3 server (s3rver). The mount `/m`
 * covers the whole storage: `/m/x` is bucket key `x`.
 */
describe.each(STORAGE_KINDS)('file-system browser contract on %s storage', (kind) => {
  let w: FsWorld;
  let mountId: string;
  mountedFsWorldForEachTest(kind, (world, id) => {
    w = world;
    mountId = id;
  });

  const put = (key: string, content: string | Buffer, contentType = 'text/plain') => w.driver.putObject(key, content, { contentType });
  const exists = async (key: string) => (await w.driver.headObject(key)) !== null;
  const read = async (key: string) => (await readAll((await w.driver.getObject(key)).body)).toString('utf8');
  const fileRows = () => w.t.container.db.selectFrom('files').selectAll().orderBy('storage_path').execute();
  const data = (response: LightMyRequestResponse) => response.json().data;

  /** GET/PUT a presigned URL: our own routes through inject, s3rver over the network. */
  async function fetchUrl(
    url: string,
    init: { method?: string; body?: Buffer | string; headers?: Headers } = {},
  ): Promise<{ status: number; body: string; headers: Record<string, string> }> {
    const parsed = new URL(url);
    if (parsed.pathname.startsWith('/api/')) {
      const response = await w.request({
        method: (init.method ?? 'GET') as 'GET' | 'PUT',
        url: `${parsed.pathname}${parsed.search}`,
        headers: init.headers ?? {},
        ...(init.body === undefined ? {} : { payload: init.body }),
      });
      return { status: response.statusCode, body: response.body, headers: response.headers as Record<string, string> };
    }
    const response = await fetch(url, { method: init.method ?? 'GET', headers: init.headers, body: init.body });
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => (headers[name] = value));
    return { status: response.status, body: await response.text(), headers };
  }

  describe('GET /fs/list', () => {
    it('shows the virtual tree above the mounts with path segments as names, without size or modified', async () => {
      await w.mount('/photos/2024', { name: 'Holiday pictures' });
      const root = await w.get('/api/admin/fs/list?path=/', w.admin);
      expect(root.statusCode).toBe(200);
      expect(data(root)).toStrictEqual({
        path: '/',
        type: 'directory',
        isRoot: true,
        isVirtual: true,
        hasPermission: true,
        // in mount order: sort_order, then the mount's name ('Holiday pictures' < 'mount /m')
        items: [
          { name: 'photos', path: '/photos/', isDirectory: true, isVirtual: true },
          { name: 'm', path: '/m/', isDirectory: true, isVirtual: true },
        ],
      });
      const between = data(await w.get(`/api/admin/fs/list?path=${q('/photos')}`, w.admin));
      expect(between).toMatchObject({ path: '/photos/', isRoot: false, isVirtual: true, items: [{ name: '2024', path: '/photos/2024/' }] });
    });

    it('defaults to the root and answers an empty virtual listing for a path no mount covers', async () => {
      expect(data(await w.get('/api/admin/fs/list', w.admin))).toMatchObject({ path: '/', isRoot: true });
      expect(data(await w.get(`/api/admin/fs/list?path=${q('/nowhere/deep')}`, w.admin))).toStrictEqual({
        path: '/nowhere/deep/',
        type: 'directory',
        isRoot: false,
        isVirtual: true,
        hasPermission: true,
        items: [],
      });
    });

    it('lists a bucket folder: folders first with recursive size and marker time, then files with etag and no type', async () => {
      await put('docs/', '', 'application/x-directory');
      await put('docs/a.txt', 'aaaa');
      await put('docs/deep/b.txt', 'bb');
      await put('zeta.txt', 'hello');
      await put('alpha/c.bin', Buffer.alloc(10));
      const response = await w.get(`/api/admin/fs/list?path=${q('/m')}`, w.admin);
      expect(response.statusCode).toBe(200);
      const listing = data(response);
      expect(listing).toMatchObject({
        path: '/m/',
        type: 'directory',
        isRoot: false,
        isVirtual: false,
        mount_id: mountId,
        storage_type: 'S3',
      });
      expect(listing.items.map((item: { name: string }) => item.name)).toEqual(['alpha', 'docs', 'zeta.txt']);
      const [alpha, docs, zeta] = listing.items;
      expect(Object.keys(docs).sort()).toEqual(['isDirectory', 'isVirtual', 'modified', 'name', 'path', 'size']);
      expect(docs).toMatchObject({ name: 'docs', path: '/m/docs/', isDirectory: true, isVirtual: false, size: 6 });
      const marker = await w.driver.headObject('docs/');
      expect(docs.modified).toBe(marker?.lastModified.toISOString());
      expect(alpha).toMatchObject({ size: 10, isDirectory: true });
      expect(Date.parse(alpha.modified)).not.toBeNaN();
      expect(Object.keys(zeta).sort()).toEqual(['etag', 'isDirectory', 'modified', 'name', 'path', 'size']);
      expect(zeta).toMatchObject({ name: 'zeta.txt', path: '/m/zeta.txt', isDirectory: false, size: 5 });
      expect(zeta.etag).toMatch(/^[0-9a-f]{32}$/);
    });

    it('lists a sub folder without its own marker', async () => {
      await put('docs/', '', 'application/x-directory');
      await put('docs/a.txt', 'x');
      const items = data(await w.get(`/api/admin/fs/list?path=${q('/m/docs/')}`, w.admin)).items;
      expect(items).toEqual([expect.objectContaining({ name: 'a.txt', path: '/m/docs/a.txt' })]);
    });

    it('shows an admin only active mounts that admin created', async () => {
      await w.mount('/off', { is_active: false });
      await w.t.container.db
        .insertInto('mounts')
        .values({
          id: randomUUID(),
          name: 'x',
          storage_type: 'S3',
          storage_config_id: w.configId,
          mount_path: '/foreign',
          remark: null,
          created_by: 'another-admin',
          created_at: '',
          updated_at: '',
          last_used: null,
        })
        .execute();
      const names = data(await w.get('/api/admin/fs/list?path=/', w.admin)).items.map((item: { name: string }) => item.name);
      expect(names).toEqual(['m']);
      expect((await w.get(`/api/admin/fs/get?path=${q('/foreign/x')}`, w.admin)).statusCode).toBe(404);
    });

    it('answers 400 for a malformed path', async () => {
      const response = await w.get(`/api/admin/fs/list?path=${q('/m/../etc')}`, w.admin);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 400, success: false, data: null });
    });
  });

  describe('GET /fs/get', () => {
    it('describes a file with presigned preview (inline) and download (attachment) links that work', async () => {
      await put('docs/report.txt', 'report body', 'text/plain');
      const response = await w.get(`/api/admin/fs/get?path=${q('/m/docs/report.txt')}`, w.admin);
      expect(response.statusCode).toBe(200);
      const file = data(response);
      expect(Object.keys(file).sort()).toEqual(
        [
          'contentType',
          'download_url',
          'etag',
          'isDirectory',
          'modified',
          'mount_id',
          'name',
          'path',
          'preview_url',
          'size',
          'storage_type',
        ].sort(),
      );
      expect(file).toMatchObject({
        path: '/m/docs/report.txt',
        name: 'report.txt',
        isDirectory: false,
        size: 11,
        contentType: 'text/plain',
        mount_id: mountId,
        storage_type: 'S3',
      });
      const preview = await fetchUrl(file.preview_url);
      expect(preview.status).toBe(200);
      expect(preview.body).toBe('report body');
      expect(preview.headers['content-disposition']).toMatch(/^inline/);
      const download = await fetchUrl(file.download_url);
      expect(download.body).toBe('report body');
      expect(download.headers['content-disposition']).toMatch(/^attachment/);
    });

    it('caches the links per user (tagged with mount and config) and hands the same ones out again', async () => {
      await put('a.txt', 'x');
      const first = data(await w.get(`/api/admin/fs/get?path=${q('/m/a.txt')}`, w.admin));
      w.now.value = new Date(w.now.value.getTime() + 5000);
      const second = data(await w.get(`/api/admin/fs/get?path=${q('/m/a.txt')}`, w.admin));
      expect(second.preview_url).toBe(first.preview_url);
      expect(w.t.container.caches.presignedUrls.size).toBe(2);
      expect(w.t.container.caches.presignedUrls.clearByStorageConfig(w.configId)).toBe(2);
      const key = await w.key();
      await w.get(`/api/user/fs/get?path=${q('/m/a.txt')}`, key);
      expect(w.t.container.caches.presignedUrls.clearByMount(mountId)).toBe(2);
    });

    it('describes a folder with a marker, an implicit folder and the mount root', async () => {
      await put('docs/', '', 'application/x-directory');
      await put('implicit/x.txt', 'x');
      const folder = data(await w.get(`/api/admin/fs/get?path=${q('/m/docs')}`, w.admin));
      expect(folder).toStrictEqual({
        path: '/m/docs/',
        name: 'docs',
        isDirectory: true,
        size: 0,
        modified: (await w.driver.headObject('docs/'))?.lastModified.toISOString(),
        contentType: 'application/x-directory',
        etag: (await w.driver.headObject('docs/'))?.etag,
        mount_id: mountId,
        storage_type: 'S3',
      });
      expect(folder.etag).toEqual(expect.any(String));
      expect(data(await w.get(`/api/admin/fs/get?path=${q('/m/implicit/')}`, w.admin))).toMatchObject({
        isDirectory: true,
        name: 'implicit',
        etag: null,
      });
      expect(data(await w.get(`/api/admin/fs/get?path=${q('/m')}`, w.admin))).toMatchObject({ isDirectory: true, path: '/m/' });
    });

    it('answers 400 without a path, 403 for the root, 404 for a missing object or an unmounted path', async () => {
      expect((await w.get('/api/admin/fs/get', w.admin)).statusCode).toBe(400);
      expect((await w.get('/api/admin/fs/get?path=/', w.admin)).statusCode).toBe(403);
      expect((await w.get(`/api/admin/fs/get?path=${q('/m/missing.txt')}`, w.admin)).statusCode).toBe(404);
      expect((await w.get(`/api/admin/fs/get?path=${q('/elsewhere/x')}`, w.admin)).statusCode).toBe(404);
    });
  });

  describe('GET /fs/download', () => {
    it('streams the object as an attachment with length, modified time and quoted ETag', async () => {
      await put('docs/报告 1.txt', 'download me');
      const response = await w.get(`/api/admin/fs/download?path=${q('/m/docs/报告 1.txt')}`, w.admin);
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe('download me');
      const info = await w.driver.headObject('docs/报告 1.txt');
      expect(response.headers).toMatchObject({
        'content-type': 'text/plain',
        'content-disposition': expect.stringContaining(`attachment; filename="${encodeURIComponent('报告 1.txt')}"`),
        'cache-control': 'private, max-age=0',
        'content-length': '11',
        'last-modified': info?.lastModified.toUTCString(),
        etag: `"${info?.etag}"`,
      });
    });

    it('honours a byte range (206) and refuses an unsatisfiable one (416)', async () => {
      await put('r.txt', '0123456789');
      const partial = await w.get(`/api/admin/fs/download?path=${q('/m/r.txt')}`, { ...w.admin, range: 'bytes=2-5' });
      expect(partial.statusCode).toBe(206);
      expect(partial.body).toBe('2345');
      expect(partial.headers).toMatchObject({ 'content-range': 'bytes 2-5/10', 'content-length': '4' });
      const bad = await w.get(`/api/admin/fs/download?path=${q('/m/r.txt')}`, { ...w.admin, range: 'bytes=50-60' });
      expect(bad.statusCode).toBe(416);
    });

    it('answers JSON errors: 404 missing, 400 for a folder path', async () => {
      const missing = await w.get(`/api/admin/fs/download?path=${q('/m/none.txt')}`, w.admin);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({ code: 404, success: false });
      expect((await w.get(`/api/admin/fs/download?path=${q('/m/dir/')}`, w.admin)).statusCode).toBe(400);
    });
  });

  describe('GET /fs/file-link', () => {
    it('presigns an inline link valid signature_expires_in by default', async () => {
      await put('song.mp3', 'la la');
      const response = await w.get(`/api/admin/fs/file-link?path=${q('/m/song.mp3')}`, w.admin);
      expect(response.statusCode).toBe(200);
      const link = data(response);
      expect(link).toMatchObject({
        path: '/m/song.mp3',
        name: 'song.mp3',
        expiresIn: 3600,
        forceDownload: false,
        mount_id: mountId,
        storage_type: 'S3',
      });
      expect(link.expiresAt).toBe(new Date(w.now.value.getTime() + 3600_000).toISOString());
      const fetched = await fetchUrl(link.presignedUrl);
      expect(fetched.body).toBe('la la');
      expect(fetched.headers['content-disposition']).toMatch(/^inline/);
    });

    it('uses expires_in and force_download when given', async () => {
      await put('song.mp3', 'la la');
      const link = data(await w.get(`/api/admin/fs/file-link?path=${q('/m/song.mp3')}&expires_in=60&force_download=true`, w.admin));
      expect(link).toMatchObject({ expiresIn: 60, forceDownload: true });
      expect((await fetchUrl(link.presignedUrl)).headers['content-disposition']).toMatch(/^attachment/);
    });

    it('answers 400 for a folder path or a bad expires_in, 404 for a missing file', async () => {
      await put('song.mp3', 'la la');
      expect((await w.get(`/api/admin/fs/file-link?path=${q('/m/dir/')}`, w.admin)).statusCode).toBe(400);
      expect((await w.get(`/api/admin/fs/file-link?path=${q('/m/song.mp3')}&expires_in=-5`, w.admin)).statusCode).toBe(400);
      expect((await w.get(`/api/admin/fs/file-link?path=${q('/m/song.mp3')}&expires_in=999999999`, w.admin)).statusCode).toBe(400);
      expect((await w.get(`/api/admin/fs/file-link?path=${q('/m/none.mp3')}`, w.admin)).statusCode).toBe(404);
    });
  });

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
    async function upload(headers: Headers, fields: Parameters<typeof formBody>[0]) {
      const form = formBody(fields);
      return w.request({
        method: 'POST',
        url: '/api/admin/fs/upload'.replace('/admin/', headers === w.admin ? '/admin/' : '/user/'),
        headers: { ...headers, ...form.headers },
        payload: form.payload,
      });
    }

    it.each([
      [
        'path before the file (streamed)',
        (content: string): Parameters<typeof formBody>[0] => [
          ['path', '/m/docs/'],
          ['use_multipart', 'false'],
          ['file', content, 'note.md'],
        ],
      ],
      [
        'file before the path (spooled)',
        (content: string): Parameters<typeof formBody>[0] => [
          ['file', content, 'note.md'],
          ['path', '/m/docs/'],
        ],
      ],
    ])('stores the file and records an M-<32 hex> row: %s', async (_label, fields) => {
      await put('docs/', '', 'application/x-directory');
      const response = await upload(w.admin, fields('# title'));
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
      const response = await upload(key, [
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
      expect(
        (
          await upload(w.admin, [
            ['path', '/m/nope/'],
            ['file', 'x', 'x.txt'],
          ])
        ).statusCode,
      ).toBe(409);
      expect(
        (
          await upload(w.admin, [
            ['path', '/m/nope/'],
            ['use_multipart', 'false'],
            ['file', 'x'.repeat(200_000), 'x.txt'],
          ])
        ).statusCode,
      ).toBe(409);
      expect(
        (
          await upload(w.admin, [
            ['path', '/m/'],
            ['use_multipart', 'false'],
            ['file', 'x', 'a\u2215b.txt'],
          ])
        ).statusCode,
      ).toBe(400);
      expect((await upload(w.admin, [['path', '/m/']])).statusCode).toBe(400);
      expect((await upload(w.admin, [['file', 'x', 'x.txt']])).statusCode).toBe(400);
      expect(
        (
          await upload(w.admin, [
            ['path', '/m/'],
            ['file', 'x', '..'],
          ])
        ).statusCode,
      ).toBe(400);
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
      const response = await upload(w.admin, [
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
      const form = formBody([
        ['path', '/m/docs/'],
        ['file', 'bye', 'bye.txt'],
      ]);
      await w.request({ method: 'POST', url: '/api/admin/fs/upload', headers: { ...w.admin, ...form.headers }, payload: form.payload });
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
      const form = formBody([
        ['path', '/m/tree/sub'],
        ['file', 'c', 'c.txt'],
      ]);
      await w.request({ method: 'POST', url: '/api/admin/fs/upload', headers: { ...w.admin, ...form.headers }, payload: form.payload });
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
      const form = formBody([
        ['path', '/m/docs'],
        ['file', 'content', 'old.txt'],
      ]);
      await w.request({ method: 'POST', url: '/api/admin/fs/upload', headers: { ...w.admin, ...form.headers }, payload: form.payload });
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
    it('copies inside one mount: a file, a folder recursively, skipping existing targets and creating parent markers', async () => {
      await put('a.txt', 'a');
      await put('dir/x.txt', 'x');
      await put('dir/deep/y.txt', 'y');
      await put('copy/x.txt', 'old');
      const response = await w.post('/api/admin/fs/batch-copy', w.admin, {
        items: [
          { sourcePath: '/m/a.txt', targetPath: '/m/new/place/a.txt' },
          { sourcePath: '/m/dir/', targetPath: '/m/copy' },
        ],
      });
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
      const again = data(
        await w.post('/api/admin/fs/batch-copy', w.admin, { items: [{ sourcePath: '/m/a.txt', targetPath: '/m/new/place/a.txt' }] }),
      );
      expect(again).toMatchObject({ success: 0, skipped: 1 });
      const overwrite = data(
        await w.post('/api/admin/fs/batch-copy', w.admin, {
          items: [{ sourcePath: '/m/dir/', targetPath: '/m/copy/' }],
          skipExisting: false,
        }),
      );
      expect(overwrite).toMatchObject({ success: 1 });
      expect(await read('copy/x.txt')).toBe('x');
    });

    it('answers body code 202 with success false when nothing succeeded; a file to a folder-style target fails', async () => {
      await put('a.txt', 'a');
      const response = await w.post('/api/admin/fs/batch-copy', w.admin, {
        items: [
          { sourcePath: '/m/missing.txt', targetPath: '/m/b.txt' },
          { sourcePath: '/m/a.txt', targetPath: '/m/folder/' },
          { sourcePath: '/m/dir/', targetPath: '/m/dir/inside/' },
        ],
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ code: 202, success: false });
      expect(data(response).failed).toHaveLength(3);
      expect((await w.post('/api/admin/fs/batch-copy', w.admin, { items: [] })).statusCode).toBe(400);
    });

    it('hands out URL pairs for a copy between mounts; the client copies and commits', async () => {
      const otherId = await w.mount('/other');
      await put('a.txt', 'from m');
      await put('dir/x.txt', 'x');
      await put('dir/sub/y.txt', 'y');
      const response = await w.post('/api/admin/fs/batch-copy', w.admin, {
        items: [
          { sourcePath: '/m/a.txt', targetPath: '/other/b.txt' },
          { sourcePath: '/m/dir/', targetPath: '/other/dir2/' },
        ],
      });
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
      const response = await w.post('/api/admin/fs/batch-copy', w.admin, {
        items: [{ sourcePath: '/m/dir/', targetPath: '/other/dir2/' }],
        serverSideCrossCopy: true,
      });
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

  describe('the /api/user/fs family', () => {
    it('serves API keys with the same payloads', async () => {
      await put('a.txt', 'a');
      const key = await w.key();
      const listing = data(await w.get(`/api/user/fs/list?path=${q('/m/')}`, key));
      expect(listing.items).toEqual([expect.objectContaining({ name: 'a.txt' })]);
      expect((await w.get(`/api/user/fs/download?path=${q('/m/a.txt')}`, key)).body).toBe('a');
    });

    it('refuses admin tokens with 403 (admins use /api/admin/fs)', async () => {
      const response = await w.get('/api/user/fs/list?path=/', w.admin);
      expect(response.statusCode).toBe(403);
    });

    it('has no preview endpoint (removed in 0.6.5)', async () => {
      await put('a.txt', 'a');
      expect((await w.get(`/api/admin/fs/preview?path=${q('/m/a.txt')}`, w.admin)).statusCode).toBe(404);
    });
  });
});
