import { createFsWorld, q, type FsWorld } from '../testing/fs-test-kit';

/** Directory listings are cached per mount for its cache_ttl; writes through the API and the cache endpoints drop them. */
describe('file-system directory cache', () => {
  let w: FsWorld;
  let mountId: string;

  beforeEach(async () => {
    w = await createFsWorld('local');
    mountId = await w.mount('/m', { cache_ttl: 60 });
  });

  afterEach(async () => {
    await w.close();
  });

  const names = async (path = '/m/') =>
    ((await w.get(`/api/admin/fs/list?path=${q(path)}`, w.admin)).json().data.items as Array<{ name: string }>).map((item) => item.name);
  const advance = (seconds: number) => {
    w.now.value = new Date(w.now.value.getTime() + seconds * 1000);
  };
  /** Written behind the API's back: only visible once the cached listing is gone. */
  const sneak = (key: string) => w.driver.putObject(key, 'x', { contentType: 'text/plain' });

  it("serves a listing from the cache until the mount's cache_ttl has passed", async () => {
    await sneak('a.txt');
    expect(await names()).toEqual(['a.txt']);
    await sneak('b.txt');
    advance(59);
    expect(await names()).toEqual(['a.txt']);
    advance(2);
    expect(await names()).toEqual(['a.txt', 'b.txt']);
  });

  it('does not cache at all with cache_ttl 0', async () => {
    await w.request({ method: 'PUT', url: `/api/admin/mounts/${mountId}`, headers: w.admin, payload: { cache_ttl: 0 } });
    expect(await names()).toEqual([]);
    await sneak('a.txt');
    expect(await names()).toEqual(['a.txt']);
    expect(w.t.container.caches.directory.size).toBe(0);
  });

  it('tags entries with the mount and the storage config, so the clear endpoints find them', async () => {
    await names();
    await names('/m/sub/');
    const stats = (await w.get('/api/admin/cache/stats', w.admin)).json().data.cache.directory;
    expect(stats.size).toBe(2);
    const byMount = await w.post('/api/admin/cache/clear', w.admin, { mountId });
    expect(byMount.json().data.clearedCount).toBe(2);
    await names();
    const byConfig = await w.post('/api/admin/cache/clear', w.admin, { s3ConfigId: w.configId });
    expect(byConfig.json().data.clearedCount).toBe(1);
    await names();
    const mountKey = await w.key({ mount: true, basicPath: '/m' });
    const byKey = await w.post('/api/user/cache/clear', mountKey, {});
    expect(byKey.json().data.clearedCount).toBe(1);
  });

  it('shows a change right after the cache is cleared through the endpoint', async () => {
    expect(await names()).toEqual([]);
    await sneak('late.txt');
    expect(await names()).toEqual([]);
    await w.post('/api/admin/cache/clear', w.admin, { mountId });
    expect(await names()).toEqual(['late.txt']);
  });

  it('drops the listing when the mount or its storage config changes', async () => {
    await names();
    await sneak('a.txt');
    await w.request({ method: 'PUT', url: `/api/admin/mounts/${mountId}`, headers: w.admin, payload: { remark: 'changed' } });
    expect(await names()).toEqual(['a.txt']);
    await sneak('b.txt');
    await w.request({ method: 'PUT', url: `/api/s3-configs/${w.configId}`, headers: w.admin, payload: { name: 'renamed' } });
    expect(await names()).toEqual(['a.txt', 'b.txt']);
  });

  describe('writes through the API invalidate the listing at once', () => {
    beforeEach(async () => {
      await sneak('seed.txt');
      expect(await names()).toEqual(['seed.txt']);
    });

    it('mkdir', async () => {
      await w.post('/api/admin/fs/mkdir', w.admin, { path: '/m/dir' });
      expect(await names()).toEqual(['dir', 'seed.txt']);
    });

    it('upload', async () => {
      await w.uploadFile('/m/', 'up.txt', 'u');
      expect(await names()).toEqual(['seed.txt', 'up.txt']);
    });

    it('update', async () => {
      await w.post('/api/admin/fs/update', w.admin, { path: '/m/new.txt', content: 'n' });
      expect(await names()).toEqual(['new.txt', 'seed.txt']);
    });

    it('remove and batch-remove', async () => {
      await w.del(`/api/admin/fs/remove?path=${q('/m/seed.txt')}`, w.admin);
      expect(await names()).toEqual([]);
      await sneak('x.txt');
      await w.post('/api/admin/fs/batch-remove', w.admin, { paths: ['/m/nothing.txt'] });
      expect(await names()).toEqual(['x.txt']);
    });

    it('rename', async () => {
      await w.post('/api/admin/fs/rename', w.admin, { oldPath: '/m/seed.txt', newPath: '/m/renamed.txt' });
      expect(await names()).toEqual(['renamed.txt']);
    });

    it('batch-copy and batch-copy-commit', async () => {
      await w.post('/api/admin/fs/batch-copy', w.admin, { items: [{ sourcePath: '/m/seed.txt', targetPath: '/m/copy.txt' }] });
      expect(await names()).toEqual(['copy.txt', 'seed.txt']);
      await sneak('client-copied.txt');
      await w.post('/api/admin/fs/batch-copy-commit', w.admin, {
        targetMountId: mountId,
        files: [{ targetPath: '/m/client-copied.txt', s3Path: 'client-copied.txt' }],
      });
      expect(await names()).toEqual(['client-copied.txt', 'copy.txt', 'seed.txt']);
    });

    it('multipart complete and presign commit', async () => {
      const init = (await w.post('/api/admin/fs/multipart/init', w.admin, { path: '/m/', filename: 'mp.bin' })).json().data;
      const part = await w.request({
        method: 'POST',
        url: `/api/admin/fs/multipart/part?path=${q('/m/')}&uploadId=${init.uploadId}&partNumber=1&key=${q(init.key)}`,
        headers: { ...w.admin, 'content-type': 'application/octet-stream' },
        payload: 'bytes',
      });
      await w.post('/api/admin/fs/multipart/complete', w.admin, {
        path: '/m/',
        uploadId: init.uploadId,
        key: init.key,
        parts: [part.json().data],
      });
      expect(await names()).toEqual(['mp.bin', 'seed.txt']);
      const presigned = (await w.post('/api/admin/fs/presign', w.admin, { path: '/m/', fileName: 'pre.txt' })).json().data;
      await sneak('pre.txt');
      const { presignedUrl: _url, ...rest } = presigned;
      await w.post('/api/admin/fs/presign/commit', w.admin, rest);
      expect(await names()).toEqual(['mp.bin', 'pre.txt', 'seed.txt']);
    });
  });
});
