import http from 'node:http';
import { putToPresignedUrl } from '../testing/file-share-helpers';
import { bearer, createTestApp, loginAsAdmin, makeTempDir, removeTempDir } from '../testing/test-app';
import { EN, localShareWithKeyForEachTest, MiB, storedBytes, streamingPut, uploadDirect } from '../testing/upload-guard-helpers';

/** Space reservations (services/upload-reservations.ts) of URL imports and broken uploads, and their cleanup. */

describe('reservations of multipart URL imports, broken uploads and stale entries', () => {
  const env = localShareWithKeyForEachTest(MiB);

  const reservations = () => env.c.t.container.db.selectFrom('upload_reservations').selectAll().execute();
  const initMultipart = (filename = 'big.bin', totalSize = 600_000, partSize = 5 * MiB) =>
    env.c.inject({
      method: 'POST',
      url: '/api/url/multipart/init',
      headers: env.key.headers,
      payload: {
        url: `https://example.com/${filename}`,
        s3_config_id: env.c.config.id,
        metadata: { filename, contentType: 'application/octet-stream', size: totalSize },
        part_size: partSize,
        total_size: totalSize,
      },
    });

  it('URL multipart holds the total size from init; complete settles the real size, abort gives it back', async () => {
    const init = await initMultipart();
    expect(init.statusCode).toBe(200);
    const data = init.json().data as { file_id: string; upload_id: string; presigned_urls: Array<{ partNumber: number; url: string }> };
    expect((await reservations()).map((row) => [row.file_id, Number(row.bytes)])).toEqual([[data.file_id, 600_000]]);
    // A parallel upload that would not fit next to it is refused.
    const parallel = await uploadDirect(env.c, env.key, 'parallel.bin', 500_000);
    expect(parallel.statusCode).toBe(400);

    const part = data.presigned_urls[0] as { partNumber: number; url: string };
    const put = await fetch(part.url, { method: 'PUT', body: new Uint8Array(600_000) });
    expect(put.status).toBe(200);
    const completed = await env.c.inject({
      method: 'POST',
      url: '/api/url/multipart/complete',
      headers: env.key.headers,
      payload: { file_id: data.file_id, upload_id: data.upload_id, parts: [{ partNumber: 1, etag: put.headers.get('etag') }] },
    });
    expect(completed.statusCode).toBe(200);
    expect(await reservations()).toEqual([]);
    expect(await storedBytes(env.c)).toBe(600_000);

    const second = (await initMultipart()).json().data as { file_id: string; upload_id: string };
    expect(await reservations()).toHaveLength(1);
    const aborted = await env.c.inject({
      method: 'POST',
      url: '/api/url/multipart/abort',
      headers: env.key.headers,
      payload: { file_id: second.file_id, upload_id: second.upload_id },
    });
    expect(aborted.statusCode).toBe(200);
    expect(await reservations()).toEqual([]);
    expect(await storedBytes(env.c)).toBe(600_000);
  });

  it('a local part URL of a URL multipart upload takes at most the part size', async () => {
    const init = await initMultipart('parts.bin', 150_000, 100_000);
    expect(init.statusCode).toBe(200);
    const [first] = init.json().data.presigned_urls as Array<{ partNumber: number; url: string }>;
    if (!first) throw new Error('no part URL');
    const declared = await streamingPut(first.url, 200 * MiB, { 'content-length': String(200 * MiB), ...EN }, true);
    expect(declared.status).toBe(400);
    expect(declared.bytesSent).toBe(0);
    expect(JSON.parse(declared.body).message).toBe('The upload is larger than this upload URL allows (97.66 KB)');
    expect((await fetch(first.url, { method: 'PUT', body: new Uint8Array(100_001) })).status).toBe(400);
    expect((await fetch(first.url, { method: 'PUT', body: new Uint8Array(100_000) })).status).toBe(200);
  });

  it('an upload-direct whose client goes away gives its reservation back and leaves nothing', async () => {
    const { port } = new URL(env.c.origin);
    const request = http.request({
      host: '127.0.0.1',
      port,
      path: '/api/upload-direct/broken.bin',
      method: 'PUT',
      headers: { ...env.key.headers, 'content-type': 'application/octet-stream', 'content-length': String(800_000) },
    });
    request.on('error', () => undefined);
    request.write(Buffer.alloc(100_000));
    for (let waited = 0; (await reservations()).length === 0 && waited < 5000; waited += 50) await new Promise((r) => setTimeout(r, 50));
    expect((await reservations()).map((row) => Number(row.bytes))).toEqual([800_000]);
    request.destroy();
    for (let waited = 0; (await reservations()).length > 0 && waited < 5000; waited += 50) await new Promise((r) => setTimeout(r, 50));
    expect(await reservations()).toEqual([]);
    expect(await env.c.fileRows()).toEqual([]);
    expect(await env.c.objectKeys()).toEqual([]);
  });

  it('does not count a reservation past its expiry, and drops it at the next reservation', async () => {
    await env.c.t.container.db
      .insertInto('upload_reservations')
      .values({
        id: 'stale',
        storage_config_id: env.c.config.id,
        file_id: null,
        storage_path: null,
        upload_id: null,
        bytes: 900_000,
        body_claimed: 0,
        created_by: null,
        created_at: '2020-01-01T00:00:00.000Z',
        expires_at: '2020-01-01T01:00:00.000Z',
      })
      .execute();
    expect((await env.c.t.container.services.fileShares.limits.quota(env.c.config)).used).toBe(0);
    const upload = await uploadDirect(env.c, env.key, 'fits.bin', 900_000);
    expect(upload.statusCode).toBe(200);
    expect(await reservations()).toEqual([]);
  });
});

