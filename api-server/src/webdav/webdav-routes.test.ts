import type { LightMyRequestResponse } from 'fastify';
import { lockInfo, lockTokenOf } from '../testing/dav-locks';
import { createFsWorld, type FsWorld, type Headers } from '../testing/fs-test-kit';
import { TEST_ADMIN } from '../testing/test-app';
import { LocalStorageDriver } from '../storage/local-driver';
import { DavLockService } from './dav-locks';

/**
 * WebDAV at /dav/ through the real app (Fastify inject, SQLite, the local driver): who may do
 * what, the methods' answers and the upload rules. The full protocol suites run with real clients
 * (litmus, rclone) in e2e/webdav-clients/webdav-clients.mjs.
 */

function basic(user: string, pass: string): Headers {
  return { authorization: `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}` };
}

const PROPFIND_NAMES =
  '<?xml version="1.0"?><D:propfind xmlns:D="DAV:"><D:prop><D:resourcetype/><D:getcontentlength/><D:quota-available-bytes/><D:quota-used-bytes/></D:prop></D:propfind>';

function hrefs(body: string): string[] {
  return [...body.matchAll(/<D:href>([^<]*)<\/D:href>/g)].map((match) => decodeURIComponent(match[1] ?? ''));
}

describe('WebDAV /dav/', () => {
  let w: FsWorld;
  let admin: Headers;

  const dav = (method: string, url: string, headers: Headers = admin, payload?: string | Buffer): Promise<LightMyRequestResponse> =>
    w.dav(method, url, headers, payload);

  beforeEach(async () => {
    w = await createFsWorld('local');
    admin = basic(TEST_ADMIN.username, TEST_ADMIN.password);
    await w.mount('/docs');
    await w.driver.putObject('team/a.txt', 'team content', { contentType: 'text/plain' });
    await w.driver.putObject('private/p.txt', 'PRIVATE', { contentType: 'text/plain' });
  });

  afterEach(async () => {
    await w.close();
  });

  it('asks anonymous callers for Basic credentials and answers OPTIONS without them', async () => {
    const anonymous = await dav('PROPFIND', '/dav/', {});
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['www-authenticate']).toMatch(/^Basic realm="Cloudclip WebDAV"/);
    const wrong = await dav('PROPFIND', '/dav/', basic(TEST_ADMIN.username, 'wrong-password'));
    expect(wrong.statusCode).toBe(401);
    const options = await dav('OPTIONS', '/dav/docs/', {});
    expect(options.statusCode).toBe(200);
    expect(options.headers.dav).toBe('1, 2');
    expect(String(options.headers.allow)).toContain('PROPFIND');
  });

  it('stops accepting remembered Basic credentials as soon as the password changes', async () => {
    expect((await dav('PROPFIND', '/dav/', { ...admin, depth: '0' })).statusCode).toBe(207);
    expect((await dav('PROPFIND', '/dav/', { ...admin, depth: '0' })).statusCode).toBe(207);
    const changed = await w.post('/api/admin/change-password', w.admin, {
      currentPassword: TEST_ADMIN.password,
      newPassword: 'brand-new-pass',
    });
    expect(changed.statusCode).toBe(200);
    expect((await dav('PROPFIND', '/dav/', { ...admin, depth: '0' })).statusCode).toBe(401);
    expect((await dav('PROPFIND', '/dav/', { ...basic(TEST_ADMIN.username, 'brand-new-pass'), depth: '0' })).statusCode).toBe(207);
  });

  it('lists the mounts at the root and a folder at Depth 1, and refuses Depth infinity', async () => {
    const root = await dav('PROPFIND', '/dav/', { ...admin, depth: '1' });
    expect(root.statusCode).toBe(207);
    expect(hrefs(root.body)).toEqual(['/dav/', '/dav/docs/']);
    const folder = await dav('PROPFIND', '/dav/docs/', { ...admin, depth: '1' }, PROPFIND_NAMES);
    expect(folder.statusCode).toBe(207);
    expect(hrefs(folder.body)).toEqual(['/dav/docs/', '/dav/docs/private/', '/dav/docs/team/']);
    expect(folder.body).toMatch(/<D:quota-used-bytes>\d+<\/D:quota-used-bytes>/);
    const infinite = await dav('PROPFIND', '/dav/docs/', { ...admin, depth: 'infinity' });
    expect(infinite.statusCode).toBe(403);
    expect(infinite.body).toContain('propfind-finite-depth');
  });

  it('looks a new file up in storage once per candidate name: no second marker lookup', async () => {
    const heads = jest.spyOn(LocalStorageDriver.prototype, 'headObject');
    try {
      heads.mockClear();
      expect((await dav('PUT', '/dav/docs/team/fresh.txt', admin, 'fresh')).statusCode).toBe(201);
      const looked = heads.mock.calls.map(([key]) => key);
      // Each key asked at most once while handling the request (the folder marker 'team/fresh.txt/' included).
      expect(looked.filter((key) => key === 'team/fresh.txt/')).toHaveLength(1);
      expect(new Set(looked).size).toBe(looked.length);
    } finally {
      heads.mockRestore();
    }
  });

  it('stores, reads (with ranges), copies, moves and deletes files, recording file rows', async () => {
    expect((await dav('MKCOL', '/dav/docs/new/')).statusCode).toBe(201);
    expect((await dav('MKCOL', '/dav/docs/new/')).statusCode).toBe(405);
    expect((await dav('MKCOL', '/dav/docs/missing/child/')).statusCode).toBe(409);
    expect((await dav('PUT', '/dav/docs/missing/x.txt', admin, 'x')).statusCode).toBe(409);
    const put = await dav('PUT', '/dav/docs/new/%E6%8A%A5%E5%91%8A%202026.txt', admin, 'hello world');
    expect(put.statusCode).toBe(201);
    expect(put.headers.etag).toMatch(/^".+"$/);
    expect((await dav('PUT', '/dav/docs/new/%E6%8A%A5%E5%91%8A%202026.txt', admin, 'hello again')).statusCode).toBe(204);
    const ranged = await dav('GET', '/dav/docs/new/%E6%8A%A5%E5%91%8A%202026.txt', { ...admin, range: 'bytes=6-10' });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.body).toBe('again');
    const rows = await w.t.container.repositories.files.findByStorageKey(w.configId, 'new/报告 2026.txt');
    expect(rows.map((row) => Number(row.size))).toEqual([11]);

    const copy = await dav('COPY', '/dav/docs/new/', { ...admin, destination: 'http://localhost/dav/docs/copy/' });
    expect(copy.statusCode).toBe(201);
    expect((await dav('GET', '/dav/docs/copy/%E6%8A%A5%E5%91%8A%202026.txt')).body).toBe('hello again');
    expect((await dav('COPY', '/dav/docs/new/', { ...admin, destination: '/dav/docs/copy/', overwrite: 'F' })).statusCode).toBe(412);
    const move = await dav('MOVE', '/dav/docs/copy/', { ...admin, destination: '/dav/docs/moved/' });
    expect(move.statusCode).toBe(201);
    expect((await dav('PROPFIND', '/dav/docs/copy/', { ...admin, depth: '0' })).statusCode).toBe(404);
    expect((await dav('GET', '/dav/docs/moved/%E6%8A%A5%E5%91%8A%202026.txt')).body).toBe('hello again');
    expect((await dav('DELETE', '/dav/docs/moved/')).statusCode).toBe(204);
    expect((await dav('GET', '/dav/docs/moved/%E6%8A%A5%E5%91%8A%202026.txt')).statusCode).toBe(404);
    expect(await w.t.container.repositories.files.findByStoragePrefix(w.configId, 'moved/')).toEqual([]);
  });

  it('honours If-Match and If-None-Match', async () => {
    const etag = String((await dav('PUT', '/dav/docs/e.txt', admin, 'one')).headers.etag);
    expect((await dav('PUT', '/dav/docs/e.txt', { ...admin, 'if-match': '"nope"' }, 'two')).statusCode).toBe(412);
    expect((await dav('PUT', '/dav/docs/e.txt', { ...admin, 'if-none-match': '*' }, 'two')).statusCode).toBe(412);
    expect((await dav('PUT', '/dav/docs/e.txt', { ...admin, 'if-match': etag }, 'two')).statusCode).toBe(204);
    expect(
      (await dav('GET', '/dav/docs/e.txt', { ...admin, 'if-none-match': String((await dav('HEAD', '/dav/docs/e.txt')).headers.etag) }))
        .statusCode,
    ).toBe(304);
  });

  it('keeps dead properties and refuses to change live ones', async () => {
    await dav('PUT', '/dav/docs/p.txt', admin, 'p');
    const set = await dav(
      'PROPPATCH',
      '/dav/docs/p.txt',
      admin,
      '<?xml version="1.0"?><D:propertyupdate xmlns:D="DAV:" xmlns:Z="urn:z"><D:set><D:prop><Z:colour>蓝 \u{1F535}</Z:colour></D:prop></D:set></D:propertyupdate>',
    );
    expect(set.statusCode).toBe(207);
    expect(set.body).toContain('HTTP/1.1 200 OK');
    const read = await dav(
      'PROPFIND',
      '/dav/docs/p.txt',
      { ...admin, depth: '0' },
      '<D:propfind xmlns:D="DAV:"><D:prop><Z:colour xmlns:Z="urn:z"/></D:prop></D:propfind>',
    );
    expect(read.body).toContain('蓝 \u{1F535}');
    const live = await dav(
      'PROPPATCH',
      '/dav/docs/p.txt',
      admin,
      '<D:propertyupdate xmlns:D="DAV:"><D:set><D:prop><D:getetag>x</D:getetag><D:other>y</D:other></D:prop></D:set></D:propertyupdate>',
    );
    expect(live.body).toContain('HTTP/1.1 403 Forbidden');
    expect(live.body).toContain('HTTP/1.1 424 Failed Dependency');
    expect((await dav('PROPFIND', '/dav/docs/p.txt', { ...admin, depth: '0' }, '<not-closed>')).statusCode).toBe(400);
  });

  it('forgets dead properties and locks of a path the fs API removes, and moves properties it renames', async () => {
    const colour = (path: string) =>
      dav(
        'PROPFIND',
        path,
        { ...admin, depth: '0' },
        '<D:propfind xmlns:D="DAV:"><D:prop><Z:colour xmlns:Z="urn:z"/></D:prop></D:propfind>',
      );
    const setColour = (path: string) =>
      dav(
        'PROPPATCH',
        path,
        admin,
        '<D:propertyupdate xmlns:D="DAV:"><D:set><D:prop><Z:colour xmlns:Z="urn:z">red</Z:colour></D:prop></D:set></D:propertyupdate>',
      );
    await dav('PUT', '/dav/docs/f.txt', admin, 'f');
    await setColour('/dav/docs/f.txt');
    expect((await w.post('/api/admin/fs/rename', w.admin, { oldPath: '/docs/f.txt', newPath: '/docs/g.txt' })).statusCode).toBe(200);
    expect((await colour('/dav/docs/g.txt')).body).toContain('red');
    await dav(
      'LOCK',
      '/dav/docs/g.txt',
      admin,
      '<D:lockinfo xmlns:D="DAV:"><D:lockscope><D:exclusive/></D:lockscope><D:locktype><D:write/></D:locktype></D:lockinfo>',
    );
    expect((await w.del(`/api/admin/fs/remove?path=${encodeURIComponent('/docs/g.txt')}`, w.admin)).statusCode).toBe(200);
    expect((await dav('PUT', '/dav/docs/g.txt', admin, 'new file, same name')).statusCode).toBe(201);
    const fresh = await colour('/dav/docs/g.txt');
    expect(fresh.body).not.toContain('red');
    expect(fresh.body).toContain('HTTP/1.1 404 Not Found');
  });

  it('locks: a write without the token is 423, with it succeeds; UNLOCK frees the resource', async () => {
    await dav('PUT', '/dav/docs/l.txt', admin, 'l');
    const lockBody = lockInfo('me');
    const lock = await dav('LOCK', '/dav/docs/l.txt', { ...admin, timeout: 'Second-600' }, lockBody);
    expect(lock.statusCode).toBe(200);
    const token = lockTokenOf(lock);
    expect(token).toMatch(/^opaquelocktoken:/);
    expect((await dav('PUT', '/dav/docs/l.txt', admin, 'no token')).statusCode).toBe(423);
    expect((await dav('DELETE', '/dav/docs/l.txt')).statusCode).toBe(423);
    expect((await dav('LOCK', '/dav/docs/l.txt', admin, lockBody)).statusCode).toBe(423);
    expect((await dav('PUT', '/dav/docs/l.txt', { ...admin, if: `(<${token}>)` }, 'with token')).statusCode).toBe(204);
    const refresh = await dav('LOCK', '/dav/docs/l.txt', { ...admin, if: `(<${token}>)`, timeout: 'Second-900' });
    expect(refresh.statusCode).toBe(200);
    expect(refresh.body).toContain('Second-9');
    expect((await dav('UNLOCK', '/dav/docs/l.txt', { ...admin, 'lock-token': '<opaquelocktoken:not-a-lock>' })).statusCode).toBe(409);
    expect((await dav('UNLOCK', '/dav/docs/l.txt', { ...admin, 'lock-token': `<${token}>` })).statusCode).toBe(204);
    expect((await dav('PUT', '/dav/docs/l.txt', admin, 'free again')).statusCode).toBe(204);
    const unmapped = await dav('LOCK', '/dav/docs/fresh.txt', admin, lockBody);
    expect(unmapped.statusCode).toBe(201);
    expect((await dav('GET', '/dav/docs/fresh.txt')).body).toBe('');
  });

  it('asks for the locks covering a path once per request, however many conditions need them', async () => {
    await dav('PUT', '/dav/docs/once.txt', admin, 'once');
    const token = lockTokenOf(await dav('LOCK', '/dav/docs/once.txt', admin, lockInfo()));
    const covering = jest.spyOn(DavLockService.prototype, 'covering');
    try {
      covering.mockClear();
      // The If header's state and the write guard both need the locks of /docs/once.txt.
      expect((await dav('PUT', '/dav/docs/once.txt', { ...admin, if: `(<${token}>)` }, 'changed')).statusCode).toBe(204);
      const paths = covering.mock.calls.map(([path]) => path);
      expect(paths.filter((path) => path === '/docs/once.txt')).toHaveLength(1);
    } finally {
      covering.mockRestore();
    }
  });

  it('refuses writes over max_upload_size (413) and over the quota (507), leaving nothing behind', async () => {
    await w.t.container.repositories.systemSettings.upsert({
      key: 'max_upload_size',
      value: '1',
      description: null,
      updated_at: new Date().toISOString(),
    });
    const big = Buffer.alloc(1024 * 1024 + 1, 1);
    expect((await dav('PUT', '/dav/docs/big.bin', admin, big)).statusCode).toBe(413);
    await w.t.container.db.updateTable('storage_configs').set({ total_storage_bytes: 100 }).where('id', '=', w.configId).execute();
    expect((await dav('PUT', '/dav/docs/over.bin', admin, Buffer.alloc(200, 1))).statusCode).toBe(507);
    expect((await dav('GET', '/dav/docs/over.bin')).statusCode).toBe(404);
    expect(await w.t.container.db.selectFrom('upload_reservations').selectAll().execute()).toEqual([]);
  });

  it('keeps an API key inside its basic path and needs mount permission', async () => {
    const keyHeaders = await w.key({ basicPath: '/docs/team', mount: true });
    const value = String(keyHeaders.authorization ?? Object.values(keyHeaders)[0]).replace(/^ApiKey\s+/i, '');
    const key = basic(value, value);
    const root = await dav('PROPFIND', '/dav/', { ...key, depth: '1' });
    expect(hrefs(root.body)).toEqual(['/dav/', '/dav/docs/']);
    const docs = await dav('PROPFIND', '/dav/docs/', { ...key, depth: '1' });
    expect(hrefs(docs.body)).toEqual(['/dav/docs/', '/dav/docs/team/']);
    expect((await dav('GET', '/dav/docs/team/a.txt', key)).body).toBe('team content');
    expect((await dav('PUT', '/dav/docs/team/k.txt', key, 'k')).statusCode).toBe(201);
    for (const outside of [
      '/dav/docs/private/p.txt',
      '/dav/docs/team/%2e%2e/private/p.txt',
      '/dav/docs/team/..%2Fprivate%2Fp.txt',
      '/dav/docs/private/',
    ]) {
      for (const method of ['GET', 'PUT', 'DELETE', 'PROPFIND', 'MKCOL']) {
        const response = await dav(method, outside, { ...key, depth: '0' }, method === 'PUT' ? 'x' : undefined);
        expect([400, 403]).toContain(response.statusCode);
        expect(response.body).not.toContain('PRIVATE');
      }
    }
    const escape = await dav('COPY', '/dav/docs/team/a.txt', { ...key, destination: '/dav/docs/private/stolen.txt' });
    expect(escape.statusCode).toBe(403);
    const escapeMove = await dav('MOVE', '/dav/docs/team/a.txt', {
      ...key,
      destination: 'http://localhost/dav/docs/team/../private/a.txt',
    });
    expect([400, 403]).toContain(escapeMove.statusCode);
    expect((await w.driver.headObject('private/stolen.txt')) === null).toBe(true);

    const noMount = await w.key({ basicPath: '/', mount: false });
    const other = String(Object.values(noMount)[0]).replace(/^ApiKey\s+/i, '');
    expect((await dav('PROPFIND', '/dav/', basic(other, other))).statusCode).toBe(401);
  });
});
