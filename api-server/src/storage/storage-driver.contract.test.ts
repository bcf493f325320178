import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { StorageConfigRow } from '../db/schema';
import { createTestApp, removeTempDir } from '../testing/test-app';
import { startS3rver, type S3rverHandle } from '../testing/s3rver-server';
import { S3StorageDriver, STREAM_PART_SIZE } from './s3-driver';
import { isStorageError, listAllPages, StorageError, type StorageDriver } from './storage-driver';
import { bearer, loginAsAdmin, TEST_ADMIN, type TestApp } from '../testing/test-app';
import { createFsWorld } from '../testing/fs-test-kit';
import { readAll } from '../testing/fs-test-streams';
import { createSftpConfig, createWebDavConfig } from '../testing/remote-storage-configs';
import { startRcloneWebDav } from '../testing/rclone-webdav-server';
import { startSshd } from '../testing/sshd-server';

/**
 * One behaviour, every driver: every test here runs against the local driver (served by a real,
 * listening api-server for its presigned URLs), the S3 driver talking to a real s3rver, the
 * WebDAV driver on rclone serve webdav and on a second Cloudclip's /dav, and the SFTP driver on a
 * real sshd.
 */

interface Harness {
  driver: StorageDriver;
  /** Origin for presigned URLs (the api-server for the local driver). */
  urlBase?: string;
  close(): Promise<void>;
}

/** Starts `app` listening on a free loopback port and returns the port. */
async function listenOnLoopback(app: FastifyInstance): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return address.port;
}

/**
 * The driver of the storage config `configOf` picks in a new, listening api-server (which serves
 * the config's presigned URLs); closing it also runs `stopServer`, which ends a storage server.
 */
async function appHarness(
  configOf: (t: TestApp) => Promise<StorageConfigRow | null | undefined>,
  stopServer: () => Promise<void> = async () => undefined,
): Promise<Harness> {
  const t = await createTestApp();
  const port = await listenOnLoopback(t.app);
  const config = await configOf(t);
  if (!config) throw new Error('no storage config');
  return {
    driver: t.container.services.storageConfigs.driverFor(config),
    urlBase: `http://127.0.0.1:${port}`,
    async close() {
      await t.close();
      removeTempDir(t.dataDir);
      await stopServer();
    },
  };
}

/** The app's default local storage. */
function localHarness(): Promise<Harness> {
  return appHarness(async (t) => (await t.container.repositories.storageConfigs.listPublic())[0]);
}

async function s3Harness(): Promise<Harness> {
  const server: S3rverHandle = await startS3rver();
  const driver = new S3StorageDriver({
    configId: 's3rver',
    endpointUrl: server.endpoint,
    region: '',
    bucket: server.bucket,
    accessKeyId: server.accessKeyId,
    secretAccessKey: server.secretAccessKey,
    pathStyle: true,
    customHost: null,
  });
  return {
    driver,
    async close() {
      driver.destroy();
      await server.stop();
    },
  };
}

/**
 * A storage config created through POST /api/s3-configs (remote-storage-configs.ts) on a
 * listening api-server, which serves its presigned URLs; `stopServer` ends the storage server.
 */
function configuredHarness(
  create: (app: FastifyInstance, admin: Record<string, string>) => Promise<string>,
  stopServer: () => Promise<void>,
): Promise<Harness> {
  return appHarness(
    async (t) => t.container.repositories.storageConfigs.findById(await create(t.app, bearer(await loginAsAdmin(t.app)))),
    stopServer,
  );
}

/** A WebDAV storage config on rclone serve webdav. */
async function webdavHarness(): Promise<Harness> {
  const server = await startRcloneWebDav();
  return configuredHarness(
    (app, admin) => createWebDavConfig(app, admin, server),
    () => server.stop(),
  );
}

/**
 * A WebDAV storage config on Cloudclip's own /dav of a second instance: that instance's admin
 * mounts its local storage at /backend, and the config points at /dav/backend/ with the admin's
 * user name and password (HTTP Basic, as /dav authenticates).
 */
