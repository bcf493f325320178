import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { formBody, q, type FsWorld, type Headers } from '../testing/fs-test-kit';
import { createConfinementWorld, expectConfined, HOSTILE, PRIVATE_TEXT, SECRET_TEXT } from '../testing/hostile-paths';
import { localStoragePaths } from '../storage/local-driver';
import type { StorageDriver } from '../storage/storage-driver';

/**
 * A key whose basic_path is `/docs/team` never reads, lists, writes or links anything outside it,
 * whatever the path looks like (contract §2.6 plus our path rule, src/services/fs/fs-path.ts).
 *
 * Layout: mount `/docs` on the default local storage holds `team/a.txt` (inside the basic path)
 * and `private/p.txt` (outside it); mount `/secret` on a second local storage holds `s.txt`.
 */

const PRIVATE = PRIVATE_TEXT;
const SECRET = SECRET_TEXT;

type Operation = (path: string) => Promise<LightMyRequestResponse>;

describe('API keys and basic_path on the file-system browser', () => {
  let w: FsWorld;
  let key: Headers;
  let docsDriver: StorageDriver;
  let snapshot: () => Promise<string[]>;
  const bodies: string[] = [];

  beforeEach(async () => {
    const world = await createConfinementWorld();
    ({ w, docsDriver, snapshot } = world);
    key = { authorization: `ApiKey ${world.keyValue}` };
    bodies.length = 0;
  });

  afterEach(async () => {
    await w.close();
  });

  const track = async (response: Promise<LightMyRequestResponse>): Promise<LightMyRequestResponse> => {
    const result = await response;
    bodies.push(result.body);
    return result;
  };

  const operations: Record<string, Operation> = {
    list: (p) => track(w.get(`/api/user/fs/list?path=${q(p)}`, key)),
    get: (p) => track(w.get(`/api/user/fs/get?path=${q(p)}`, key)),
    download: (p) => track(w.get(`/api/user/fs/download?path=${q(p)}`, key)),
    fileLink: (p) => track(w.get(`/api/user/fs/file-link?path=${q(p)}`, key)),
    mkdir: (p) => track(w.post('/api/user/fs/mkdir', key, { path: p })),
    update: (p) => track(w.post('/api/user/fs/update', key, { path: p, content: 'overwritten' })),
    remove: (p) => track(w.del(`/api/user/fs/remove?path=${q(p)}`, key)),
    removeFolder: (p) => track(w.del(`/api/user/fs/remove?path=${q(`${p}/`)}`, key)),
    batchRemove: (p) => track(w.post('/api/user/fs/batch-remove', key, { paths: ['/docs/team/a.txt', p] })),
    renameFrom: (p) => track(w.post('/api/user/fs/rename', key, { oldPath: p, newPath: '/docs/team/moved.txt' })),
    renameTo: (p) => track(w.post('/api/user/fs/rename', key, { oldPath: '/docs/team/a.txt', newPath: p })),
    copyFrom: (p) => track(w.post('/api/user/fs/batch-copy', key, { items: [{ sourcePath: p, targetPath: '/docs/team/copied.txt' }] })),
    copyTo: (p) => track(w.post('/api/user/fs/batch-copy', key, { items: [{ sourcePath: '/docs/team/a.txt', targetPath: p }] })),
    upload: (p) => {
      const form = formBody([
        ['path', p],
        ['file', 'uploaded', 'up.txt'],
      ]);
      return track(w.request({ method: 'POST', url: '/api/user/fs/upload', headers: { ...key, ...form.headers }, payload: form.payload }));
    },
    presign: (p) => track(w.post('/api/user/fs/presign', key, { path: p, fileName: 'x.txt' })),
    multipartInit: (p) => track(w.post('/api/user/fs/multipart/init', key, { path: p, filename: 'x.bin' })),
  };

  it(`checks at least 30 hostile paths`, () => {
    expect(HOSTILE.length).toBeGreaterThanOrEqual(30);
  });

  it.each(HOSTILE)('refuses %s for every operation, without touching anything', async (_label, hostile) => {
    const before = await snapshot();
    for (const [name, operation] of Object.entries(operations)) {
      const response = await operation(hostile);
      if (name === 'list' && response.statusCode === 200) {
        // Navigating above the basic path is allowed but shows nothing.
        expect(response.json().data).toMatchObject({ isVirtual: true, hasPermission: false, items: [] });
        continue;
      }
      if (![400, 403].includes(response.statusCode))
        throw new Error(`${name} ${JSON.stringify(hostile)} → ${response.statusCode} ${response.body}`);
    }
    await expectConfined({ w, snapshot }, before, bodies, [PRIVATE, SECRET, 'private']);
  });

  it('refuses encoded traversal that arrives decoded only once on the wire', async () => {
    for (const query of [
      '/docs/team/%2e%2e/private/p.txt',
      '/docs/team/%2E%2E%2Fprivate%2Fp.txt',
      '/docs/team/..%2fprivate/p.txt',
      '/docs%2Fteam/..%2F..%2Fprivate/p.txt',
    ]) {
      for (const operation of ['get', 'download', 'file-link']) {
        const response = await w.get(`/api/user/fs/${operation}?path=${query}`, key);
        expect([400, 403]).toContain(response.statusCode);
        expect(response.body).not.toContain(PRIVATE);
      }
    }
  });

  it('lets the key work inside its basic path', async () => {
    expect((await w.get(`/api/user/fs/list?path=${q('/docs/team')}`, key)).json().data.items).toEqual([
      expect.objectContaining({ name: 'a.txt', path: '/docs/team/a.txt' }),
    ]);
    expect((await w.get(`/api/user/fs/download?path=${q('/docs/team/a.txt')}`, key)).body).toBe('team content');
    expect((await w.post('/api/user/fs/mkdir', key, { path: '/docs/team/sub' })).statusCode).toBe(200);
    expect((await w.post('/api/user/fs/update', key, { path: '/docs/team/sub/n.txt', content: 'n' })).statusCode).toBe(200);
    expect((await w.post('/api/user/fs/rename', key, { oldPath: '/docs/team/sub/n.txt', newPath: '/docs/team/n.txt' })).statusCode).toBe(
      200,
    );
    expect((await w.del(`/api/user/fs/remove?path=${q('/docs/team/n.txt')}`, key)).statusCode).toBe(200);
  });

  it('shows nothing above the basic path: the root and ancestors are empty with hasPermission false', async () => {
    for (const ancestor of ['/', '/docs', '/docs/']) {
      const listing = (await w.get(`/api/user/fs/list?path=${q(ancestor)}`, key)).json().data;
      expect(listing).toMatchObject({ isVirtual: true, hasPermission: false, items: [] });
    }
    expect((await w.get(`/api/user/fs/list?path=${q('/secret')}`, key)).statusCode).toBe(403);
    expect((await w.get(`/api/user/fs/list?path=${q('/docs/private')}`, key)).statusCode).toBe(403);
  });

  it('never accepts a multipart key, a commit path or a copy-commit path outside the basic path', async () => {
    const init = (await w.post('/api/user/fs/multipart/init', key, { path: '/docs/team/', filename: 'ok.bin' })).json().data;
    const tampered = await w.request({
      method: 'POST',
      url: `/api/user/fs/multipart/part?path=${q('/docs/team/')}&uploadId=${init.uploadId}&partNumber=1&key=${q('private/evil.bin')}`,
      headers: { ...key, 'content-type': 'application/octet-stream' },
      payload: 'evil',
    });
    expect(tampered.statusCode).toBe(403);
    for (const badKey of ['team/../private/evil.bin', '/private/evil.bin', 'team\\..\\private']) {
      const response = await w.post('/api/user/fs/multipart/complete', key, {
        path: '/docs/team/',
        uploadId: init.uploadId,
        key: badKey,
        parts: [{ partNumber: 1, etag: 'x' }],
      });
      expect([400, 403]).toContain(response.statusCode);
    }
    expect(
      (await w.post('/api/user/fs/multipart/abort', key, { path: '/docs/team/', uploadId: init.uploadId, key: 'private/p.txt' }))
        .statusCode,
    ).toBe(403);

    const presigned = (await w.post('/api/user/fs/presign', key, { path: '/docs/team/', fileName: 'c.txt' })).json().data;
    const commit = await w.post('/api/user/fs/presign/commit', key, { ...presigned, s3Path: 'private/p.txt' });
    expect(commit.statusCode).toBe(400);
    expect(
      (await w.post('/api/user/fs/presign/commit', key, { ...presigned, targetPath: '/docs/private/p.txt', s3Path: 'private/p.txt' }))
        .statusCode,
    ).toBe(403);

    const mounts = await w.t.container.repositories.mounts.listActive();
    const docsMount = mounts.find((mount) => mount.mount_path === '/docs');
    const copyCommit = await w.post('/api/user/fs/batch-copy-commit', key, {
      targetMountId: docsMount?.id,
      files: [{ targetPath: '/docs/private/p.txt', s3Path: 'private/p.txt' }],
    });
    expect(copyCommit.json()).toMatchObject({ code: 202, data: { success: [], failed: [{ targetPath: '/docs/private/p.txt' }] } });
    const secretMount = mounts.find((mount) => mount.mount_path === '/secret');
    expect(
      (await w.post('/api/user/fs/batch-copy-commit', key, { targetMountId: secretMount?.id, files: [{ s3Path: 's.txt' }] })).statusCode,
    ).toBe(404);
    expect(await w.t.container.db.selectFrom('files').selectAll().execute()).toEqual([]);
  });

  it('checks every batch path before removing or copying anything', async () => {
    const removal = await w.post('/api/user/fs/batch-remove', key, { paths: ['/docs/team/a.txt', '/docs/private/p.txt'] });
    expect(removal.statusCode).toBe(403);
    expect(await docsDriver.headObject('team/a.txt')).not.toBeNull();
    const copy = await w.post('/api/user/fs/batch-copy', key, {
      items: [
        { sourcePath: '/docs/team/a.txt', targetPath: '/docs/team/b.txt' },
        { sourcePath: '/docs/private/p.txt', targetPath: '/docs/team/leak.txt' },
      ],
    });
    expect(copy.statusCode).toBe(403);
    expect(await docsDriver.headObject('team/b.txt')).toBeNull();
    expect(await docsDriver.headObject('team/leak.txt')).toBeNull();
  });

  it('never follows a symbolic link placed in local storage', async () => {
    const { rootDir } = localStoragePaths(w.t.dataDir, w.configId);
    const outside = path.join(w.t.dataDir, 'outside');
    mkdirSync(outside, { recursive: true });
    writeFileSync(path.join(outside, 'stolen.txt'), PRIVATE);
    symlinkSync(outside, path.join(rootDir, 'team', 'link'));
    symlinkSync(path.join(rootDir, 'private', 'p.txt'), path.join(rootDir, 'team', 'p-link.txt'));
    const listing = (await w.get(`/api/user/fs/list?path=${q('/docs/team/')}`, key)).json().data;
    expect(listing.items.map((item: { name: string }) => item.name)).toEqual(['a.txt']);
    for (const target of ['/docs/team/link/stolen.txt', '/docs/team/p-link.txt']) {
      for (const operation of ['get', 'download', 'file-link']) {
        const response = await w.get(`/api/user/fs/${operation}?path=${q(target)}`, key);
        expect([403, 404]).toContain(response.statusCode);
        expect(response.body).not.toContain(PRIVATE);
      }
      expect([403, 404]).toContain((await w.post('/api/user/fs/update', key, { path: target, content: 'x' })).statusCode);
    }
    expect((await w.get(`/api/user/fs/list?path=${q('/docs/team/link/')}`, key)).json().data.items).toEqual([]);
    expect([403, 404]).toContain((await w.post('/api/user/fs/mkdir', key, { path: '/docs/team/link/new' })).statusCode);
  });

  it('resolves key paths only through visible mounts', async () => {
    const other = await w.key({ basicPath: '/secret' });
    expect((await w.get(`/api/user/fs/download?path=${q('/secret/s.txt')}`, other)).body).toBe(SECRET);
    expect((await w.get(`/api/user/fs/download?path=${q('/docs/team/a.txt')}`, other)).statusCode).toBe(403);
    const mounts = await w.t.container.repositories.mounts.listActive();
    await w.request({
      method: 'PUT',
      url: `/api/admin/mounts/${mounts.find((m) => m.mount_path === '/secret')?.id}`,
      headers: w.admin,
      payload: { is_active: false },
    });
    expect((await w.get(`/api/user/fs/download?path=${q('/secret/s.txt')}`, other)).statusCode).toBe(404);
  });
});
