import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { pathOf, putPresignedParts, putToPresignedUrl } from '../testing/file-share-helpers';
import { REMOTE_KINDS, remoteShareContextForEachTest, type RemoteShareContext } from '../testing/remote-share-context';

/**
 * Issue 38: URL import into a WebDAV storage (a real `rclone serve webdav`) and an SFTP storage
 * (a real sshd). The source is a local HTTP server; what lands on the storage server is read from
 * its disk.
 */

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(3000, 9)]);
const TEXT = 'imported text line\n'.repeat(200);

describe.each(REMOTE_KINDS)('URL import into a %s storage', (kind) => {
  let source: http.Server;
  let origin: string;
  let c: RemoteShareContext;

  beforeAll(async () => {
    source = http.createServer((request, response) => {
      const body = request.url === '/logo.png' ? PNG : request.url === '/notes.txt' ? TEXT : undefined;
      if (body === undefined) {
        response.writeHead(404).end();
        return;
      }
      response.writeHead(200, {
        'content-type': request.url === '/logo.png' ? 'image/png' : 'text/plain',
        'content-length': String(Buffer.byteLength(body)),
      });
      response.end(request.method === 'HEAD' ? undefined : body);
    });
    await new Promise<void>((resolve) => source.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(source.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    source.closeAllConnections();
    await new Promise((resolve) => source.close(resolve));
  });

  remoteShareContextForEachTest(kind, (context) => {
    c = context;
  });

  beforeEach(async () => {
    await c.setSystemSettings({ url_import_allow_private: true });
  });

  const post = (url: string, payload: Record<string, unknown>, headers = c.admin) => c.inject({ method: 'POST', url, headers, payload });
  const onServer = () => c.remoteFiles().filter((name) => !name.startsWith('.cloudclip'));

  /** url/presign of `file` from the source, the browser's download through the proxy and PUT; answers the presign data. */
  async function importFile(file: string, headers = c.admin) {
    const presigned = await post('/api/url/presign', { url: `${origin}/${file}`, s3_config_id: c.config.id }, headers);
    expect(presigned.statusCode).toBe(200);
    const data = presigned.json().data;
    expect(data.provider_type).toBe(c.config.provider_type);
    const blob = await c.inject({ method: 'GET', url: `/api/url/proxy?url=${encodeURIComponent(`${origin}/${file}`)}` });
    expect(blob.statusCode).toBe(200);
    expect((await putToPresignedUrl(data.upload_url, blob.rawPayload, data.contentType)).status).toBe(200);
    return data as { file_id: string; slug: string; storage_path: string };
  }

  it('imports a file: its bytes land on the server, the share serves them (preview, download, range)', async () => {
    const data = await importFile('logo.png');
    const committed = await post('/api/url/commit', { file_id: data.file_id, size: String(PNG.length) });
    expect(committed.statusCode).toBe(200);
    expect(committed.json().data).toMatchObject({ mimetype: 'image/png', size: PNG.length });
    expect(onServer()).toEqual([data.storage_path]);
    expect(readFileSync(path.join(c.remoteDir, data.storage_path)).equals(PNG)).toBe(true);

    const info = (await c.inject({ method: 'GET', url: `/api/public/files/${data.slug}` })).json().data;
    const image = await c.inject({ method: 'GET', url: pathOf(info.previewUrl) });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(PNG)).toBe(true);
    const ranged = await c.inject({ method: 'GET', url: pathOf(info.downloadUrl), headers: { range: 'bytes=0-7' } });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.rawPayload.equals(PNG.subarray(0, 8))).toBe(true);
  });

  it('imports for a key holder with a password, and a cancelled import leaves nothing on the server', async () => {
    const key = await c.key();
    const data = await importFile('notes.txt', key.headers);
    const committed = await post('/api/url/commit', { file_id: data.file_id, password: 'pw', slug: 'imported' }, key.headers);
    expect(committed.statusCode).toBe(200);
    expect((await c.inject({ method: 'GET', url: '/api/file-download/imported' })).statusCode).toBe(401);
    expect((await c.inject({ method: 'GET', url: '/api/file-download/imported?password=pw' })).body).toBe(TEXT);

    const cancelled = await importFile('logo.png', key.headers);
    expect(onServer()).toHaveLength(2);
    expect((await post('/api/url/cancel', { file_id: cancelled.file_id }, key.headers)).statusCode).toBe(200);
    expect(onServer()).toEqual([data.storage_path]);
    expect((await c.fileRows()).map((row) => row.slug)).toEqual(['imported']);
  });

  it('refuses an import over the quota and leaves nothing on the server', async () => {
    await c.setStorageQuota(1000);
    const presigned = await post('/api/url/presign', {
      url: `${origin}/notes.txt`,
      s3_config_id: c.config.id,
      metadata: { filename: 'n.txt', contentType: 'text/plain' },
    });
    const data = presigned.json().data;
    expect((await putToPresignedUrl(data.upload_url, TEXT, data.contentType)).status).toBe(400);
    expect(onServer()).toEqual([]);
    expect((await post('/api/url/commit', { file_id: data.file_id })).statusCode).toBe(400);
    expect(await c.fileRows()).toEqual([]);
    expect(onServer()).toEqual([]);
  });

  it('a multipart URL import (init → part PUTs → complete) assembles the file on the server; abort leaves nothing', async () => {
    const partSize = 5 * 1024 * 1024;
    const content = Buffer.alloc(partSize + 1234, 5);
    content.write('the end', content.length - 7);
    const init = await post('/api/url/multipart/init', {
      url: `${origin}/big.bin`,
      s3_config_id: c.config.id,
      filename: 'big.bin',
      metadata: { filename: 'big.bin', contentType: 'application/octet-stream' },
      part_size: partSize,
      total_size: content.length,
    });
    expect(init.statusCode).toBe(200);
    const data = init.json().data;
    const parts = await putPresignedParts(data.presigned_urls as Array<{ partNumber: number; url: string }>, content, partSize);
    const completed = await post('/api/url/multipart/complete', { file_id: data.file_id, upload_id: data.upload_id, parts });
    expect(completed.statusCode).toBe(200);
    const [row] = await c.fileRows();
    expect(onServer()).toEqual([row?.storage_path]);
    expect(readFileSync(path.join(c.remoteDir, row?.storage_path as string)).equals(content)).toBe(true);
    const tail = await c.inject({ method: 'GET', url: `/api/file-download/${data.slug as string}`, headers: { range: 'bytes=-7' } });
    expect(tail.statusCode).toBe(206);
    expect(tail.body).toBe('the end');

    const second = (
      await post('/api/url/multipart/init', {
        url: `${origin}/x.bin`,
        s3_config_id: c.config.id,
        filename: 'x.bin',
        total_size: 10,
        metadata: { filename: 'x.bin', contentType: 'application/octet-stream' },
      })
    ).json().data;
    expect((await fetch(second.presigned_urls[0].url, { method: 'PUT', body: 'abcdefghij' })).status).toBe(200);
    const aborted = await post('/api/url/multipart/abort', { file_id: second.file_id, upload_id: second.upload_id });
    expect(aborted.statusCode).toBe(200);
    expect((await c.fileRows()).map((file) => file.id)).toEqual([row?.id]);
    expect(c.remoteFiles().filter((name) => !name.startsWith('.cloudclip/meta') && !name.startsWith('.cloudclip-internal/meta'))).toEqual([
      row?.storage_path,
    ]);
  });
});
