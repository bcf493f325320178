import { randomUUID } from 'node:crypto';
import { data, fsContractHelpers } from '../testing/fs-contract-helpers';
import { type FsWorld, mountedFsWorldForEachTest, q, STORAGE_KINDS } from '../testing/fs-test-kit';

/**
 * Contract §5.9 over HTTP, reading: GET /fs/list, /fs/get, /fs/download and /fs/file-link, and the
 * /api/user/fs family. Runs on every storage kind of the fs suites (local, s3rver, and WebDAV and
 * SFTP on SQLite); the mount `/m` covers the whole storage: `/m/x` is bucket key `x`.
 */
describe.each(STORAGE_KINDS)('file-system browser contract on %s storage: listing and reading', (kind) => {
  let w: FsWorld;
  let mountId: string;
  mountedFsWorldForEachTest(kind, (world, id) => ([w, mountId] = [world, id]));
  const { put, fetchUrl } = fsContractHelpers(() => w);

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
