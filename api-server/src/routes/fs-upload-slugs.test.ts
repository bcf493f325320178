import type { LightMyRequestResponse } from 'fastify';
import { isShareSlug } from '@cloudclip/contract';
import { formBody, mountedFsWorldForEachTest, q, STORAGE_KINDS, type FsWorld, type Headers } from '../testing/fs-test-kit';

/** `M-` + 32 lower-case hex characters: 128 random bits. */
const UNGUESSABLE_FS_SLUG = /^M-[0-9a-f]{32}$/;

/**
 * Files uploaded through the mount explorer get a `files` row, and so a public share link. Its slug
 * must not be guessable: the old `M-` + 5 hex characters (1,048,576 values) let anyone enumerate
 * and download every such upload through /api/public/files and /api/file-download.
 */
describe.each(STORAGE_KINDS)('mount-explorer upload slugs on %s storage', (kind) => {
  let w: FsWorld;
  mountedFsWorldForEachTest(kind, (world) => {
    w = world;
  });

  const data = (response: LightMyRequestResponse) => response.json().data;
  const family = (headers: Headers) => (headers === w.admin ? 'admin' : 'user');

  async function formUpload(headers: Headers, name: string): Promise<string> {
    const form = formBody([
      ['path', '/m/'],
      ['file', `contents of ${name}`, name],
    ]);
    const response = await w.request({
      method: 'POST',
      url: `/api/${family(headers)}/fs/upload`,
      headers: { ...headers, ...form.headers },
      payload: form.payload,
    });
    expect(response.statusCode).toBe(200);
    return data(response).slug as string;
  }

  async function multipartUpload(headers: Headers, name: string): Promise<void> {
    const base = `/api/${family(headers)}/fs/multipart`;
    const init = data(await w.post(`${base}/init`, headers, { path: '/m/', filename: name }));
    const part = await w.request({
      method: 'POST',
      url: `${base}/part?path=${q('/m/')}&uploadId=${encodeURIComponent(init.uploadId)}&partNumber=1&isLastPart=true&key=${q(init.key)}`,
      headers: { ...headers, 'content-type': 'application/octet-stream' },
      payload: Buffer.from(`contents of ${name}`),
    });
    expect(part.statusCode).toBe(200);
    const complete = await w.post(`${base}/complete`, headers, {
      path: '/m/',
      uploadId: init.uploadId,
      key: init.key,
      parts: [data(part)],
    });
    expect(complete.statusCode).toBe(200);
  }

  async function presignUpload(headers: Headers, name: string): Promise<void> {
    const base = `/api/${family(headers)}/fs/presign`;
    const presigned = data(await w.post(base, headers, { path: '/m/', fileName: name, contentType: 'text/plain', fileSize: 4 }));
    // The client's PUT to the presigned URL, done here straight on the storage.
    await w.driver.putObject(presigned.s3Path, Buffer.from('data'), { contentType: 'text/plain' });
    const { presignedUrl: _url, ...rest } = presigned;
    const commit = await w.post(`${base}/commit`, headers, rest);
    expect(commit.statusCode).toBe(200);
  }

  it('gives every row an fs upload creates (form, multipart, presign/commit; admin and key) a slug of 128 random bits', async () => {
    const key = await w.key({ mount: true });
    for (const [who, headers] of [
      ['admin', w.admin],
      ['key', key],
    ] as const) {
      expect(await formUpload(headers, `form-${who}.txt`)).toMatch(UNGUESSABLE_FS_SLUG);
      await multipartUpload(headers, `multipart-${who}.txt`);
      await presignUpload(headers, `presign-${who}.txt`);
    }
    const rows = await w.t.container.db.selectFrom('files').select(['id', 'slug', 'filename']).orderBy('filename').execute();
    expect(rows.map((row) => row.filename)).toEqual([
      'form-admin.txt',
      'form-key.txt',
      'multipart-admin.txt',
      'multipart-key.txt',
      'presign-admin.txt',
      'presign-key.txt',
    ]);
    for (const row of rows) {
      expect(row.slug).toMatch(UNGUESSABLE_FS_SLUG);
      expect(isShareSlug(row.slug)).toBe(true);
      // Not derived from the row id (which the presign client chooses and the admin lists show).
      expect(row.slug.slice(2, 7)).not.toBe(row.id.replace(/-/g, '').slice(0, 5));
    }
    expect(new Set(rows.map((row) => row.slug)).size).toBe(rows.length);
  });

  it('leaves nothing for a guess in the old M-xxxxx format, while the real link still works', async () => {
    await formUpload(w.admin, 'secret.txt');
    const [row] = await w.t.container.db.selectFrom('files').select(['id', 'slug']).execute();
    if (!row) throw new Error('no row');
    // The attacker's guesses: `M-` + 5 hex characters, among them the two the row's id and slug start with.
    const guesses = new Set([`M-${row.id.replace(/-/g, '').slice(0, 5)}`, row.slug.slice(0, 7)]);
    for (let n = 0; n < 64; n += 1) guesses.add(`M-${(n * 16411).toString(16).padStart(5, '0').slice(-5)}`);
    for (const guess of guesses) {
      expect((await w.get(`/api/public/files/${guess}`, {})).statusCode).toBe(404);
      expect((await w.get(`/api/file-download/${guess}`, {})).statusCode).toBe(404);
    }
    const short = await w.t.container.db
      .selectFrom('files')
      .select('slug')
      .where('slug', 'like', 'M-%')
      .execute()
      .then((found) => found.filter((candidate) => candidate.slug.length <= 7));
    expect(short).toEqual([]);
    // The owner's link (the full slug) is a normal file share.
    expect((await w.get(`/api/public/files/${row.slug}`, {})).statusCode).toBe(200);
    const download = await w.get(`/api/file-download/${row.slug}`, {});
    expect(download.statusCode).toBe(200);
    expect(download.body).toBe('contents of secret.txt');
  });
});
