import { request as httpRequest, type ClientRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ApiKeyRow } from '../db/schema';
import { answerOf } from '../testing/raw-http';
import { seedApiKey } from '../testing/seed';
import { apiKeyHeader, bearer, createTestApp, loginAsAdmin, removeTempDir, type TestApp } from '../testing/test-app';

/** Item 8 of the security review: per-key and global paste storage limits (system settings). */

/** A POST /api/paste to the app listening on `port`, its headers announcing `payload`; the caller sends (or withholds) the body. */
function pasteCreateRequest(port: number, headers: Record<string, string>, payload: string): ClientRequest {
  return httpRequest({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/api/paste',
    headers: { ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) },
  });
}

describe('paste storage limits', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let alice: ApiKeyRow;
  let bob: ApiKeyRow;

  const KB = 1024;
  const MB = 1024 * KB;
  /** 100 KB of text: ten fit into 1 MB (1 000 KB), the eleventh does not. */
  const PASTE = 'a'.repeat(100 * KB);

  beforeEach(async () => {
    t = await createTestApp();
    admin = bearer(await loginAsAdmin(t.app));
    alice = await seedApiKey(t.container.repositories.apiKeys, { name: 'alice', text: true });
    bob = await seedApiKey(t.container.repositories.apiKeys, { name: 'bob', text: true });
  });

  afterEach(async () => {
    await t.close();
    removeTempDir(t.dataDir);
  });

  const setLimits = async (limits: { paste_storage_per_key_mb?: number | string; paste_storage_total_mb?: number | string }) => {
    const response = await t.app.inject({ method: 'PUT', url: '/api/admin/system-settings', headers: admin, payload: limits });
    expect(response.statusCode).toBe(200);
  };
  const storedBytes = (createdBy?: string) => t.container.repositories.pastes.storedBytes(createdBy === undefined ? {} : { createdBy });
  const create = (headers: Record<string, string>, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/paste', headers, payload });

  /** Sends the creates over real HTTP connections, all at once. */
  async function createInParallel(requests: Array<{ headers: Record<string, string>; language: string }>) {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as AddressInfo;
    return Promise.all(
      requests.map(async ({ headers, language }) => {
        const response = await fetch(`http://127.0.0.1:${port}/api/paste`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json', 'accept-language': language },
          body: JSON.stringify({ content: PASTE }),
        });
        return { status: response.status, language, body: (await response.json()) as Record<string, unknown> };
      }),
    );
  }

  const KEY_FULL = {
    'en-US':
      'Not enough text storage left for this API key: this text needs 100 KB, 24 KB is left (limit 1 MB). Delete text shares you no longer need or ask the administrator to raise the limit',
    'zh-CN': '此 API 密钥的文本存储空间不足：本次需要 100 KB，剩余 24 KB（上限 1 MB）。请删除不再需要的文本分享，或联系管理员提高上限',
  } as Record<string, string>;
  const TOTAL_FULL = {
    'en-US':
      'Not enough text storage left on the server: this text needs 100 KB, 24 KB is left (limit 1 MB). Delete text shares you no longer need or ask the administrator to raise the limit',
    'zh-CN': '服务器的文本存储空间不足：本次需要 100 KB，剩余 24 KB（上限 1 MB）。请删除不再需要的文本分享，或联系管理员提高上限',
  } as Record<string, string>;

  it('applies the defaults (100 MB per key, 1024 MB in all) while the settings were never saved', async () => {
    await expect(t.container.services.pastes.storageLimits()).resolves.toEqual({ perKey: 100 * MB, total: 1024 * MB });
  });

  it('stores both limits as settings rows and refuses values that are not positive whole megabytes', async () => {
    await setLimits({ paste_storage_per_key_mb: 5, paste_storage_total_mb: '20' });
    const rows = (await t.app.inject({ method: 'GET', url: '/api/admin/system-settings', headers: admin })).json().data as Array<{
      key: string;
      value: string;
    }>;
    expect(rows.filter((row) => row.key.startsWith('paste_storage_')).map(({ key, value }) => ({ key, value }))).toEqual([
      { key: 'paste_storage_per_key_mb', value: '5' },
      { key: 'paste_storage_total_mb', value: '20' },
    ]);
    await expect(t.container.services.pastes.storageLimits()).resolves.toEqual({ perKey: 5 * MB, total: 20 * MB });
    for (const bad of [0, -1, 1.5, 'abc', '']) {
      for (const field of ['paste_storage_per_key_mb', 'paste_storage_total_mb']) {
        const response = await t.app.inject({
          method: 'PUT',
          url: '/api/admin/system-settings',
          headers: admin,
          payload: { [field]: bad },
        });
        expect({ bad, field, status: response.statusCode }).toEqual({ bad, field, status: 400 });
      }
    }
  });

  it('runs the storage-checked writes one at a time (a check sees every write that passed before)', async () => {
    const pastes = t.container.repositories.pastes;
    const events: Array<string | number> = [];
    const row = (id: string) => ({
      id,
      slug: `lock${id.slice(-4)}`,
      content: PASTE,
      created_by: null,
      created_at: '2025-01-01T00:00:00.000Z',
      updated_at: '2025-01-01T00:00:00.000Z',
    });
    await Promise.all([
      pastes.withStorageLock(async (locked) => {
        events.push('first checks', await locked.storedBytes());
        await new Promise((resolve) => setTimeout(resolve, 100));
        await locked.insert(row('00000000-0000-4000-8000-00000000aaaa'));
        events.push('first stored');
      }),
      new Promise((resolve) => setTimeout(resolve, 20)).then(() =>
        pastes.withStorageLock(async (locked) => {
          events.push('second checks', await locked.storedBytes());
        }),
      ),
    ]);
    expect(events).toEqual(['first checks', 0, 'first stored', 'second checks', PASTE.length]);
  });

  it('lets 30 parallel creates of one key store no more than its limit and refuses the rest with a localized 400', async () => {
    await setLimits({ paste_storage_per_key_mb: 1 });
    const results = await createInParallel(
      Array.from({ length: 30 }, (_, index) => ({ headers: apiKeyHeader(alice.key), language: index % 2 === 0 ? 'en-US' : 'zh-CN' })),
    );

    const accepted = results.filter((result) => result.status === 200);
    const refused = results.filter((result) => result.status !== 200);
    expect(accepted).toHaveLength(10);
    expect(await storedBytes(`apikey:${alice.id}`)).toBe(10 * PASTE.length);
    expect(await storedBytes(`apikey:${alice.id}`)).toBeLessThanOrEqual(MB);
    expect(refused).toHaveLength(20);
    for (const result of refused) {
      expect(result).toEqual({
        status: 400,
        language: result.language,
        body: { code: 400, message: KEY_FULL[result.language], success: false, data: null },
      });
    }
    // Another key still has its own room.
    expect((await create(apiKeyHeader(bob.key), { content: PASTE })).statusCode).toBe(200);
  });

  it('holds several keys and the admin to the global limit, also under parallel creates', async () => {
    await setLimits({ paste_storage_per_key_mb: 50, paste_storage_total_mb: 1 });
    const results = await createInParallel(
      Array.from({ length: 30 }, (_, index) => ({
        headers: apiKeyHeader(index % 2 === 0 ? alice.key : bob.key),
        language: index % 3 === 0 ? 'zh-CN' : 'en-US',
      })),
    );
    expect(results.filter((result) => result.status === 200)).toHaveLength(10);
    expect(await storedBytes()).toBe(10 * PASTE.length);
    for (const result of results.filter((item) => item.status !== 200)) {
      expect(result.status).toBe(400);
      expect(result.body.message).toBe(TOTAL_FULL[result.language]);
    }

    const byAdmin = await create({ ...admin, 'accept-language': 'en-US' }, { content: PASTE });
    expect(byAdmin.statusCode).toBe(400);
    expect(byAdmin.json().message).toBe(TOTAL_FULL['en-US']);
    // A small paste still fits.
    expect((await create(admin, { content: 'small' })).statusCode).toBe(200);
  });

  it('holds guests to the global limit', async () => {
    await t.app.inject({ method: 'PUT', url: '/api/admin/system-settings', headers: admin, payload: { allow_guest_pastes: true } });
    await setLimits({ paste_storage_total_mb: 1 });
    for (let i = 0; i < 10; i += 1) expect((await create({}, { content: PASTE })).statusCode).toBe(200);
    const refused = await create({ 'accept-language': 'zh-CN' }, { content: PASTE });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(TOTAL_FULL['zh-CN']);
  });

  it('counts the remark and multi-byte characters by their UTF-8 bytes', async () => {
    await setLimits({ paste_storage_per_key_mb: 1 });
    // 3 bytes each: 349 525 characters are 1 048 575 bytes, one byte below the limit
    const content = '文'.repeat(349_525);
    expect((await create(apiKeyHeader(alice.key), { content, remark: 'x' })).statusCode).toBe(200);
    expect(await storedBytes(`apikey:${alice.id}`)).toBe(MB);
    expect((await create(apiKeyHeader(alice.key), { content: 'y' })).statusCode).toBe(400);
  });

  it('answers a create of a key whose storage is used up before reading its body', async () => {
    await setLimits({ paste_storage_per_key_mb: 1 });
    // 1 MB exactly: 10 × 100 KB + 24 KB
    for (let i = 0; i < 10; i += 1) expect((await create(apiKeyHeader(alice.key), { content: PASTE })).statusCode).toBe(200);
    expect((await create(apiKeyHeader(alice.key), { content: 'a'.repeat(24 * KB) })).statusCode).toBe(200);
    expect(await storedBytes(`apikey:${alice.id}`)).toBe(MB);

    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as AddressInfo;
    // Headers announcing 10 MB, and no body at all: the answer must not wait for it.
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const outgoing = httpRequest(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/paste',
          headers: {
            ...apiKeyHeader(alice.key),
            'content-type': 'application/json',
            'content-length': String(10 * MB),
            'accept-language': 'en-US',
          },
        },
        (response) => {
          // The whole answer arrives while the request is still open (its body never sent).
          const length = Number(response.headers['content-length']);
          let body = Buffer.alloc(0);
          response.on('data', (chunk: Buffer) => {
            body = Buffer.concat([body, chunk]);
            if (body.length < length) return;
            resolve({ status: response.statusCode ?? 0, body: body.toString('utf8') });
            outgoing.destroy();
          });
        },
      );
      outgoing.on('error', reject);
      outgoing.flushHeaders();
    });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toEqual({
      code: 400,
      message:
        'The text storage of this API key is used up (limit 1 MB). Delete text shares you no longer need or ask the administrator to raise the limit',
      success: false,
      data: null,
    });

    const zh = await create({ ...apiKeyHeader(alice.key), 'accept-language': 'zh-CN' }, { content: 'x' });
    expect(zh.statusCode).toBe(400);
    expect(zh.json().message).toBe('此 API 密钥的文本存储空间已用完（上限 1 MB）。请删除不再需要的文本分享，或联系管理员提高上限');
    // Deleting frees room again.
    const [first] = (await t.app.inject({ method: 'GET', url: '/api/user/pastes?limit=1', headers: apiKeyHeader(alice.key) })).json().data;
    await t.app.inject({ method: 'DELETE', url: `/api/user/pastes/${first.id}`, headers: apiKeyHeader(alice.key) });
    expect((await create(apiKeyHeader(alice.key), { content: 'x' })).statusCode).toBe(200);
  });

  it('answers a create on a server whose storage is used up before reading its body, for every caller', async () => {
    await setLimits({ paste_storage_total_mb: 1 });
    await t.container.repositories.pastes.insert({
      id: '00000000-0000-4000-8000-000000000002',
      slug: 'filler',
      content: 'a'.repeat(MB),
      created_by: null,
      created_at: '2025-01-01T00:00:00.000Z',
      updated_at: '2025-01-01T00:00:00.000Z',
    });
    for (const headers of [admin, apiKeyHeader(bob.key)]) {
      const response = await create({ ...headers, 'accept-language': 'en-US' }, { content: 'x' });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(
        'The text storage of the server is used up (limit 1 MB). Delete text shares you no longer need or ask the administrator to raise the limit',
      );
    }
  });

  it('reads and stores at most 4 paste bodies at a time, lets 64 more wait and answers 503 beyond', async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as AddressInfo;
    const payload = JSON.stringify({ content: 'waiting paste' });
    /** A create whose headers are sent now and its body only when `send` is called. */
    const open = () => {
      const outgoing = pasteCreateRequest(port, apiKeyHeader(alice.key), payload);
      const answer = answerOf(outgoing);
      outgoing.flushHeaders();
      return { answer, send: () => outgoing.end(payload) };
    };

    const held = Array.from({ length: 4 + 64 }, open);
    // Let every request reach the server and take a slot or a place in the queue.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const refused = open();
    const busy = await refused.answer;
    expect(busy.status).toBe(503);
    expect(busy.headers['retry-after']).toBe('1');
    refused.send();

    for (const request of held) request.send();
    const answers = await Promise.all(held.map((request) => request.answer));
    expect(answers.map((answer) => answer.status)).toEqual(held.map(() => 200));
    expect(await t.container.repositories.pastes.count()).toBe(68);
  });

  it('drops an admitted paste write whose body does not arrive in time, so the next one gets the slot', async () => {
    const small = await createTestApp({ pasteWriteLimits: { concurrency: 1, queue: 1, bodyDeadlineMs: 300 } });
    try {
      const key = await seedApiKey(small.container.repositories.apiKeys, { text: true });
      await small.app.listen({ host: '127.0.0.1', port: 0 });
      const { port } = small.app.server.address() as AddressInfo;
      const payload = JSON.stringify({ content: 'on time' });
      const post = (sendBody: boolean) =>
        new Promise<number | string>((resolve) => {
          const outgoing = pasteCreateRequest(port, apiKeyHeader(key.key), payload);
          outgoing.on('response', (response) => {
            response.resume();
            response.on('end', () => resolve(response.statusCode ?? 0));
          });
          outgoing.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
          if (sendBody) outgoing.end(payload);
          else outgoing.flushHeaders();
        });
      const stalled = post(false);
      await new Promise((resolve) => setTimeout(resolve, 100));
      const started = Date.now();
      const next = post(true);
      expect(await next).toBe(200);
      expect(Date.now() - started).toBeGreaterThanOrEqual(150);
      expect(await stalled).toBe('ECONNRESET');
    } finally {
      await small.close();
      removeTempDir(small.dataDir);
    }
  });

  describe('updates', () => {
    let slug: string;

    beforeEach(async () => {
      await setLimits({ paste_storage_per_key_mb: 1 });
      for (let i = 0; i < 9; i += 1) expect((await create(apiKeyHeader(alice.key), { content: PASTE })).statusCode).toBe(200);
      const last = await create(apiKeyHeader(alice.key), { content: PASTE, remark: 'last' });
      slug = (last.json() as { slug: string }).slug;
    });

    const put = (url: string, headers: Record<string, string>, payload: Record<string, unknown>) =>
      t.app.inject({ method: 'PUT', url, headers, payload });

    it('refuses a key’s update that grows its paste past the limit and keeps the old content', async () => {
      const response = await put(
        `/api/user/pastes/${slug}`,
        { ...apiKeyHeader(alice.key), 'accept-language': 'en-US' },
        {
          content: `${PASTE}${'b'.repeat(30 * KB)}`,
        },
      );
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        code: 400,
        message:
          'Not enough text storage left for this API key: this text needs 130 KB, 124 KB is left (limit 1 MB). Delete text shares you no longer need or ask the administrator to raise the limit',
        success: false,
        data: null,
      });
      const row = await t.container.repositories.pastes.findBySlug(slug);
      expect(row?.content).toBe(PASTE);
      expect(row?.remark).toBe('last');
      // Growing within the room left passes.
      expect(
        (await put(`/api/user/pastes/${slug}`, apiKeyHeader(alice.key), { content: `${PASTE}${'b'.repeat(20 * KB)}` })).statusCode,
      ).toBe(200);
    });

    it('lets an update that does not grow the paste through even when more than the limit is stored', async () => {
      // Stored before the limit was lowered (here: straight into the table): 1 100 KB of a 1 MB limit.
      await t.container.repositories.pastes.insert({
        id: '00000000-0000-4000-8000-000000000001',
        slug: 'older1',
        content: PASTE,
        created_by: `apikey:${alice.id}`,
        created_at: '2025-01-01T00:00:00.000Z',
        updated_at: '2025-01-01T00:00:00.000Z',
      });
      expect((await put(`/api/user/pastes/${slug}`, apiKeyHeader(alice.key), { content: PASTE.slice(1), remark: 'las' })).statusCode).toBe(
        200,
      );
      expect((await put(`/api/user/pastes/${slug}`, apiKeyHeader(alice.key), { content: PASTE.slice(1), remark: 'la' })).statusCode).toBe(
        200,
      );
      expect((await put(`/api/user/pastes/${slug}`, apiKeyHeader(alice.key), { content: PASTE, remark: 'la' })).statusCode).toBe(400);
      expect((await t.container.repositories.pastes.findBySlug(slug))?.content).toBe(PASTE.slice(1));
    });

    it('exempts the admin from the per-key limit but not from the global one', async () => {
      const grown = `${PASTE}${'b'.repeat(30 * KB)}`;
      expect((await put(`/api/admin/pastes/${slug}`, admin, { content: grown })).statusCode).toBe(200);
      expect((await t.container.repositories.pastes.findBySlug(slug))?.content).toBe(grown);

      await setLimits({ paste_storage_total_mb: 1 });
      const refused = await put(`/api/admin/pastes/${slug}`, { ...admin, 'accept-language': 'zh-CN' }, { content: `${grown}c` });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toMatch(/^服务器的文本存储空间不足/);
      expect((await t.container.repositories.pastes.findBySlug(slug))?.content).toBe(grown);
    });
  });
});
