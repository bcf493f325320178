import { putChunked, putToPresignedUrl } from '../testing/file-share-helpers';
import { EN, localShareWithKeyForEachTest, MiB, objectBytes, storedBytes, uploadDirect } from '../testing/upload-guard-helpers';

/**
 * Regression tests of the "safe on the open internet" upload issue, against the real server: the
 * storage quota holds under parallel uploads (services/upload-reservations.ts), whether by
 * upload-direct, presigned URL or URL import.
 */

describe('the storage quota under parallel uploads', () => {
  const env = localShareWithKeyForEachTest(MiB);

  it('20 parallel 200 KB upload-direct calls into a 1 MiB quota store at most the quota; the rest get the localized 400', async () => {
    const body = new Uint8Array(200_000);
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        fetch(`${env.c.origin}/api/upload-direct/part-${index}.bin`, { method: 'PUT', headers: { ...env.key.headers, ...EN }, body }),
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
    expect(await storedBytes(env.c)).toBeLessThanOrEqual(MiB);
    expect(await objectBytes(env.c)).toBeLessThanOrEqual(MiB);
    expect(await env.c.t.container.db.selectFrom('upload_reservations').selectAll().execute()).toEqual([]);
  });

  it('parallel chunked upload-direct calls (no Content-Length) never store more than the quota either', async () => {
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        putChunked(
          `${env.c.origin}/api/upload-direct/chunked-${index}.bin`,
          { ...env.key.headers, 'content-type': 'application/octet-stream' },
          4,
          50_000,
        ),
      ),
    );
    const statuses = responses.map((response) => response.status);
    await Promise.all(responses.map((response) => response.arrayBuffer()));
    expect(statuses.every((status) => status === 200 || status === 400)).toBe(true);
    expect(statuses).toContain(200);
    expect(await storedBytes(env.c)).toBeLessThanOrEqual(MiB);
    expect(await objectBytes(env.c)).toBeLessThanOrEqual(MiB);
    // Everything reserved was given back: the space left is the quota minus what is stored.
    const left = await env.c.t.container.services.fileShares.limits.quota(env.c.config);
    expect(left.used).toBe(await storedBytes(env.c));
  });

  it('20 parallel presigns of 200 KB reserve at most the quota; committing and cancelling give the space back', async () => {
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        fetch(`${env.c.origin}/api/s3/presign`, {
          method: 'POST',
          headers: { ...env.key.headers, ...EN, 'content-type': 'application/json' },
          body: JSON.stringify({ s3_config_id: env.c.config.id, filename: `p-${index}.bin`, size: 200_000 }),
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
      const committed = await env.c.inject({
        method: 'POST',
        url: '/api/s3/commit',
        headers: env.key.headers,
        payload: { file_id: data.file_id, size: '200000' },
      });
      expect(committed.statusCode).toBe(200);
    }
    // The fifth is cancelled: its space is free again for a new upload.
    const last = granted[4]?.data as { file_id: string };
    expect((await env.c.inject({ method: 'DELETE', url: `/api/user/files/${last.file_id}`, headers: env.key.headers })).statusCode).toBe(
      200,
    );
    const again = await uploadDirect(env.c, env.key, 'after.bin', 200_000);
    expect(again.statusCode).toBe(200);
    expect(await storedBytes(env.c)).toBe(1_000_000);
  });

  it('URL import holds space from presign to commit and gives it back on cancel', async () => {
    const presign = () =>
      env.c.inject({
        method: 'POST',
        url: '/api/url/presign',
        headers: env.key.headers,
        payload: {
          url: 'https://example.com/source.bin',
          s3_config_id: env.c.config.id,
          metadata: { filename: 'source.bin', contentType: 'application/octet-stream', size: 600_000 },
        },
      });
    const first = await presign();
    expect(first.statusCode).toBe(200);
    const data = first.json().data as { file_id: string; upload_url: string; contentType: string };
    // The presign holds the space left (up to max_upload_size): a parallel upload does not fit.
    const parallel = await uploadDirect(env.c, env.key, 'parallel.bin', 600_000);
    expect(parallel.statusCode).toBe(400);
    expect((await putToPresignedUrl(data.upload_url, Buffer.alloc(600_000), data.contentType)).status).toBe(200);
    const committed = await env.c.inject({
      method: 'POST',
      url: '/api/url/commit',
      headers: env.key.headers,
      payload: { file_id: data.file_id },
    });
    expect(committed.statusCode).toBe(200);
    expect(await storedBytes(env.c)).toBe(600_000);

    // Cancel gives the space back.
    const second = (await presign()).json().data as { file_id: string };
    expect(
      (await env.c.inject({ method: 'POST', url: '/api/url/cancel', headers: env.key.headers, payload: { file_id: second.file_id } }))
        .statusCode,
    ).toBe(200);
    const fits = await uploadDirect(env.c, env.key, 'fits.bin', 400_000);
    expect(fits.statusCode).toBe(200);
    expect(await storedBytes(env.c)).toBe(1_000_000);
  });
});
