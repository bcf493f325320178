import { randomUUID } from 'node:crypto';
import type { FsSearchData, MountIndexState } from '@cloudclip/contract';
import type { LightMyRequestResponse } from 'fastify';
import { createFsWorld, q, storageServerForSuite, STORAGE_KINDS, type FsWorld, type Headers } from '../testing/fs-test-kit';
import { createConfinementWorld, HOSTILE, type ConfinementWorld } from '../testing/hostile-paths';
import { freshForEachTest, TEST_ADMIN } from '../testing/test-app';

/**
 * Mount search (issue 16, contract api/fs-search.ts) through the real app: the background crawl of
 * the index, the writes that keep it current (fs API and WebDAV), GET …/fs/search and the index's
 * state and rebuild endpoints.
 */

function data<T>(response: LightMyRequestResponse): T {
  if (response.statusCode >= 300) throw new Error(`${response.statusCode} ${response.body}`);
  return (response.json() as { data: T }).data;
}

async function idle(w: FsWorld): Promise<void> {
  await w.t.container.services.mountIndex.whenIdle();
}

/**
 * Registers the hooks that give every test a fresh local-storage world whose storage `seed` fills
 * before a mount at `/m` is made and its first crawl ends; the world and the mount's id are handed
 * to `use`, and the world is closed after the test.
 */
function indexedWorldForEachTest(seed: (w: FsWorld) => Promise<void>, use: (w: FsWorld, mountId: string) => void): void {
  freshForEachTest(
    () => createFsWorld('local'),
    async (w) => {
      await seed(w);
      const mountId = await w.mount('/m');
      await idle(w);
      use(w, mountId);
    },
  );
}

async function search(w: FsWorld, headers: Headers, query: string, path?: string, more = ''): Promise<FsSearchData> {
  const url = `/api/${headers === w.admin ? 'admin' : 'user'}/fs/search?q=${q(query)}${path === undefined ? '' : `&path=${q(path)}`}${more}`;
  return data<FsSearchData>(await w.get(url, headers));
}

function paths(found: FsSearchData): string[] {
  return found.items.map((item) => item.path);
}

/** The index's entries of a mount, as full virtual paths under `root`. */
async function indexed(w: FsWorld, mountId: string, root = '/m/'): Promise<string[]> {
  const rows = await w.t.container.db.selectFrom('mount_entries').select('path').where('mount_id', '=', mountId).execute();
  return rows.map((row) => root + row.path).sort();
}

async function seedTree(w: FsWorld): Promise<void> {
  await w.driver.putObject('docs/', '', { contentType: 'application/x-directory' });
  await w.driver.putObject('docs/Annual Report.pdf', 'r1');
  await w.driver.putObject('docs/2024/report-q1.xlsx', 'r22');
  await w.driver.putObject('docs/2024/notes.txt', 'n');
  // s3rver leaves a folder holding only folders out of its parent's listing unless it has a marker.
  await w.driver.putObject('photos/', '', { contentType: 'application/x-directory' });
  await w.driver.putObject('photos/report/cover.jpg', 'jpg');
  await w.driver.putObject('报告/年度报告.docx', 'zh');
  await w.driver.putObject('readme.md', 'readme');
}

const TREE = [
  '/m/docs/',
  '/m/docs/2024/',
  '/m/docs/2024/notes.txt',
  '/m/docs/2024/report-q1.xlsx',
  '/m/docs/Annual Report.pdf',
  '/m/photos/',
  '/m/photos/report/',
  '/m/photos/report/cover.jpg',
  '/m/readme.md',
  '/m/报告/',
  '/m/报告/年度报告.docx',
];

describe.each(STORAGE_KINDS)('mount index crawl on %s storage', (kind) => {
  const server = storageServerForSuite(kind);
  let w: FsWorld;

  beforeEach(async () => {
    w = await createFsWorld(kind, server());
  });
  afterEach(async () => {
    await w.close();
  });

  it('indexes every folder and file of a nested mount, page by page, and reports it ready', async () => {
    await seedTree(w);
    const mountId = await w.mount('/m');
    await idle(w);
    expect(await indexed(w, mountId)).toEqual(TREE);
    const state = data<MountIndexState>(await w.get(`/api/admin/mounts/${mountId}/index`, w.admin));
    expect(state).toMatchObject({ mount_id: mountId, status: 'ready', entries: TREE.length, pending_folders: 0, error: null });
    expect(state.started_at).not.toBeNull();
    expect(state.finished_at).not.toBeNull();
    const found = await search(w, w.admin, 'report');
    expect(found.incomplete).toBe(false);
    expect(paths(found)).toEqual(['/m/photos/report/', '/m/docs/2024/report-q1.xlsx', '/m/docs/Annual Report.pdf']);
    expect(found.items[1]).toEqual({
      name: 'report-q1.xlsx',
      path: '/m/docs/2024/report-q1.xlsx',
      parent: '/m/docs/2024/',
      isDirectory: false,
      size: 3,
      modified: expect.any(String),
      mount_id: mountId,
    });
    expect(found.items[0]).toMatchObject({ parent: '/m/photos/', isDirectory: true, size: 0 });
  });
});

