import type { InjectOptions } from 'fastify';
import { Client } from 'pg';
import { mountSharedCachedStorage } from '../testing/mount-fixtures';
import { seedApiKey } from '../testing/seed';
import { apiKeyHeader, basic, bearer, loginAsAdmin, replicaPairForEachTest, TEST_ADMIN, type TestApp } from '../testing/test-app';
import { testDatabaseUrl } from '../testing/test-database';
import { LISTENER_APPLICATION_NAME } from './invalidation-bus';

const url = testDatabaseUrl();
// Replicas share a PostgreSQL database; SQLite is one process, so this is PostgreSQL's case only (`pnpm test:pg`).
const describeOnPostgres = url === undefined ? describe.skip : describe;

type Headers = Record<string, string>;

/**
 * Two apps on one PostgreSQL schema and one data directory (the local storage), each with its own
 * pool, caches and listen connection, as two api-server processes behind a load balancer. What one
 * replica clears must be cleared on the other (cache/invalidation-bus.ts).
 *
 * `sync(b)` waits until replica B has received every notification committed so far (a barrier
 * through the same channel, delivered in commit order): it waits for an event, not for time.
 */
describeOnPostgres('two api-server replicas on one PostgreSQL database keep their caches in step', () => {
  const pair = replicaPairForEachTest();
  let admin: Headers;
  let configId: string;
  let mountId: string;

  const call = (replica: TestApp, options: InjectOptions) => replica.app.inject(options);
  const json = (replica: TestApp, method: 'POST' | 'PUT', path: string, headers: Headers, payload: unknown = {}) =>
    call(replica, { method, url: path, headers: { ...headers, 'content-type': 'application/json' }, payload: JSON.stringify(payload) });
  const names = async (replica: TestApp, path = '/m/'): Promise<string[]> => {
    const response = await call(replica, { method: 'GET', url: `/api/admin/fs/list?path=${encodeURIComponent(path)}`, headers: admin });
    expect(response.statusCode).toBe(200);
    return (response.json().data.items as Array<{ name: string }>).map((item) => item.name);
  };
  const directoryCacheSize = async (replica: TestApp): Promise<number> => {
    const response = await call(replica, { method: 'GET', url: '/api/admin/cache/stats', headers: admin });
    expect(response.statusCode).toBe(200);
    return response.json().data.cache.directory.size as number;
  };
  const sync = (replica: TestApp) => replica.container.invalidations.sync();
  /** An object written straight into the shared local storage: only a fresh listing shows it. */
  const sneak = async (key: string) => {
    const config = await pair.a.container.repositories.storageConfigs.findById(configId);
    await pair.a.container.storage.driverFor(config!).putObject(key, 'x', { contentType: 'text/plain' });
  };

  beforeEach(async () => {
    admin = bearer(await loginAsAdmin(pair.a.app));
    ({ mountId, configId } = await mountSharedCachedStorage(pair.a, admin));
  });

  it('lists a folder created through replica A at once through replica B, which had cached the parent', async () => {
    expect(await names(pair.b)).toEqual([]);
    expect(await directoryCacheSize(pair.b)).toBe(1);

    expect((await json(pair.a, 'POST', '/api/admin/fs/mkdir', admin, { path: '/m/made-on-a' })).statusCode).toBe(200);
    await sync(pair.b);

    expect(await names(pair.b)).toEqual(['made-on-a']);
  });

  it("shows B a storage config change made through A: B's listings of that config go", async () => {
    expect(await names(pair.b)).toEqual([]);
    await sneak('outside.txt');
    // B still serves its cached listing: the object was written behind the API's back.
    expect(await names(pair.b)).toEqual([]);

    expect((await json(pair.a, 'PUT', `/api/s3-configs/${configId}`, admin, { name: 'renamed on a' })).statusCode).toBe(200);
    await sync(pair.b);

    expect(await names(pair.b)).toEqual(['outside.txt']);
  });

  it("a mount change through A drops B's listings of that mount", async () => {
    expect(await names(pair.b)).toEqual([]);
    await sneak('outside.txt');
    expect((await json(pair.a, 'PUT', `/api/admin/mounts/${mountId}`, admin, { remark: 'changed on a' })).statusCode).toBe(200);
    await sync(pair.b);
    expect(await names(pair.b)).toEqual(['outside.txt']);
  });

  it("the admin cache-clear endpoint called on A empties B's caches (B's stats show it)", async () => {
    await names(pair.b);
    await names(pair.b, '/m/sub/');
    expect(await directoryCacheSize(pair.b)).toBe(2);

    const cleared = await json(pair.a, 'POST', '/api/admin/cache/clear', admin, {});
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().data).toEqual({ clearedCount: expect.any(Number), timestamp: expect.any(String) });
    await sync(pair.b);

    expect(await directoryCacheSize(pair.b)).toBe(0);
  });

  it("the clear of one mount called on A (admin, then a key's) drops B's listings of it", async () => {
    await names(pair.b);
    expect((await json(pair.a, 'POST', '/api/admin/cache/clear', admin, { mountId })).statusCode).toBe(200);
    await sync(pair.b);
    expect(await directoryCacheSize(pair.b)).toBe(0);

    await names(pair.b);
    const key = await seedApiKey(pair.a.container.repositories.apiKeys, { mount: true, basicPath: '/m' });
    expect((await json(pair.a, 'POST', '/api/user/cache/clear', apiKeyHeader(key.key), {})).statusCode).toBe(200);
    await sync(pair.b);
    expect(await directoryCacheSize(pair.b)).toBe(0);
  });

  // Keys and tokens are not cached (every request reads their row): these hold without the bus
  // too, and guard that no cache in front of them lets another replica accept a revoked one.
  it('refuses through B an API key revoked or narrowed through A, at the next request', async () => {
    const revoked = await seedApiKey(pair.a.container.repositories.apiKeys, { mount: true });
    const narrowed = await seedApiKey(pair.a.container.repositories.apiKeys, { mount: true });
    for (const key of [revoked, narrowed]) {
      expect((await call(pair.b, { method: 'GET', url: '/api/user/mounts', headers: apiKeyHeader(key.key) })).statusCode).toBe(200);
    }

    expect((await call(pair.a, { method: 'DELETE', url: `/api/admin/api-keys/${revoked.id}`, headers: admin })).statusCode).toBe(200);
    expect((await json(pair.a, 'PUT', `/api/admin/api-keys/${narrowed.id}`, admin, { mount_permission: false })).statusCode).toBe(200);

    expect((await call(pair.b, { method: 'GET', url: '/api/user/mounts', headers: apiKeyHeader(revoked.key) })).statusCode).toBe(401);
    expect((await call(pair.b, { method: 'GET', url: '/api/user/mounts', headers: apiKeyHeader(narrowed.key) })).statusCode).toBe(403);
  });

  it('refuses through B the admin password changed through A, though B had verified it moments before', async () => {
    const oldBasic = basic(TEST_ADMIN.username, TEST_ADMIN.password);
    expect((await call(pair.b, { method: 'GET', url: '/api/test/admin-token', headers: oldBasic })).statusCode).toBe(200);

    const changed = await json(pair.a, 'POST', '/api/admin/change-password', admin, {
      currentPassword: TEST_ADMIN.password,
      newPassword: 'a-new-admin-password',
    });
    expect(changed.statusCode).toBe(200);

    expect((await call(pair.b, { method: 'GET', url: '/api/test/admin-token', headers: oldBasic })).statusCode).toBe(401);
    const newBasic = basic(TEST_ADMIN.username, 'a-new-admin-password');
    expect((await call(pair.b, { method: 'GET', url: '/api/test/admin-token', headers: newBasic })).statusCode).toBe(200);
  });

  it('after its listen connection dropped, B listens again and clears what it may have missed', async () => {
    await names(pair.b);
    await sneak('while-away.txt');
    const admin2 = new Client({ connectionString: url });
    await admin2.connect();
    try {
      const { rows } = await admin2.query<{ ended: boolean }>(
        'SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity WHERE application_name = $1',
        [`${LISTENER_APPLICATION_NAME} ${pair.b.container.invalidations.instanceId}`],
      );
      expect(rows).toEqual([{ ended: true }]);
    } finally {
      await admin2.end();
    }
    // Resolves once B listens again (its barriers are released when it reconnects).
    await sync(pair.b);

    expect(await directoryCacheSize(pair.b)).toBe(0);
    expect(await names(pair.b)).toEqual(['while-away.txt']);
    // And it hears A again.
    expect((await json(pair.a, 'POST', '/api/admin/fs/mkdir', admin, { path: '/m/after' })).statusCode).toBe(200);
    await sync(pair.b);
    expect(await names(pair.b)).toEqual(['after', 'while-away.txt']);
  });
});

