import http from 'node:http';
import {
  createShareContext,
  putChunked,
  putToPresignedUrl,
  shareContextForEachTest,
  type ShareTestContext,
} from '../testing/file-share-helpers';
import { bearer, createTestApp, freshForEachTest, loginAsAdmin, makeTempDir, removeTempDir } from '../testing/test-app';

/**
 * Regression tests of the "safe on the open internet" upload issue, against the real server:
 * a presigned upload URL accepts one body of at most the presigned size, and the storage quota
 * holds under parallel uploads (services/upload-reservations.ts).
 */

const MiB = 1024 * 1024;
const EN = { 'accept-language': 'en-US' };

interface StreamingPutResult {
  /** 0 when the connection broke before an answer was read (the server cut the body off). */
  status: number;
  body: string;
  /** Body bytes written before the answer (or the break). */
  bytesSent: number;
  error?: string;
}

/**
 * PUTs `total` bytes in 64 KiB chunks to `url` without holding them in memory and stops once
 * answered. `headersFirst`: the headers go out alone and the body only follows when no answer
 * came within a second (an answer from the headers alone then shows nothing was read).
 */
function streamingPut(url: string, total: number, headers: Record<string, string>, headersFirst = false): Promise<StreamingPutResult> {
  return new Promise((resolve) => {
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    let bytesSent = 0;
    let answered = false;
    const request = http.request(url, { method: 'PUT', headers }, (response) => {
      answered = true;
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (part: string) => (body += part));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body, bytesSent }));
    });
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (!answered) resolve({ status: 0, body: '', bytesSent, error: error.code ?? error.message });
    });
    const pump = (): void => {
      while (!answered && !request.destroyed && bytesSent < total) {
        const size = Math.min(chunk.length, total - bytesSent);
        bytesSent += size;
        if (!request.write(size === chunk.length ? chunk : chunk.subarray(0, size))) {
          request.once('drain', pump);
          return;
        }
      }
      if (!answered && !request.destroyed) request.end();
    };
    if (headersFirst) {
      request.flushHeaders();
      setTimeout(pump, 1000);
    } else {
      pump();
    }
  });
}

async function storedBytes(c: ShareTestContext): Promise<number> {
  return (await c.fileRows()).reduce((sum, row) => sum + Number(row.size), 0);
}

async function objectBytes(c: ShareTestContext): Promise<number> {
  let total = 0;
  for (const key of await c.objectKeys()) total += (await c.driver.headObject(key))?.size ?? 0;
  return total;
}

/** The running test's context and its file API key (see localShareWithKeyForEachTest). */
let c: ShareTestContext;
let key: { id: string; headers: Record<string, string> };

/** Gives each test of the calling suite a fresh local-driver `c` and `key`, with a storage quota when given. */
function localShareWithKeyForEachTest(quotaBytes?: number): void {
  freshForEachTest(
    () => createShareContext('local'),
    async (context) => {
      c = context;
      key = await c.key();
      if (quotaBytes !== undefined) await c.setStorageQuota(quotaBytes);
    },
  );
}

/** upload-direct of `bytes` zero bytes as `name` with the test's key. */
function uploadDirect(name: string, bytes: number) {
  return c.inject({
    method: 'PUT',
    url: `/api/upload-direct/${name}`,
    headers: { ...key.headers, 'content-type': 'application/octet-stream' },
    payload: Buffer.alloc(bytes),
  });
}

