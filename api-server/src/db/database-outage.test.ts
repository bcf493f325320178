import { createServer, connect, type AddressInfo, type Server, type Socket } from 'node:net';
import { sql } from 'kysely';
import type { InjectOptions } from 'fastify';
import { mountSharedCachedStorage } from '../testing/mount-fixtures';
import { bearer, createTestApp, loginAsAdmin, makeTempDir, removeTempDir, TEST_ADMIN, type TestApp } from '../testing/test-app';
import { dropTestSchema, testDatabaseUrl, testSchemaFor } from '../testing/test-database';
import { DatabaseUnavailableError } from './database-availability';

const url = testDatabaseUrl();
// A PostgreSQL that goes away: PostgreSQL's case only (`pnpm test:pg`).
const describeOnPostgres = url === undefined ? describe.skip : describe;

/**
 * A TCP hop between the apps and the test PostgreSQL that can be cut: every connection through it
 * ends and new ones are closed as they come (PostgreSQL stopped), until it is restored. The apps'
 * pools and listen connections all go through it.
 */
class CuttableLink {
  private readonly server: Server;
  private readonly sockets = new Set<Socket>();
  private down = false;

  constructor(private readonly target: { host: string; port: number }) {
    this.server = createServer((socket) => this.accept(socket));
  }

  async open(): Promise<number> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return (this.server.address() as AddressInfo).port;
  }

  private accept(client: Socket): void {
    if (this.down) {
      client.destroy();
      return;
    }
    const upstream = connect(this.target.port, this.target.host);
    client.pipe(upstream).pipe(client);
    for (const socket of [client, upstream]) {
      this.sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => {
        this.sockets.delete(socket);
        client.destroy();
        upstream.destroy();
      });
    }
  }

  cut(): void {
    this.down = true;
    for (const socket of this.sockets) socket.destroy();
  }

  restore(): void {
    this.down = false;
  }

  async close(): Promise<void> {
    this.cut();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

describeOnPostgres('PostgreSQL going away and coming back under two replicas (issue 41)', () => {
  let link: CuttableLink;
  let dataDir: string;
  let schema: string;
  let a: TestApp;
  let b: TestApp;
  let admin: Record<string, string>;

  const call = (replica: TestApp, options: InjectOptions) => replica.app.inject(options);
  const postPaste = (replica: TestApp, content: string, language = 'en-US') =>
    call(replica, {
      method: 'POST',
      url: '/api/paste',
      headers: { ...admin, 'content-type': 'application/json', 'accept-language': language },
      payload: JSON.stringify({ content }),
    });
  const health = async (replica: TestApp) => (await call(replica, { method: 'GET', url: '/api/health' })).json() as { database: string };
  const list = async (replica: TestApp) => {
    const response = await call(replica, { method: 'GET', url: '/api/admin/fs/list?path=%2Fm%2F', headers: admin });
    expect(response.statusCode).toBe(200);
    return (response.json().data.items as Array<{ name: string }>).map((item) => item.name);
  };

  beforeEach(async () => {
    const target = new URL(url!);
    link = new CuttableLink({ host: target.hostname, port: Number(target.port || 5432) });
    const linked = new URL(url!);
    linked.hostname = '127.0.0.1';
    linked.port = String(await link.open());
    dataDir = makeTempDir();
    schema = testSchemaFor(dataDir);
    const options = { dataDir, databaseUrl: linked.toString(), databaseSchema: schema, replicas: 2 };
    a = await createTestApp(options);
    b = await createTestApp(options);
    admin = bearer(await loginAsAdmin(a.app));
    await mountSharedCachedStorage(a, admin);
  });

  afterEach(async () => {
    link.restore();
    await a.close();
    await b.close();
    await link.close();
    await dropTestSchema(url!, schema);
    removeTempDir(dataDir);
  });

  it('ends neither app: requests are answered 503 in the caller language meanwhile, and both serve again once it is back', async () => {
    const before = await postPaste(a, 'written before the outage');
    expect(before.statusCode).toBe(200);
    const slug = before.json().slug as string;
    expect((await call(b, { method: 'GET', url: `/api/paste/${slug}` })).statusCode).toBe(200);
    // B has listed (and cached) the mount's root.
    expect(await list(b)).toEqual([]);
    // A transaction holding a connection when it goes (a checked-out client, not in a query).
    let cutNow: () => void = () => undefined;
    const cutCame = new Promise<void>((resolve) => (cutNow = resolve));
    const transaction = a.container.db.transaction().execute(async (trx) => {
      await sql`SELECT 1`.execute(trx);
      await cutCame;
      await sql`SELECT 1`.execute(trx);
    });
    const transactionOutcome = transaction.then(
      () => 'committed',
      (error: unknown) => error,
    );

    link.cut();
    cutNow();
    expect(await transactionOutcome).toBeInstanceOf(DatabaseUnavailableError);

    const english = await postPaste(a, 'written during the outage');
    expect(english.statusCode).toBe(503);
    expect(english.headers['retry-after']).toBe('5');
    expect(english.json()).toEqual({
      code: 503,
      message: 'The database cannot be reached at the moment, please try again shortly',
      success: false,
      data: null,
    });
    const chinese = await postPaste(b, 'written during the outage', 'zh-CN');
    expect(chinese.statusCode).toBe(503);
    expect(chinese.json().message).toBe('数据库暂时无法访问，请稍后重试');
    // A public lookup by slug, and a listing (which waits for no barrier meanwhile).
    const raw = await call(b, { method: 'GET', url: `/api/raw/${slug}`, headers: { 'accept-language': 'en-US' } });
    expect(raw.statusCode).toBe(503);
    expect(raw.body).toMatch(/database/);
    expect((await call(b, { method: 'GET', url: '/api/admin/fs/list?path=%2Fm%2F', headers: admin })).statusCode).toBe(503);
    // A login (its attempts are counted in the database, by the rate limit's store too).
    const login = await call(a, { method: 'POST', url: '/api/admin/login', payload: TEST_ADMIN, headers: { 'accept-language': 'en-US' } });
    expect([login.statusCode, login.json().message]).toEqual([
      503,
      'The database cannot be reached at the moment, please try again shortly',
    ]);
    // Alive, and saying what is wrong.
    expect(await health(a)).toMatchObject({ status: 'ok', database: 'unavailable' });
    expect(await health(b)).toMatchObject({ status: 'ok', database: 'unavailable' });

    link.restore();
    const after = await postPaste(a, 'written after the outage');
    expect(after.statusCode).toBe(200);
    const read = await call(b, { method: 'GET', url: `/api/paste/${after.json().slug as string}` });
    expect(read.statusCode).toBe(200);
    expect(read.json().content).toBe('written after the outage');
    expect((await call(b, { method: 'GET', url: `/api/paste/${slug}` })).json().content).toBe('written before the outage');
    expect(await health(a)).toMatchObject({ status: 'ok', database: 'ok' });

    // B listens again: a folder made through A is listed by B, which had the root cached.
    const made = await call(a, {
      method: 'POST',
      url: '/api/admin/fs/mkdir',
      headers: { ...admin, 'content-type': 'application/json' },
      payload: JSON.stringify({ path: '/m/after-the-outage' }),
    });
    expect(made.statusCode).toBe(200);
    expect(await list(b)).toEqual(['after-the-outage']);
  });
});
