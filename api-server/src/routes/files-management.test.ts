import { randomUUID } from 'node:crypto';
import { DRIVER_KINDS, putToPresignedUrl, shareContextForEachTest, type ShareTestContext } from '../testing/file-share-helpers';

describe.each(DRIVER_KINDS)('file management and ownership on the %s driver', (kind) => {
  let c: ShareTestContext;
  shareContextForEachTest(kind, (context) => {
    c = context;
  });

  /** s3/presign of `a.txt` on the test's config. */
  const presignA = (headers: Record<string, string>, extra: Record<string, unknown> = {}) =>
    c.inject({ method: 'POST', url: '/api/s3/presign', headers, payload: { s3_config_id: c.config.id, filename: 'a.txt', ...extra } });

  async function share(headers: Record<string, string>, filename: string, query = '') {
    const response = await c.inject({
      method: 'PUT',
      url: `/api/upload-direct/${filename}${query}`,
      headers,
      payload: `content of ${filename}`,
    });
    expect(response.statusCode).toBe(200);
    return response.json().data as { id: string; slug: string };
  }

  // ---------------------------------------------------------------- admin

  it('lists every file for the admin newest first with {files, pagination:{total,limit,offset}} and filters', async () => {
    const key = await c.key({ name: 'uploader' });
    const a = await share(c.admin, 'a.txt', '?password=pw');
    await new Promise((resolve) => setTimeout(resolve, 5));
    const b = await share(key.headers, 'b.txt');
    const response = await c.inject({ method: 'GET', url: '/api/admin/files?limit=1&offset=0', headers: c.admin });
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data.pagination).toEqual({ total: 2, limit: 1, offset: 0 });
    expect(data.files.map((file: { id: string }) => file.id)).toEqual([b.id]);
    expect(data.files[0]).toMatchObject({
      created_by: `apikey:${key.id}`,
      key_name: 'uploader',
      has_password: false,
      s3_config_id: c.config.id,
    });
    expect(data.files[0].s3_config_name).toBe(c.config.name);
    expect(data.files[0].s3_provider_type).toBe(c.config.provider_type);
    expect(data.files[0].updated_at).toBeUndefined();
    expect(data.files[0].plain_password).toBeUndefined();

    const second = (await c.inject({ method: 'GET', url: '/api/admin/files?limit=1&offset=1', headers: c.admin })).json().data.files[0];
    expect(second).toMatchObject({ id: a.id, has_password: true, plain_password: 'pw' });
    expect(second.key_name).toBeUndefined();

    const byCreator = (await c.inject({ method: 'GET', url: `/api/admin/files?created_by=apikey:${key.id}`, headers: c.admin })).json()
      .data;
    expect(byCreator.files.map((file: { id: string }) => file.id)).toEqual([b.id]);
    const byConfig = (await c.inject({ method: 'GET', url: `/api/admin/files?s3_config_id=${randomUUID()}`, headers: c.admin })).json()
      .data;
    expect(byConfig.pagination.total).toBe(0);
  });

  it('shows the admin detail with updated_at, 0/1 has_password, plain_password and urls', async () => {
    const file = await share(c.admin, 'd.txt', '?password=secret');
    const response = await c.inject({ method: 'GET', url: `/api/admin/files/${file.id}`, headers: c.admin });
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data).toMatchObject({ id: file.id, has_password: 1, plain_password: 'secret', use_proxy: 1, updated_at: expect.any(String) });
    expect(data.urls).toEqual({
      previewUrl: `${c.origin}/api/file-view/${file.slug}`,
      downloadUrl: `${c.origin}/api/file-download/${file.slug}`,
      proxyPreviewUrl: `${c.origin}/api/file-view/${file.slug}`,
      proxyDownloadUrl: `${c.origin}/api/file-download/${file.slug}`,
      use_proxy: 1,
    });
    expect((await c.inject({ method: 'GET', url: `/api/admin/files/${randomUUID()}`, headers: c.admin })).statusCode).toBe(404);
  });

  it('updates any subset: slug (409 when taken), remark, expiry, use_proxy, max_views (views reset), password set/keep/clear', async () => {
    const file = await share(c.admin, 'u.txt');
    const other = await share(c.admin, 'o.txt');
    await c.t.container.db.updateTable('files').set({ views: 4 }).where('id', '=', file.id).execute();
    const put = (payload: Record<string, unknown>, id = file.id) =>
      c.inject({ method: 'PUT', url: `/api/admin/files/${id}`, headers: c.admin, payload });

    expect((await put({ slug: other.slug })).statusCode).toBe(409);
    const updated = await put({
      slug: 'renamed',
      remark: 'note',
      expires_at: '2999-01-01T00:00:00.000Z',
      use_proxy: false,
      max_views: 3,
      password: 'pw1',
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data).toBeUndefined();
    let row = (await c.fileRows()).find((r) => r.id === file.id);
    expect(row).toMatchObject({
      slug: 'renamed',
      remark: 'note',
      expires_at: '2999-01-01T00:00:00.000Z',
      use_proxy: 0,
      max_views: 3,
      views: 0,
    });
    expect(row?.password_hash).toMatch(/^scrypt\$/);

    expect((await put({ remark: null })).statusCode).toBe(200);
    row = (await c.fileRows()).find((r) => r.id === file.id);
    expect(row?.password_hash).toMatch(/^scrypt\$/); // absent → kept
    expect(row?.remark).toBeNull();
    expect((await put({ password: '' })).statusCode).toBe(200);
    row = (await c.fileRows()).find((r) => r.id === file.id);
    expect(row?.password_hash).toBeNull();
    expect(row?.password_sealed).toBeNull();

    expect((await put({ max_views: -1 })).statusCode).toBe(400);
    expect((await put({ remark: 'x' }, randomUUID())).statusCode).toBe(404);
  });

  it('deletes the object and the row (404 afterwards)', async () => {
    const file = await share(c.admin, 'gone.txt');
    expect(await c.objectKeys()).toHaveLength(1);
    expect((await c.inject({ method: 'DELETE', url: `/api/admin/files/${file.id}`, headers: c.admin })).statusCode).toBe(200);
    expect(await c.fileRows()).toHaveLength(0);
    expect(await c.objectKeys()).toEqual([]);
    expect((await c.inject({ method: 'DELETE', url: `/api/admin/files/${file.id}`, headers: c.admin })).statusCode).toBe(404);
  });

  // ---------------------------------------------------------------- API-key users

  it('lists only the key’s own rows with hasMore and key_info; admins get an empty list', async () => {
    const mine = await c.key({ name: 'mine' });
    const theirs = await c.key({ name: 'theirs' });
    await share(mine.headers, 'm1.txt');
    await share(mine.headers, 'm2.txt');
    await share(theirs.headers, 't1.txt');
    await share(c.admin, 'admin.txt');
    const response = await c.inject({ method: 'GET', url: '/api/user/files?limit=1', headers: mine.headers });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.data.pagination).toEqual({ total: 2, limit: 1, offset: 0, hasMore: true });
    expect(body.data.files).toHaveLength(1);
    expect(body.data.files[0].created_by).toBe(`apikey:${mine.id}`);
    // As the reference: the user views carry `etag: null` even where the row has one (issue 13).
    expect(body.data.files[0]).toHaveProperty('etag', null);
    expect(body.key_info).toMatchObject({ id: mine.id, name: 'mine', basicPath: '/' });

    const asAdmin = (await c.inject({ method: 'GET', url: '/api/user/files', headers: c.admin })).json();
    expect(asAdmin.data.files).toEqual([]);
    expect(asAdmin.key_info).toBeNull();
  });

  it('never lets a key read, edit or delete another key’s file (404) and keeps it intact', async () => {
    const owner = await c.key();
    const intruder = await c.key();
    const file = await share(owner.headers, 'private.txt', '?password=pw');
    const url = `/api/user/files/${file.id}`;

    expect((await c.inject({ method: 'GET', url, headers: intruder.headers })).statusCode).toBe(404);
    expect(
      (await c.inject({ method: 'PUT', url, headers: intruder.headers, payload: { remark: 'hacked', password: '' } })).statusCode,
    ).toBe(404);
    expect((await c.inject({ method: 'DELETE', url, headers: intruder.headers })).statusCode).toBe(404);
    expect((await c.inject({ method: 'GET', url, headers: c.admin })).statusCode).toBe(404);

    const row = (await c.fileRows())[0];
    expect(row).toMatchObject({ id: file.id, remark: null });
    expect(row?.password_hash).not.toBeNull();
    expect(await c.objectKeys()).toHaveLength(1);

    const own = await c.inject({ method: 'GET', url, headers: owner.headers });
    expect(own.statusCode).toBe(200);
    expect(own.json().data).toMatchObject({ has_password: 1, plain_password: 'pw', etag: null });
    expect(own.json().data.updated_at).toBeUndefined();
    expect((await c.inject({ method: 'PUT', url, headers: owner.headers, payload: { remark: 'mine' } })).statusCode).toBe(200);
    expect((await c.inject({ method: 'DELETE', url, headers: owner.headers })).statusCode).toBe(200);
    expect(await c.objectKeys()).toEqual([]);
  });

  it('refuses a key a non-public config on presign and upload-direct (403)', async () => {
    await c.inject({ method: 'PUT', url: `/api/s3-configs/${c.config.id}`, headers: c.admin, payload: { is_public: false } });
    const key = await c.key();
    const presign = await presignA(key.headers);
    expect(presign.statusCode).toBe(403);
    const direct = await c.inject({
      method: 'PUT',
      url: `/api/upload-direct/a.txt?s3_config_id=${c.config.id}`,
      headers: key.headers,
      payload: 'x',
    });
    expect(direct.statusCode).toBe(403);
    expect(await c.fileRows()).toHaveLength(0);
  });

  it('prefixes object keys of a key with a basic path with its sub-path inside the mount, and refuses keys without a visible mount', async () => {
    const adminId = (await c.t.container.db.selectFrom('admins').select('id').executeTakeFirstOrThrow()).id;
    const now = new Date().toISOString();
    await c.t.container.db
      .insertInto('mounts')
      .values({
        id: randomUUID(),
        name: 'm',
        storage_type: 'S3',
        storage_config_id: c.config.id,
        mount_path: '/team',
        created_by: adminId,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const scoped = await c.key({ basicPath: '/team/docs/' });
    const presign = await presignA(scoped.headers, { path: 'sub' });
    expect(presign.statusCode).toBe(200);
    const data = presign.json().data;
    const folder = c.config.default_folder ? `${c.config.default_folder}/` : '';
    expect(data.storage_path).toMatch(new RegExp(`^docs/${folder}sub/[a-z0-9]{6}-a\\.txt$`));
    expect((await putToPresignedUrl(data.upload_url, 'scoped', data.contentType)).status).toBe(200);

    const outside = await c.key({ basicPath: '/elsewhere' });
    const refused = await presignA(outside.headers);
    expect(refused.statusCode).toBe(403);
    const direct = await c.inject({ method: 'PUT', url: '/api/upload-direct/a.txt', headers: outside.headers, payload: 'x' });
    expect(direct.statusCode).toBe(403);
    await c.driver.deleteObject(data.storage_path);
  });
});
