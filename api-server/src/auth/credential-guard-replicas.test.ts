import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { CredentialFailureRepository } from '../repositories/credential-failure-repository';
import { expectThrottled } from '../testing/expectations';
import { basic, loginAsAdmin, bearer, replicaPairForEachTest, TEST_ADMIN, type TestApp } from '../testing/test-app';
import { CredentialGuard } from './credential-guard';

/**
 * Issue 17: two api-server replicas on one database (two apps with their own connections on the
 * same SQLite file or PostgreSQL schema) spend one failed-credential budget and one unknown-slug
 * budget. Before the counters moved into the database each replica counted alone, so a client
 * spreading its guesses over both got twice the budget.
 */

const LIMIT = 3;
const WINDOW_MS = 60_000;
const START = '2026-11-27T10:00:00.000Z';

describe('credential throttling across two replicas on one database', () => {
  const pair = replicaPairForEachTest({ startAt: START, failedCredentialLimit: LIMIT, loginRateLimitMax: 1000, replicas: 2 });

  const from = (replica: TestApp, options: InjectOptions, address = '203.0.113.7'): Promise<LightMyRequestResponse> =>
    replica.app.inject({ remoteAddress: address, ...options });

  function expectRefused(response: LightMyRequestResponse): void {
    expectThrottled(response);
    expect(response.json()).toMatchObject({ code: 429, success: false });
  }

  it('counts failed logins and Basic guesses spread over both replicas toward one limit; either refuses the next one', async () => {
    const wrongLogin: InjectOptions = {
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: TEST_ADMIN.username, password: 'nope' },
    };
    const wrongBasic: InjectOptions = { method: 'GET', url: '/api/admin/pastes', headers: basic(TEST_ADMIN.username, 'nope') };
    expect((await from(pair.a, wrongLogin)).statusCode).toBe(401);
    expect((await from(pair.b, wrongBasic)).statusCode).toBe(403);
    expect((await from(pair.a, wrongLogin)).statusCode).toBe(401);

    // The budget was crossed on A: B refuses the next attempt, even the right password, and so does A.
    expectRefused(await from(pair.b, { method: 'POST', url: '/api/admin/login', payload: TEST_ADMIN }));
    expectRefused(
      await from(pair.a, { method: 'GET', url: '/api/admin/pastes', headers: basic(TEST_ADMIN.username, TEST_ADMIN.password) }),
    );
    // Another address is not affected, on either replica.
    expect((await from(pair.b, { method: 'POST', url: '/api/admin/login', payload: TEST_ADMIN }, '198.51.100.9')).statusCode).toBe(200);

    pair.now = new Date(pair.now.getTime() + WINDOW_MS + 1000);
    expect((await from(pair.b, { method: 'POST', url: '/api/admin/login', payload: TEST_ADMIN })).statusCode).toBe(200);
  });

  it('limits guesses at one account from many addresses over both replicas (per-account budget)', async () => {
    for (let i = 0; i < LIMIT * 3; i += 1) {
      const replica = i % 2 === 0 ? pair.a : pair.b;
      const answer = await from(
        replica,
        { method: 'GET', url: '/api/admin/pastes', headers: basic(TEST_ADMIN.username, 'wrong') },
        `192.0.2.${i + 1}`,
      );
      expect(answer.statusCode).toBe(403);
    }
    expectRefused(await from(pair.b, { method: 'POST', url: '/api/admin/login', payload: TEST_ADMIN }, '192.0.2.200'));
    expectRefused(await from(pair.a, { method: 'POST', url: '/api/admin/login', payload: TEST_ADMIN }, '192.0.2.201'));
  });

  it('counts unknown slugs looked up through both replicas toward one budget', async () => {
    const token = await loginAsAdmin(pair.a.app);
    const created = await pair.a.app.inject({
      method: 'POST',
      url: '/api/paste',
      headers: bearer(token),
      payload: { content: 'shared text' },
    });
    const { slug } = created.json() as { slug: string };

    for (let i = 0; i < LIMIT * 3; i += 1) {
      const replica = i % 2 === 0 ? pair.a : pair.b;
      expect((await from(replica, { method: 'GET', url: `/api/paste/guess-${i}` })).statusCode).toBe(404);
    }
    expectRefused(await from(pair.a, { method: 'GET', url: `/api/paste/${slug}` }));
    expectRefused(await from(pair.b, { method: 'GET', url: `/api/paste/${slug}` }));
    expect((await from(pair.b, { method: 'GET', url: `/api/paste/${slug}` }, '198.51.100.30')).statusCode).toBe(200);
  });

  it('loses no count when both replicas record failures of one key at the same time', async () => {
    const guards = [pair.a, pair.b].map(
      (replica) =>
        new CredentialGuard({
          maxFailuresPerClient: 1000,
          maxFailuresPerAccount: 1000,
          maxUnknownSlugsPerClient: 1000,
          windowMs: WINDOW_MS,
          failures: new CredentialFailureRepository(replica.container.db),
          clock: () => pair.now,
        }),
    );
    await Promise.all(Array.from({ length: 40 }, (_, i) => guards[i % 2]!.recordFailure('203.0.113.50', 'admin:someone')));
    const repository = new CredentialFailureRepository(pair.a.container.db);
    expect(await repository.find('client:203.0.113.50')).toMatchObject({ failures: 40 });
    expect(await repository.find('account:admin:someone')).toMatchObject({ failures: 40 });
  });

  it('starts a new window once the old one ended, and prunes the ended windows', async () => {
    const repository = new CredentialFailureRepository(pair.b.container.db);
    const guard = (replica: TestApp) =>
      new CredentialGuard({
        maxFailuresPerClient: 2,
        maxFailuresPerAccount: 2,
        maxUnknownSlugsPerClient: 2,
        windowMs: WINDOW_MS,
        failures: new CredentialFailureRepository(replica.container.db),
        clock: () => pair.now,
      });
    await guard(pair.a).recordFailure('203.0.113.60');
    await guard(pair.b).recordFailure('203.0.113.60');
    await guard(pair.a).recordUnknownSlug('203.0.113.61');
    await expect(guard(pair.b).assertAllowed('203.0.113.60')).rejects.toMatchObject({ statusCode: 429 });

    pair.now = new Date(pair.now.getTime() + WINDOW_MS);
    await guard(pair.b).assertAllowed('203.0.113.60');
    // A failure after the window counts as the first of a new one; the ended slug window is pruned.
    await guard(pair.b).recordFailure('203.0.113.60');
    expect(await repository.find('client:203.0.113.60')).toEqual({
      key: 'client:203.0.113.60',
      failures: 1,
      reset_at: pair.now.getTime() + WINDOW_MS,
    });
    expect(await repository.find('slug:203.0.113.61')).toBeUndefined();
  });
});

describe('the login rate limit across two replicas on one database', () => {
  const pair = replicaPairForEachTest({ startAt: START, loginRateLimitMax: 3, failedCredentialLimit: 1000, replicas: 2 });

  it('counts login attempts (right or wrong) over both replicas toward one LOGIN_RATE_LIMIT_MAX; the next one gets 429 on either', async () => {
    const login = (replica: TestApp, address = '203.0.113.70') =>
      replica.app.inject({
        method: 'POST',
        url: '/api/admin/login',
        payload: TEST_ADMIN,
        remoteAddress: address,
        headers: { 'accept-language': 'en-US' },
      });
    expect((await login(pair.a)).statusCode).toBe(200);
    expect((await login(pair.b)).statusCode).toBe(200);
    expect((await login(pair.a)).statusCode).toBe(200);

    for (const replica of [pair.b, pair.a]) {
      const limited = await login(replica);
      expect(limited.statusCode).toBe(429);
      expect(limited.json().message).toMatch(/^Too many login attempts/);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect((await login(pair.b, '198.51.100.70')).statusCode).toBe(200);

    pair.now = new Date(pair.now.getTime() + WINDOW_MS);
    expect((await login(pair.b)).statusCode).toBe(200);
  });
});
