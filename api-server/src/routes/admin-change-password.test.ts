import { randomUUID } from 'node:crypto';
import { hashPassword } from '../lib/password-hash';
import { guardOutcomes, PermissionMatrix } from '../testing/permission-matrix';
import { bearer, createTestApp, loginAsAdmin, removeTempDir, TEST_ADMIN, type TestApp } from '../testing/test-app';

describe('POST /api/admin/change-password', () => {
  let t: TestApp;
  let token: string;

  beforeEach(async () => {
    t = await createTestApp({ clock: () => new Date('2025-07-01T08:00:00.000Z') });
    token = await loginAsAdmin(t.app);
  });

  afterEach(async () => {
    await t.close();
    removeTempDir(t.dataDir);
  });

  const change = (payload: unknown, authToken = token) =>
    t.app.inject({ method: 'POST', url: '/api/admin/change-password', payload: payload as object, headers: bearer(authToken) });
  const login = (username: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/admin/login', payload: { username, password } });
  const tokenWorks = async (candidate: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/test/admin-token', headers: bearer(candidate) })).statusCode === 200;

  it('is guarded by the admin guard', async () => {
    const matrix = new PermissionMatrix(t);
    // An admin passes the guard and then fails validation (no new value), so nothing changes.
    const outcomes = await matrix.outcomes({ method: 'POST', url: '/api/admin/change-password', payload: { currentPassword: 'x' } });
    expect(outcomes).toEqual(guardOutcomes('admin'));
  });

  it('changes the password, answers shape E− without data and revokes every token of the admin', async () => {
    const otherSession = await loginAsAdmin(t.app);
    const response = await change({ currentPassword: TEST_ADMIN.password, newPassword: 'brand-new-pass' });
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json()).sort()).toEqual(['code', 'message']);
    expect(await tokenWorks(token)).toBe(false);
    expect(await tokenWorks(otherSession)).toBe(false);
    expect((await login(TEST_ADMIN.username, TEST_ADMIN.password)).statusCode).toBe(401);
    expect((await login(TEST_ADMIN.username, 'brand-new-pass')).statusCode).toBe(200);
  });

  it('changes the username (trimmed) and keeps the password', async () => {
    expect((await change({ currentPassword: TEST_ADMIN.password, newUsername: '  boss  ' })).statusCode).toBe(200);
    expect((await login('boss', TEST_ADMIN.password)).statusCode).toBe(200);
    expect((await login(TEST_ADMIN.username, TEST_ADMIN.password)).statusCode).toBe(401);
  });

  it('ignores a blank newUsername when a new password is given', async () => {
    expect((await change({ currentPassword: TEST_ADMIN.password, newPassword: 'another-pass', newUsername: '   ' })).statusCode).toBe(200);
    expect((await login(TEST_ADMIN.username, 'another-pass')).statusCode).toBe(200);
  });

  it('answers 401 for a wrong current password and keeps the tokens', async () => {
    const response = await change({ currentPassword: 'wrong', newPassword: 'brand-new-pass' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 401, success: false, data: null });
    expect(await tokenWorks(token)).toBe(true);
    expect((await login(TEST_ADMIN.username, TEST_ADMIN.password)).statusCode).toBe(200);
  });

  it('answers 400 when the new password equals the current one', async () => {
    expect((await change({ currentPassword: TEST_ADMIN.password, newPassword: TEST_ADMIN.password })).statusCode).toBe(400);
    expect(await tokenWorks(token)).toBe(true);
  });

  it.each([
    ['neither new value', { currentPassword: TEST_ADMIN.password }],
    ['only blank new values', { currentPassword: TEST_ADMIN.password, newPassword: '', newUsername: '  ' }],
    ['no current password', { newPassword: 'brand-new-pass' }],
  ])('answers 400 for %s', async (_label, payload) => {
    expect((await change(payload)).statusCode).toBe(400);
    expect(await tokenWorks(token)).toBe(true);
  });

  it('answers 409 when the new username belongs to another admin', async () => {
    const now = new Date().toISOString();
    await t.container.repositories.admins.createIfUsernameFree({
      id: randomUUID(),
      username: 'taken',
      password_hash: await hashPassword('whatever'),
      created_at: now,
      updated_at: now,
    });
    expect((await change({ currentPassword: TEST_ADMIN.password, newUsername: 'taken' })).statusCode).toBe(409);
    expect(await tokenWorks(token)).toBe(true);
  });
});
