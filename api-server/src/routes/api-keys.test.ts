import { randomUUID } from 'node:crypto';
import { NEVER_EXPIRES_AT as NEVER_EXPIRES } from '@cloudclip/contract';
import { addDays, DAY_MS } from '../lib/time';
import { guardOutcomes, PermissionMatrix } from '../testing/permission-matrix';
import { adminTestAppForEachTest, apiKeyHeader } from '../testing/test-app';

const HOUR_MS = 60 * 60 * 1000;

describe('API key management', () => {
  const env = adminTestAppForEachTest('2025-07-01T08:00:00.000Z');

  const request = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
    env.t.app.inject({ method, url, headers: env.admin, ...(payload === undefined ? {} : { payload: payload as object }) });
  const createKey = async (payload: Record<string, unknown>) => {
    env.now = new Date(env.now.getTime() + 1000);
    const response = await request('POST', '/api/admin/api-keys', payload);
    expect(response.statusCode).toBe(200);
    return response.json().data as { id: string; key: string; name: string; expires_at: string; basic_path: string };
  };
  const stored = (id: string) => env.t.container.repositories.apiKeys.findById(id);

  it('guards every key endpoint with the admin guard', async () => {
    const matrix = new PermissionMatrix(env.t);
    const endpoints = [
      { method: 'GET', url: '/api/admin/api-keys' },
      { method: 'POST', url: '/api/admin/api-keys', payload: {} },
      { method: 'PUT', url: `/api/admin/api-keys/${randomUUID()}`, payload: { name: 'x' } },
      { method: 'DELETE', url: `/api/admin/api-keys/${randomUUID()}` },
    ] as const;
    for (const endpoint of endpoints) {
      expect({ endpoint, outcomes: await matrix.outcomes(endpoint) }).toEqual({ endpoint, outcomes: guardOutcomes('admin') });
    }
  });

  describe('POST /api/admin/api-keys', () => {
    it('creates a key with a 12-character value, one day of validity and no permissions by default (body code 201, HTTP 200)', async () => {
      const response = await request('POST', '/api/admin/api-keys', { name: '  laptop  ' });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body).toMatchObject({ code: 201, success: true });
      expect(body.data).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        name: 'laptop',
        key: expect.stringMatching(/^[A-Za-z0-9]{12}$/),
        key_masked: `${body.data.key.slice(0, 6)}...`,
        text_permission: false,
        file_permission: false,
        mount_permission: false,
        basic_path: '/',
        created_at: env.now.toISOString(),
        expires_at: addDays(env.now, 1).toISOString(),
      });
      expect(await stored(body.data.id)).toMatchObject({ key: body.data.key, text_permission: 0, last_used: null });
    });

    it('grants a permission only for the literal true', async () => {
      const granted = await createKey({ name: 'a', text_permission: true, file_permission: true, mount_permission: true });
      expect(await stored(granted.id)).toMatchObject({ text_permission: 1, file_permission: 1, mount_permission: 1 });
      const loose = await createKey({ name: 'b', text_permission: 'true', file_permission: 1 });
      expect(await stored(loose.id)).toMatchObject({ text_permission: 0, file_permission: 0, mount_permission: 0 });
    });

    it('refuses the mount permission without the file permission with 400', async () => {
      const response = await request('POST', '/api/admin/api-keys', { name: 'm', mount_permission: true });
      expect(response.statusCode).toBe(400);
      expect(await env.t.container.repositories.apiKeys.findByName('m')).toBeUndefined();
    });

    it.each([
      [undefined, 'omitted', (now: Date) => addDays(now, 1).toISOString()],
      ['', 'empty', (now: Date) => addDays(now, 1).toISOString()],
      [null, 'null', () => NEVER_EXPIRES],
      ['never', '"never"', () => NEVER_EXPIRES],
      ['2026-01-02T03:04:05+02:00', 'a date with an offset', () => '2026-01-02T01:04:05.000Z'],
    ])('sets expires_at for %p (%s)', async (expiresAt, _label, expected) => {
      const key = await createKey({ name: 'k', ...(expiresAt === undefined ? {} : { expires_at: expiresAt }) });
      expect(key.expires_at).toBe(expected(env.now));
    });

    it('answers 400 for an unreadable expires_at', async () => {
      expect((await request('POST', '/api/admin/api-keys', { name: 'k', expires_at: 'soon' })).statusCode).toBe(400);
    });

    it('answers 400 for a missing or blank name and 409 for a taken one', async () => {
      expect((await request('POST', '/api/admin/api-keys', {})).statusCode).toBe(400);
      expect((await request('POST', '/api/admin/api-keys', { name: '   ' })).statusCode).toBe(400);
      await createKey({ name: 'dup' });
      expect((await request('POST', '/api/admin/api-keys', { name: ' dup ' })).statusCode).toBe(409);
    });

    it('uses a valid custom key, answers 400 for a malformed one and 409 for a taken one', async () => {
      const custom = await createKey({ name: 'c1', custom_key: 'My_Key-01' });
      expect(custom.key).toBe('My_Key-01');
      expect((await request('POST', '/api/admin/api-keys', { name: 'c2', custom_key: 'has space' })).statusCode).toBe(400);
      expect((await request('POST', '/api/admin/api-keys', { name: 'c3', custom_key: 'My_Key-01' })).statusCode).toBe(409);
      const caseVariant = await createKey({ name: 'c4', custom_key: 'my_key-01' });
      expect(caseVariant.key).toBe('my_key-01');
    });

    it('normalises basic_path to a leading slash and no trailing slash', async () => {
      expect((await createKey({ name: 'p1', basic_path: 'docs/' })).basic_path).toBe('/docs');
      expect((await createKey({ name: 'p2', basic_path: '//a//b/' })).basic_path).toBe('/a/b');
      expect((await createKey({ name: 'p3', basic_path: '' })).basic_path).toBe('/');
      expect((await createKey({ name: 'p4', basic_path: '/' })).basic_path).toBe('/');
    });

    it('creates keys that authenticate at once', async () => {
      const key = await createKey({ name: 'live', text_permission: true });
      const response = await env.t.app.inject({ method: 'GET', url: '/api/test/api-key', headers: apiKeyHeader(key.key) });
      expect(response.statusCode).toBe(200);
      expect(response.json().data.permissions).toEqual({ text: true, file: false, mount: false });
    });
  });

  describe('GET /api/admin/api-keys', () => {
    it('lists keys newest first with the full key, the masked key, 0/1 permissions and last_used', async () => {
      const older = await createKey({ name: 'older', text_permission: true });
      const newer = await createKey({ name: 'newer', file_permission: true, mount_permission: true, basic_path: '/x' });
      await env.t.app.inject({ method: 'GET', url: '/api/test/api-key', headers: apiKeyHeader(older.key) });

      const response = await request('GET', '/api/admin/api-keys');
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body).toMatchObject({ code: 200, success: true });
      expect(body.data.map((item: { id: string }) => item.id)).toEqual([newer.id, older.id]);
      expect(body.data[0]).toEqual({
        id: newer.id,
        name: 'newer',
        key: newer.key,
        key_masked: `${newer.key.slice(0, 6)}...`,
        text_permission: 0,
        file_permission: 1,
        mount_permission: 1,
        basic_path: '/x',
        created_at: expect.any(String),
        expires_at: expect.any(String),
        last_used: null,
      });
      expect(body.data[1]).toMatchObject({ text_permission: 1, last_used: env.now.toISOString() });
    });

    it('purges expired keys before listing', async () => {
      const shortLived = await createKey({ name: 'short', expires_at: new Date(env.now.getTime() + HOUR_MS).toISOString() });
      const longLived = await createKey({ name: 'long', expires_at: null });
      env.now = new Date(env.now.getTime() + 2 * HOUR_MS);
      const ids = (await request('GET', '/api/admin/api-keys')).json().data.map((item: { id: string }) => item.id);
      expect(ids).toEqual([longLived.id]);
      expect(await stored(shortLived.id)).toBeUndefined();
    });
  });

  describe('expired keys', () => {
    it('stop working when their time is up and are deleted when presented', async () => {
      const key = await createKey({ name: 'day', text_permission: true });
      const paste = () =>
        env.t.app.inject({ method: 'POST', url: '/api/paste', payload: { content: 'x' }, headers: apiKeyHeader(key.key) });
      env.now = new Date(env.now.getTime() + DAY_MS - 2000);
      expect((await paste()).statusCode).toBe(200);
      env.now = new Date(env.now.getTime() + 2000);
      expect((await paste()).statusCode).toBe(401);
      expect(await stored(key.id)).toBeUndefined();
    });
  });

  describe('PUT /api/admin/api-keys/:id', () => {
    it('updates only the fields given (shape E without data)', async () => {
      const key = await createKey({ name: 'edit', text_permission: true, basic_path: '/a' });
      const response = await request('PUT', `/api/admin/api-keys/${key.id}`, { name: ' renamed ', file_permission: 1, basic_path: 'b/' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ code: 200, message: expect.any(String), success: true });
      expect(await stored(key.id)).toMatchObject({
        name: 'renamed',
        key: key.key,
        text_permission: 1,
        file_permission: 1,
        mount_permission: 0,
        basic_path: '/b',
        expires_at: key.expires_at,
      });
    });

    it('sets expiry to never for null and "never", and to the given date otherwise', async () => {
      const key = await createKey({ name: 'exp' });
      await request('PUT', `/api/admin/api-keys/${key.id}`, { expires_at: null });
      expect((await stored(key.id))?.expires_at).toBe(NEVER_EXPIRES);
      await request('PUT', `/api/admin/api-keys/${key.id}`, { expires_at: '2027-05-06T07:08:09.000Z' });
      expect((await stored(key.id))?.expires_at).toBe('2027-05-06T07:08:09.000Z');
      await request('PUT', `/api/admin/api-keys/${key.id}`, { expires_at: 'never' });
      expect((await stored(key.id))?.expires_at).toBe(NEVER_EXPIRES);
    });

    it('turns a falsy permission off', async () => {
      const key = await createKey({ name: 'off', text_permission: true });
      await request('PUT', `/api/admin/api-keys/${key.id}`, { text_permission: false });
      expect((await stored(key.id))?.text_permission).toBe(0);
    });

    it('answers 400 for an empty name, an unreadable date, nothing to update and mount without file', async () => {
      const key = await createKey({ name: 'bad' });
      for (const payload of [{ name: '  ' }, { expires_at: 'later' }, {}, { unknown_field: 1 }, { mount_permission: true }]) {
        expect({ payload, status: (await request('PUT', `/api/admin/api-keys/${key.id}`, payload)).statusCode }).toEqual({
          payload,
          status: 400,
        });
      }
    });

    it('answers 409 when the new name belongs to another key and accepts the key’s own name', async () => {
      await createKey({ name: 'first' });
      const second = await createKey({ name: 'second' });
      expect((await request('PUT', `/api/admin/api-keys/${second.id}`, { name: 'first' })).statusCode).toBe(409);
      expect((await request('PUT', `/api/admin/api-keys/${second.id}`, { name: 'second' })).statusCode).toBe(200);
    });

    it('answers 404 for an unknown key', async () => {
      expect((await request('PUT', `/api/admin/api-keys/${randomUUID()}`, { name: 'x' })).statusCode).toBe(404);
    });
  });

  describe('DELETE /api/admin/api-keys/:id', () => {
    it('deletes the key, which then stops authenticating, and answers 404 the second time', async () => {
      const key = await createKey({ name: 'gone', text_permission: true });
      const response = await request('DELETE', `/api/admin/api-keys/${key.id}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ code: 200, message: expect.any(String), success: true });
      const use = await env.t.app.inject({ method: 'GET', url: '/api/test/api-key', headers: apiKeyHeader(key.key) });
      expect(use.statusCode).toBe(401);
      expect((await request('DELETE', `/api/admin/api-keys/${key.id}`)).statusCode).toBe(404);
    });
  });
});
