import { DRIVER_KINDS, pathOf, shareContextForEachTest, type ShareTestContext } from '../testing/file-share-helpers';

const PAST = '2000-01-01T00:00:00.000Z';

describe.each(DRIVER_KINDS)('public access to file shares on the %s driver', (kind) => {
  let c: ShareTestContext;
  shareContextForEachTest(kind, (context) => {
    c = context;
  });

  /** upload-direct with query options; returns the share data. */
  async function share(filename: string, body: string | Buffer, query: Record<string, string> = {}) {
    const search = new URLSearchParams(query).toString();
    const response = await c.inject({
      method: 'PUT',
      url: `/api/upload-direct/${encodeURIComponent(filename)}${search ? `?${search}` : ''}`,
      headers: c.admin,
      payload: body,
    });
    expect(response.statusCode).toBe(200);
    return response.json().data as { id: string; slug: string; [key: string]: unknown };
  }

  const info = (slug: string) => c.inject({ method: 'GET', url: `/api/public/files/${slug}` });
  const verify = (slug: string, payload: unknown) =>
    c.inject({ method: 'POST', url: `/api/public/files/${slug}/verify`, payload: payload as object });
  const download = (slug: string, query = '', headers: Record<string, string> = {}) =>
    c.inject({ method: 'GET', url: `/api/file-download/${slug}${query}`, headers });
  const view = (slug: string, query = '') => c.inject({ method: 'GET', url: `/api/file-view/${slug}${query}` });
  const office = (slug: string, query = '') => c.inject({ method: 'GET', url: `/api/office-preview/${slug}${query}` });
  const setRow = (id: string, values: Record<string, unknown>) =>
    c.t.container.db.updateTable('files').set(values).where('id', '=', id).execute();

  async function gone(id: string): Promise<boolean> {
    const rows = await c.fileRows();
    return !rows.some((row) => row.id === id) && (await c.objectKeys()).length === 0;
  }

  it('serves a shared script as text, so no page of our origin can load it as a script (issue 19)', async () => {
    const file = await share('gadget.js', 'alert(document.domain)');
    for (const response of [await view(file.slug), await download(file.slug)]) {
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.body).toBe('alert(document.domain)');
    }
    const direct = (await info(file.slug)).json().data.s3_direct_preview_url as string;
    if (kind === 'local') {
      const signed = await c.inject({ method: 'GET', url: pathOf(direct) });
      expect(signed.statusCode).toBe(200);
      expect(signed.headers['content-type']).toBe('text/plain; charset=utf-8');
    }
  });

  it('answers 404 (not 500) for an unknown slug on info, verify and every proxy link', async () => {
    expect((await info('nope')).statusCode).toBe(404);
    expect((await verify('nope', { password: 'x' })).statusCode).toBe(404);
    const proxied = await download('nope');
    expect(proxied.statusCode).toBe(404);
    expect(proxied.headers['content-type']).toMatch(/^text\/plain/);
    expect((await view('nope')).statusCode).toBe(404);
    const preview = await office('nope');
    expect(preview.statusCode).toBe(404);
    expect(Object.keys(preview.json())).toEqual(['error']);
  });

  it('counts views on info: N reads succeed, the next one deletes object and row with 410, then 404', async () => {
    const file = await share('v.txt', 'views', { max_views: '2' });
    expect((await info(file.slug)).json().data.views).toBe(1);
    expect((await info(file.slug)).json().data.views).toBe(2);
    expect((await info(file.slug)).statusCode).toBe(410);
    expect(await gone(file.id)).toBe(true);
    expect((await info(file.slug)).statusCode).toBe(404);
  });

  it('does not count views of protected metadata, counts a successful verify, and ends with 410 + deletion', async () => {
    const file = await share('secret.txt', 'hidden', { password: 'open sesame', max_views: '1' });
    const meta = await info(file.slug);
    expect(meta.statusCode).toBe(200);
    const data = meta.json().data;
    expect(data).toMatchObject({ requires_password: true, views: 0 });
    expect(data.proxy_preview_url).toBeUndefined();
    expect(data.previewUrl).toBeUndefined();
    expect(data.s3_direct_preview_url).toBe(data.s3_direct_download_url);

    expect((await verify(file.slug, { password: 'wrong' })).statusCode).toBe(401);
    expect((await verify(file.slug, {})).statusCode).toBe(400);
    const ok = await verify(file.slug, { password: 'open sesame' });
    expect(ok.statusCode).toBe(200);
    const opened = ok.json().data;
    expect(opened).toMatchObject({ requires_password: false, views: 1 });
    expect(opened.proxy_download_url).toBe(`${c.origin}/api/file-download/${file.slug}`);
    expect(opened.proxy_download_url).not.toContain('password');

    expect((await verify(file.slug, { password: 'open sesame' })).statusCode).toBe(410);
    expect(await gone(file.id)).toBe(true);
  });

  it('answers verify on a file without password with HTTP 200, body code 400 and the raw URL', async () => {
    const file = await share('open.txt', 'open');
    const response = await verify(file.slug, { password: 'anything' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ code: 400, success: true });
    expect(typeof body.data.url).toBe('string');
    expect(body.data.url).toContain('open.txt');
  });

  it('answers 410 for an expired file on info and verify but keeps the row; a proxy link deletes it', async () => {
    const file = await share('old.txt', 'old', { password: 'pw' });
    await setRow(file.id, { expires_at: PAST });
    expect((await info(file.slug)).statusCode).toBe(410);
    expect((await verify(file.slug, { password: 'pw' })).statusCode).toBe(410);
    expect((await c.fileRows()).length).toBe(1);
    const response = await download(file.slug, '?password=pw');
    expect(response.statusCode).toBe(410);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(await gone(file.id)).toBe(true);
  });

  it('expired file on file-view and office-preview: 410 and deleted', async () => {
    const a = await share('a.txt', 'a');
    await setRow(a.id, { expires_at: PAST });
    expect((await view(a.slug)).statusCode).toBe(410);
    expect(await gone(a.id)).toBe(true);
    const b = await share('b.docx', 'b');
    await setRow(b.id, { expires_at: PAST });
    const preview = await office(b.slug);
    expect(preview.statusCode).toBe(410);
    expect(preview.json().error).toEqual(expect.any(String));
    expect(await gone(b.id)).toBe(true);
  });

  it('proxy links count no views and keep working at views == max_views; above it they delete with 403', async () => {
    const file = await share('p.txt', 'proxy', { max_views: '1' });
    for (let index = 0; index < 3; index += 1) expect((await download(file.slug)).statusCode).toBe(200);
    expect((await info(file.slug)).json().data.views).toBe(1);
    expect((await download(file.slug)).statusCode).toBe(200);
    expect((await view(file.slug)).statusCode).toBe(200);
    await setRow(file.id, { views: 2 });
    const response = await view(file.slug);
    expect(response.statusCode).toBe(403);
    expect(await gone(file.id)).toBe(true);
  });

  it('checks the password of proxy links: 401 missing, 403 wrong, 200 right (URL-encoded)', async () => {
    const file = await share('pw.txt', 'guarded', { password: 'a&b c' });
    const missing = await download(file.slug);
    expect(missing.statusCode).toBe(401);
    expect(missing.headers['content-type']).toMatch(/^text\/plain/);
    expect((await download(file.slug, '?password=wrong')).statusCode).toBe(403);
    const right = await download(file.slug, `?password=${encodeURIComponent('a&b c')}`);
    expect(right.statusCode).toBe(200);
    expect(right.body).toBe('guarded');
  });

  it('serves HTML and SVG with nosniff and a sandboxing CSP, and RFC 5987 names', async () => {
    const html = await share('页面.html', '<script>alert(1)</script>');
    const response = await view(html.slug);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toMatch(/^sandbox/);
    expect(response.headers['x-xss-protection']).toBe('1; mode=block');
    expect(response.headers['content-disposition']).toBe(`inline; filename="__.html"; filename*=UTF-8''${encodeURIComponent('页面.html')}`);
    const svg = await share('x.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>');
    const svgResponse = await download(svg.slug);
    expect(svgResponse.headers['content-type']).toBe('image/svg+xml');
    expect(svgResponse.headers['content-security-policy']).toMatch(/^sandbox/);
    const text = await share('t.txt', 'x');
    expect((await view(text.slug)).headers['content-security-policy']).toBeUndefined();
  });

  it('answers 416 for an unsatisfiable range and HEAD with the length', async () => {
    const file = await share('r.bin', Buffer.alloc(10, 1));
    const response = await download(file.slug, '', { range: 'bytes=50-60' });
    expect(response.statusCode).toBe(416);
    expect(response.headers['content-range']).toBe('bytes */10');
    const head = await c.inject({ method: 'HEAD', url: `/api/file-download/${file.slug}` });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe('10');
  });

  it('redirects file-view of an Office document to the Microsoft viewer with a fetchable URL', async () => {
    const file = await share('plan.xlsx', 'PK-not-really');
    const response = await view(file.slug);
    expect(response.statusCode).toBe(302);
    const location = new URL(response.headers.location as string);
    expect(location.origin).toBe('https://view.officeapps.live.com');
    const src = location.searchParams.get('src') as string;
    const fetched = await fetch(src);
    expect(fetched.status).toBe(200);
    expect(await fetched.text()).toBe('PK-not-really');
    // file-download serves the bytes as an attachment
    expect((await download(file.slug)).headers['content-disposition']).toBe('attachment; filename="plan.xlsx"');
  });

  it('office-preview: flat result, 400 for other types, 401/403 passwords, 410 at views == max_views, 403 above', async () => {
    const file = await share('deck.pptx', 'slides', { password: 'pw', max_views: '1' });
    expect((await office(file.slug)).statusCode).toBe(401);
    expect((await office(file.slug, '?password=bad')).statusCode).toBe(403);
    const ok = await office(file.slug, '?password=pw');
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      filename: 'deck.pptx',
      mimetype: expect.stringContaining('presentationml'),
      is_temporary: true,
      expires_in: 3600,
    });
    expect((await fetch(ok.json().url)).status).toBe(200);

    await setRow(file.id, { views: 1 });
    expect((await office(file.slug, '?password=pw')).statusCode).toBe(410);
    expect((await c.fileRows()).length).toBe(1);
    await setRow(file.id, { views: 2 });
    expect((await office(file.slug, '?password=pw')).statusCode).toBe(403);
    expect(await gone(file.id)).toBe(true);

    const text = await share('plain.txt', 'x');
    const refused = await office(text.slug);
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json())).toEqual(['error']);
  });

  it('links of use_proxy=0 files are presigned direct URLs', async () => {
    const file = await share('d.txt', 'direct', { use_proxy: '0' });
    const data = (await info(file.slug)).json().data;
    expect(data.use_proxy).toBe(0);
    expect(data.previewUrl).toBe(data.s3_direct_preview_url);
    expect(data.downloadUrl).not.toContain('/api/file-download/');
    const fetched = await fetch(data.downloadUrl);
    expect(await fetched.text()).toBe('direct');
    expect(pathOf(data.proxy_download_url)).toBe(`/api/file-download/${file.slug}`);
  });
});