describeOnPostgres('replicas started as replicas (API_REPLICAS 2) read what another replica wrote, with no wait in the test', () => {
  const pair = replicaPairForEachTest({ replicas: 2 });
  let admin: Headers;

  beforeEach(async () => {
    admin = bearer(await loginAsAdmin(pair.a.app));
    await mountSharedCachedStorage(pair.a, admin);
  });

  const list = async (replica: TestApp): Promise<string[]> => {
    const response = await replica.app.inject({ method: 'GET', url: '/api/admin/fs/list?path=%2Fm%2F', headers: admin });
    expect(response.statusCode).toBe(200);
    return (response.json().data.items as Array<{ name: string }>).map((item) => item.name);
  };
  /** The socket of a replica's listen connection (the bus's own): paused, what PostgreSQL delivers to it waits. */
  const listenSocket = (replica: TestApp) =>
    (replica.container.invalidations as unknown as { client: { connection: { stream: { pause(): void; resume(): void } } } }).client
      .connection.stream;
  const mkdir = async (replica: TestApp, name: string) => {
    const made = await replica.app.inject({
      method: 'POST',
      url: '/api/admin/fs/mkdir',
      headers: { ...admin, 'content-type': 'application/json' },
      payload: JSON.stringify({ path: `/m/${name}` }),
    });
    expect(made.statusCode).toBe(200);
  };

  it('a read on B waits for the clears committed before it: with its listen connection held up, B answers only after they arrive', async () => {
    expect(await list(pair.b)).toEqual([]);
    // Hold up what PostgreSQL delivers to B's listen connection (the bus's own socket), as a busy
    // or distant replica would see it: A's clear and B's own barrier wait in the socket.
    const socket = listenSocket(pair.b);
    socket.pause();
    await mkdir(pair.a, 'made-on-a');
    const read = list(pair.b);
    const first = await Promise.race([read.then((names) => ({ names })), new Promise<null>((resolve) => setTimeout(resolve, 300, null))]);
    // Without the barrier B answers at once, from its cached listing, without the folder.
    expect(first).toBeNull();
    socket.resume();
    expect(await read).toEqual(['made-on-a']);
  });

  it('requests that read no cache (a paste, the file list) are not held up by the barrier', async () => {
    const socket = listenSocket(pair.b);
    socket.pause();
    try {
      const paste = pair.b.app.inject({ method: 'GET', url: '/api/paste/no-such-paste' });
      const files = pair.b.app.inject({ method: 'GET', url: '/api/admin/files', headers: admin });
      const answered = await Promise.race([
        Promise.all([paste, files]).then(([first, second]) => [first.statusCode, second.statusCode]),
        new Promise<null>((resolve) => setTimeout(resolve, 1500, null)),
      ]);
      expect(answered).toEqual([404, 200]);
    } finally {
      socket.resume();
    }
  });
});
