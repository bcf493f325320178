import { openMigratedTestDatabase, untilAnotherTransactionWaits, type MigratedTestDatabase } from '../testing/migrated-database';
import { takeDavGuard } from './dav-guard';
import {
  DavLockService,
  DEFAULT_LOCK_TIMEOUT_SECONDS,
  lockApplies,
  MAX_LOCK_TIMEOUT_SECONDS,
  parseTimeoutHeader,
  remainingSeconds,
  type DavLock,
  type LockDepth,
  type LockScope,
} from './dav-locks';

describe('remainingSeconds', () => {
  const grantedAt = Date.parse('2026-03-01T10:00:00.250Z');
  const dayLock = {
    timeoutSeconds: MAX_LOCK_TIMEOUT_SECONDS,
    expiresAt: new Date(grantedAt + MAX_LOCK_TIMEOUT_SECONDS * 1000).toISOString(),
  };

  it("never reports more than the grant when the answer's clock was read a moment before the grant's", () => {
    expect(remainingSeconds(dayLock, grantedAt - 400)).toBe(MAX_LOCK_TIMEOUT_SECONDS);
    expect(remainingSeconds({ timeoutSeconds: 600, expiresAt: new Date(grantedAt + 600_000).toISOString() }, grantedAt - 900)).toBe(600);
  });

  it('counts down in whole seconds and stops at zero', () => {
    expect(remainingSeconds(dayLock, grantedAt + 90_000)).toBe(MAX_LOCK_TIMEOUT_SECONDS - 90);
    expect(remainingSeconds(dayLock, grantedAt + 90_600)).toBe(MAX_LOCK_TIMEOUT_SECONDS - 91);
    expect(remainingSeconds(dayLock, grantedAt + (MAX_LOCK_TIMEOUT_SECONDS + 5) * 1000)).toBe(0);
  });
});

describe('parseTimeoutHeader', () => {
  it('reads Second-N and caps Infinite and long values at the maximum', () => {
    expect(parseTimeoutHeader('Second-120')).toBe(120);
    expect(parseTimeoutHeader('second-5')).toBe(5);
    expect(parseTimeoutHeader('Infinite')).toBe(MAX_LOCK_TIMEOUT_SECONDS);
    expect(parseTimeoutHeader(`Second-${MAX_LOCK_TIMEOUT_SECONDS + 1}`)).toBe(MAX_LOCK_TIMEOUT_SECONDS);
    expect(parseTimeoutHeader('Second-99999999999999999999999')).toBe(MAX_LOCK_TIMEOUT_SECONDS);
  });

  it('takes the first usable entry of a list', () => {
    expect(parseTimeoutHeader('Infinite, Second-4100000000')).toBe(MAX_LOCK_TIMEOUT_SECONDS);
    expect(parseTimeoutHeader('Second-600, Infinite')).toBe(600);
    expect(parseTimeoutHeader('Minute-3, Second-0, Second-42')).toBe(42);
  });

  it('falls back to the default when the header is absent or has nothing usable', () => {
    expect(parseTimeoutHeader(undefined)).toBe(DEFAULT_LOCK_TIMEOUT_SECONDS);
    expect(parseTimeoutHeader('')).toBe(DEFAULT_LOCK_TIMEOUT_SECONDS);
    expect(parseTimeoutHeader('Second-')).toBe(DEFAULT_LOCK_TIMEOUT_SECONDS);
    expect(parseTimeoutHeader('Second-1.5')).toBe(DEFAULT_LOCK_TIMEOUT_SECONDS);
    expect(parseTimeoutHeader('Second--3, soon')).toBe(DEFAULT_LOCK_TIMEOUT_SECONDS);
  });
});

describe('lockApplies', () => {
  it('covers the root, and below it only with depth infinity', () => {
    expect(lockApplies({ root: '/a', depth: '0' }, '/a')).toBe(true);
    expect(lockApplies({ root: '/a', depth: '0' }, '/a/b')).toBe(false);
    expect(lockApplies({ root: '/a', depth: 'infinity' }, '/a/b/c')).toBe(true);
    expect(lockApplies({ root: '/a', depth: 'infinity' }, '/ab')).toBe(false);
    expect(lockApplies({ root: '/', depth: 'infinity' }, '/x')).toBe(true);
  });
});