describe('mount search', () => {
  let w: FsWorld;
  let mountId: string;

  indexedWorldForEachTest(seedTree, (world, id) => ([w, mountId] = [world, id]));

  it('matches every term case-insensitively in the name only, folders first, then by path', async () => {
    expect(paths(await search(w, w.admin, 'REPORT q1'))).toEqual(['/m/docs/2024/report-q1.xlsx']);
    expect(paths(await search(w, w.admin, 'docs'))).toEqual(['/m/docs/']);
    expect(paths(await search(w, w.admin, '报告'))).toEqual(['/m/报告/', '/m/报告/年度报告.docx']);
    expect(paths(await search(w, w.admin, 'e'))).toEqual([
      '/m/photos/report/',
      '/m/docs/2024/notes.txt',
      '/m/docs/2024/report-q1.xlsx',
      '/m/docs/Annual Report.pdf',
      '/m/photos/report/cover.jpg',
      '/m/readme.md',
    ]);
    expect((await search(w, w.admin, '%')).items).toEqual([]);
  });

  it('pages with limit and offset and counts the total', async () => {
    const first = await search(w, w.admin, 'e', undefined, '&limit=2');
    expect(paths(first)).toEqual(['/m/photos/report/', '/m/docs/2024/notes.txt']);
    expect(first.pagination).toEqual({ total: 6, limit: 2, offset: 0, hasMore: true });
    const last = await search(w, w.admin, 'e', undefined, '&limit=2&offset=4');
    expect(paths(last)).toEqual(['/m/photos/report/cover.jpg', '/m/readme.md']);
    expect(last.pagination).toEqual({ total: 6, limit: 2, offset: 4, hasMore: false });
  });

  it('searches only below the given folder', async () => {
    expect(paths(await search(w, w.admin, 'report', '/m/docs/'))).toEqual(['/m/docs/2024/report-q1.xlsx', '/m/docs/Annual Report.pdf']);
    expect(paths(await search(w, w.admin, 'report', '/m/docs/2024'))).toEqual(['/m/docs/2024/report-q1.xlsx']);
    expect(paths(await search(w, w.admin, 'report', '/m/photos/report/'))).toEqual([]);
    expect(paths(await search(w, w.admin, 'report', '/elsewhere/'))).toEqual([]);
  });

  it('refuses a blank or too long query and a malformed path', async () => {
    for (const query of ['', '   ', 'x'.repeat(201), 'a b c d e f g h i']) {
      expect((await w.get(`/api/admin/fs/search?q=${q(query)}`, w.admin)).statusCode).toBe(400);
    }
    expect((await w.get('/api/admin/fs/search', w.admin)).statusCode).toBe(400);
    expect((await w.get(`/api/admin/fs/search?q=a&path=${q('/m/../x/')}`, w.admin)).statusCode).toBe(400);
  });

  it('says the result may be incomplete while a mount below the folder is not indexed', async () => {
    await w.t.container.services.mountIndex.stop();
    await w.driver.putObject('other/report.txt', 'x');
    const other = await w.mount('/n');
    const found = await search(w, w.admin, 'report');
    expect(found.incomplete).toBe(true);
    expect((await search(w, w.admin, 'report', '/m/')).incomplete).toBe(false);
    expect(data<MountIndexState>(await w.get(`/api/admin/mounts/${other}/index`, w.admin)).status).toBe('pending');
  });

  it('leaves out what another mount shows inside this one', async () => {
    await w.driver.putObject('docs/inner.txt', 'x');
    await w.post(`/api/admin/mounts/${mountId}/index/rebuild`, w.admin);
    const nested = await w.mount('/m/docs');
    await idle(w);
    // /m/docs/ now shows the nested mount (the same storage root): its entries, not /m's copies.
    const found = await search(w, w.admin, 'inner');
    expect(found.items.map((item) => [item.path, item.mount_id])).toEqual([['/m/docs/docs/inner.txt', nested]]);
  });
});