describe('start-up cleanup of unfinished uploads', () => {
  it('removes pending presigned rows, their objects and every reservation left by the previous run', async () => {
    const dataDir = makeTempDir();
    try {
      const first = await createTestApp({ dataDir });
      await first.app.listen({ port: 0, host: '127.0.0.1' });
      const address = first.app.server.address();
      if (address === null || typeof address === 'string') throw new Error('no port');
      const admin = bearer(await loginAsAdmin(first.app));
      const [config] = await first.container.repositories.storageConfigs.listPublic();
      if (!config) throw new Error('no default local storage');
      const presign = async (filename: string) =>
        (
          await first.app.inject({
            method: 'POST',
            url: '/api/s3/presign',
            headers: { ...admin, host: `127.0.0.1:${address.port}` },
            payload: { s3_config_id: config.id, filename, size: 10 },
          })
        ).json().data as { file_id: string; upload_url: string; contentType: string; storage_path: string };
      const committed = await presign('kept.txt');
      expect((await putToPresignedUrl(committed.upload_url, '0123456789', committed.contentType)).status).toBe(200);
      expect(
        (await first.app.inject({ method: 'POST', url: '/api/s3/commit', headers: admin, payload: { file_id: committed.file_id } }))
          .statusCode,
      ).toBe(200);
      const pending = await presign('pending.txt');
      expect((await putToPresignedUrl(pending.upload_url, 'abcdefghij', pending.contentType)).status).toBe(200);
      const untouched = await presign('untouched.txt');
      const driver = first.container.services.storageConfigs.driverFor(config);
      expect(await driver.headObject(pending.storage_path)).not.toBeNull();
      expect(await first.container.db.selectFrom('upload_reservations').selectAll().execute()).toHaveLength(2);
      await first.close();

      const second = await createTestApp({ dataDir });
      try {
        const db = second.container.db;
        expect(await db.selectFrom('upload_reservations').selectAll().execute()).toEqual([]);
        const ids = (await db.selectFrom('files').select('id').execute()).map((row) => row.id);
        expect(ids).toEqual([committed.file_id]);
        expect(ids).not.toContain(untouched.file_id);
        const secondDriver = second.container.services.storageConfigs.driverFor(config);
        expect(await secondDriver.headObject(pending.storage_path)).toBeNull();
        expect((await secondDriver.headObject(committed.storage_path))?.size).toBe(10);
      } finally {
        await second.close();
      }
    } finally {
      removeTempDir(dataDir);
    }
  });
});
