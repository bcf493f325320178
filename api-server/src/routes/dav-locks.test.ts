import type { DavLockInfo, DavLockList } from '@cloudclip/contract';
import { DAY_MS } from '../lib/time';
import { createFsWorld, seedSyncKey, type FsWorld, type Headers } from '../testing/fs-test-kit';
import { lockInfo, lockTokenOf } from '../testing/dav-locks';
import { apiKeyHeader, basic, TEST_ADMIN } from '../testing/test-app';

/**
 * The admin's view of a mount's WebDAV locks (issue 41, finding 2; contract `api/dav-locks.ts`):
 * `GET /api/admin/mounts/{id}/dav-locks` lists the live locks rooted in the mount, who holds them
 * and until when; `DELETE …/dav-locks/{token}` releases one, after which the writes it blocked go
 * through. Only the admin may. Through the real app (Fastify inject, SQLite, the local driver).
 */

describe('GET/DELETE /api/admin/mounts/{id}/dav-locks', () => {
  let w: FsWorld;
  let davAdmin: Headers;
  let docsId: string;
  let otherId: string;
  let keyId: string;
  let keyValue: string;

  const list = async (mountId: string, query = '', headers: Headers = w.admin) =>
    w.get(`/api/admin/mounts/${mountId}/dav-locks${query}`, headers);
  const items = async (mountId: string, query = ''): Promise<DavLockInfo[]> => {
    const response = await list(mountId, query);
    expect(response.statusCode).toBe(200);
    return (response.json() as { data: DavLockList }).data.items;
  };
  const release = (mountId: string, token: string, headers: Headers = w.admin) =>
    w.del(`/api/admin/mounts/${mountId}/dav-locks/${encodeURIComponent(token)}`, headers);

  beforeEach(async () => {
    w = await createFsWorld('local');
    davAdmin = basic(TEST_ADMIN.username, TEST_ADMIN.password);
    docsId = await w.mount('/docs');
    await w.mount('/docs/inner');
    otherId = await w.mount('/other');
    for (const key of ['team/a.txt', 'x.txt', 'inner/i.txt']) await w.driver.putObject(key, 'content', { contentType: 'text/plain' });
    const row = await seedSyncKey(w);
    keyId = row.id;
    keyValue = row.key;
  });

  afterEach(async () => {
    await w.close();
  });

  it('lists the live locks rooted in the mount with their holder, owner text, scope, depth and expiry', async () => {
    const keyToken = lockTokenOf(
      await w.dav(
        'LOCK',
        '/dav/docs/team/a.txt',
        { ...basic(keyValue, keyValue), timeout: 'Infinite' },
        lockInfo('<D:href>mailto:someone@example.com</D:href>'),
      ),
    );
    w.now.value = new Date(w.now.value.getTime() + 1000);
    const adminToken = lockTokenOf(await w.dav('LOCK', '/dav/docs/', { ...davAdmin, timeout: 'Second-600', depth: '0' }, lockInfo()));
    // Not in /docs: a lock in the mount below it, and one in another mount.
    lockTokenOf(await w.dav('LOCK', '/dav/docs/inner/i.txt', davAdmin, lockInfo('inner')));
    lockTokenOf(await w.dav('LOCK', '/dav/other/o.txt', davAdmin, lockInfo('other')));

    const response = await list(docsId);
    expect(response.statusCode).toBe(200);
    const body = response.json() as { code: number; success: boolean; data: DavLockList };
    expect(body).toMatchObject({ code: 200, success: true });
    expect(body.data.mount_id).toBe(docsId);
    expect(body.data.pagination).toEqual({ total: 2, limit: 20, offset: 0, hasMore: false });
    const now = w.now.value.getTime();
    expect(body.data.items).toEqual([
      {
        token: keyToken,
        path: '/docs/team/a.txt',
        scope: 'exclusive',
        depth: '0',
        owner: 'mailto:someone@example.com',
        holder: { kind: 'api_key', id: keyId, name: 'laptop sync' },
        created_at: new Date(now - 1000).toISOString(),
        expires_at: new Date(now - 1000 + DAY_MS).toISOString(),
      },
      {
        token: adminToken,
        path: '/docs',
        scope: 'exclusive',
        depth: '0',
        owner: null,
        holder: { kind: 'admin', id: w.adminId, name: TEST_ADMIN.username },
        created_at: new Date(now).toISOString(),
        expires_at: new Date(now + 600_000).toISOString(),
      },
    ]);
    expect((await items(otherId)).map((lock) => lock.path)).toEqual(['/other/o.txt']);

    // Expired locks are not shown.
    w.now.value = new Date(now + 601_000);
    expect((await items(docsId)).map((lock) => lock.token)).toEqual([keyToken]);
  });

  it('pages the list on the server and cuts a long owner to its first characters', async () => {
    const tokens: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      w.now.value = new Date(w.now.value.getTime() + 1000);
      tokens.push(
        lockTokenOf(
          await w.dav('LOCK', `/dav/docs/f${i}.txt`, davAdmin, lockInfo(`<D:href>client ${i}</D:href>  ${'x'.repeat(i === 0 ? 3000 : 1)}`)),
        ),
      );
    }
    const first = (await list(docsId, '?limit=2')).json() as { data: DavLockList };
    expect(first.data.items.map((lock) => lock.token)).toEqual(tokens.slice(0, 2));
    expect(first.data.pagination).toEqual({ total: 5, limit: 2, offset: 0, hasMore: true });
    const last = (await list(docsId, '?limit=2&offset=4')).json() as { data: DavLockList };
    expect(last.data.items.map((lock) => lock.token)).toEqual([tokens[4]]);
    expect(last.data.pagination).toEqual({ total: 5, limit: 2, offset: 4, hasMore: false });
    // Out-of-range paging falls back to the defaults or the largest page, like the other lists.
    expect(((await list(docsId, '?limit=100000&offset=-3')).json() as { data: DavLockList }).data.pagination).toEqual({
      total: 5,
      limit: 100,
      offset: 0,
      hasMore: false,
    });

    const owner = first.data.items[0]?.owner ?? '';
    expect(owner.startsWith('client 0 xxx')).toBe(true);
    expect([...owner]).toHaveLength(201);
    expect(owner.endsWith('…')).toBe(true);
    expect(first.data.items[1]?.owner).toBe('client 1 x');
  });

  it('releases a lock: the admin’s write it blocked goes through, and the token is gone', async () => {
    const keyToken = lockTokenOf(
      await w.dav('LOCK', '/dav/docs/team/a.txt', { ...basic(keyValue, keyValue), timeout: 'Infinite' }, lockInfo('key')),
    );
    const otherToken = lockTokenOf(await w.dav('LOCK', '/dav/other/o.txt', davAdmin, lockInfo('other')));
    expect((await w.dav('PUT', '/dav/docs/team/a.txt', davAdmin, 'admin')).statusCode).toBe(423);

    // A token of another mount is not this mount's to release.
    expect((await release(docsId, otherToken)).statusCode).toBe(404);
    expect((await items(otherId)).map((lock) => lock.token)).toEqual([otherToken]);

    const released = await release(docsId, keyToken);
    expect(released.statusCode).toBe(200);
    expect(released.json()).toMatchObject({ code: 200, success: true });
    expect(await items(docsId)).toEqual([]);
    expect((await w.dav('PUT', '/dav/docs/team/a.txt', davAdmin, 'admin')).statusCode).toBe(204);
    expect((await release(docsId, keyToken)).statusCode).toBe(404);
    // The key's client learns on its next refresh that the lock is gone.
    expect((await w.dav('LOCK', '/dav/docs/team/a.txt', { ...basic(keyValue, keyValue), if: `(<${keyToken}>)` })).statusCode).toBe(412);
  });

  it('answers 404 for an unknown mount', async () => {
    expect((await list('no-such-mount')).statusCode).toBe(404);
    expect((await release('no-such-mount', 'opaquelocktoken:00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('is the admin’s only: a key (even with mount permission, over Basic too) and anonymous callers are refused', async () => {
    const keyToken = lockTokenOf(await w.dav('LOCK', '/dav/docs/team/a.txt', basic(keyValue, keyValue), lockInfo('key')));
    for (const headers of [apiKeyHeader(keyValue), basic(keyValue, keyValue), {}]) {
      expect((await list(docsId, '', headers)).statusCode).toBe(403);
      expect((await release(docsId, keyToken, headers)).statusCode).toBe(403);
    }
    expect((await items(docsId)).map((lock) => lock.token)).toEqual([keyToken]);
  });

  it('is announced in GET /api/version features', async () => {
    const version = (await w.get('/api/version', {})).json() as { data: { features?: string[] } };
    expect(version.data.features).toContain('dav-locks');
  });
});
