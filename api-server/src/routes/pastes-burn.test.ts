import { PASTE_ENCRYPTION_V1 } from '@cloudclip/contract';
import { pasteEnvelope } from '../testing/paste-fixtures';
import { adminTestAppForEachTest } from '../testing/test-app';

const ENVELOPE = pasteEnvelope(40);

describe('burn after reading', () => {
  const env = adminTestAppForEachTest('2025-07-01T08:00:00.000Z');

  const create = async (payload: Record<string, unknown>) => {
    const response = await env.t.app.inject({ method: 'POST', url: '/api/paste', payload, headers: env.admin });
    expect(response.statusCode).toBe(200);
    return response.json() as { id: string; slug: string; [field: string]: unknown };
  };
  const view = (slug: string) => env.t.app.inject({ method: 'GET', url: `/api/paste/${slug}` });
  const unlock = (slug: string, password: string) => env.t.app.inject({ method: 'POST', url: `/api/paste/${slug}`, payload: { password } });
  const raw = (slug: string, query = '') => env.t.app.inject({ method: 'GET', url: `/api/raw/${slug}${query}` });
  /** The row straight from the database (undefined once it is deleted). */
  const storedRow = (id: string) => env.t.container.db.selectFrom('pastes').selectAll().where('id', '=', id).executeTakeFirst();

  it('answers burnAfterReading on create and marks the row', async () => {
    const created = await create({ content: 'secret', burnAfterReading: true });
    expect(created.burnAfterReading).toBe(true);
    expect(created).not.toHaveProperty('encryption');
    expect((await storedRow(created.id))?.burn_after_reading).toBe(1);
    const unmarked = await create({ content: 'normal', burnAfterReading: false });
    expect(unmarked).not.toHaveProperty('burnAfterReading');
    expect((await storedRow(unmarked.id))?.burn_after_reading).toBe(0);
  });

  it('delivers the content once with burned: true, deletes the row, and answers 404 after', async () => {
    const created = await create({ content: 'read me once', burnAfterReading: true, remark: 'r' });
    const first = await view(created.slug);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ content: 'read me once', burnAfterReading: true, burned: true, remark: 'r', views: 1 });
    expect(await storedRow(created.id)).toBeUndefined();
    const second = await view(created.slug);
    expect(second.statusCode).toBe(404);
    expect((await raw(created.slug)).statusCode).toBe(404);
  });

  it('shows burn_after_reading in the admin list and detail without burning', async () => {
    const created = await create({ content: 'listed', burnAfterReading: true });
    const [item] = (await env.t.app.inject({ method: 'GET', url: '/api/admin/pastes', headers: env.admin })).json().data;
    expect(item).toMatchObject({ id: created.id, burn_after_reading: 1, content_preview: 'listed' });
    const detail = await env.t.app.inject({ method: 'GET', url: `/api/admin/pastes/${created.id}`, headers: env.admin });
    expect(detail.json().data).toMatchObject({ burn_after_reading: 1, content: 'listed' });
    expect(await storedRow(created.id)).toBeDefined();
  });

  it('with a password: the metadata and a wrong password do not burn, the right password does', async () => {
    const created = await create({ content: 'guarded', burnAfterReading: true, password: 'right' });
    const metadata = await view(created.slug);
    expect(metadata.json()).toMatchObject({ requiresPassword: true, burnAfterReading: true });
    expect(metadata.json()).not.toHaveProperty('burned');
    expect(await storedRow(created.id)).toBeDefined();

    expect((await unlock(created.slug, 'wrong')).statusCode).toBe(401);
    expect((await raw(created.slug, '?password=wrong')).statusCode).toBe(401);
    expect((await raw(created.slug)).statusCode).toBe(401);
    expect(await storedRow(created.id)).toBeDefined();

    const unlocked = await unlock(created.slug, 'right');
    expect(unlocked.statusCode).toBe(200);
    expect(unlocked.json()).toMatchObject({ content: 'guarded', burned: true, burnAfterReading: true, plain_password: 'right' });
    expect(await storedRow(created.id)).toBeUndefined();
    expect((await unlock(created.slug, 'right')).statusCode).toBe(404);
  });

  it('burns on the raw link, also for an encrypted paste', async () => {
    const plain = await create({ content: 'raw once', burnAfterReading: true });
    const first = await raw(plain.slug);
    expect(first.statusCode).toBe(200);
    expect(first.body).toBe('raw once');
    expect(await storedRow(plain.id)).toBeUndefined();
    expect((await view(plain.slug)).statusCode).toBe(404);

    const encrypted = await create({ content: ENVELOPE, encryption: PASTE_ENCRYPTION_V1, burnAfterReading: true });
    expect(encrypted).toMatchObject({ encryption: PASTE_ENCRYPTION_V1, burnAfterReading: true });
    const envelopeRaw = await raw(encrypted.slug);
    expect(envelopeRaw.body).toBe(ENVELOPE);
    expect(envelopeRaw.headers['x-cloudclip-encryption']).toBe(PASTE_ENCRYPTION_V1);
    expect(await storedRow(encrypted.id)).toBeUndefined();
    expect((await raw(encrypted.slug)).statusCode).toBe(404);
  });

  it('gives the content to exactly one of 20 concurrent first readers; the others get 404', async () => {
    const created = await create({ content: 'only one', burnAfterReading: true });
    const responses = await Promise.all(Array.from({ length: 20 }, () => view(created.slug)));
    const delivered = responses.filter((response) => response.statusCode === 200);
    expect(delivered).toHaveLength(1);
    expect(delivered[0]?.json()).toMatchObject({ content: 'only one', burned: true });
    expect(responses.filter((response) => response.statusCode === 404)).toHaveLength(19);
    expect(await storedRow(created.id)).toBeUndefined();
  });

  it('gives the raw content to exactly one of 20 concurrent first readers', async () => {
    const created = await create({ content: 'raw race', burnAfterReading: true });
    const responses = await Promise.all(Array.from({ length: 20 }, () => raw(created.slug)));
    expect(responses.filter((response) => response.statusCode === 200).map((response) => response.body)).toEqual(['raw race']);
    expect(responses.filter((response) => response.statusCode === 404)).toHaveLength(19);
  });

  it('keeps counting views of a normal paste with a view limit as before', async () => {
    const created = await create({ content: 'twice', maxViews: 2 });
    expect((await view(created.slug)).json()).toMatchObject({ views: 1 });
    expect((await view(created.slug)).json()).toMatchObject({ views: 2 });
    expect((await view(created.slug)).statusCode).toBe(404);
  });

  describe('asking first (?burn=ask, then POST confirmBurn)', () => {
    const ask = (slug: string) => env.t.app.inject({ method: 'GET', url: `/api/paste/${slug}?burn=ask` });
    const confirm = (slug: string) => env.t.app.inject({ method: 'POST', url: `/api/paste/${slug}`, payload: { confirmBurn: true } });

    it('announces a burn paste without content and without burning, however often it is asked', async () => {
      const created = await create({ content: 'only once', burnAfterReading: true, remark: 'r' });
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const pending = await ask(created.slug);
        expect(pending.statusCode).toBe(200);
        expect(pending.json()).toMatchObject({
          slug: created.slug,
          requiresConfirmation: true,
          burnAfterReading: true,
          hasPassword: false,
          remark: 'r',
        });
        expect(pending.json()).not.toHaveProperty('content');
      }
      expect(await storedRow(created.id)).toBeDefined();
      const delivered = await confirm(created.slug);
      expect(delivered.statusCode).toBe(200);
      expect(delivered.json()).toMatchObject({ content: 'only once', burned: true });
      expect(await storedRow(created.id)).toBeUndefined();
      expect((await ask(created.slug)).statusCode).toBe(404);
      expect((await confirm(created.slug)).statusCode).toBe(404);
    });

    it('answers other pastes as a plain GET does, and refuses a confirmation they do not need', async () => {
      const normal = await create({ content: 'normal' });
      const opened = await ask(normal.slug);
      expect(opened.json()).toMatchObject({ content: 'normal', views: 1 });
      expect((await confirm(normal.slug)).statusCode).toBe(400);
      const guarded = await create({ content: 'guarded', burnAfterReading: true, password: 'pw' });
      expect((await ask(guarded.slug)).json()).toMatchObject({ requiresPassword: true });
      expect((await confirm(guarded.slug)).statusCode).toBe(400);
      expect(await storedRow(guarded.id)).toBeDefined();
    });

    // Issue 41: `?burn=ASK` burned the paste — any value but the exact 'ask' fell through to the read that delivers.
    it.each(['ASK', 'Ask', ' ask '])('compares the value without case: ?burn=%p asks and burns nothing', async (value) => {
      const created = await create({ content: 'only once', burnAfterReading: true });
      const pending = await env.t.app.inject({ method: 'GET', url: `/api/paste/${created.slug}?burn=${encodeURIComponent(value)}` });
      expect(pending.statusCode).toBe(200);
      expect(pending.json()).toMatchObject({ requiresConfirmation: true });
      expect(pending.json()).not.toHaveProperty('content');
      expect(await storedRow(created.id)).toBeDefined();
    });

    it.each(['', 'yes', 'asks', 'true'])('refuses ?burn=%p with 400 instead of delivering (and burning)', async (value) => {
      const created = await create({ content: 'only once', burnAfterReading: true });
      const refused = await env.t.app.inject({
        method: 'GET',
        url: `/api/paste/${created.slug}?burn=${value}`,
        headers: { 'accept-language': 'en-US' },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ code: 400, success: false, data: null, message: 'Invalid value for field burn' });
      expect(await storedRow(created.id)).toBeDefined();
      const twice = await env.t.app.inject({ method: 'GET', url: `/api/paste/${created.slug}?burn=ask&burn=ask` });
      expect(twice.statusCode).toBe(400);
      expect(await storedRow(created.id)).toBeDefined();
    });

    it('of 20 concurrent confirmations exactly one gets the content', async () => {
      const created = await create({ content: 'race', burnAfterReading: true });
      const answers = await Promise.all(Array.from({ length: 20 }, () => confirm(created.slug)));
      expect(answers.filter((answer) => answer.statusCode === 200).map((answer) => answer.json().content)).toEqual(['race']);
      expect(answers.filter((answer) => answer.statusCode === 404)).toHaveLength(19);
    });
  });
});
