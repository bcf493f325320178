import { isLegacyHash, sha256Hex } from '../lib/password-hash';
import { shareContextForEachTest, type ShareTestContext } from '../testing/file-share-helpers';
import { insertPasteRow } from '../testing/paste-fixtures';
import { adminTestAppForEachTest } from '../testing/test-app';

/**
 * Share passwords imported from CloudPaste keep its unsalted SHA-256 hex; the first right password
 * replaces it with our scheme (paste-views.ts, file-share-access.ts).
 */

describe('a paste with an imported CloudPaste password hash', () => {
  const env = adminTestAppForEachTest('2025-07-01T08:00:00.000Z');
  const unlock = (slug: string, password: string) => env.t.app.inject({ method: 'POST', url: `/api/paste/${slug}`, payload: { password } });
  const raw = (slug: string, password: string) =>
    env.t.app.inject({ method: 'GET', url: `/api/raw/${slug}?password=${encodeURIComponent(password)}` });
  const storedHash = async (slug: string) => (await env.t.container.repositories.pastes.findBySlug(slug))?.password_hash;

  async function insertImported(slug: string, password: string): Promise<void> {
    await insertPasteRow(env.t, env.now, { slug, content: `content of ${slug}`, password_hash: sha256Hex(password) });
  }

  it('opens with the password, which is then stored in our format and still opens; a wrong one is refused throughout', async () => {
    await insertImported('imported', 'open sesame');
    const legacy = sha256Hex('open sesame');

    expect((await unlock('imported', 'wrong')).statusCode).toBe(401);
    expect(await storedHash('imported')).toBe(legacy);

    const first = await unlock('imported', 'open sesame');
    expect(first.statusCode).toBe(200);
    expect(first.json().content).toBe('content of imported');
    const upgraded = await storedHash('imported');
    expect(upgraded).toMatch(/^scrypt\$/);
    expect(isLegacyHash(upgraded!)).toBe(false);

    expect((await unlock('imported', 'open sesame')).statusCode).toBe(200);
    expect((await unlock('imported', 'wrong')).statusCode).toBe(401);
    // The old hash is no password: sending it is refused too.
    expect((await unlock('imported', legacy)).statusCode).toBe(401);
    expect(await storedHash('imported')).toBe(upgraded);
  });

  it('the raw view upgrades the same way', async () => {
    await insertImported('rawone', 'pw');
    expect((await raw('rawone', 'nope')).statusCode).toBe(401);
    expect(await storedHash('rawone')).toBe(sha256Hex('pw'));
    const response = await raw('rawone', 'pw');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('content of rawone');
    expect(await storedHash('rawone')).toMatch(/^scrypt\$/);
    expect((await raw('rawone', 'pw')).statusCode).toBe(200);
  });

  it('two right passwords at once both open it and leave one hash in our format', async () => {
    await insertImported('racing', 'pw');
    const answers = await Promise.all([unlock('racing', 'pw'), unlock('racing', 'pw'), raw('racing', 'pw')]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(await storedHash('racing')).toMatch(/^scrypt\$/);
    expect((await unlock('racing', 'pw')).statusCode).toBe(200);
  });
});

describe('a file share with an imported CloudPaste password hash', () => {
  let c: ShareTestContext;
  shareContextForEachTest('local', (context) => {
    c = context;
  });
  const verify = (slug: string, password: string) =>
    c.inject({ method: 'POST', url: `/api/public/files/${slug}/verify`, payload: { password } });
  const download = (slug: string, password: string) =>
    c.inject({ method: 'GET', url: `/api/file-download/${slug}?password=${encodeURIComponent(password)}` });
  const storedHash = async (id: string) => (await c.fileRows()).find((row) => row.id === id)?.password_hash;

  async function importedShare(password: string): Promise<{ id: string; slug: string }> {
    const response = await c.inject({ method: 'PUT', url: '/api/upload-direct/old.txt', headers: c.admin, payload: 'old bytes' });
    expect(response.statusCode).toBe(200);
    const { id, slug } = response.json().data as { id: string; slug: string };
    await c.t.container.db
      .updateTable('files')
      .set({ password_hash: sha256Hex(password) })
      .where('id', '=', id)
      .execute();
    return { id, slug };
  }

  it('verifies with the password, which is then stored in our format and still verifies; a wrong one is refused throughout', async () => {
    const { id, slug } = await importedShare('pdfpass');
    expect((await verify(slug, 'wrong')).statusCode).toBe(401);
    expect(await storedHash(id)).toBe(sha256Hex('pdfpass'));

    expect((await verify(slug, 'pdfpass')).statusCode).toBe(200);
    const upgraded = await storedHash(id);
    expect(upgraded).toMatch(/^scrypt\$/);

    expect((await verify(slug, 'pdfpass')).statusCode).toBe(200);
    expect((await verify(slug, 'wrong')).statusCode).toBe(401);
    expect((await download(slug, 'wrong')).statusCode).toBe(403);
    const file = await download(slug, 'pdfpass');
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe('old bytes');
    expect(await storedHash(id)).toBe(upgraded);
  });

  it('a download with the password upgrades it too', async () => {
    const { id, slug } = await importedShare('pw');
    expect((await download(slug, 'nope')).statusCode).toBe(403);
    expect(await storedHash(id)).toBe(sha256Hex('pw'));
    const file = await download(slug, 'pw');
    expect(file.statusCode).toBe(200);
    expect(await storedHash(id)).toMatch(/^scrypt\$/);
    expect((await download(slug, 'pw')).body).toBe('old bytes');
  });
});