describe('a presigned local upload URL', () => {
  localShareWithKeyForEachTest();

  async function presign(size: number | undefined, filename = 'ten.txt') {
    const response = await c.inject({
      method: 'POST',
      url: '/api/s3/presign',
      headers: key.headers,
      payload: { s3_config_id: c.config.id, filename, ...(size === undefined ? {} : { size }) },
    });
    expect(response.statusCode).toBe(200);
    return response.json().data as { file_id: string; upload_url: string; contentType: string; slug: string };
  }

  async function commit(fileId: string, size: number) {
    return c.inject({ method: 'POST', url: '/api/s3/commit', headers: key.headers, payload: { file_id: fileId, size: String(size) } });
  }

  it('refuses a declared Content-Length above the presigned size before reading the body (400, localized)', async () => {
    const presigned = await presign(10);
    const result = await streamingPut(
      presigned.upload_url,
      150 * MiB,
      {
        'content-type': presigned.contentType,
        'content-length': String(150 * MiB),
        ...EN,
      },
      true,
    );
    expect(result.status).toBe(400);
    expect(JSON.parse(result.body)).toMatchObject({
      code: 400,
      success: false,
      message: 'The upload is larger than this upload URL allows (10 B)',
    });
    // Answered from the headers alone: not one byte of the body was sent.
    expect(result.bytesSent).toBe(0);
    expect(await c.objectKeys()).toEqual([]);
  });

  it('cuts a chunked body at the presigned size and stores nothing', async () => {
    const presigned = await presign(10);
    const result = await streamingPut(presigned.upload_url, 150 * MiB, {
      'content-type': presigned.contentType,
      'transfer-encoding': 'chunked',
    });
    // The 400 answer, or (the server closes the connection after it) a break before the client read it.
    if (result.status === 0) expect(['EPIPE', 'ECONNRESET']).toContain(result.error);
    else expect(result.status).toBe(400);
    expect(await c.objectKeys()).toEqual([]);
    // The URL was not used up by the refused body: the real file still goes through.
    expect((await putToPresignedUrl(presigned.upload_url, '0123456789', presigned.contentType)).status).toBe(200);
  });

  it('takes one body: a second PUT is refused (409), so is any PUT after the commit, and the share serves the committed 10 bytes', async () => {
    const presigned = await presign(10);
    expect((await putToPresignedUrl(presigned.upload_url, '0123456789', presigned.contentType)).status).toBe(200);
    const again = await putToPresignedUrl(presigned.upload_url, 'abcdefghij', presigned.contentType, EN);
    expect(again.status).toBe(409);
    expect(((await again.json()) as { message: string }).message).toBe(
      'This upload URL was already used, or its upload was committed, cancelled or has expired',
    );

    const committed = await commit(presigned.file_id, 10);
    expect(committed.statusCode).toBe(200);
    expect(committed.json().data.size).toBe(10);

    // The attack of the issue: 150 MB to the same URL after the commit.
    const big = await streamingPut(
      presigned.upload_url,
      150 * MiB,
      {
        'content-type': presigned.contentType,
        'content-length': String(150 * MiB),
      },
      true,
    );
    expect(big.status).toBe(400);
    expect(big.bytesSent).toBe(0);
    const small = await putToPresignedUrl(presigned.upload_url, 'ABCDEFGHIJ', presigned.contentType);
    expect(small.status).toBe(409);

    const download = await fetch(`${c.origin}/api/file-download/${presigned.slug}`);
    expect(download.status).toBe(200);
    expect(await download.text()).toBe('0123456789');
    expect(await objectBytes(c)).toBe(10);
  });

  it('refuses a PUT once the pending upload is cancelled (row deleted)', async () => {
    const presigned = await presign(10);
    expect((await c.inject({ method: 'DELETE', url: `/api/user/files/${presigned.file_id}`, headers: key.headers })).statusCode).toBe(200);
    expect((await putToPresignedUrl(presigned.upload_url, '0123456789', presigned.contentType)).status).toBe(409);
    expect(await c.objectKeys()).toEqual([]);
  });

  it('keeps the signed size: a URL whose max was changed is refused (403)', async () => {
    const presigned = await presign(10);
    const tampered = presigned.upload_url.replace(/([?&]max=)10(&|$)/, '$1999999999$2');
    expect(tampered).not.toBe(presigned.upload_url);
    expect((await putToPresignedUrl(tampered, 'x'.repeat(100), presigned.contentType)).status).toBe(403);
  });
});

