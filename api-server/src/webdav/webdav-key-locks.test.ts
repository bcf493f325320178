import { seedApiKey } from '../testing/seed';
import { createFsWorld, seedSyncKey, type FsWorld, type Headers } from '../testing/fs-test-kit';
import { lockInfo, lockTokenOf } from '../testing/dav-locks';
import { basic, TEST_ADMIN } from '../testing/test-app';

/**
 * Issue 41, finding 2: a key's WebDAV lock must not outlive the admin's say. A key with a basic path
 * locks with `Timeout: Infinite`; the grant is at most one day (refreshable), the admin may UNLOCK
 * it with its token, and deleting or disabling the key drops its locks, so the admin's writes go
 * through again. Through the real app (Fastify inject, SQLite, the local driver).
 */

const ONE_DAY_SECONDS = 24 * 3600;
const EXCLUSIVE = lockInfo('sync client');

/** The seconds the lock's `DAV:timeout` in a LOCK answer grants. */
function grantedSeconds(body: string): number {
  const match = /<D:timeout>Second-(\d+)<\/D:timeout>/.exec(body);
  if (!match) throw new Error(`no Second-N timeout in ${body}`);
  return Number(match[1]);
}

describe('WebDAV locks of an API key', () => {
  let w: FsWorld;
  let admin: Headers;
  let keyId: string;
  let key: Headers;

  const keyLocks = () =>
    w.t.container.db.selectFrom('dav_locks').selectAll().where('principal', '=', `apikey:${keyId}`).orderBy('root').execute();

  beforeEach(async () => {
    w = await createFsWorld('local');
    admin = basic(TEST_ADMIN.username, TEST_ADMIN.password);
    await w.mount('/docs');
    await w.driver.putObject('team/a.txt', 'team content', { contentType: 'text/plain' });
    const row = await seedSyncKey(w);
    keyId = row.id;
    key = basic(row.key, row.key);
  });

  afterEach(async () => {
    await w.close();
  });

  /** The key locks /docs/team/a.txt for as long as it may ask (`Infinite`). */
  const keyLocksFile = async (): Promise<string> => {
    const lock = await w.dav('LOCK', '/dav/docs/team/a.txt', { ...key, timeout: 'Infinite' }, EXCLUSIVE);
    expect(lock.statusCode).toBe(200);
    return lockTokenOf(lock);
  };

  it('grants at most one day for Timeout: Infinite (and for a longer Second-N)', async () => {
    const lock = await w.dav('LOCK', '/dav/docs/team/a.txt', { ...key, timeout: 'Infinite' }, EXCLUSIVE);
    expect(lock.statusCode).toBe(200);
    expect(grantedSeconds(lock.body)).toBe(ONE_DAY_SECONDS);
    const [row] = await keyLocks();
    expect(Number(row?.timeout_seconds)).toBe(ONE_DAY_SECONDS);
    expect(Date.parse(row?.expires_at ?? '') - w.now.value.getTime()).toBe(ONE_DAY_SECONDS * 1000);

    const long = await w.dav('LOCK', '/dav/docs/team/b.txt', { ...key, timeout: 'Second-4100000000' }, EXCLUSIVE);
    expect(long.statusCode).toBe(201);
    expect(grantedSeconds(long.body)).toBe(ONE_DAY_SECONDS);
  });

  it('extends a lock by a refresh with its token, at most one day from the refresh', async () => {
    const lock = await w.dav('LOCK', '/dav/docs/team/a.txt', { ...key, timeout: 'Second-600' }, EXCLUSIVE);
    const token = lockTokenOf(lock);
    expect(grantedSeconds(lock.body)).toBe(600);

    w.now.value = new Date(w.now.value.getTime() + 500_000);
    const refresh = await w.dav('LOCK', '/dav/docs/team/a.txt', { ...key, if: `(<${token}>)`, timeout: 'Infinite' });
    expect(refresh.statusCode).toBe(200);
    expect(grantedSeconds(refresh.body)).toBe(ONE_DAY_SECONDS);
    // Without the refresh the lock would have ended 100 s after this point; it still holds a day later.
    w.now.value = new Date(w.now.value.getTime() + (ONE_DAY_SECONDS - 10) * 1000);
    expect((await w.dav('PUT', '/dav/docs/team/a.txt', admin, 'admin')).statusCode).toBe(423);
    w.now.value = new Date(w.now.value.getTime() + 20_000);
    expect((await w.dav('PUT', '/dav/docs/team/a.txt', admin, 'admin')).statusCode).toBe(204);
    // Another principal cannot refresh the key's lock with its token.
    const again = lockTokenOf(await w.dav('LOCK', '/dav/docs/team/a.txt', { ...key, timeout: 'Second-60' }, EXCLUSIVE));
    expect((await w.dav('LOCK', '/dav/docs/team/a.txt', { ...admin, if: `(<${again}>)`, timeout: 'Infinite' })).statusCode).toBe(412);
  });

  it('lets the admin UNLOCK the key’s lock with its token; a write without the token stays 423', async () => {
    const token = await keyLocksFile();
    expect((await w.dav('PUT', '/dav/docs/team/a.txt', admin, 'admin')).statusCode).toBe(423);
    // Submitting another principal's token does not make it the admin's (RFC 4918 §6.4): still 423.
    expect((await w.dav('PUT', '/dav/docs/team/a.txt', { ...admin, if: `(<${token}>)` }, 'admin')).statusCode).toBe(423);

    const unlock = await w.dav('UNLOCK', '/dav/docs/team/a.txt', { ...admin, 'lock-token': `<${token}>` });
    expect(unlock.statusCode).toBe(204);
    expect(await keyLocks()).toEqual([]);
    expect((await w.dav('PUT', '/dav/docs/team/a.txt', admin, 'admin')).statusCode).toBe(204);
    expect((await w.dav('GET', '/dav/docs/team/a.txt', admin)).body).toBe('admin');
  });

  it('lets the admin lift a depth-infinity lock on a mount root that blocks every write to the mount', async () => {
    const rootKey = await seedApiKey(w.t.container.repositories.apiKeys, { file: true, mount: true, basicPath: '/' });
    const holder = basic(rootKey.key, rootKey.key);
    const lock = await w.dav('LOCK', '/dav/docs/', { ...holder, timeout: 'Infinite', depth: 'infinity' }, EXCLUSIVE);
    expect(lock.statusCode).toBe(200);
    expect((await w.dav('PUT', '/dav/docs/new.txt', admin, 'x')).statusCode).toBe(423);
    expect((await w.dav('MKCOL', '/dav/docs/folder/', admin)).statusCode).toBe(423);

    expect((await w.dav('UNLOCK', '/dav/docs/', { ...admin, 'lock-token': `<${lockTokenOf(lock)}>` })).statusCode).toBe(204);
    expect((await w.dav('PUT', '/dav/docs/new.txt', admin, 'x')).statusCode).toBe(201);
    expect((await w.dav('MKCOL', '/dav/docs/folder/', admin)).statusCode).toBe(201);
  });

  it('still refuses another key’s UNLOCK of the lock (403)', async () => {
    const token = await keyLocksFile();
    const other = await seedApiKey(w.t.container.repositories.apiKeys, { file: true, mount: true, basicPath: '/docs' });
    const unlock = await w.dav('UNLOCK', '/dav/docs/team/a.txt', { ...basic(other.key, other.key), 'lock-token': `<${token}>` });
    expect(unlock.statusCode).toBe(403);
    expect(await keyLocks()).toHaveLength(1);
  });

  it('drops the key’s locks when the key is deleted, so the admin’s PUT succeeds', async () => {
    await keyLocksFile();
    expect((await w.dav('LOCK', '/dav/docs/team/', { ...key, timeout: 'Infinite', depth: 'infinity' }, EXCLUSIVE)).statusCode).toBe(423);
    expect((await w.dav('PUT', '/dav/docs/team/a.txt', admin, 'admin')).statusCode).toBe(423);

    expect((await w.del(`/api/admin/api-keys/${keyId}`, w.admin)).statusCode).toBe(200);
    expect(await keyLocks()).toEqual([]);
    expect((await w.dav('PUT', '/dav/docs/team/a.txt', admin, 'admin')).statusCode).toBe(204);
  });

  it('drops the key’s locks when its mount permission is taken away', async () => {
    await keyLocksFile();
    const disabled = await w.put(`/api/admin/api-keys/${keyId}`, w.admin, { mount_permission: false });
    expect(disabled.statusCode).toBe(200);
    expect(await keyLocks()).toEqual([]);
    expect((await w.dav('PUT', '/dav/docs/team/a.txt', admin, 'admin')).statusCode).toBe(204);
  });

  it('drops the key’s locks when it is made to expire now, and when an expired key is purged', async () => {
    await keyLocksFile();
    const expire = await w.put(`/api/admin/api-keys/${keyId}`, w.admin, {
      expires_at: new Date(w.now.value.getTime() - 1000).toISOString(),
    });
    expect(expire.statusCode).toBe(200);
    expect(await keyLocks()).toEqual([]);
    expect((await w.dav('PUT', '/dav/docs/team/a.txt', admin, 'admin')).statusCode).toBe(204);

    // A key that runs out by itself: purged when the admin lists the keys, and its locks with it.
    const shortLived = await seedApiKey(w.t.container.repositories.apiKeys, {
      file: true,
      mount: true,
      basicPath: '/docs',
      expiresAt: new Date(w.now.value.getTime() + 3600_000).toISOString(),
    });
    const lock = await w.dav(
      'LOCK',
      '/dav/docs/team/a.txt',
      { ...basic(shortLived.key, shortLived.key), timeout: 'Second-7200' },
      EXCLUSIVE,
    );
    expect(lock.statusCode).toBe(200);
    w.now.value = new Date(w.now.value.getTime() + 5400_000);
    expect((await w.get('/api/admin/api-keys', w.admin)).statusCode).toBe(200);
    expect(await w.t.container.db.selectFrom('dav_locks').selectAll().execute()).toEqual([]);
    expect((await w.dav('PUT', '/dav/docs/team/a.txt', admin, 'admin again')).statusCode).toBe(204);
  });

  it('drops the key’s locks outside a narrowed basic path and keeps those inside it', async () => {
    await w.driver.putObject('team/sub/b.txt', 'b', { contentType: 'text/plain' });
    await keyLocksFile();
    expect((await w.dav('LOCK', '/dav/docs/team/sub/b.txt', { ...key, timeout: 'Second-600' }, EXCLUSIVE)).statusCode).toBe(200);
    const narrowed = await w.put(`/api/admin/api-keys/${keyId}`, w.admin, { basic_path: '/docs/team/sub' });
    expect(narrowed.statusCode).toBe(200);
    expect((await keyLocks()).map((row) => row.root)).toEqual(['/docs/team/sub/b.txt']);
    expect((await w.dav('PUT', '/dav/docs/team/a.txt', admin, 'admin')).statusCode).toBe(204);
    expect((await w.dav('PUT', '/dav/docs/team/sub/b.txt', admin, 'admin')).statusCode).toBe(423);
  });
});
