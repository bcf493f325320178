import { createHash } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { createFsWorld, type FsWorld, type Headers } from '../testing/fs-test-kit';
import { s3rverForSuite } from '../testing/s3rver-server';
import { TEST_ADMIN } from '../testing/test-app';
import { s3WriteOf } from './dav-uploads';

/**
 * `webdav_upload_mode` on an S3 mount (s3rver): which way a PUT body reaches the bucket (one PUT
 * or a multipart upload, as s3rver reports the object's creation), and every mode stores the same
 * bytes.
 */

const MB = 1024 * 1024;

describe('s3WriteOf', () => {
  it.each([
    ['auto', 5 * MB, 'single'],
    ['auto', 10 * MB, 'multipart'],
    ['auto', undefined, 'multipart'],
    ['direct', 50 * MB, 'single'],
    ['direct', undefined, 'multipart'],
    ['multipart', 1, 'multipart'],
    ['proxy', undefined, 'spool'],
    ['proxy', 50 * MB, 'spool'],
  ] as const)('%s with a length of %s bytes → %s', (mode, length, expected) => {
    expect(s3WriteOf(mode, length)).toBe(expected);
  });
});

describe('WebDAV PUT on S3 by upload mode', () => {
  const s3 = s3rverForSuite(true);
  let w: FsWorld;
  const admin: Headers = { authorization: `Basic ${Buffer.from(`${TEST_ADMIN.username}:${TEST_ADMIN.password}`).toString('base64')}` };
  const body = Buffer.alloc(12 * MB);
  for (let index = 0; index < body.length; index += 4096) body[index] = index % 251;
  const digest = createHash('sha256').update(body).digest('hex');

  beforeEach(async () => {
    w = await createFsWorld('s3rver', s3());
    await w.mount('/s3');
  });

  afterEach(async () => {
    await w.close();
  });

  const setMode = async (mode: string) =>
    expect(
      (
        await w.request({
          method: 'PUT',
          url: '/api/admin/system-settings',
          headers: { ...w.admin, 'content-type': 'application/json' },
          payload: JSON.stringify({ webdav_upload_mode: mode }),
        })
      ).statusCode,
    ).toBe(200);

  const put = (name: string, payload: Buffer): Promise<LightMyRequestResponse> =>
    w.request({ method: 'PUT', url: `/dav/s3/${name}`, headers: admin, payload });

  // s3rver reports a completed multipart upload (a POST …?uploadId=) as ObjectCreated:Post.
  const MULTIPART = 'ObjectCreated:Post';
  const howCreated = (key: string) =>
    s3()
      ?.created.filter((entry) => entry.key === key)
      .map((entry) => entry.event);

  it.each([
    ['auto', MULTIPART],
    ['multipart', MULTIPART],
    ['direct', 'ObjectCreated:Put'],
    ['proxy', 'ObjectCreated:Put'],
  ])('%s stores 12 MB (%s) and reads it back identical', async (mode, event) => {
    await setMode(mode);
    const stored = await put(`${mode}.bin`, body);
    expect(stored.statusCode).toBe(201);
    expect(howCreated(`${mode}.bin`)).toEqual([event]);
    const read = await w.request({ method: 'GET', url: `/dav/s3/${mode}.bin`, headers: admin });
    expect(read.statusCode).toBe(200);
    expect(createHash('sha256').update(read.rawPayload).digest('hex')).toBe(digest);
  });

  it('auto sends a small body in one request', async () => {
    await setMode('auto');
    const stored = await put('small.bin', body.subarray(0, MB));
    expect(stored.statusCode).toBe(201);
    expect(howCreated('small.bin')).toEqual(['ObjectCreated:Put']);
  });
});
