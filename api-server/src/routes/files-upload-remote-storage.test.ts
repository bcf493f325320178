import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { pathOf, putChunked, putToPresignedUrl } from '../testing/file-share-helpers';
import { formBody } from '../testing/fs-test-kit';
import { REMOTE_KINDS, remoteShareContextForEachTest, type RemoteShareContext } from '../testing/remote-share-context';

/**
 * Issue 38: file shares on a WebDAV storage (a real `rclone serve webdav`) and on an SFTP storage
 * (a real sshd), through the same routes as on local and S3 storage. What the server holds is read
 * from its disk, behind the driver's back.
 */

const EN = { 'accept-language': 'en-US' };

/** Sends the headers and `sent` bytes of a `declared`-byte PUT, then drops the connection. */
function abandonedPut(url: string, headers: Record<string, string>, declared: number, sent: number): Promise<void> {
  return new Promise((resolve) => {
    const request = http.request(url, { method: 'PUT', headers: { ...headers, 'content-length': String(declared) } });
    request.on('error', () => resolve());
    request.on('close', () => resolve());
    request.write(Buffer.alloc(sent, 0x62), () => setImmediate(() => request.destroy()));
  });
}

describe.each(REMOTE_KINDS)('file share uploads on a %s storage', (kind) => {
  let c: RemoteShareContext;
  remoteShareContextForEachTest(kind, (context) => {
    c = context;
  });

  /** The driver's own files (metadata sidecars): `.cloudclip-internal/` on WebDAV, `.cloudclip/` on SFTP. */
  const isInternal = (name: string) => name.startsWith('.cloudclip-internal/') || name.startsWith('.cloudclip/');
  /** The share files on the server's disk. */
  const storedFiles = () => c.remoteFiles().filter((name) => !isInternal(name));
  const internalFiles = () => c.remoteFiles().filter(isInternal);
  const onRemote = (key: string) => readFileSync(path.join(c.remoteDir, key));

  async function presign(body: Record<string, unknown>, headers = c.admin) {
    return c.inject({ method: 'POST', url: '/api/s3/presign', headers, payload: { s3_config_id: c.config.id, ...body } });
  }
  const commit = (body: Record<string, unknown>, headers = c.admin) =>
    c.inject({ method: 'POST', url: '/api/s3/commit', headers: { ...headers, ...EN }, payload: body });

  /** presign → PUT to the presigned URL → commit; returns the commit's data. */
  async function upload(filename: string, content: string | Buffer, fields: Record<string, unknown> = {}, headers = c.admin) {
    const size = Buffer.byteLength(content);
    const presigned = await presign({ filename, size }, headers);
    expect(presigned.statusCode).toBe(200);
    const data = presigned.json().data;
    const put = await putToPresignedUrl(data.upload_url, content, data.contentType);
    expect(put.status).toBe(200);
    const committed = await commit({ file_id: data.file_id, etag: put.headers.get('etag'), size: String(size), ...fields }, headers);
    expect(committed.statusCode).toBe(200);
    return committed.json().data as { id: string; slug: string; storage_path: string };
  }

  it('presign → PUT → commit stores the object on the server; info, full and ranged download, preview and the presigned link serve it', async () => {
    const content = '0123456789abcdefghij';
    const view = await upload('data.txt', content, { remark: 'remote' });
    expect(c.config.driver).toBe(kind);
    expect(storedFiles()).toEqual([view.storage_path]);
    expect(onRemote(view.storage_path).toString()).toBe(content);
    const [row] = await c.fileRows();
    expect(row).toMatchObject({ size: 20, s3_config_id: c.config.id });

    const info = await c.inject({ method: 'GET', url: `/api/public/files/${view.slug}` });
    expect(info.statusCode).toBe(200);
    const file = info.json().data;
    expect(file).toMatchObject({ filename: 'data.txt', size: 20, requires_password: false, remark: 'remote' });

    const whole = await c.inject({ method: 'GET', url: pathOf(file.downloadUrl) });
    expect(whole.statusCode).toBe(200);
    expect(whole.body).toBe(content);
    expect(whole.headers['content-disposition']).toBe('attachment; filename="data.txt"');

    const ranged = await c.inject({ method: 'GET', url: pathOf(file.downloadUrl), headers: { range: 'bytes=5-9' } });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.body).toBe('56789');
    expect(ranged.headers['content-range']).toBe('bytes 5-9/20');
    const suffix = await c.inject({ method: 'GET', url: pathOf(file.downloadUrl), headers: { range: 'bytes=-3' } });
    expect(suffix.statusCode).toBe(206);
    expect(suffix.body).toBe('hij');

    const preview = await c.inject({ method: 'GET', url: pathOf(file.previewUrl) });
    expect(preview.statusCode).toBe(200);
    expect(preview.body).toBe(content);
    expect(preview.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(preview.headers['content-disposition']).toBe('inline; filename="data.txt"');

    const direct = await fetch(file.s3_direct_download_url, { headers: { range: 'bytes=10-' } });
    expect(direct.status).toBe(206);
    expect(await direct.text()).toBe('abcdefghij');
  });

  it('refuses a commit whose declared size is not the stored one and removes the object from the server', async () => {
    const presigned = (await presign({ filename: 'short.txt', size: 10 })).json().data;
    expect((await putToPresignedUrl(presigned.upload_url, 'short', presigned.contentType)).status).toBe(200);
    expect(storedFiles()).toEqual([presigned.storage_path]);
    const committed = await commit({ file_id: presigned.file_id, size: '10' });
    expect(committed.statusCode).toBe(400);
    expect(committed.json().message).toBe('The storage holds 5 B for this upload, not the 10 B declared; upload the file again');
    const never = (await presign({ filename: 'never.txt', size: 10 })).json().data;
    const missing = await commit({ file_id: never.file_id, size: '10' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('The storage holds no file for this upload; upload it again');
    expect(await c.fileRows()).toEqual([]);
    expect(storedFiles()).toEqual([]);
    expect(internalFiles()).toEqual([]);
  });

  it('upload-direct and the form upload store the bytes on the server and serve them back', async () => {
    const raw = Buffer.from([0, 1, 2, 255, 254, 10, 13, 0]);
    const direct = await c.inject({
      method: 'PUT',
      url: '/api/upload-direct/raw.bin?slug=raw-1',
      headers: { ...c.admin, 'content-type': 'application/octet-stream' },
      payload: raw,
    });
    expect(direct.statusCode).toBe(200);
    const form = formBody([
      ['s3_config_id', c.config.id],
      ['slug', 'form-1'],
      ['remark', 'form'],
      ['file', raw, 'photo.png'],
    ]);
    const posted = await c.inject({ method: 'POST', url: '/api/upload', headers: { ...c.admin, ...form.headers }, payload: form.payload });
    expect(posted.statusCode).toBe(200);
    expect(posted.json().data).toMatchObject({ slug: 'form-1', filename: 'photo.png', size: raw.length });

    const rows = await c.fileRows();
    expect(storedFiles()).toEqual(rows.map((row) => row.storage_path).sort());
    for (const row of rows) expect(onRemote(row.storage_path).equals(raw)).toBe(true);
    for (const slug of ['raw-1', 'form-1']) {
      const download = await c.inject({ method: 'GET', url: `/api/file-download/${slug}` });
      expect(download.statusCode).toBe(200);
      expect(download.rawPayload.equals(raw)).toBe(true);
    }
  });

  it('direct links (use_proxy=0) and the Office viewer fetch the bytes from the server through signed URLs', async () => {
    const direct = await c.inject({ method: 'PUT', url: '/api/upload-direct/d.txt?use_proxy=0', headers: c.admin, payload: 'direct' });
    const data = direct.json().data;
    expect(data.use_proxy).toBe(0);
    expect(data.downloadUrl).not.toContain('/api/file-download/');
    expect(await (await fetch(data.downloadUrl)).text()).toBe('direct');

    const office = await c.inject({ method: 'PUT', url: '/api/upload-direct/plan.xlsx?slug=plan', headers: c.admin, payload: 'PK-sheet' });
    expect(office.statusCode).toBe(200);
    const viewed = await c.inject({ method: 'GET', url: '/api/file-view/plan' });
    expect(viewed.statusCode).toBe(302);
    const src = new URL(viewed.headers.location as string).searchParams.get('src') as string;
    expect(await (await fetch(src)).text()).toBe('PK-sheet');
    const preview = await c.inject({ method: 'GET', url: '/api/office-preview/plan' });
    expect(preview.statusCode).toBe(200);
    expect(await (await fetch(preview.json().url)).text()).toBe('PK-sheet');
  });

  it('a password-protected share: info hides the links, verify opens it, downloads need the password', async () => {
    const view = await upload('secret.txt', 'hidden words', { password: 'open sesame' });
    const info = (await c.inject({ method: 'GET', url: `/api/public/files/${view.slug}` })).json().data;
    expect(info).toMatchObject({ requires_password: true });
    expect(info.previewUrl).toBeUndefined();
    const verify = (password: string) => c.inject({ method: 'POST', url: `/api/public/files/${view.slug}/verify`, payload: { password } });
    expect((await verify('wrong')).statusCode).toBe(401);
    const opened = await verify('open sesame');
    expect(opened.statusCode).toBe(200);
    expect((await c.inject({ method: 'GET', url: `/api/file-download/${view.slug}` })).statusCode).toBe(401);
    expect((await c.inject({ method: 'GET', url: `/api/file-download/${view.slug}?password=wrong` })).statusCode).toBe(403);
    // The link verify answers carries no password: it still asks for one.
    const link = await c.inject({ method: 'GET', url: pathOf(opened.json().data.proxy_download_url) });
    expect(link.statusCode).toBe(401);
    const withPassword = await c.inject({ method: 'GET', url: `/api/file-download/${view.slug}?password=open%20sesame` });
    expect(withPassword.statusCode).toBe(200);
    expect(withPassword.body).toBe('hidden words');
  });

  it('deleting a share removes its object on the server; a max_views share is removed from the server when used up', async () => {
    const kept = await upload('kept.txt', 'kept');
    const gone = await upload('gone.txt', 'gone');
    expect(storedFiles()).toEqual([kept.storage_path, gone.storage_path].sort());
    const sidecars = internalFiles().length;
    const deleted = await c.inject({ method: 'DELETE', url: `/api/admin/files/${gone.id}`, headers: c.admin });
    expect(deleted.statusCode).toBe(200);
    expect(storedFiles()).toEqual([kept.storage_path]);
    // Its metadata goes with it (when the driver keeps any).
    expect(internalFiles().length).toBe(sidecars === 0 ? 0 : sidecars - 1);
    expect((await c.inject({ method: 'GET', url: `/api/file-download/${gone.slug}` })).statusCode).toBe(404);

    const once = await upload('once.txt', 'once', { max_views: '1' });
    expect((await c.inject({ method: 'GET', url: `/api/public/files/${once.slug}` })).statusCode).toBe(200);
    expect((await c.inject({ method: 'GET', url: `/api/public/files/${once.slug}` })).statusCode).toBe(410);
    expect(storedFiles()).toEqual([kept.storage_path]);
    expect((await c.fileRows()).map((row) => row.id)).toEqual([kept.id]);
  });

  it('a cancelled or abandoned upload leaves nothing on the server', async () => {
    // A presigned upload whose PUT arrived, then the pending row deleted.
    const pending = (await presign({ filename: 'half.txt' })).json().data;
    expect((await putToPresignedUrl(pending.upload_url, 'partial', pending.contentType)).status).toBe(200);
    expect(storedFiles()).toHaveLength(1);
    expect((await c.inject({ method: 'DELETE', url: `/api/admin/files/${pending.file_id}`, headers: c.admin })).statusCode).toBe(200);
    expect(storedFiles()).toEqual([]);
    expect(internalFiles()).toEqual([]);

    // A client that goes away in the middle of its body, on the presigned URL and on upload-direct.
    const cut = (await presign({ filename: 'cut.bin', size: 200_000 })).json().data;
    await abandonedPut(cut.upload_url, { 'content-type': cut.contentType }, 200_000, 50_000);
    await abandonedPut(`${c.origin}/api/upload-direct/cut.bin`, c.admin, 200_000, 50_000);
    // The server notices the break and gives the upload's reservation back once it has cleaned up.
    while ((await c.t.container.db.selectFrom('upload_reservations').selectAll().execute()).length > 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const committed = await commit({ file_id: cut.file_id, size: '200000' });
    expect(committed.statusCode).toBe(400);
    expect(await c.fileRows()).toEqual([]);
    expect(await c.objectKeys()).toEqual([]);
    expect(storedFiles()).toEqual([]);
    expect(internalFiles()).toEqual([]);
  });

  it("a key holder's uploads stay within the config's quota; refused ones leave nothing on the server", async () => {
    await c.setStorageQuota(1000);
    const key = await c.key();
    const first = await upload('first.txt', 'x'.repeat(600), {}, key.headers);
    const over = await presign({ filename: 'second.txt', size: 500 }, { ...key.headers, ...EN });
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe('Insufficient storage: the file is 500 B, 400 B remaining, capacity 1000 B');

    // No size at presign: the URL takes at most what is left.
    const open = (await presign({ filename: 'open.bin' }, key.headers)).json().data;
    expect((await putToPresignedUrl(open.upload_url, Buffer.alloc(500), open.contentType)).status).toBe(400);
    expect((await c.inject({ method: 'DELETE', url: `/api/admin/files/${open.file_id}`, headers: c.admin })).statusCode).toBe(200);

    // A chunked upload-direct that grows past the quota while streaming.
    const streamed = await putChunked(`${c.origin}/api/upload-direct/stream.bin`, { ...key.headers }, 20, 100);
    expect(streamed.status).toBe(400);
    expect(storedFiles()).toEqual([first.storage_path]);
    expect((await c.fileRows()).map((row) => row.slug)).toEqual([first.slug]);

    // What is left still fits.
    const fits = await c.inject({ method: 'PUT', url: '/api/upload-direct/fits.txt', headers: key.headers, payload: 'y'.repeat(400) });
    expect(fits.statusCode).toBe(200);
    expect(storedFiles()).toHaveLength(2);
  });
});