describe('the index follows every write', () => {
  let w: FsWorld;
  let mountId: string;
  const dav = (method: string, url: string, headers: Headers = {}, payload?: string): Promise<LightMyRequestResponse> =>
    w.request({
      method: method as 'GET',
      url,
      headers: { authorization: `Basic ${Buffer.from(`${TEST_ADMIN.username}:${TEST_ADMIN.password}`).toString('base64')}`, ...headers },
      ...(payload === undefined ? {} : { payload }),
    });

  indexedWorldForEachTest(
    async (world) => {
      await world.driver.putObject('a/', '', { contentType: 'application/x-directory' });
      await world.driver.putObject('a/one.txt', '1');
      await world.driver.putObject('a/sub/two.txt', '22');
    },
    (world, id) => ([w, mountId] = [world, id]),
  );

  it('mkdir', async () => {
    expect((await w.post('/api/admin/fs/mkdir', w.admin, { path: '/m/a/new/' })).statusCode).toBe(200);
    expect(await indexed(w, mountId)).toContain('/m/a/new/');
  });

  it('form upload', async () => {
    const response = await w.uploadFile('/m/a/', 'upload.txt', 'hello');
    expect(response.statusCode).toBe(200);
    expect((await search(w, w.admin, 'upload')).items).toMatchObject([{ path: '/m/a/upload.txt', size: 5 }]);
  });

  it('presign commit', async () => {
    await w.driver.putObject('a/presigned.bin', 'abc');
    const response = await w.post('/api/admin/fs/presign/commit', w.admin, {
      fileId: randomUUID(),
      s3Path: 'a/presigned.bin',
      s3ConfigId: w.configId,
      targetPath: '/m/a/presigned.bin',
    });
    expect(response.statusCode).toBe(200);
    expect(await indexed(w, mountId)).toContain('/m/a/presigned.bin');
  });

  it('multipart complete', async () => {
    const init = data<{ uploadId: string; key: string }>(
      await w.post('/api/admin/fs/multipart/init', w.admin, { path: '/m/a/', filename: 'big.bin' }),
    );
    const part = await w.request({
      method: 'POST',
      url: `/api/admin/fs/multipart/part?path=${q('/m/a/')}&uploadId=${encodeURIComponent(init.uploadId)}&partNumber=1&isLastPart=true&key=${q(init.key)}`,
      headers: { ...w.admin, 'content-type': 'application/octet-stream' },
      payload: Buffer.from('bytes'),
    });
    const etag = data<{ etag: string }>(part).etag;
    const done = await w.post('/api/admin/fs/multipart/complete', w.admin, {
      path: '/m/a/',
      uploadId: init.uploadId,
      key: init.key,
      parts: [{ partNumber: 1, etag }],
    });
    expect(done.statusCode).toBe(200);
    expect((await search(w, w.admin, 'big.bin')).items).toMatchObject([{ path: '/m/a/big.bin', size: 5 }]);
  });

  it('update', async () => {
    expect((await w.post('/api/admin/fs/update', w.admin, { path: '/m/a/sub/new.md', content: '# hi' })).statusCode).toBe(200);
    expect((await search(w, w.admin, 'new.md')).items).toMatchObject([{ path: '/m/a/sub/new.md', size: 4 }]);
  });

  it('rename of a folder moves everything below it', async () => {
    expect((await w.post('/api/admin/fs/rename', w.admin, { oldPath: '/m/a/', newPath: '/m/b/' })).statusCode).toBe(200);
    expect(await indexed(w, mountId)).toEqual(['/m/b/', '/m/b/one.txt', '/m/b/sub/', '/m/b/sub/two.txt']);
    expect((await search(w, w.admin, 'two')).items).toMatchObject([{ path: '/m/b/sub/two.txt', parent: '/m/b/sub/' }]);
  });

  it('rename of a file', async () => {
    expect((await w.post('/api/admin/fs/rename', w.admin, { oldPath: '/m/a/one.txt', newPath: '/m/a/uno.txt' })).statusCode).toBe(200);
    expect(paths(await search(w, w.admin, '.txt'))).toEqual(['/m/a/sub/two.txt', '/m/a/uno.txt']);
  });

  it('remove of a folder removes everything below it', async () => {
    expect((await w.del(`/api/admin/fs/remove?path=${q('/m/a/sub/')}`, w.admin)).statusCode).toBe(200);
    expect(await indexed(w, mountId)).toEqual(['/m/a/', '/m/a/one.txt']);
  });

  it('batch remove', async () => {
    expect((await w.post('/api/admin/fs/batch-remove', w.admin, { paths: ['/m/a/one.txt', '/m/a/sub/'] })).statusCode).toBe(200);
    expect(await indexed(w, mountId)).toEqual(['/m/a/']);
  });

  it('batch copy', async () => {
    const response = await w.post('/api/admin/fs/batch-copy', w.admin, { items: [{ sourcePath: '/m/a/sub/', targetPath: '/m/copy/' }] });
    expect(response.statusCode).toBe(200);
    expect(await indexed(w, mountId)).toEqual(expect.arrayContaining(['/m/copy/', '/m/copy/two.txt']));
  });

  it('batch copy commit', async () => {
    await w.driver.putObject('a/client-copied.txt', 'cc');
    const response = await w.post('/api/admin/fs/batch-copy-commit', w.admin, {
      targetMountId: mountId,
      files: [{ targetPath: '/m/a/client-copied.txt', s3Path: 'a/client-copied.txt' }],
    });
    expect(response.statusCode).toBe(200);
    expect((await search(w, w.admin, 'client-copied')).items).toMatchObject([{ path: '/m/a/client-copied.txt', size: 2 }]);
  });

  it('WebDAV PUT', async () => {
    expect((await dav('PUT', '/dav/m/a/dav.txt', { 'content-type': 'text/plain' }, 'via dav')).statusCode).toBe(201);
    expect((await search(w, w.admin, 'dav.txt')).items).toMatchObject([{ path: '/m/a/dav.txt', size: 7 }]);
  });

  it('WebDAV MKCOL', async () => {
    expect((await dav('MKCOL', '/dav/m/a/collection/')).statusCode).toBe(201);
    expect(await indexed(w, mountId)).toContain('/m/a/collection/');
  });

  it('WebDAV DELETE', async () => {
    expect((await dav('DELETE', '/dav/m/a/sub/')).statusCode).toBe(204);
    expect(await indexed(w, mountId)).toEqual(['/m/a/', '/m/a/one.txt']);
  });

  it('WebDAV MOVE', async () => {
    expect((await dav('MOVE', '/dav/m/a/', { destination: '/dav/m/z/' })).statusCode).toBe(201);
    expect(await indexed(w, mountId)).toEqual(['/m/z/', '/m/z/one.txt', '/m/z/sub/', '/m/z/sub/two.txt']);
  });

  it('WebDAV COPY', async () => {
    expect((await dav('COPY', '/dav/m/a/sub/', { destination: '/dav/m/dup/' })).statusCode).toBe(201);
    expect(await indexed(w, mountId)).toEqual(expect.arrayContaining(['/m/dup/', '/m/dup/two.txt', '/m/a/sub/two.txt']));
  });
});

