import { EventEmitter } from 'node:events';
import { IN_MEMORY, openSqliteDatabase, type AppDatabase } from '../db/database';
import { PostgresInvalidationBus, type CacheInvalidation, type ListenClient } from './invalidation-bus';

/**
 * The listen connection's life through a PostgreSQL restart (issue 41), with the connection made by
 * a fake at the edge (`createClient`): PostgreSQL ends the session (an `error` event), refuses new
 * ones for a while, then accepts them. Delays run on Jest's fake clock.
 */

const adminShutdown = () => Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
const refused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

/** A listen connection that connects or is refused, as `outcome` says. */
class FakeListenClient extends EventEmitter implements ListenClient {
  readonly queries: string[] = [];
  ended = false;

  constructor(private readonly outcome: 'accepted' | 'refused') {
    super();
  }

  async connect(): Promise<void> {
    if (this.outcome === 'refused') throw refused();
  }

  async query(text: string): Promise<void> {
    this.queries.push(text);
  }

  async end(): Promise<void> {
    this.ended = true;
  }
}

describe('the listen connection of the invalidation bus through a PostgreSQL restart', () => {
  let db: AppDatabase;
  let bus: PostgresInvalidationBus;
  let clients: FakeListenClient[];
  /** What the next connection attempts get; `accepted` once it is empty. */
  let outcomes: Array<'accepted' | 'refused'>;
  let received: CacheInvalidation[];
  let errors: unknown[];

  const open = (reconnect: { initialMs: number; maxMs: number }) => {
    bus = new PostgresInvalidationBus({
      url: 'postgres://cloudclip@127.0.0.1:1/cloudclip',
      schema: 'public',
      db,
      reconnect,
      onError: (error) => errors.push(error),
      createClient: () => {
        const client = new FakeListenClient(outcomes.shift() ?? 'accepted');
        clients.push(client);
        return client;
      },
    });
    bus.subscribe((invalidation) => received.push(invalidation));
  };

  beforeEach(() => {
    jest.useFakeTimers();
    db = openSqliteDatabase(IN_MEMORY);
    clients = [];
    outcomes = [];
    received = [];
    errors = [];
  });

  afterEach(async () => {
    await bus.close();
    await db.destroy();
    jest.useRealTimers();
  });

  it('survives the session being ended, retries with a growing delay while refused, and clears everything once it listens again', async () => {
    open({ initialMs: 100, maxMs: 400 });
    await bus.start();
    expect(clients).toHaveLength(1);
    expect(clients[0]!.queries).toEqual([`LISTEN "${bus.channel}"`]);

    // PostgreSQL stops: the session ends with 57P01, then connections are refused three times.
    outcomes = ['refused', 'refused', 'refused'];
    const shutdown = adminShutdown();
    clients[0]!.emit('error', shutdown);
    expect(errors).toEqual([shutdown]);
    expect(clients[0]!.ended).toBe(true);

    // 100, 200, 400, then 400 (the cap) ms apart.
    const attemptsAfter = async (ms: number) => {
      await jest.advanceTimersByTimeAsync(ms);
      return clients.length;
    };
    expect(await attemptsAfter(99)).toBe(1);
    expect(await attemptsAfter(1)).toBe(2);
    expect(await attemptsAfter(199)).toBe(2);
    expect(await attemptsAfter(1)).toBe(3);
    expect(await attemptsAfter(399)).toBe(3);
    expect(await attemptsAfter(1)).toBe(4);
    expect(received).toEqual([]);
    expect(await attemptsAfter(400)).toBe(5);

    // The fifth is accepted: listening again, and every cache is cleared once for what was missed.
    expect(clients[4]!.queries).toEqual([`LISTEN "${bus.channel}"`]);
    expect(received).toEqual([{ scope: 'all' }]);
    expect(errors.slice(1).map((error) => (error as { code?: string }).code)).toEqual(['ECONNREFUSED', 'ECONNREFUSED', 'ECONNREFUSED']);

    // Nothing more is attempted while it listens; the backoff starts over at the next drop.
    expect(await attemptsAfter(10_000)).toBe(5);
    clients[4]!.emit('end');
    expect(await attemptsAfter(100)).toBe(6);
    expect(received).toEqual([{ scope: 'all' }, { scope: 'all' }]);
  });

  it('wake() opens a listen connection waiting out its backoff at once, and does nothing while it listens', async () => {
    open({ initialMs: 60_000, maxMs: 60_000 });
    await bus.start();
    bus.wake();
    await jest.advanceTimersByTimeAsync(0);
    expect(clients).toHaveLength(1);

    clients[0]!.emit('error', adminShutdown());
    await jest.advanceTimersByTimeAsync(0);
    expect(clients).toHaveLength(1);

    // The database answers again (the pool reached it): no minute-long wait.
    bus.wake();
    await jest.advanceTimersByTimeAsync(0);
    expect(clients).toHaveLength(2);
    expect(clients[1]!.queries).toEqual([`LISTEN "${bus.channel}"`]);
    expect(received).toEqual([{ scope: 'all' }]);

    // The timer it replaced does not open another one later.
    expect(await jest.advanceTimersByTimeAsync(120_000).then(() => clients.length)).toBe(2);
  });

  it('a wake() whose attempt is refused goes back to the backoff', async () => {
    open({ initialMs: 1000, maxMs: 8000 });
    await bus.start();
    outcomes = ['refused', 'refused'];
    clients[0]!.emit('error', adminShutdown());
    bus.wake();
    await jest.advanceTimersByTimeAsync(0);
    expect(clients).toHaveLength(2);
    // The next delay doubled (the wake used the 1 s one): 2 s.
    await jest.advanceTimersByTimeAsync(1999);
    expect(clients).toHaveLength(2);
    await jest.advanceTimersByTimeAsync(1);
    expect(clients).toHaveLength(3);
  });

  it('after close() a dropped connection is not opened again and wake() does nothing', async () => {
    open({ initialMs: 100, maxMs: 100 });
    await bus.start();
    await bus.close();
    clients[0]!.emit('error', adminShutdown());
    bus.wake();
    await jest.advanceTimersByTimeAsync(1000);
    expect(clients).toHaveLength(1);
    expect(errors).toEqual([]);
  });
});
