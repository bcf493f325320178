import { PASTE_ENCRYPTION_V1, type PasteEnvelopeProblem } from '@cloudclip/contract';
import { translate } from '../i18n/messages';
import { seedApiKey } from '../testing/seed';
import { adminTestAppForEachTest, apiKeyHeader } from '../testing/test-app';

const EN = { 'accept-language': 'en-US' };

/** Unpadded base64url of `length` bytes counting up from `start`. */
function bytes(length: number, start = 0): string {
  return Buffer.from(Array.from({ length }, (_, index) => (start + index * 31) % 256)).toString('base64url');
}

const KDF = { name: 'PBKDF2-SHA-256', iterations: 600_000, salt: bytes(16, 5) };

/** An envelope in the spelling a client might send: unusual key order and spacing must survive storage. */
const ENVELOPE = `{ "ct": "${bytes(48, 9)}", "v": 1,  "alg": "AES-256-GCM", "iv": "${bytes(12, 3)}" }`;
const ENVELOPE_WITH_KDF = JSON.stringify({ v: 1, alg: 'AES-256-GCM', iv: bytes(12, 4), ct: bytes(40, 8), kdf: KDF });

function envelopeWith(fields: Record<string, unknown>): string {
  return JSON.stringify({ v: 1, alg: 'AES-256-GCM', iv: bytes(12), ct: bytes(32), ...fields });
}