describe('mount search for a key', () => {
  let c: ConfinementWorld;
  let key: Headers;

  beforeEach(async () => {
    c = await createConfinementWorld();
    key = { authorization: `ApiKey ${c.keyValue}` };
    await c.docsDriver.putObject('team/deeper/p-team.txt', 'x');
    await c.docsDriver.putObject('private/p-2.txt', 'x');
    await c.secretDriver.putObject('p-secret.txt', 'x');
    // Written behind Cloudclip's back after the mounts' first crawls: a rebuild reads them.
    for (const mount of await c.w.t.container.repositories.mounts.listAll()) {
      await c.w.post(`/api/admin/mounts/${mount.id}/index/rebuild`, c.w.admin);
    }
    await c.w.t.container.services.mountIndex.whenIdle();
  });
  afterEach(async () => {
    await c.w.close();
  });

  it('finds only entries within its basic path, also when asked from above it', async () => {
    const all = await search(c.w, c.w.admin, 'p');
    expect(paths(all)).toEqual(expect.arrayContaining(['/docs/private/p.txt', '/secret/p-secret.txt', '/docs/team/deeper/p-team.txt']));
    for (const folder of [undefined, '/', '/docs/', '/docs/team/']) {
      const found = await search(c.w, key, 'p', folder);
      expect(paths(found)).toEqual(['/docs/team/deeper/', '/docs/team/deeper/p-team.txt']);
      expect(found.pagination.total).toBe(2);
    }
    expect((await search(c.w, key, 'a.txt', '/docs/team/')).items).toMatchObject([{ path: '/docs/team/a.txt', parent: '/docs/team/' }]);
  });

  it('answers 403 for a folder it may not navigate and shows nothing through hostile paths', async () => {
    expect((await c.w.get(`/api/user/fs/search?q=p&path=${q('/docs/private/')}`, key)).statusCode).toBe(403);
    expect((await c.w.get(`/api/user/fs/search?q=p&path=${q('/secret/')}`, key)).statusCode).toBe(403);
    for (const [label, hostile] of HOSTILE) {
      const response = await c.w.get(`/api/user/fs/search?q=p&path=${q(hostile)}`, key);
      const leaked =
        response.statusCode === 200 ? paths(data<FsSearchData>(response)).filter((path) => !path.startsWith('/docs/team/')) : [];
      expect([label, leaked]).toEqual([label, []]);
    }
  });

  it('is refused to a key without the file permission and to anonymous callers', async () => {
    const noFile = await c.w.key({ file: false, mount: true });
    expect((await c.w.get('/api/user/fs/search?q=p', noFile)).statusCode).toBe(403);
    expect((await c.w.get('/api/user/fs/search?q=p', {})).statusCode).toBe(401);
  });
});

