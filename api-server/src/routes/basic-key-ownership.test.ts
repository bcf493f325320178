import type { ApiKeyRow } from '../db/schema';
import { presignAndPut, shareContextForEachTest, type ShareTestContext } from '../testing/file-share-helpers';
import { seedApiKey } from '../testing/seed';
import { apiKeyHeader, basic, bearer, createTestApp, loginAsAdmin, removeTempDir, TEST_ADMIN, type TestApp } from '../testing/test-app';

/**
 * Issue 41, finding 5: a key signed in over HTTP Basic (user = pass = the key, contract §2.1) is
 * that key. Its pastes were stored ownerless and escaped its paste storage limit, so one key could
 * fill the server's paste storage untraced. Every place that records who created a share must
 * name the key, whichever way it signed in.
 */

const KB = 1024;
/** 600 KB: one fits into a 1 MB per-key limit, a second does not. */
const PASTE = 'a'.repeat(600 * KB);

describe('pastes of a key signed in over HTTP Basic', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let key: ApiKeyRow;
  let overBasic: Record<string, string>;
  let withHeader: Record<string, string>;

  beforeEach(async () => {
    t = await createTestApp();
    admin = bearer(await loginAsAdmin(t.app));
    // Basic resolves to a key only when it has the mount permission (contract §2.1).
    key = await seedApiKey(t.container.repositories.apiKeys, { name: 'webdav', text: true, mount: true });
    overBasic = basic(key.key, key.key);
    withHeader = apiKeyHeader(key.key);
    const settings = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/system-settings',
      headers: admin,
      payload: { paste_storage_per_key_mb: 1 },
    });
    expect(settings.statusCode).toBe(200);
  });

  afterEach(async () => {
    await t.close();
    removeTempDir(t.dataDir);
  });

  const create = (headers: Record<string, string>, content = PASTE) =>
    t.app.inject({ method: 'POST', url: '/api/paste', headers: { ...headers, 'accept-language': 'en-US' }, payload: { content } });
  const ownerOf = async (slug: string) => (await t.container.repositories.pastes.findBySlug(slug))?.created_by;

  it('refuses the second 600 KB paste over Basic once the key used its 1 MB with its ApiKey header', async () => {
    expect((await create(withHeader)).statusCode).toBe(200);
    const second = await create(overBasic);
    expect(second.statusCode).toBe(400);
    expect(second.json().message).toMatch(/^Not enough text storage left for this API key/);
    expect(await t.container.repositories.pastes.storedBytes()).toBe(PASTE.length);
  });

  it('counts pastes made over Basic against the key: its ApiKey header and Basic are then both refused', async () => {
    const first = await create(overBasic);
    expect(first.statusCode).toBe(200);
    expect(first.json().authorizedBy).toBe('basic');
    expect(await ownerOf(first.json().slug)).toBe(`apikey:${key.id}`);
    expect((await create(withHeader)).statusCode).toBe(400);
    expect((await create(overBasic)).statusCode).toBe(400);
    // Used up: the early refusal (before the body is read) applies over Basic too.
    await t.container.repositories.pastes.update(first.json().id, { content: 'a'.repeat(1024 * KB) });
    const usedUp = await create(overBasic, 'x');
    expect(usedUp.statusCode).toBe(400);
    expect(usedUp.json().message).toMatch(/^The text storage of this API key is used up/);
  });

  it('lists, edits and deletes a paste made over Basic as the key’s own', async () => {
    const { slug, id } = (await create(overBasic, 'mine')).json();
    for (const headers of [withHeader, overBasic]) {
      const listed = await t.app.inject({ method: 'GET', url: '/api/user/pastes', headers });
      expect(listed.statusCode).toBe(200);
      expect(listed.json().data.map((row: { slug: string }) => row.slug)).toEqual([slug]);
    }
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/user/pastes/${slug}`,
      headers: withHeader,
      payload: { content: 'edited' },
    });
    expect(edited.statusCode).toBe(200);
    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/user/pastes/${id}`, headers: overBasic });
    expect(deleted.statusCode).toBe(200);
    expect(await t.container.repositories.pastes.findBySlug(slug)).toBeUndefined();
  });

  it('keeps an admin over Basic ownerless, as contract §2.7 says', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/paste',
      headers: basic(TEST_ADMIN.username, TEST_ADMIN.password),
      payload: { content: 'by the admin' },
    });
    expect(response.statusCode).toBe(200);
    expect(await ownerOf(response.json().slug)).toBeNull();
  });
});

describe('file shares of a key signed in over HTTP Basic', () => {
  let c: ShareTestContext;
  shareContextForEachTest('local', (context) => {
    c = context;
  });

  async function basicKey(): Promise<{ id: string; headers: Record<string, string> }> {
    const row = await seedApiKey(c.t.container.repositories.apiKeys, { file: true, mount: true });
    return { id: row.id, headers: basic(row.key, row.key) };
  }

  it('records the key as creator of upload-direct, presign/commit, form and URL uploads, and lists them as its own', async () => {
    const { id, headers } = await basicKey();
    const direct = await c.inject({ method: 'PUT', url: '/api/upload-direct/direct.txt', headers, payload: 'direct' });
    expect(direct.statusCode).toBe(200);

    const { file_id: fileId } = await presignAndPut(c, headers, 'presigned.txt', 'presigned');
    const committed = await c.inject({ method: 'POST', url: '/api/s3/commit', headers, payload: { file_id: fileId, size: 9 } });
    expect(committed.statusCode).toBe(200);

    const boundary = 'cloudclip-basic';
    const form = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="form.txt"\r\nContent-Type: text/plain\r\n\r\nform\r\n--${boundary}--\r\n`,
    );
    const formUpload = await c.inject({
      method: 'POST',
      url: '/api/upload',
      headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: form,
    });
    expect(formUpload.statusCode).toBe(200);

    const fromUrl = await c.inject({
      method: 'POST',
      url: '/api/url/presign',
      headers,
      payload: {
        url: 'https://example.invalid/imported.txt',
        s3_config_id: c.config.id,
        metadata: { filename: 'imported.txt', contentType: 'text/plain' },
      },
    });
    expect(fromUrl.statusCode).toBe(200);

    const rows = await c.fileRows();
    expect(rows.map((row) => [row.filename, row.created_by]).sort()).toEqual(
      [
        ['direct.txt', `apikey:${id}`],
        ['form.txt', `apikey:${id}`],
        ['imported.txt', `apikey:${id}`],
        ['presigned.txt', `apikey:${id}`],
      ].sort(),
    );
    const listed = await c.inject({ method: 'GET', url: '/api/user/files', headers });
    expect(listed.statusCode).toBe(200);
    expect(
      listed
        .json()
        .data.files.map((row: { filename: string }) => row.filename)
        .sort(),
    ).toEqual(['direct.txt', 'form.txt', 'imported.txt', 'presigned.txt'].sort());
  });
});