describe('DavLockService', () => {
  const start = new Date('2026-03-01T10:00:00.000Z');
  let database: MigratedTestDatabase;
  let now: Date;
  let locks: DavLockService;

  beforeEach(async () => {
    database = await openMigratedTestDatabase();
    now = start;
    locks = new DavLockService(database.db, () => now);
  });

  afterEach(async () => {
    await database.close();
  });

  const advance = (seconds: number): void => {
    now = new Date(now.getTime() + seconds * 1000);
  };

  const take = async (root: string, depth: LockDepth, scope: LockScope, timeoutSeconds = 600): Promise<DavLock> => {
    const result = await locks.create({ root, depth, scope, ownerXml: null, principal: 'admin:1', timeoutSeconds });
    if (!('lock' in result)) throw new Error(`unexpected conflict with ${result.conflict.root}`);
    return result.lock;
  };

  /** Takes a shared lock on each [root, depth] in turn. */
  const takeShared = async (...held: Array<[string, LockDepth]>): Promise<void> => {
    for (const [root, depth] of held) await take(root, depth, 'shared');
  };

  const attempt = (root: string, depth: LockDepth, scope: LockScope) =>
    locks.create({ root, depth, scope, ownerXml: null, principal: 'apikey:2', timeoutSeconds: 600 });

  const roots = (list: DavLock[]): string[] => list.map((lock) => lock.root).sort();

  it('creates a lock with an opaquelocktoken, its owner and expiry, and finds it by token', async () => {
    const input = {
      root: '/local/docs/a.txt',
      depth: '0',
      scope: 'exclusive',
      ownerXml: '<D:owner xmlns:D="DAV:"><D:href>mailto:someone</D:href></D:owner>',
      principal: 'admin:7',
      timeoutSeconds: 120,
    } as const;
    const result = await locks.create(input);
    if (!('lock' in result)) throw new Error('conflict');
    // The lock is what was asked for, with a token and its expiry.
    expect(result.lock).toEqual({
      token: expect.stringMatching(/^opaquelocktoken:[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      ...input,
      expiresAt: '2026-03-01T10:02:00.000Z',
    });
    expect(await locks.find(result.lock.token)).toEqual(result.lock);
    expect(await locks.find('opaquelocktoken:00000000-0000-4000-8000-000000000000')).toBeNull();
    const second = await take('/local/docs/b.txt', '0', 'exclusive');
    expect(second.token).not.toBe(result.lock.token);
  });

  it('caps the timeout it grants and uses the default for a meaningless one', async () => {
    expect((await take('/a', '0', 'shared', MAX_LOCK_TIMEOUT_SECONDS * 10)).timeoutSeconds).toBe(MAX_LOCK_TIMEOUT_SECONDS);
    expect((await take('/b', '0', 'shared', 0)).timeoutSeconds).toBe(DEFAULT_LOCK_TIMEOUT_SECONDS);
    expect((await take('/c', '0', 'shared', Number.NaN)).timeoutSeconds).toBe(DEFAULT_LOCK_TIMEOUT_SECONDS);
  });

  it('refuses a second exclusive lock, a shared one on an exclusive one, and an exclusive one on a shared one', async () => {
    const exclusive = await take('/x', '0', 'exclusive');
    expect(await attempt('/x', '0', 'exclusive')).toEqual({ conflict: exclusive });
    expect(await attempt('/x', '0', 'shared')).toEqual({ conflict: exclusive });

    const shared = await take('/y', '0', 'shared');
    expect(await attempt('/y', 'infinity', 'exclusive')).toEqual({ conflict: shared });
  });

  it('lets shared locks coexist', async () => {
    await take('/s', 'infinity', 'shared');
    await take('/s', '0', 'shared');
    await take('/s/child', 'infinity', 'shared');
    expect(roots(await locks.covering('/s/child'))).toEqual(['/s', '/s/child']);
  });

  it('applies a depth-infinity lock to everything below its root but not to a sibling with the same prefix', async () => {
    const lock = await take('/a/b', 'infinity', 'exclusive');
    expect(await locks.covering('/a/b')).toEqual([lock]);
    expect(await locks.covering('/a/b/c/d.txt')).toEqual([lock]);
    expect(await locks.covering('/a/bc')).toEqual([]);
    expect(await locks.covering('/a')).toEqual([]);
    expect(await attempt('/a/b/c', '0', 'exclusive')).toEqual({ conflict: lock });
    expect(await attempt('/a/b/c', '0', 'shared')).toEqual({ conflict: lock });
    expect('lock' in (await attempt('/a/bc', 'infinity', 'exclusive'))).toBe(true);
  });

  it('does not apply a depth-0 lock on a collection to its members', async () => {
    const parent = await take('/p', '0', 'exclusive');
    expect(await locks.covering('/p/child')).toEqual([]);
    expect(await locks.covering('/p')).toEqual([parent]);
    expect('lock' in (await attempt('/p/child', 'infinity', 'exclusive'))).toBe(true);
  });

  it('refuses an exclusive depth-infinity lock over a lock below it, but not a depth-0 one', async () => {
    const below = await take('/t/u/v.txt', '0', 'shared');
    expect(await attempt('/t', 'infinity', 'exclusive')).toEqual({ conflict: below });
    expect('lock' in (await attempt('/t', '0', 'exclusive'))).toBe(true);
    await take('/w/u/v.txt', '0', 'shared');
    expect('lock' in (await attempt('/w', 'infinity', 'shared'))).toBe(true);
  });

  it('treats a depth-infinity lock on the root as covering every path', async () => {
    const root = await take('/', 'infinity', 'exclusive');
    expect(await locks.covering('/')).toEqual([root]);
    expect(await locks.covering('/local/x/y')).toEqual([root]);
    expect(await attempt('/local', '0', 'shared')).toEqual({ conflict: root });
  });

  it('forgets locks once they expire, by the clock, and lets the path be locked again', async () => {
    const lock = await take('/e', 'infinity', 'exclusive', 60);
    advance(59);
    expect(await locks.find(lock.token)).toEqual(lock);
    expect(await locks.covering('/e/f')).toEqual([lock]);
    advance(1);
    expect(await locks.find(lock.token)).toBeNull();
    expect(await locks.covering('/e/f')).toEqual([]);
    expect(await locks.within('/e')).toEqual([]);
    const again = await take('/e/f', '0', 'exclusive');
    expect(await locks.covering('/e/f')).toEqual([again]);
    expect(await locks.refresh(lock.token, 600)).toBeNull();
  });

  it('refreshes a live lock with a new life counted from now', async () => {
    const lock = await take('/r', '0', 'exclusive', 60);
    advance(50);
    const refreshed = await locks.refresh(lock.token, 300);
    expect(refreshed).toEqual({ ...lock, timeoutSeconds: 300, expiresAt: '2026-03-01T10:05:50.000Z' });
    advance(200);
    expect(await locks.find(lock.token)).toEqual(refreshed);
    expect((await locks.refresh(lock.token, MAX_LOCK_TIMEOUT_SECONDS + 5))?.timeoutSeconds).toBe(MAX_LOCK_TIMEOUT_SECONDS);
    expect(await locks.refresh('opaquelocktoken:unknown', 300)).toBeNull();
  });

  it('removes a lock once and reports whether it existed', async () => {
    const lock = await take('/d', '0', 'exclusive');
    expect(await locks.remove(lock.token)).toBe(true);
    expect(await locks.find(lock.token)).toBeNull();
    expect(await locks.remove(lock.token)).toBe(false);
    expect('lock' in (await attempt('/d', '0', 'exclusive'))).toBe(true);

    const expired = await take('/old', '0', 'shared', 10);
    advance(10);
    expect(await locks.remove(expired.token)).toBe(false);
  });

  it('lists and removes the locks at or below a path, not those of a sibling with the same prefix', async () => {
    await takeShared(['/a/b', '0'], ['/a/b/c', '0'], ['/a/b/c/d', 'infinity'], ['/a/bc', '0'], ['/a/b.txt', '0'], ['/a', '0']);
    expect(roots(await locks.within('/a/b'))).toEqual(['/a/b', '/a/b/c', '/a/b/c/d']);
    await locks.removeWithin('/a/b');
    expect(roots(await locks.within('/'))).toEqual(['/a', '/a/b.txt', '/a/bc']);
    await locks.removeWithin('/');
    expect(await locks.within('/')).toEqual([]);
  });

  it('matches names with %, _ and \\ literally', async () => {
    await takeShared(
      ['/m/100%', 'infinity'],
      ['/m/100%/in', '0'],
      ['/m/1000', '0'],
      ['/m/a_b/in', '0'],
      ['/m/axb/in', '0'],
      ['/m/back\\slash/in', '0'],
      ['/m/back\\\\slash/in', '0'],
    );
    expect(roots(await locks.within('/m/100%'))).toEqual(['/m/100%', '/m/100%/in']);
    expect(roots(await locks.within('/m/a_b'))).toEqual(['/m/a_b/in']);
    expect(roots(await locks.within('/m/back\\slash'))).toEqual(['/m/back\\slash/in']);
    expect(roots(await locks.within('/M'))).toEqual([]);
    await locks.removeWithin('/m/a_b');
    expect(roots(await locks.within('/m'))).toEqual([
      '/m/100%',
      '/m/100%/in',
      '/m/1000',
      '/m/axb/in',
      '/m/back\\\\slash/in',
      '/m/back\\slash/in',
    ]);
    expect(roots(await locks.covering('/m/100%/in'))).toEqual(['/m/100%', '/m/100%/in']);
  });

  it('handles Unicode (NFC) paths, including characters outside the BMP', async () => {
    const folder = '/本地/Café'.normalize('NFC');
    const lock = await take(folder, 'infinity', 'exclusive');
    expect(await locks.covering(`${folder}/文档 ✓.txt`)).toEqual([lock]);
    expect(await locks.covering('/本地/Café2')).toEqual([]);
    await take('/😀/a', '0', 'shared');
    await take('/😀a', '0', 'shared');
    await take('/😀😀/a', '0', 'shared');
    expect(roots(await locks.within('/😀'))).toEqual(['/😀/a']);
    await locks.removeWithin('/😀');
    expect(roots(await locks.within('/'))).toEqual([folder, '/😀a', '/😀😀/a'].sort());
  });

  it('never grants conflicting locks to concurrent creates on overlapping paths', async () => {
    const other = new DavLockService(database.db, () => now);
    for (let round = 0; round < 5; round += 1) {
      const root = `/race/${round}`;
      // A and B conflict (both exclusive on the root), B and C too (C is below B's depth infinity);
      // A and C do not. So either B alone wins, or A and C do.
      const [a, b, c] = await Promise.all([
        locks.create({ root, depth: '0', scope: 'exclusive', ownerXml: null, principal: 'A', timeoutSeconds: 60 }),
        other.create({ root, depth: 'infinity', scope: 'exclusive', ownerXml: null, principal: 'B', timeoutSeconds: 60 }),
        other.create({ root: `${root}/child`, depth: '0', scope: 'shared', ownerXml: null, principal: 'C', timeoutSeconds: 60 }),
      ]);
      const winners = [a, b, c].flatMap((result) => ('lock' in result ? [result.lock.principal] : []));
      expect([['B'], ['A', 'C']]).toContainEqual(winners);
      expect((await locks.within(root)).map((lock) => lock.principal).sort()).toEqual(winners);
    }
  });

  it('lets exactly one of two concurrent exclusive creates on the same path win', async () => {
    const other = new DavLockService(database.db, () => now);
    for (let round = 0; round < 5; round += 1) {
      const input = { root: `/same/${round}`, depth: '0' as const, scope: 'exclusive' as const, ownerXml: null, timeoutSeconds: 60 };
      const results = await Promise.all([locks.create({ ...input, principal: 'a' }), other.create({ ...input, principal: 'b' })]);
      const won = results.flatMap((result) => ('lock' in result ? [result.lock] : []));
      const lost = results.flatMap((result) => ('conflict' in result ? [result.conflict] : []));
      expect(won).toHaveLength(1);
      expect(lost).toEqual(won);
      expect(await locks.covering(input.root)).toEqual(won);
    }
  });

  it('makes a create wait for a transaction holding the guard and see the lock that one wrote', async () => {
    let outcome: Promise<Awaited<ReturnType<DavLockService['create']>>> | undefined;
    let settled = false;
    const at = now.toISOString();
    await database.db.transaction().execute(async (trx) => {
      await takeDavGuard(trx, 'locks', at);
      await trx
        .insertInto('dav_locks')
        .values({
          token: 'opaquelocktoken:held',
          root: '/held',
          depth: 'infinity',
          scope: 'exclusive',
          owner_xml: null,
          principal: 'admin:1',
          timeout_seconds: 600,
          created_at: at,
          expires_at: new Date(now.getTime() + 600_000).toISOString(),
        })
        .execute();
      outcome = attempt('/held/inner', '0', 'shared').finally(() => {
        settled = true;
      });
      await untilAnotherTransactionWaits(trx, database.engine, () => settled);
    });
    expect(await outcome).toMatchObject({ conflict: { token: 'opaquelocktoken:held' } });
    expect(roots(await locks.within('/held'))).toEqual(['/held']);
  });
});
