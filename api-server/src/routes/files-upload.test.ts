import {
  DRIVER_KINDS,
  pathOf,
  putChunked,
  putToPresignedUrl,
  shareContextForEachTest,
  type ShareTestContext,
} from '../testing/file-share-helpers';

/** A multipart/form-data body with text fields and one file. */
function formBody(fields: Record<string, string>, file?: { name: string; content: Buffer | string; field?: string }) {
  const boundary = `----cloudclip${Date.now()}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
    );
    chunks.push(Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe.each(DRIVER_KINDS)('file share uploads on the %s driver', (kind) => {
  let c: ShareTestContext;
  shareContextForEachTest(kind, (context) => {
    c = context;
  });

  async function presign(body: Record<string, unknown>, headers = c.admin) {
    return c.inject({ method: 'POST', url: '/api/s3/presign', headers, payload: { s3_config_id: c.config.id, ...body } });
  }

  async function commit(body: Record<string, unknown>, headers = c.admin) {
    return c.inject({ method: 'POST', url: '/api/s3/commit', headers, payload: body });
  }

  /** presign → browser PUT → commit; returns the commit data. */
  async function upload(filename: string, content: string, commitFields: Record<string, unknown> = {}, headers = c.admin) {
    const presigned = await presign({ filename, size: Buffer.byteLength(content) }, headers);
    expect(presigned.statusCode).toBe(200);
    const data = presigned.json().data;
    const put = await putToPresignedUrl(data.upload_url, content, data.contentType);
    expect(put.status).toBe(200);
    const etag = (put.headers.get('etag') ?? '').replace(/"/g, '');
    const committed = await commit({ file_id: data.file_id, etag, size: String(Buffer.byteLength(content)), ...commitFields }, headers);
    expect(committed.statusCode).toBe(200);
    return committed.json().data;
  }

  const setMaxUploadMb = (value: number) => c.setSystemSettings({ max_upload_size: value });

  // ---------------------------------------------------------------- presign / PUT / commit

  it('presigns a pending row with the server-inferred type, accepts the browser PUT and commits it', async () => {
    const presigned = await presign({ filename: 'notes 1.txt', size: 11, mimetype: 'image/png', path: 'docs' });
    expect(presigned.statusCode).toBe(200);
    const data = presigned.json().data;
    expect(Object.keys(data).sort()).toEqual(
      ['contentType', 'file_id', 'provider_type', 's3_url', 'slug', 'storage_path', 'upload_url'].sort(),
    );
    expect(data.contentType).toBe('text/plain');
    expect(data.slug).toMatch(/^[0-9A-Za-z]{6}$/);
    const prefix = c.config.default_folder ? `${c.config.default_folder}/` : '';
    expect(data.storage_path).toMatch(new RegExp(`^${prefix}docs/[a-z0-9]{6}-notes 1\\.txt$`));
    expect(data.provider_type).toBe(c.config.provider_type);

    const [pending] = await c.fileRows();
    expect(pending).toMatchObject({ id: data.file_id, size: 0, etag: null, mimetype: 'text/plain', filename: 'notes 1.txt' });

    const put = await putToPresignedUrl(data.upload_url, 'hello world', data.contentType);
    expect(put.status).toBe(200);
    const committed = await commit({
      file_id: data.file_id,
      etag: put.headers.get('etag'),
      size: '11',
      remark: 'r',
      expires_in: '2',
      max_views: '3',
    });
    expect(committed.statusCode).toBe(200);
    const view = committed.json().data;
    expect(view).toMatchObject({
      id: data.file_id,
      slug: data.slug,
      filename: 'notes 1.txt',
      storage_path: data.storage_path,
      mimetype: 'text/plain',
      size: 11,
      remark: 'r',
      hasPassword: false,
      maxViews: 3,
      url: `/file/${data.slug}`,
    });
    const hours = (Date.parse(view.expiresAt) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(1.9);
    expect(hours).toBeLessThanOrEqual(2);
    expect(await c.objectKeys()).toEqual([data.storage_path]);
  });

  it('runs presign → PUT → commit → public info → download with Range end to end', async () => {
    const content = '0123456789abcdefghij';
    const view = await upload('data.txt', content);
    const info = await c.inject({ method: 'GET', url: `/api/public/files/${view.slug}` });
    expect(info.statusCode).toBe(200);
    const file = info.json().data;
    expect(file).toMatchObject({ slug: view.slug, filename: 'data.txt', size: 20, requires_password: false, views: 1, use_proxy: 1 });
    expect(file.previewUrl).toBe(`${c.origin}/api/file-view/${view.slug}`);
    expect(file.downloadUrl).toBe(`${c.origin}/api/file-download/${view.slug}`);
    expect(file.proxy_download_url).toBe(file.downloadUrl);

    const ranged = await c.inject({ method: 'GET', url: pathOf(file.downloadUrl), headers: { range: 'bytes=5-9' } });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.body).toBe('56789');
    expect(ranged.headers['content-range']).toBe('bytes 5-9/20');
    expect(ranged.headers['content-disposition']).toBe('attachment; filename="data.txt"');

    const whole = await c.inject({ method: 'GET', url: pathOf(file.previewUrl) });
    expect(whole.statusCode).toBe(200);
    expect(whole.body).toBe(content);
    expect(whole.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(whole.headers['content-disposition']).toBe('inline; filename="data.txt"');

    // The direct (presigned) link serves the same bytes.
    const direct = await fetch(file.s3_direct_download_url);
    expect(direct.status).toBe(200);
    expect(await direct.text()).toBe(content);
  });

  it('commit overwrites remark, password, expiry and view limit; size only when given', async () => {
    const first = await upload('a.txt', 'abc', { remark: 'one', password: 'pw', expires_in: 1, max_views: 2 });
    expect(first.hasPassword).toBe(true);
    const again = await commit({ file_id: first.id });
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({ remark: null, hasPassword: false, expiresAt: null, maxViews: null, size: 3 });
  });

  it('refuses a commit by another caller (403), an unknown id (404) and a missing id (400)', async () => {
    const presigned = (await presign({ filename: 'x.txt' })).json().data;
    const other = await c.key();
    expect((await commit({ file_id: presigned.file_id }, other.headers)).statusCode).toBe(403);
    expect((await commit({ file_id: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
    expect((await commit({})).statusCode).toBe(400);
  });

  // ---------------------------------------------------------------- limits

  /** A presign (English messages) refused with 400 and `message`, leaving `rowsLeft` file rows. */
  async function expectPresignRefused(body: Record<string, unknown>, message: string, rowsLeft: number) {
    const response = await presign(body, { ...c.admin, 'accept-language': 'en-US' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(await c.fileRows()).toHaveLength(rowsLeft);
  }

  it('refuses a presign whose size exceeds max_upload_size (400, "maximum allowed is 1 MB") and creates nothing', async () => {
    await setMaxUploadMb(1);
    await expectPresignRefused({ filename: 'big.bin', size: 1024 * 1024 + 1 }, 'File size exceeds limit, maximum allowed is 1 MB', 0);
  });

  it('refuses a presign over the quota with size, remaining space and capacity in the message', async () => {
    await c.setStorageQuota(1000);
    await upload('first.txt', 'x'.repeat(600));
    await expectPresignRefused(
      { filename: 'second.txt', size: 500 },
      'Insufficient storage: the file is 500 B, 400 B remaining, capacity 1000 B',
      1,
    );
  });

  it('deletes the object and the row when a commit exceeds the quota (real object size counts)', async () => {
    await c.setStorageQuota(1000);
    await upload('first.txt', 'x'.repeat(600));
    const presigned = (await presign({ filename: 'second.txt' })).json().data;
    const put = await putToPresignedUrl(presigned.upload_url, 'y'.repeat(500), presigned.contentType);
    if (kind === 'local') {
      // The local URL of a presign without size takes at most the space left (400 B): refused before storing.
      expect(put.status).toBe(400);
      expect(await c.objectKeys()).toHaveLength(1);
      return;
    }
    expect(put.status).toBe(200);
    // The client under-reports the size; the stored object is what counts.
    const response = await commit({ file_id: presigned.file_id, size: '10' });
    expect(response.statusCode).toBe(400);
    const rows = await c.fileRows();
    expect(rows.map((row) => row.filename)).toEqual(['first.txt']);
    expect(await c.objectKeys()).toEqual([rows[0]?.storage_path]);
  });

  it('deletes the object and the row when a committed object exceeds max_upload_size', async () => {
    await setMaxUploadMb(1);
    const presigned = (await presign({ filename: 'big.bin' })).json().data;
    const put = await putToPresignedUrl(presigned.upload_url, Buffer.alloc(1024 * 1024 + 10), presigned.contentType);
    if (kind === 'local') {
      // The local URL of a presign without size takes at most max_upload_size: refused before storing.
      expect(put.status).toBe(400);
      expect(await c.objectKeys()).toEqual([]);
      return;
    }
    expect(put.status).toBe(200);
    const response = await commit({ file_id: presigned.file_id, size: 5 });
    expect(response.statusCode).toBe(400);
    expect(await c.fileRows()).toHaveLength(0);
    expect(await c.objectKeys()).toEqual([]);
  });

  // ---------------------------------------------------------------- slugs

  it('applies the slug rules: custom slug, 409 when taken, 400 bad format, override by the creator only', async () => {
    const first = await presign({ filename: 'a.txt', slug: 'my-file_1' });
    expect(first.statusCode).toBe(200);
    expect(first.json().data.slug).toBe('my-file_1');
    expect((await presign({ filename: 'b.txt', slug: 'my-file_1' })).statusCode).toBe(409);
    expect((await presign({ filename: 'b.txt', slug: 'bad slug!' })).statusCode).toBe(400);

    const other = await c.key();
    expect((await presign({ filename: 'b.txt', slug: 'my-file_1', override: 'true' }, other.headers)).statusCode).toBe(403);

    const firstData = first.json().data;
    await putToPresignedUrl(firstData.upload_url, 'old', firstData.contentType);
    const replaced = await presign({ filename: 'b.txt', slug: 'my-file_1', override: 'true' });
    expect(replaced.statusCode).toBe(200);
    const rows = await c.fileRows();
    expect(rows.map((row) => row.filename)).toEqual(['b.txt']);
    expect(await c.objectKeys()).toEqual([]);
  });

  it('answers 404 for an unknown config and 400 for missing fields', async () => {
    expect((await presign({ s3_config_id: '00000000-0000-4000-8000-000000000000', filename: 'a.txt' })).statusCode).toBe(404);
    expect((await presign({ filename: '' })).statusCode).toBe(400);
    const missing = await c.inject({ method: 'POST', url: '/api/s3/presign', headers: c.admin, payload: {} });
    expect(missing.statusCode).toBe(400);
  });

  it('refuses a path with ".." segments', async () => {
    expect((await presign({ filename: 'a.txt', path: 'a/../../etc' })).statusCode).toBe(400);
  });

  // ---------------------------------------------------------------- upload-direct

  it('upload-direct stores the raw body byte for byte whatever the request type and returns the share', async () => {
    const body = '{"not":"parsed"}\u0000\u00ff';
    const response = await c.inject({
      method: 'PUT',
      url: '/api/upload-direct/report%20v1.json?remark=hi&password=p%26w&expires_in=1&max_views=5&slug=direct-1',
      headers: { ...c.admin, 'content-type': 'application/json' },
      payload: body,
    });
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data).toMatchObject({
      slug: 'direct-1',
      filename: 'report v1.json',
      mimetype: 'application/json',
      size: Buffer.byteLength(body),
      remark: 'hi',
      requires_password: false,
      views: 0,
      max_views: 5,
      use_proxy: 1,
      created_by: expect.any(String),
      used_original_filename: false,
    });
    expect(data.proxy_download_url).toBe(`${c.origin}/api/file-download/direct-1?password=p%26w`);
    expect(data.downloadUrl).toBe(data.proxy_download_url);
    const download = await c.inject({ method: 'GET', url: pathOf(data.proxy_download_url) });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(Buffer.from(body))).toBe(true);
  });

  it('upload-direct accepts X-Custom-Auth-Key, original_filename and use_proxy=0', async () => {
    const key = await c.key();
    const raw = (key.headers.authorization ?? '').replace(/^ApiKey /, '');
    const response = await c.inject({
      method: 'PUT',
      url: '/api/upload-direct/plain.txt?original_filename=true&use_proxy=0',
      headers: { 'x-custom-auth-key': raw, 'content-type': 'text/plain' },
      payload: 'plain',
    });
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data.used_original_filename).toBe(true);
    expect(data.use_proxy).toBe(0);
    expect(data.created_by).toBe(`apikey:${key.id}`);
    expect(data.previewUrl).toBe(data.s3_direct_preview_url);
    const [row] = await c.fileRows();
    expect(row?.storage_path.split('/').pop()).toBe('plain.txt');
    expect((await fetch(data.s3_direct_download_url)).status).toBe(200);

    // Another key may not overwrite that object through the same original name.
    const other = await c.key();
    const clash = await c.inject({
      method: 'PUT',
      url: '/api/upload-direct/plain.txt?original_filename=true',
      headers: { ...other.headers },
      payload: 'evil',
    });
    expect(clash.statusCode).toBe(409);
  });

  it('upload-direct refuses a declared length over max_upload_size before storing anything', async () => {
    await setMaxUploadMb(1);
    const response = await c.inject({
      method: 'PUT',
      url: '/api/upload-direct/big.bin',
      headers: c.admin,
      payload: Buffer.alloc(1024 * 1024 + 1),
    });
    expect(response.statusCode).toBe(400);
    expect(await c.fileRows()).toHaveLength(0);
    expect(await c.objectKeys()).toEqual([]);
  });

  it('upload-direct stops a chunked body that grows past the quota while streaming and leaves nothing behind', async () => {
    await c.setStorageQuota(10_000);
    const response = await putChunked(
      `${c.origin}/api/upload-direct/stream.bin`,
      { ...c.admin, 'content-type': 'application/octet-stream' },
      20,
      1000,
    );
    expect(response.status).toBe(400);
    expect(((await response.json()) as { code: number }).code).toBe(400);
    expect(await c.fileRows()).toHaveLength(0);
    expect(await c.objectKeys()).toEqual([]);
  });

  it('a refused original_filename upload leaves the existing object of that name untouched', async () => {
    const first = await c.inject({
      method: 'PUT',
      url: '/api/upload-direct/keep.txt?original_filename=true&slug=keep',
      headers: c.admin,
      payload: 'original',
    });
    expect(first.statusCode).toBe(200);
    await c.setStorageQuota(5000);
    const second = await putChunked(`${c.origin}/api/upload-direct/keep.txt?original_filename=true`, { ...c.admin }, 10, 1000);
    expect(second.status).toBe(400);
    expect(await c.fileRows()).toHaveLength(1);
    expect((await c.inject({ method: 'GET', url: '/api/file-download/keep' })).body).toBe('original');
  });

  it('upload-direct override replaces the creator’s own slug and refuses someone else’s (403)', async () => {
    const put = (slug: string, body: string, headers: Record<string, string>, override = false) =>
      c.inject({ method: 'PUT', url: `/api/upload-direct/f.txt?slug=${slug}${override ? '&override=true' : ''}`, headers, payload: body });
    expect((await put('same', 'one', c.admin)).statusCode).toBe(200);
    expect((await put('same', 'two', c.admin)).statusCode).toBe(409);
    const other = await c.key();
    expect((await put('same', 'three', other.headers, true)).statusCode).toBe(403);
    expect((await put('same', 'four', c.admin, true)).statusCode).toBe(200);
    const rows = await c.fileRows();
    expect(rows).toHaveLength(1);
    expect(await c.objectKeys()).toEqual([rows[0]?.storage_path]);
    const body = await c.inject({ method: 'GET', url: '/api/file-download/same' });
    expect(body.body).toBe('four');
  });

  // ---------------------------------------------------------------- form upload

  it('accepts the form upload (POST /api/upload) with the upload-direct response shape', async () => {
    const form = formBody(
      { s3_config_id: c.config.id, slug: 'form-1', remark: 'from form', password: 'pw', max_views: '2', mimetype: 'image/png' },
      { name: 'photo.png', content: Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]) },
    );
    const response = await c.inject({
      method: 'POST',
      url: '/api/upload',
      headers: { ...c.admin, ...form.headers },
      payload: form.payload,
    });
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data).toMatchObject({
      slug: 'form-1',
      filename: 'photo.png',
      mimetype: 'image/png',
      size: 7,
      remark: 'from form',
      max_views: 2,
    });
    expect(data.proxy_preview_url).toContain('?password=pw');
    expect(await c.objectKeys()).toHaveLength(1);
  });

  it('answers a broken multipart body with 400, not 500', async () => {
    for (const headers of [{ 'content-type': 'multipart/form-data' }, { 'content-type': 'multipart/form-data; boundary=xyz' }]) {
      const response = await c.inject({
        method: 'POST',
        url: '/api/upload',
        headers: { ...c.admin, ...headers },
        payload: 'garbage\r\n--xyz\r\nnonsense',
      });
      expect(response.statusCode).toBe(400);
    }
    expect(await c.fileRows()).toHaveLength(0);
  });

  it('refuses a form upload over max_upload_size and one without a file, leaving nothing', async () => {
    await setMaxUploadMb(1);
    const big = formBody({}, { name: 'big.bin', content: Buffer.alloc(1024 * 1024 + 5) });
    const tooBig = await c.inject({ method: 'POST', url: '/api/upload', headers: { ...c.admin, ...big.headers }, payload: big.payload });
    expect(tooBig.statusCode).toBe(400);
    const empty = formBody({ remark: 'x' });
    expect(
      (await c.inject({ method: 'POST', url: '/api/upload', headers: { ...c.admin, ...empty.headers }, payload: empty.payload }))
        .statusCode,
    ).toBe(400);
    expect(await c.fileRows()).toHaveLength(0);
    expect(await c.objectKeys()).toEqual([]);
  });

  // ---------------------------------------------------------------- pending rows

  it('deleting a pending row removes its already uploaded object too', async () => {
    const presigned = (await presign({ filename: 'half.txt' })).json().data;
    await putToPresignedUrl(presigned.upload_url, 'partial', presigned.contentType);
    expect(await c.objectKeys()).toHaveLength(1);
    const response = await c.inject({ method: 'DELETE', url: `/api/admin/files/${presigned.file_id}`, headers: c.admin });
    expect(response.statusCode).toBe(200);
    expect(await c.fileRows()).toHaveLength(0);
    expect(await c.objectKeys()).toEqual([]);
  });
});