describe('the storage quota under parallel uploads', () => {
  localShareWithKeyForEachTest(MiB);

  it('20 parallel 200 KB upload-direct calls into a 1 MiB quota store at most the quota; the rest get the localized 400', async () => {
    const body = new Uint8Array(200_000);
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        fetch(`${c.origin}/api/upload-direct/part-${index}.bin`, { method: 'PUT', headers: { ...key.headers, ...EN }, body }),
      ),
    );
    const statuses = responses.map((response) => response.status);
    const bodies = (await Promise.all(responses.map((response) => response.json()))) as Array<{ message: string }>;
    const accepted = statuses.filter((status) => status === 200).length;
    expect(accepted).toBe(5); // 5 × 200 000 ≤ 1 048 576 < 6 × 200 000
    bodies
      .filter((_, index) => statuses[index] !== 200)
      .forEach((refused, index) => {
        expect(statuses.filter((status) => status !== 200)[index]).toBe(400);
        expect(refused.message).toMatch(/^Insufficient storage: the file is 195\.31 KB, .* remaining, capacity 1 MB$/);
      });
    expect(await storedBytes(c)).toBeLessThanOrEqual(MiB);
    expect(await objectBytes(c)).toBeLessThanOrEqual(MiB);
    expect(await c.t.container.db.selectFrom('upload_reservations').selectAll().execute()).toEqual([]);
  });

  it('parallel chunked upload-direct calls (no Content-Length) never store more than the quota either', async () => {
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        putChunked(
          `${c.origin}/api/upload-direct/chunked-${index}.bin`,
          { ...key.headers, 'content-type': 'application/octet-stream' },
          4,
          50_000,
        ),
      ),
    );
    const statuses = responses.map((response) => response.status);
    await Promise.all(responses.map((response) => response.arrayBuffer()));
    expect(statuses.every((status) => status === 200 || status === 400)).toBe(true);
    expect(statuses).toContain(200);
    expect(await storedBytes(c)).toBeLessThanOrEqual(MiB);
    expect(await objectBytes(c)).toBeLessThanOrEqual(MiB);
    // Everything reserved was given back: the space left is the quota minus what is stored.
    const left = await c.t.container.services.fileShares.limits.quota(c.config);
    expect(left.used).toBe(await storedBytes(c));
  });

  it('20 parallel presigns of 200 KB reserve at most the quota; committing and cancelling give the space back', async () => {
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        fetch(`${c.origin}/api/s3/presign`, {
          method: 'POST',
          headers: { ...key.headers, ...EN, 'content-type': 'application/json' },
          body: JSON.stringify({ s3_config_id: c.config.id, filename: `p-${index}.bin`, size: 200_000 }),
        }),
      ),
    );
    const bodies = (await Promise.all(responses.map((response) => response.json()))) as Array<{
      code: number;
      message: string;
      data: { file_id: string; upload_url: string; contentType: string } | null;
    }>;
    const granted = bodies.filter((body) => body.code === 200);
    expect(granted).toHaveLength(5);
    for (const refused of bodies.filter((body) => body.code !== 200)) {
      expect(refused.code).toBe(400);
      expect(refused.message).toMatch(/^Insufficient storage/);
    }

    // Each granted upload goes through in full: its space was held for it.
    for (const body of granted.slice(0, 4)) {
      const data = body.data as { file_id: string; upload_url: string; contentType: string };
      expect((await putToPresignedUrl(data.upload_url, Buffer.alloc(200_000), data.contentType)).status).toBe(200);
      const committed = await c.inject({
        method: 'POST',
        url: '/api/s3/commit',
        headers: key.headers,
        payload: { file_id: data.file_id, size: '200000' },
      });
      expect(committed.statusCode).toBe(200);
    }
    // The fifth is cancelled: its space is free again for a new upload.
    const last = granted[4]?.data as { file_id: string };
    expect((await c.inject({ method: 'DELETE', url: `/api/user/files/${last.file_id}`, headers: key.headers })).statusCode).toBe(200);
    const again = await uploadDirect('after.bin', 200_000);
    expect(again.statusCode).toBe(200);
    expect(await storedBytes(c)).toBe(1_000_000);
  });

  it('URL import holds space from presign to commit and gives it back on cancel', async () => {
    const presign = () =>
      c.inject({
        method: 'POST',
        url: '/api/url/presign',
        headers: key.headers,
        payload: {
          url: 'https://example.com/source.bin',
          s3_config_id: c.config.id,
          metadata: { filename: 'source.bin', contentType: 'application/octet-stream', size: 600_000 },
        },
      });
    const first = await presign();
    expect(first.statusCode).toBe(200);
    const data = first.json().data as { file_id: string; upload_url: string; contentType: string };
    // The presign holds the space left (up to max_upload_size): a parallel upload does not fit.
    const parallel = await uploadDirect('parallel.bin', 600_000);
    expect(parallel.statusCode).toBe(400);
    expect((await putToPresignedUrl(data.upload_url, Buffer.alloc(600_000), data.contentType)).status).toBe(200);
    const committed = await c.inject({ method: 'POST', url: '/api/url/commit', headers: key.headers, payload: { file_id: data.file_id } });
    expect(committed.statusCode).toBe(200);
    expect(await storedBytes(c)).toBe(600_000);

    // Cancel gives the space back.
    const second = (await presign()).json().data as { file_id: string };
    expect(
      (await c.inject({ method: 'POST', url: '/api/url/cancel', headers: key.headers, payload: { file_id: second.file_id } })).statusCode,
    ).toBe(200);
    const fits = await uploadDirect('fits.bin', 400_000);
    expect(fits.statusCode).toBe(200);
    expect(await storedBytes(c)).toBe(1_000_000);
  });
});