describe('end-to-end encrypted pastes', () => {
  const env = adminTestAppForEachTest('2025-07-01T08:00:00.000Z');

  const post = (payload: Record<string, unknown>, headers: Record<string, string> = env.admin) =>
    env.t.app.inject({ method: 'POST', url: '/api/paste', payload, headers: { ...headers, ...EN } });
  const create = async (payload: Record<string, unknown>, headers: Record<string, string> = env.admin) => {
    const response = await post(payload, headers);
    expect(response.statusCode).toBe(200);
    return response.json() as { id: string; slug: string; [field: string]: unknown };
  };
  const get = (url: string, headers: Record<string, string> = {}) =>
    env.t.app.inject({ method: 'GET', url, headers: { ...headers, ...EN } });
  const put = (url: string, payload: Record<string, unknown>, headers: Record<string, string> = env.admin) =>
    env.t.app.inject({ method: 'PUT', url, payload, headers: { ...headers, ...EN } });
  const storedRow = (id: string) => env.t.container.db.selectFrom('pastes').selectAll().where('id', '=', id).executeTakeFirst();
  const pasteCount = async () =>
    Number(
      (
        await env.t.container.db
          .selectFrom('pastes')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  describe('POST /api/paste with encryption', () => {
    it('stores the envelope byte for byte, marks the row and answers encryption', async () => {
      const created = await create({ content: ENVELOPE, encryption: PASTE_ENCRYPTION_V1 });
      expect(created.encryption).toBe('aes-256-gcm/v1');
      expect(created).not.toHaveProperty('burnAfterReading');
      const row = await storedRow(created.id);
      expect(row?.content).toBe(ENVELOPE);
      expect(row).toMatchObject({ encryption: 'aes-256-gcm/v1', burn_after_reading: 0 });
    });

    it('accepts an envelope with key derivation together with a share password', async () => {
      const created = await create({ content: ENVELOPE_WITH_KDF, encryption: PASTE_ENCRYPTION_V1, password: 'pw' });
      expect(created).toMatchObject({ hasPassword: true, encryption: PASTE_ENCRYPTION_V1 });
      expect((await storedRow(created.id))?.content).toBe(ENVELOPE_WITH_KDF);
    });

    it('leaves a normal paste unmarked everywhere', async () => {
      const created = await create({ content: '# plain' });
      expect(created).not.toHaveProperty('encryption');
      expect((await storedRow(created.id))?.encryption).toBeNull();
      const view = (await get(`/api/paste/${created.slug}`)).json();
      expect(view).not.toHaveProperty('encryption');
      expect(view).not.toHaveProperty('burnAfterReading');
      expect(view).not.toHaveProperty('burned');
      const [item] = (await get('/api/admin/pastes', env.admin)).json().data;
      expect(item.content_preview).toBe('# plain');
      expect(item).not.toHaveProperty('encryption');
      expect(item).not.toHaveProperty('burn_after_reading');
    });

    it.each<[PasteEnvelopeProblem, string]>([
      ['notJson', 'plain text, not an envelope'],
      ['notObject', '["v",1]'],
      ['badVersion', envelopeWith({ v: 2 })],
      ['badAlgorithm', envelopeWith({ alg: 'AES-128-CBC' })],
      ['badIv', envelopeWith({ iv: bytes(16) })],
      ['badCiphertext', envelopeWith({ ct: bytes(8) })],
      ['badKdf', envelopeWith({ kdf: { ...KDF, iterations: 1000 } })],
      ['unexpectedField', envelopeWith({ plaintext: 'leak' })],
    ])('refuses an envelope with problem %s with 400 paste.badEnvelope and stores nothing', async (problem, content) => {
      const response = await post({ content, encryption: PASTE_ENCRYPTION_V1 });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 400, success: false, message: translate('en-US', 'paste.badEnvelope', { problem }) });
      expect(await pasteCount()).toBe(0);
    });

    it('refuses an encryption kind it does not know with 400 paste.unsupportedEncryption', async () => {
      const response = await post({ content: ENVELOPE, encryption: 'aes-256-gcm/v2' });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(translate('en-US', 'paste.unsupportedEncryption', { encryption: 'aes-256-gcm/v2' }));
      expect(await pasteCount()).toBe(0);
    });

    it('holds an encrypted paste to the storage limits like any paste', async () => {
      const settings = await put('/api/admin/system-settings', { paste_storage_total_mb: 1 });
      expect(settings.statusCode).toBe(200);
      const big = envelopeWith({ ct: bytes(800_000) });
      const response = await post({ content: big, encryption: PASTE_ENCRYPTION_V1 });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/text storage/);
      expect(await pasteCount()).toBe(0);
    });
  });

  describe('reading an encrypted paste', () => {
    it('answers the envelope with encryption in the public view, the protected view and the unlocked view', async () => {
      const open = await create({ content: ENVELOPE, encryption: PASTE_ENCRYPTION_V1 });
      const view = (await get(`/api/paste/${open.slug}`)).json();
      expect(view).toMatchObject({ content: ENVELOPE, encryption: PASTE_ENCRYPTION_V1, hasPassword: false, views: 1 });

      const locked = await create({ content: ENVELOPE_WITH_KDF, encryption: PASTE_ENCRYPTION_V1, password: 'pw' });
      const protectedView = (await get(`/api/paste/${locked.slug}`)).json();
      expect(protectedView).toMatchObject({ requiresPassword: true, encryption: PASTE_ENCRYPTION_V1 });
      expect(protectedView).not.toHaveProperty('content');
      const unlocked = await env.t.app.inject({ method: 'POST', url: `/api/paste/${locked.slug}`, payload: { password: 'pw' } });
      expect(unlocked.json()).toMatchObject({ content: ENVELOPE_WITH_KDF, encryption: PASTE_ENCRYPTION_V1, hasPassword: true });
    });

    it('serves the raw link as the stored envelope in JSON, marked with X-Cloudclip-Encryption', async () => {
      const created = await create({ content: ENVELOPE, encryption: PASTE_ENCRYPTION_V1 });
      const raw = await get(`/api/raw/${created.slug}`);
      expect(raw.statusCode).toBe(200);
      expect(raw.body).toBe(ENVELOPE);
      expect(raw.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(raw.headers['x-cloudclip-encryption']).toBe('aes-256-gcm/v1');
      expect(raw.headers['content-disposition']).toBe(`inline; filename="${created.slug}.json"`);

      const plain = await create({ content: 'plain' });
      const plainRaw = await get(`/api/raw/${plain.slug}`);
      expect(plainRaw.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(plainRaw.headers).not.toHaveProperty('x-cloudclip-encryption');
    });

    it('shows encryption and an empty preview in the admin list and detail, without counting a view', async () => {
      const created = await create({ content: ENVELOPE, encryption: PASTE_ENCRYPTION_V1, remark: 'visible remark' });
      const list = (await get('/api/admin/pastes', env.admin)).json();
      expect(list.data).toHaveLength(1);
      expect(list.data[0]).toMatchObject({
        id: created.id,
        encryption: PASTE_ENCRYPTION_V1,
        content_preview: '',
        remark: 'visible remark',
      });
      expect(list.data[0]).not.toHaveProperty('burn_after_reading');
      const detail = (await get(`/api/admin/pastes/${created.id}`, env.admin)).json().data;
      expect(detail).toMatchObject({ content: ENVELOPE, encryption: PASTE_ENCRYPTION_V1 });
      expect((await storedRow(created.id))?.views).toBe(0);
    });

    it('shows encryption and an empty preview in the key holder list and detail', async () => {
      const key = await seedApiKey(env.t.container.repositories.apiKeys, { text: true });
      const created = await create({ content: ENVELOPE, encryption: PASTE_ENCRYPTION_V1 }, apiKeyHeader(key.key));
      const list = (await get('/api/user/pastes', apiKeyHeader(key.key))).json();
      expect(list.data[0]).toMatchObject({ id: created.id, content: ENVELOPE, content_preview: '', encryption: PASTE_ENCRYPTION_V1 });
      const detail = (await get(`/api/user/pastes/${created.id}`, apiKeyHeader(key.key))).json().data;
      expect(detail).toMatchObject({ content: ENVELOPE, encryption: PASTE_ENCRYPTION_V1 });
    });
  });

  describe('PUT of an encrypted paste', () => {
    it('refuses a changed envelope with 400 paste.encryptedContentReadOnly and keeps the row', async () => {
      const created = await create({ content: ENVELOPE, encryption: PASTE_ENCRYPTION_V1, remark: 'before' });
      const changed = envelopeWith({ ct: bytes(48, 10) });
      for (const content of [changed, 'plain text now', `${ENVELOPE} `]) {
        const response = await put(`/api/admin/pastes/${created.slug}`, { content, remark: 'after' });
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toBe(translate('en-US', 'paste.encryptedContentReadOnly'));
      }
      expect(await storedRow(created.id)).toMatchObject({ content: ENVELOPE, remark: 'before', encryption: PASTE_ENCRYPTION_V1 });
    });

    it('edits remark, expiry, view limit and slug when the envelope is sent back unchanged', async () => {
      const created = await create({ content: ENVELOPE, encryption: PASTE_ENCRYPTION_V1 });
      const expiresAt = '2025-07-02T08:00:00.000Z';
      const response = await put(`/api/admin/pastes/${created.slug}`, {
        content: ENVELOPE,
        remark: 'new remark',
        expiresAt,
        maxViews: 5,
        newSlug: 'renamed',
      });
      expect(response.statusCode).toBe(200);
      expect(await storedRow(created.id)).toMatchObject({
        slug: 'renamed',
        content: ENVELOPE,
        remark: 'new remark',
        expires_at: expiresAt,
        max_views: 5,
        encryption: PASTE_ENCRYPTION_V1,
      });
    });

    it('applies the same rule to the key holder route', async () => {
      const key = await seedApiKey(env.t.container.repositories.apiKeys, { text: true });
      const created = await create({ content: ENVELOPE, encryption: PASTE_ENCRYPTION_V1 }, apiKeyHeader(key.key));
      const refused = await put(`/api/user/pastes/${created.slug}`, { content: 'changed' }, apiKeyHeader(key.key));
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(translate('en-US', 'paste.encryptedContentReadOnly'));
      const accepted = await put(`/api/user/pastes/${created.slug}`, { content: ENVELOPE, remark: 'kept' }, apiKeyHeader(key.key));
      expect(accepted.statusCode).toBe(200);
      expect(await storedRow(created.id)).toMatchObject({ content: ENVELOPE, remark: 'kept' });
    });

    it('still lets a normal paste change its content', async () => {
      const created = await create({ content: 'old' });
      expect((await put(`/api/admin/pastes/${created.slug}`, { content: 'new' })).statusCode).toBe(200);
      expect((await storedRow(created.id))?.content).toBe('new');
    });
  });
});
