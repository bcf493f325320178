import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { HASH_QUEUE } from '../lib/password-hash';
import { expectThrottled } from '../testing/expectations';
import { basic, bearer, apiKeyHeader, createTestApp, loginAsAdmin, removeTempDir, TEST_ADMIN, type TestApp } from '../testing/test-app';

/**
 * Issue 19 item 3: every kind of credential guess (Basic, API key, login, share passwords) spends
 * one budget per client address and per account; once spent, attempts get 429 + Retry-After before
 * any password is hashed. Each test failed before the guard existed (every guess was answered).
 */

const LIMIT = 3;
const WINDOW_MS = 60_000;

describe('failed-credential budget', () => {
  let t: TestApp;
  let now: Date;

  beforeEach(async () => {
    now = new Date('2026-11-26T10:00:00.000Z');
    t = await createTestApp({ clock: () => now, failedCredentialLimit: LIMIT, loginRateLimitMax: 1000 });
  });

  afterEach(async () => {
    await t.close();
    removeTempDir(t.dataDir);
  });

  const inject = (options: InjectOptions, from = '203.0.113.7'): Promise<LightMyRequestResponse> =>
    t.app.inject({ remoteAddress: from, ...options });

  function expectRefused(response: LightMyRequestResponse): void {
    expect(response.body).toContain(String(expectThrottled(response)));
  }

  it('refuses Basic guesses at the admin password with 429 and Retry-After once the budget is spent, even the right one, until the window ends', async () => {
    for (let i = 0; i < LIMIT; i += 1) {
      expect(
        (await inject({ method: 'GET', url: '/api/admin/pastes', headers: basic(TEST_ADMIN.username, `guess-${i}`) })).statusCode,
      ).toBe(403);
    }
    const blocked = await inject({ method: 'GET', url: '/api/admin/pastes', headers: basic(TEST_ADMIN.username, TEST_ADMIN.password) });
    expectRefused(blocked);
    expect(blocked.json()).toMatchObject({ code: 429, success: false });

    // Requests without credentials from the same address are not affected.
    expect((await inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    // Nor is another address.
    expect(
      (await inject({ method: 'GET', url: '/api/admin/pastes', headers: basic(TEST_ADMIN.username, TEST_ADMIN.password) }, '198.51.100.9'))
        .statusCode,
    ).toBe(200);

    now = new Date(now.getTime() + WINDOW_MS + 1000);
    expect(
      (await inject({ method: 'GET', url: '/api/admin/pastes', headers: basic(TEST_ADMIN.username, TEST_ADMIN.password) })).statusCode,
    ).toBe(200);
  });

  it('limits guesses at one admin name from many addresses (per-account budget); a running session is not affected', async () => {
    const token = await loginAsAdmin(t.app);
    for (let i = 0; i < LIMIT * 3; i += 1) {
      const address = `192.0.2.${i + 1}`;
      expect(
        (await inject({ method: 'GET', url: '/api/admin/pastes', headers: basic(TEST_ADMIN.username, 'wrong') }, address)).statusCode,
      ).toBe(403);
    }
    expectRefused(await inject({ method: 'GET', url: '/api/admin/pastes', headers: basic(TEST_ADMIN.username, 'wrong') }, '192.0.2.200'));
    expectRefused(await inject({ method: 'POST', url: '/api/admin/login', payload: TEST_ADMIN }, '192.0.2.201'));
    // A token session (no guessing involved) keeps working.
    expect((await inject({ method: 'GET', url: '/api/admin/pastes', headers: bearer(token) }, '192.0.2.200')).statusCode).toBe(200);
  });

  it('counts unknown API keys and failed logins against the same budget', async () => {
    expect((await inject({ method: 'GET', url: '/api/user/pastes', headers: apiKeyHeader('not-a-key-1') })).statusCode).toBe(401);
    expect((await inject({ method: 'GET', url: '/api/user/pastes', headers: apiKeyHeader('not-a-key-2') })).statusCode).toBe(401);
    expect(
      (await inject({ method: 'POST', url: '/api/admin/login', payload: { username: TEST_ADMIN.username, password: 'nope' } })).statusCode,
    ).toBe(401);
    expectRefused(await inject({ method: 'GET', url: '/api/user/pastes', headers: apiKeyHeader('not-a-key-3') }));
    expectRefused(await inject({ method: 'POST', url: '/api/admin/login', payload: TEST_ADMIN }));
  });

  it('counts wrong share passwords of pastes and files (unlock, raw, verify, download) and refuses further guesses', async () => {
    const token = await loginAsAdmin(t.app);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/paste',
      headers: bearer(token),
      payload: { content: 'secret text', password: 'right-one' },
    });
    expect(created.statusCode).toBe(200);
    const { slug } = created.json() as { slug: string };

    expect((await inject({ method: 'POST', url: `/api/paste/${slug}`, payload: { password: 'a' } })).statusCode).toBe(401);
    expect((await inject({ method: 'GET', url: `/api/raw/${slug}?password=b` })).statusCode).toBe(401);
    expect((await inject({ method: 'POST', url: `/api/paste/${slug}`, payload: { password: 'c' } })).statusCode).toBe(401);

    expectRefused(await inject({ method: 'POST', url: `/api/paste/${slug}`, payload: { password: 'right-one' } }));
    const raw = await inject({ method: 'GET', url: `/api/raw/${slug}?password=right-one` });
    expectRefused(raw);
    expect(raw.headers['content-type']).toBe('text/plain; charset=utf-8');
    // File shares spend the same budget (the file does not even need to exist to be refused).
    expectRefused(await inject({ method: 'POST', url: '/api/public/files/any-slug/verify', payload: { password: 'x' } }));
    expectRefused(await inject({ method: 'GET', url: '/api/file-download/any-slug?password=x' }));

    // The owner, from elsewhere, still reads it.
    const unlocked = await inject({ method: 'POST', url: `/api/paste/${slug}`, payload: { password: 'right-one' } }, '198.51.100.20');
    expect(unlocked.statusCode).toBe(200);
    expect(unlocked.json()).toMatchObject({ content: 'secret text' });
  });

  it('slows slug enumeration: unknown slugs on every public share route spend a per-client budget, then 429 + Retry-After', async () => {
    const token = await loginAsAdmin(t.app);
    const created = await t.app.inject({ method: 'POST', url: '/api/paste', headers: bearer(token), payload: { content: 'shared text' } });
    const { slug } = created.json() as { slug: string };
    // Found shares never count, however often they are opened.
    for (let i = 0; i < LIMIT * 4; i += 1) expect((await inject({ method: 'GET', url: `/api/paste/${slug}` })).statusCode).toBe(200);

    // Every public share route, each with a slug nobody made (guess-1, guess-2, …).
    const probes = (
      [
        ['GET', '/api/paste/'],
        ['POST', '/api/paste/'],
        ['GET', '/api/raw/'],
        ['GET', '/api/public/files/'],
        ['GET', '/api/file-download/'],
        ['HEAD', '/api/file-view/'],
        ['GET', '/api/office-preview/'],
        ['GET', '/api/public/files/'],
        ['GET', '/api/paste/'],
      ] as const
    ).map(([method, route], i): InjectOptions => ({
      method,
      url: `${route}guess-${i + 1}`,
      ...(method === 'POST' && { payload: { password: 'x' } }),
    }));
    // The default budget is three times the failed-credential budget.
    expect(probes).toHaveLength(LIMIT * 3);
    for (const probe of probes) expect((await inject(probe)).statusCode).toBe(404);

    const refused = await inject({ method: 'GET', url: `/api/paste/${slug}` });
    expectRefused(refused);
    expectRefused(await inject({ method: 'GET', url: '/api/file-download/guess-10' }));
    // Other addresses and other routes are not affected.
    expect((await inject({ method: 'GET', url: `/api/paste/${slug}` }, '198.51.100.30')).statusCode).toBe(200);
    expect((await inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);

    now = new Date(now.getTime() + WINDOW_MS + 1000);
    expect((await inject({ method: 'GET', url: `/api/paste/${slug}` })).statusCode).toBe(200);
  });

  it('never hashes more than two passwords at once, whatever the number of concurrent guesses', async () => {
    let peak = 0;
    const sample = setInterval(() => {
      peak = Math.max(peak, HASH_QUEUE.active);
    }, 1);
    try {
      const guesses = Array.from({ length: 24 }, (_, i) =>
        inject({ method: 'GET', url: '/api/admin/pastes', headers: basic(`someone-${i}`, 'guess') }, `198.18.0.${i + 1}`),
      );
      const answers = await Promise.all(guesses);
      for (const answer of answers) expect(answer.statusCode).toBe(403);
    } finally {
      clearInterval(sample);
    }
    expect(peak).toBeGreaterThan(0);
    expect(peak).toBeLessThanOrEqual(2);
  });
});