describe('index state and rebuild', () => {
  let w: FsWorld;
  let mountId: string;

  indexedWorldForEachTest(
    async (world) => {
      await world.driver.putObject('x/one.txt', '1');
    },
    (world, id) => ([w, mountId] = [world, id]),
  );

  it('rebuilds from the storage: changes made behind Cloudclip appear, gone files go', async () => {
    await w.driver.putObject('x/two.txt', '2');
    await w.driver.deleteObject('x/one.txt');
    expect(await indexed(w, mountId)).toEqual(['/m/x/', '/m/x/one.txt']);
    const rebuild = await w.post(`/api/admin/mounts/${mountId}/index/rebuild`, w.admin);
    expect(rebuild.statusCode).toBe(202);
    expect(data<MountIndexState>(rebuild)).toMatchObject({ mount_id: mountId, status: 'building', finished_at: null, error: null });
    await idle(w);
    expect(await indexed(w, mountId)).toEqual(['/m/x/', '/m/x/two.txt']);
    expect(data<MountIndexState>(await w.get(`/api/admin/mounts/${mountId}/index`, w.admin))).toMatchObject({
      status: 'ready',
      entries: 2,
    });
  });

  it('marks a mount whose storage fails as failed with the message, and a rebuild retries', async () => {
    const driver = w.driver;
    const listing = jest.spyOn(driver, 'listObjects').mockRejectedValue(new Error('storage unreachable'));
    await w.post(`/api/admin/mounts/${mountId}/index/rebuild`, w.admin);
    await idle(w);
    expect(data<MountIndexState>(await w.get(`/api/admin/mounts/${mountId}/index`, w.admin))).toMatchObject({
      status: 'failed',
      error: 'storage unreachable',
      finished_at: expect.any(String),
    });
    expect((await search(w, w.admin, 'one')).incomplete).toBe(true);
    listing.mockRestore();
    await w.post(`/api/admin/mounts/${mountId}/index/rebuild`, w.admin);
    await idle(w);
    expect(data<MountIndexState>(await w.get(`/api/admin/mounts/${mountId}/index`, w.admin))).toMatchObject({
      status: 'ready',
      error: null,
    });
  });

  it('is for admins only and answers 404 for an unknown mount', async () => {
    const key = await w.key({ mount: true });
    expect([401, 403]).toContain((await w.get(`/api/admin/mounts/${mountId}/index`, key)).statusCode);
    expect([401, 403]).toContain((await w.post(`/api/admin/mounts/${mountId}/index/rebuild`, key)).statusCode);
    expect([401, 403]).toContain((await w.get(`/api/admin/mounts/${mountId}/index`, {})).statusCode);
    expect((await w.get(`/api/admin/mounts/${randomUUID()}/index`, w.admin)).statusCode).toBe(404);
    expect((await w.post(`/api/admin/mounts/${randomUUID()}/index/rebuild`, w.admin)).statusCode).toBe(404);
  });

  it('drops the entries, state and queue of a deleted mount', async () => {
    expect((await w.del(`/api/admin/mounts/${mountId}`, w.admin)).statusCode).toBe(200);
    expect(await indexed(w, mountId)).toEqual([]);
    expect(await w.t.container.repositories.mountIndex.state(mountId)).toBeUndefined();
  });
});