async function cloudclipDavHarness(): Promise<Harness> {
  const backend = await createFsWorld('local');
  await backend.mount('/backend');
  const port = await listenOnLoopback(backend.app);
  const server = { url: `http://127.0.0.1:${port}/dav/backend/`, username: TEST_ADMIN.username, password: TEST_ADMIN.password };
  return configuredHarness(
    (app, admin) => createWebDavConfig(app, admin, server),
    () => backend.close(),
  );
}

/** An SFTP storage config on a real sshd (key auth, host key pinned). */
async function sftpHarness(): Promise<Harness> {
  const server = await startSshd();
  return configuredHarness(
    (app, admin) => createSftpConfig(app, admin, server),
    () => server.stop(),
  );
}

function md5(data: Buffer | string): string {
  return createHash('md5').update(data).digest('hex');
}

let counter = 0;
function uniquePrefix(): string {
  counter += 1;
  return `t${counter}-${randomBytes(3).toString('hex')}/`;
}

async function expectStorageError(promise: Promise<unknown>, code: StorageError['code']): Promise<void> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(isStorageError(error)).toBe(true);
  expect((error as StorageError).code).toBe(code);
}

describe.each([
  ['local', localHarness],
  ['s3 (s3rver)', s3Harness],
  ['webdav (rclone)', webdavHarness],
  ['webdav (cloudclip /dav)', cloudclipDavHarness],
  ['sftp (sshd)', sftpHarness],
] as const)('storage driver contract: %s', (name, makeHarness) => {
  let h: Harness;
  let driver: StorageDriver;
  let p: string;

  beforeAll(async () => {
    h = await makeHarness();
    driver = h.driver;
  });

  afterAll(async () => {
    await h.close();
  });

  beforeEach(() => {
    p = uniquePrefix();
  });

  it('stores a Buffer and reads back the same bytes, type, size and an MD5 ETag', async () => {
    const body = Buffer.from('hello storage driver');
    const put = await driver.putObject(`${p}hello.txt`, body, { contentType: 'text/plain' });
    expect(put.etag).toBe(md5(body));
    const got = await driver.getObject(`${p}hello.txt`);
    expect(await readAll(got.body)).toEqual(body);
    expect(got).toMatchObject({
      key: `${p}hello.txt`,
      size: body.length,
      contentLength: body.length,
      contentType: 'text/plain',
      etag: md5(body),
    });
    expect(got.range).toBeUndefined();
    expect(Number.isNaN(got.lastModified.getTime())).toBe(false);
  });

  it('stores a string and a stream of unknown length', async () => {
    await driver.putObject(`${p}s.txt`, 'from a string');
    expect((await readAll((await driver.getObject(`${p}s.txt`)).body)).toString()).toBe('from a string');
    await driver.putObject(`${p}stream.bin`, Readable.from([Buffer.from('ab'), Buffer.from('cd')]));
    expect((await readAll((await driver.getObject(`${p}stream.bin`)).body)).toString()).toBe('abcd');
  });

  it('stores a stream of unknown length larger than one upload part', async () => {
    const big = randomBytes(STREAM_PART_SIZE + 1024 * 1024);
    const chunks = [];
    for (let offset = 0; offset < big.length; offset += 256 * 1024) chunks.push(big.subarray(offset, offset + 256 * 1024));
    await driver.putObject(`${p}big.bin`, Readable.from(chunks), { contentType: 'application/x-test' });
    const info = await driver.headObject(`${p}big.bin`);
    expect(info?.size).toBe(big.length);
    expect(info?.contentType).toBe('application/x-test');
    expect(md5(await readAll((await driver.getObject(`${p}big.bin`)).body))).toBe(md5(big));
  });

  it('serves byte ranges: closed, open-ended and suffix', async () => {
    await driver.putObject(`${p}r.txt`, '0123456789');
    const closed = await driver.getObject(`${p}r.txt`, { range: { start: 2, end: 5 } });
    expect((await readAll(closed.body)).toString()).toBe('2345');
    expect(closed).toMatchObject({ contentLength: 4, size: 10, range: { start: 2, end: 5 } });
    const open = await driver.getObject(`${p}r.txt`, { range: { start: 7 } });
    expect((await readAll(open.body)).toString()).toBe('789');
    expect(open.range).toEqual({ start: 7, end: 9 });
    if (name !== 's3 (s3rver)') {
      // s3rver reads `bytes=-3` as `bytes=0-3`; S3 itself serves the last three bytes.
      const suffix = await driver.getObject(`${p}r.txt`, { range: { suffixLength: 3 } });
      expect((await readAll(suffix.body)).toString()).toBe('789');
    }
    const clipped = await driver.getObject(`${p}r.txt`, { range: { start: 8, end: 100 } });
    expect((await readAll(clipped.body)).toString()).toBe('89');
  });

  it('refuses a range that starts beyond the end with InvalidRange', async () => {
    await driver.putObject(`${p}r.txt`, '0123');
    await expectStorageError(driver.getObject(`${p}r.txt`, { range: { start: 10, end: 20 } }), 'InvalidRange');
  });

  it('answers head with the object facts, null for a missing key, and NoSuchKey on get', async () => {
    await driver.putObject(`${p}h.json`, '{}', { contentType: 'application/json', metadata: { Purpose: 'test' } });
    const info = await driver.headObject(`${p}h.json`);
    expect(info).toMatchObject({
      key: `${p}h.json`,
      size: 2,
      contentType: 'application/json',
      etag: md5('{}'),
      metadata: { purpose: 'test' },
    });
    expect(await driver.headObject(`${p}missing.txt`)).toBeNull();
    await expectStorageError(driver.getObject(`${p}missing.txt`), 'NoSuchKey');
  });

  it('lists with a delimiter like S3: direct objects plus common prefixes, in byte order', async () => {
    // (A folder holding only deeper folders is left to the local driver's own tests: s3rver drops it.)
    for (const key of ['a.txt', 'b/c.txt', 'b/d.txt', 'e/e.txt', 'e/f/g.txt', 'z.txt', 'b-x.txt'])
      await driver.putObject(`${p}${key}`, key);
    const page = await driver.listObjects({ prefix: p, delimiter: '/' });
    expect(page.objects.map((o) => o.key)).toEqual([`${p}a.txt`, `${p}b-x.txt`, `${p}z.txt`]);
    expect(page.commonPrefixes).toEqual([`${p}b/`, `${p}e/`]);
    expect(page.isTruncated).toBe(false);
    const a = page.objects[0];
    expect(a).toMatchObject({ size: 5, etag: md5('a.txt') });
    expect(Math.abs(Date.now() - (a?.lastModified.getTime() ?? 0))).toBeLessThan(60_000);

    const flat = await driver.listObjects({ prefix: p });
    const flatKeys = flat.objects.map((o) => o.key);
    const expected = ['a.txt', 'b-x.txt', 'b/c.txt', 'b/d.txt', 'e/e.txt', 'e/f/g.txt', 'z.txt'].map((k) => `${p}${k}`);
    // S3 orders by UTF-8 bytes ("b-x" before "b/"); s3rver walks folders first, so only its key set is compared.
    expect(name !== 's3 (s3rver)' ? flatKeys : [...flatKeys].sort((x, y) => Buffer.compare(Buffer.from(x), Buffer.from(y)))).toEqual(
      expected,
    );
    expect(flat.commonPrefixes).toEqual([]);

    const partial = await driver.listObjects({ prefix: `${p}b`, delimiter: '/' });
    expect(partial.objects.map((o) => o.key)).toEqual([`${p}b-x.txt`]);
    expect(partial.commonPrefixes).toEqual([`${p}b/`]);

    const nested = await driver.listObjects({ prefix: `${p}e/`, delimiter: '/' });
    expect(nested.objects.map((o) => o.key)).toEqual([`${p}e/e.txt`]);
    expect(nested.commonPrefixes).toEqual([`${p}e/f/`]);

    expect((await driver.listObjects({ prefix: `${p}nothing/`, delimiter: '/' })).objects).toEqual([]);
  });

  it('pages through a listing with continuation tokens and the pagination helper', async () => {
    const keys = ['1', '2', '3', '4', '5'].map((n) => `${p}k${n}.txt`);
    for (const key of keys) await driver.putObject(key, 'x');
    const first = await driver.listObjects({ prefix: p, maxKeys: 2 });
    expect(first.objects.map((o) => o.key)).toEqual(keys.slice(0, 2));
    expect(first.isTruncated).toBe(true);
    expect(first.nextContinuationToken).toEqual(expect.any(String));
    const second = await driver.listObjects({ prefix: p, maxKeys: 2, continuationToken: first.nextContinuationToken });
    expect(second.objects.map((o) => o.key)).toEqual(keys.slice(2, 4));

    const pages = [];
    for await (const page of listAllPages(driver, { prefix: p, maxKeys: 2 })) pages.push(page.objects.map((o) => o.key));
    expect(pages).toEqual([keys.slice(0, 2), keys.slice(2, 4), keys.slice(4)]);
  });

  it('starts a listing after a given key', async () => {
    for (const key of ['a', 'b', 'c']) await driver.putObject(`${p}${key}`, key);
    const page = await driver.listObjects({ prefix: p, startAfter: `${p}a` });
    expect(page.objects.map((o) => o.key)).toEqual([`${p}b`, `${p}c`]);
  });

  it('keeps an empty folder marker as an object and rolls it into its common prefix', async () => {
    await driver.putObject(`${p}folder/`, Buffer.alloc(0), { contentType: 'application/x-directory' });
    const info = await driver.headObject(`${p}folder/`);
    expect(info).toMatchObject({ key: `${p}folder/`, size: 0, contentType: 'application/x-directory' });
    const above = await driver.listObjects({ prefix: p, delimiter: '/' });
    expect(above.commonPrefixes).toEqual([`${p}folder/`]);
    const inside = await driver.listObjects({ prefix: `${p}folder/`, delimiter: '/' });
    expect(inside.objects.map((o) => o.key)).toEqual([`${p}folder/`]);
    await driver.deleteObject(`${p}folder/`);
    expect(await driver.headObject(`${p}folder/`)).toBeNull();
  });

  it('copies an object, keeping its type unless a new one is given', async () => {
    await driver.putObject(`${p}src.txt`, 'copy me', { contentType: 'text/plain' });
    const copy = await driver.copyObject(`${p}src.txt`, `${p}dir/copy.txt`);
    expect(copy.etag).toBe(md5('copy me'));
    expect((await readAll((await driver.getObject(`${p}dir/copy.txt`)).body)).toString()).toBe('copy me');
    expect((await driver.headObject(`${p}dir/copy.txt`))?.contentType).toBe('text/plain');
    await driver.copyObject(`${p}src.txt`, `${p}retyped.md`, { contentType: 'text/markdown' });
    expect((await driver.headObject(`${p}retyped.md`))?.contentType).toBe('text/markdown');
    expect((await driver.headObject(`${p}src.txt`))?.contentType).toBe('text/plain');
  });

  it('deletes objects idempotently, one or many at a time', async () => {
    await driver.putObject(`${p}one`, '1');
    await driver.deleteObject(`${p}one`);
    expect(await driver.headObject(`${p}one`)).toBeNull();
    await expect(driver.deleteObject(`${p}one`)).resolves.toBeUndefined();

    for (const key of ['a', 'b', 'c']) await driver.putObject(`${p}${key}`, key);
    const result = await driver.deleteObjects([`${p}a`, `${p}b`, `${p}never-existed`]);
    expect(result.errors).toEqual([]);
    expect(result.deleted.sort()).toEqual([`${p}a`, `${p}b`, `${p}never-existed`].sort());
    expect((await driver.listObjects({ prefix: p })).objects.map((o) => o.key)).toEqual([`${p}c`]);
  });

  it('deletes everything under a prefix and nothing beside it', async () => {
    for (const key of ['a/1', 'a/b/2', 'a/', 'ab', 'c']) await driver.putObject(`${p}${key}`, key.endsWith('/') ? '' : key);
    expect(await driver.deletePrefix(`${p}a/`)).toBe(3);
    expect((await driver.listObjects({ prefix: p })).objects.map((o) => o.key)).toEqual([`${p}ab`, `${p}c`]);
    await expectStorageError(driver.deletePrefix(''), 'InvalidArgument');
  });

  it('assembles a multipart upload from parts given out of order with quoted ETags', async () => {
    const key = `${p}multi.bin`;
    const part1 = randomBytes(5 * 1024 * 1024);
    const part2 = Buffer.from('the tail');
    const { uploadId } = await driver.createMultipartUpload(key, { contentType: 'application/x-parts' });
    const e2 = await driver.uploadPart(key, uploadId, 2, part2);
    const e1 = await driver.uploadPart(key, uploadId, 1, Readable.from([part1]));
    expect(e1.etag).toBe(md5(part1));
    await driver.completeMultipartUpload(key, uploadId, [
      { partNumber: 2, etag: `"${e2.etag}"` },
      { partNumber: 1, etag: e1.etag },
    ]);
    const info = await driver.headObject(key);
    expect(info).toMatchObject({ size: part1.length + part2.length, contentType: 'application/x-parts' });
    expect(md5(await readAll((await driver.getObject(key)).body))).toBe(md5(Buffer.concat([part1, part2])));
  });

  it('uploads with a presigned PUT (Content-Type signed) and downloads with a presigned GET', async () => {
    const key = `${p}pre signed/résumé.txt`;
    const putUrl = await driver.presignPutUrl(key, { contentType: 'text/plain', expiresIn: 300, urlBase: h.urlBase });
    expect(putUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
    const put = await fetch(putUrl, { method: 'PUT', headers: { 'content-type': 'text/plain' }, body: 'uploaded by a browser' });
    expect(put.status).toBe(200);
    expect(put.headers.get('etag')).toBe(`"${md5('uploaded by a browser')}"`);
    expect((await driver.headObject(key))?.contentType).toBe('text/plain');

    const getUrl = await driver.presignGetUrl(key, { expiresIn: 300, disposition: 'attachment', urlBase: h.urlBase });
    const got = await fetch(getUrl);
    expect(got.status).toBe(200);
    expect(await got.text()).toBe('uploaded by a browser');
    expect(got.headers.get('content-disposition')).toMatch(/^attachment; filename="r_sum_\.txt"; filename\*=UTF-8''r%C3%A9sum%C3%A9\.txt$/);

    const ranged = await fetch(getUrl, { headers: { range: 'bytes=0-7' } });
    expect(ranged.status).toBe(206);
    expect(await ranged.text()).toBe('uploaded');

    const inline = await fetch(await driver.presignGetUrl(key, { expiresIn: 300, urlBase: h.urlBase }));
    expect(inline.headers.get('content-disposition')).toMatch(/^inline; /);
  });

  it('uploads a part through a presigned part URL', async () => {
    const key = `${p}url-part.bin`;
    const { uploadId } = await driver.createMultipartUpload(key, { contentType: 'application/octet-stream' });
    const url = await driver.presignUploadPartUrl(key, uploadId, 1, { expiresIn: 300, urlBase: h.urlBase });
    const response = await fetch(url, { method: 'PUT', body: 'one small part' });
    expect(response.status).toBe(200);
    const etag = response.headers.get('etag') ?? '';
    expect(etag.replace(/"/g, '')).toBe(md5('one small part'));
    await driver.completeMultipartUpload(key, uploadId, [{ partNumber: 1, etag }]);
    expect((await readAll((await driver.getObject(key)).body)).toString()).toBe('one small part');
  });

  if (name !== 's3 (s3rver)') {
    // s3rver answers MethodNotAllowed to AbortMultipartUpload and does not check part ETags.
    it('aborts a multipart upload, after which its parts are refused', async () => {
      const key = `${p}aborted.bin`;
      const { uploadId } = await driver.createMultipartUpload(key);
      await driver.uploadPart(key, uploadId, 1, 'x');
      await driver.abortMultipartUpload(key, uploadId);
      await expectStorageError(driver.uploadPart(key, uploadId, 2, 'y'), 'NoSuchUpload');
      await expectStorageError(driver.completeMultipartUpload(key, uploadId, [{ partNumber: 1, etag: md5('x') }]), 'NoSuchUpload');
      expect(await driver.headObject(key)).toBeNull();
    });

    it('refuses to complete with a part ETag that does not match', async () => {
      const key = `${p}wrong-etag.bin`;
      const { uploadId } = await driver.createMultipartUpload(key);
      await driver.uploadPart(key, uploadId, 1, 'x');
      await expectStorageError(driver.completeMultipartUpload(key, uploadId, [{ partNumber: 1, etag: md5('y') }]), 'InvalidPart');
      await expectStorageError(driver.completeMultipartUpload(key, uploadId, [{ partNumber: 2, etag: md5('x') }]), 'InvalidPart');
    });
  }
});