describe('reservations of multipart URL imports, broken uploads and stale entries', () => {
  localShareWithKeyForEachTest(MiB);

  const reservations = () => c.t.container.db.selectFrom('upload_reservations').selectAll().execute();
  const initMultipart = (filename = 'big.bin', totalSize = 600_000, partSize = 5 * MiB) =>
    c.inject({
      method: 'POST',
      url: '/api/url/multipart/init',
      headers: key.headers,
      payload: {
        url: `https://example.com/${filename}`,
        s3_config_id: c.config.id,
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
    const parallel = await uploadDirect('parallel.bin', 500_000);
    expect(parallel.statusCode).toBe(400);

    const part = data.presigned_urls[0] as { partNumber: number; url: string };
    const put = await fetch(part.url, { method: 'PUT', body: new Uint8Array(600_000) });
    expect(put.status).toBe(200);
    const completed = await c.inject({
      method: 'POST',
      url: '/api/url/multipart/complete',
      headers: key.headers,
      payload: { file_id: data.file_id, upload_id: data.upload_id, parts: [{ partNumber: 1, etag: put.headers.get('etag') }] },
    });
    expect(completed.statusCode).toBe(200);
    expect(await reservations()).toEqual([]);
    expect(await storedBytes(c)).toBe(600_000);

    const second = (await initMultipart()).json().data as { file_id: string; upload_id: string };
    expect(await reservations()).toHaveLength(1);
    const aborted = await c.inject({
      method: 'POST',
      url: '/api/url/multipart/abort',
      headers: key.headers,
      payload: { file_id: second.file_id, upload_id: second.upload_id },
    });
    expect(aborted.statusCode).toBe(200);
    expect(await reservations()).toEqual([]);
    expect(await storedBytes(c)).toBe(600_000);
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
    const { port } = new URL(c.origin);
    const request = http.request({
      host: '127.0.0.1',
      port,
      path: '/api/upload-direct/broken.bin',
      method: 'PUT',
      headers: { ...key.headers, 'content-type': 'application/octet-stream', 'content-length': String(800_000) },
    });
    request.on('error', () => undefined);
    request.write(Buffer.alloc(100_000));
    for (let waited = 0; (await reservations()).length === 0 && waited < 5000; waited += 50) await new Promise((r) => setTimeout(r, 50));
    expect((await reservations()).map((row) => Number(row.bytes))).toEqual([800_000]);
    request.destroy();
    for (let waited = 0; (await reservations()).length > 0 && waited < 5000; waited += 50) await new Promise((r) => setTimeout(r, 50));
    expect(await reservations()).toEqual([]);
    expect(await c.fileRows()).toEqual([]);
    expect(await c.objectKeys()).toEqual([]);
  });

  it('does not count a reservation past its expiry, and drops it at the next reservation', async () => {
    await c.t.container.db
      .insertInto('upload_reservations')
      .values({
        id: 'stale',
        storage_config_id: c.config.id,
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
    expect((await c.t.container.services.fileShares.limits.quota(c.config)).used).toBe(0);
    const upload = await uploadDirect('fits.bin', 900_000);
    expect(upload.statusCode).toBe(200);
    expect(await reservations()).toEqual([]);
  });
});

describe('presigned S3 uploads', () => {
  shareContextForEachTest('s3', (context) => {
    c = context;
  });

  it('sign the declared Content-Length; an object larger than presigned is refused at commit and deleted', async () => {
    const presigned = await c.inject({
      method: 'POST',
      url: '/api/s3/presign',
      headers: c.admin,
      payload: { s3_config_id: c.config.id, filename: 'ten.txt', size: 10 },
    });
    const data = presigned.json().data as { file_id: string; upload_url: string; contentType: string };
    const signedHeaders = new URL(data.upload_url).searchParams.get('X-Amz-SignedHeaders') ?? '';
    expect(signedHeaders.split(';')).toEqual(expect.arrayContaining(['content-length', 'content-type', 'host']));

    // A real S3 refuses this body (signature mismatch); s3rver does not check signatures, so the
    // commit is the line of defence here: the stored 150 bytes exceed the 10 reserved. (The commit
    // declares no size: a declared 10 would be refused first as not the stored size.)
    const put = await putToPresignedUrl(data.upload_url, 'x'.repeat(150), data.contentType);
    if (put.status === 200) {
      const committed = await c.inject({
        method: 'POST',
        url: '/api/s3/commit',
        headers: { ...c.admin, ...EN },
        payload: { file_id: data.file_id },
      });
      expect(committed.statusCode).toBe(400);
      expect(committed.json().message).toBe('The uploaded file (150 B) is larger than the 10 B reserved for this upload');
    } else {
      expect(put.status).toBe(403);
    }
    expect(await c.fileRows()).toEqual([]);
    expect(await c.objectKeys()).toEqual([]);
  });

  it('a presign without size signs no length (the commit checks the stored size)', async () => {
    const presigned = await c.inject({
      method: 'POST',
      url: '/api/s3/presign',
      headers: c.admin,
      payload: { s3_config_id: c.config.id, filename: 'any.txt' },
    });
    const url = new URL(presigned.json().data.upload_url as string);
    expect(url.searchParams.get('X-Amz-SignedHeaders')?.split(';')).not.toContain('content-length');
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
