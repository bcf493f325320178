import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { Readable } from 'node:stream';
import { readAll } from '../../testing/fs-test-streams';
import { startRcloneWebDav, type RcloneWebDavHandle } from '../../testing/rclone-webdav-server';
import { storageErrorOf } from '../../testing/storage-errors';
import { LocalUrlSigner } from '../local-url-signer';
import { listAllPages } from '../storage-driver';
import { WebDavStorageDriver, type WebDavDriverOptions } from './webdav-driver';

/** The WebDAV driver against a real `rclone serve webdav` (started here), beyond the shared contract suite. */

const signer = new LocalUrlSigner(Buffer.alloc(32, 7), () => new Date());
const BASE = 'base folder';

let server: RcloneWebDavHandle;
const drivers: WebDavStorageDriver[] = [];
const closers: Array<() => Promise<void>> = [];

function makeDriver(overrides: Partial<WebDavDriverOptions> = {}): WebDavStorageDriver {
  const driver = new WebDavStorageDriver({
    configId: 'webdav-test',
    endpointUrl: server.url,
    baseFolder: BASE,
    username: server.username,
    password: server.password,
    signer,
    ...overrides,
  });
  drivers.push(driver);
  return driver;
}

function md5(data: string | Buffer): string {
  return createHash('md5').update(data).digest('hex');
}

function listen(serverToStart: http.Server | net.Server): Promise<number> {
  return new Promise((resolve) => {
    serverToStart.listen(0, '127.0.0.1', () => resolve((serverToStart.address() as net.AddressInfo).port));
    closers.push(
      () =>
        new Promise<void>((done) => {
          serverToStart.close(() => done());
          if (serverToStart instanceof http.Server) serverToStart.closeAllConnections();
        }),
    );
  });
}

/**
 * A proxy in front of the rclone server: `intercept` may answer a request itself (returns true);
 * the others pass on unchanged, minus the headers `dropHeaders` names.
 */
async function proxyToServer(
  intercept: (request: http.IncomingMessage, response: http.ServerResponse) => boolean,
  dropHeaders: readonly string[] = [],
): Promise<string> {
  const target = new URL(server.url);
  const proxy = http.createServer((request, response) => {
    if (intercept(request, response)) return;
    const headers = { ...request.headers };
    for (const name of dropHeaders) delete headers[name];
    const upstream = http.request(
      { host: target.hostname, port: target.port, method: request.method, path: request.url, headers },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    request.pipe(upstream);
  });
  return `http://127.0.0.1:${await listen(proxy)}/`;
}

beforeAll(async () => {
  // A short directory cache: one test writes files behind the server's back (and waits it out).
  server = await startRcloneWebDav({ extraArgs: ['--dir-cache-time', '1s'] });
});

afterAll(async () => {
  for (const driver of drivers) driver.destroy();
  for (const close of closers.reverse()) await close();
  await server.stop();
});

describe('WebDAV driver against rclone serve webdav', () => {
  it('serves ranges natively (206) and says so', async () => {
    const driver = makeDriver();
    await driver.putObject('ranges/r.txt', '0123456789');
    expect(driver.capabilities.ranges).toBe('unknown');
    const closed = await driver.getObject('ranges/r.txt', { range: { start: 2, end: 5 } });
    expect((await readAll(closed.body)).toString()).toBe('2345');
    expect(closed).toMatchObject({ contentLength: 4, size: 10, range: { start: 2, end: 5 } });
    const suffix = await driver.getObject('ranges/r.txt', { range: { suffixLength: 3 } });
    expect((await readAll(suffix.body)).toString()).toBe('789');
    expect(driver.capabilities.ranges).toBe('native');
    expect((await storageErrorOf(driver.getObject('ranges/r.txt', { range: { start: 10 } }))).code).toBe('InvalidRange');
  });

  it('falls back to skipping bytes when the server ignores Range, and flags it', async () => {
    // A proxy that drops the Range header: the server then answers 200 with the whole object.
    const endpointUrl = await proxyToServer(() => false, ['range']);
    const writer = makeDriver();
    const big = randomBytes(3 * 1024 * 1024);
    await writer.putObject('ranges/ignored.bin', big);
    const driver = makeDriver({ endpointUrl });
    const part = await driver.getObject('ranges/ignored.bin', { range: { start: 1_000_000, end: 1_000_099 } });
    expect(part.contentLength).toBe(100);
    expect((await readAll(part.body)).equals(big.subarray(1_000_000, 1_000_100))).toBe(true);
    expect(driver.capabilities.ranges).toBe('emulated');
  });

  it('copies through Cloudclip, content and metadata, when the server refuses COPY', async () => {
    // A proxy that answers 405 to COPY (a server or gateway without it) and passes the rest on.
    const endpointUrl = await proxyToServer((request, response) => {
      if (request.method !== 'COPY') return false;
      request.resume();
      response.writeHead(405, { allow: 'GET, PUT, DELETE, PROPFIND, MKCOL, MOVE' }).end();
      return true;
    });
    const driver = makeDriver({ endpointUrl });
    const content = randomBytes(300 * 1024);
    await driver.putObject('refused/source.bin', content, {
      contentType: 'application/x-test',
      contentDisposition: 'attachment; filename="a.bin"',
      metadata: { owner: 'x' },
    });
    const { etag } = await driver.copyObject('refused/source.bin', 'refused/copy.bin');
    expect(etag).toBe(md5(content));
    const copy = await driver.getObject('refused/copy.bin');
    expect((await readAll(copy.body)).equals(content)).toBe(true);
    const head = await driver.headObject('refused/copy.bin');
    expect(head?.contentType).toBe('application/x-test');
    expect(head?.contentDisposition).toBe('attachment; filename="a.bin"');
    expect(head?.metadata).toEqual({ owner: 'x' });
    expect(await driver.headObject('refused/source.bin')).not.toBeNull();
  });

  it('makes a new folder once for puts into it at the same time, and waits out a folder another client holds locked (423)', async () => {
    const mkcols = new Map<string, number>();
    let lockedAnswers = 0;
    const endpointUrl = await proxyToServer((request, response) => {
      if (request.method !== 'MKCOL') return false;
      const path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
      mkcols.set(path, (mkcols.get(path) ?? 0) + 1);
      // Another client's request holds the first MKCOL of the locked folder (x/net/webdav's lock).
      if (!path.endsWith('/locked/') || mkcols.get(path) !== 1) return false;
      lockedAnswers += 1;
      request.resume();
      response.writeHead(423).end();
      return true;
    });
    const driver = makeDriver({ endpointUrl });
    const names = Array.from({ length: 8 }, (_, index) => `together/new/file-${index}.txt`);
    await Promise.all(names.map((name) => driver.putObject(name, name)));
    for (const name of names) expect((await readAll((await driver.getObject(name)).body)).toString()).toBe(name);
    expect(mkcols.get(`/${BASE}/together/new/`)).toBe(1);

    await driver.putObject('together/locked/after.txt', 'waited');
    expect(lockedAnswers).toBe(1);
    expect((await readAll((await driver.getObject('together/locked/after.txt')).body)).toString()).toBe('waited');
  });

  it('streams a ~20 MB body of unknown length (chunked PUT) and reads it back', async () => {
    const driver = makeDriver();
    const hash = createHash('md5');
    let produced = 0;
    const total = 20 * 1024 * 1024 + 123;
    const source = Readable.from(
      (function* () {
        while (produced < total) {
          const chunk = randomBytes(Math.min(256 * 1024, total - produced));
          produced += chunk.length;
          hash.update(chunk);
          yield chunk;
        }
      })(),
    );
    const { etag } = await driver.putObject('deep/er/big.bin', source, { contentType: 'application/x-big' });
    const md5 = hash.digest('hex');
    expect(etag).toBe(md5);
    expect(await driver.headObject('deep/er/big.bin')).toMatchObject({ size: total, etag: md5, contentType: 'application/x-big' });
    const got = await driver.getObject('deep/er/big.bin');
    expect(
      createHash('md5')
        .update(await readAll(got.body))
        .digest('hex'),
    ).toBe(md5);
  });

  it('pages through a folder of 5,000 files in key order, their MD5 ETags from the folder index once their sidecars were read', async () => {
    // Files and sidecars as the driver lays them out, written on the server's disk, an hour old.
    const folder = path.join(server.rootDir, BASE, 'many');
    const metaDir = path.join(server.rootDir, BASE, '.cloudclip-internal', 'meta');
    mkdirSync(folder, { recursive: true });
    const names = Array.from({ length: 5000 }, (_, index) => `f${String(index).padStart(4, '0')}.txt`);
    const hourAgo = new Date(Date.now() - 3_600_000);
    for (const name of names) {
      writeFileSync(path.join(folder, name), name);
      utimesSync(path.join(folder, name), hourAgo, hourAgo);
      const hash = createHash('sha256').update(`many/${name}`).digest('hex');
      mkdirSync(path.join(metaDir, hash.slice(0, 2)), { recursive: true });
      const sidecar = { v: 1, size: name.length, etag: md5(name), contentType: 'text/plain', metadata: {} };
      writeFileSync(path.join(metaDir, hash.slice(0, 2), `${hash}.json`), JSON.stringify(sidecar));
    }
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const listAll = async (driver: WebDavStorageDriver): Promise<Array<Array<{ key: string; etag: string; size: number }>>> => {
      const pages = [];
      for await (const page of listAllPages(driver, { prefix: 'many/', maxKeys: 1000 }))
        pages.push(page.objects.map(({ key, etag, size }) => ({ key, etag, size })));
      return pages;
    };
    const expected = names.map((name) => ({ key: `many/${name}`, etag: md5(name), size: name.length }));
    const first = await listAll(makeDriver());
    expect(first.map((page) => page.length)).toEqual([1000, 1000, 1000, 1000, 1000]);
    expect(first.flat()).toEqual(expected);
    expect(await makeDriver().headObject('many/f0007.txt')).toMatchObject({ etag: md5('f0007.txt'), contentType: 'text/plain' });

    // Without the sidecars the ETags still come from the index (one document for the folder).
    rmSync(metaDir, { recursive: true, force: true });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect((await listAll(makeDriver())).flat()).toEqual(expected);

    // A file changed behind the driver's back is no longer taken from the index, nor is one the driver rewrote.
    writeFileSync(path.join(folder, 'f0003.txt'), 'changed behind its back');
    const driver = makeDriver();
    await driver.putObject('many/f0004.txt', 'F0004.txt');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const after = await driver.listObjects({ prefix: 'many/', maxKeys: 5 });
    expect(after.objects[3]).toMatchObject({ key: 'many/f0003.txt', size: 23 });
    expect(after.objects[3]?.etag).not.toBe(md5('f0003.txt'));
    expect(after.objects[4]).toMatchObject({ key: 'many/f0004.txt', etag: md5('F0004.txt') });
    expect(await driver.headObject('many/f0004.txt')).toMatchObject({ etag: md5('F0004.txt') });

    const above = await driver.listObjects({ prefix: '', delimiter: '/' });
    expect(above.commonPrefixes).toContain('many/');
    expect(above.commonPrefixes.some((prefix) => prefix.startsWith('.cloudclip-internal'))).toBe(false);
  }, 180_000);

  it('moves an object on the server and refuses keys under the internal folder', async () => {
    const driver = makeDriver();
    await driver.putObject('move/from.txt', 'moving', { contentType: 'text/plain' });
    await driver.moveObject('move/from.txt', 'moved/to.txt');
    expect(await driver.headObject('move/from.txt')).toBeNull();
    expect(await driver.headObject('moved/to.txt')).toMatchObject({ size: 6, contentType: 'text/plain' });
    // The emptied folder is gone, so it no longer shows as a common prefix.
    expect((await driver.listObjects({ delimiter: '/' })).commonPrefixes).not.toContain('move/');
    expect((await storageErrorOf(driver.putObject('.cloudclip-internal/x', 'x'))).code).toBe('InvalidKey');
  });

  it('reports the quota when the server does (or null)', async () => {
    const space = await makeDriver().reportedSpace();
    if (space !== null) {
      for (const value of [space.freeBytes, space.usedBytes]) if (value !== null) expect(value).toBeGreaterThanOrEqual(0);
    }
  });

  it('answers a wrong password with AccessDenied', async () => {
    const driver = makeDriver({ password: 'wrong' });
    expect((await storageErrorOf(driver.headObject('anything.txt'))).code).toBe('AccessDenied');
    expect((await storageErrorOf(driver.putObject('anything.txt', 'x'))).code).toBe('AccessDenied');
  });

  it('fails with Unavailable within the timeout when the server is down or stops answering', async () => {
    const closed = net.createServer();
    const closedPort = await listen(closed);
    await new Promise<void>((done) => closed.close(() => done()));
    closers.pop();
    const refused = makeDriver({ endpointUrl: `http://127.0.0.1:${closedPort}/` });
    expect((await storageErrorOf(refused.headObject('a.txt'))).code).toBe('Unavailable');

    // Accepts connections and never answers.
    const sockets: net.Socket[] = [];
    const silent = net.createServer((socket) => sockets.push(socket));
    const silentPort = await listen(silent);
    closers.push(async () => {
      for (const socket of sockets) socket.destroy();
    });
    const hanging = makeDriver({ endpointUrl: `http://127.0.0.1:${silentPort}/`, idleTimeoutMs: 400 });
    const started = Date.now();
    const error = await storageErrorOf(hanging.listObjects({ prefix: 'x/' }));
    expect(error.code).toBe('Unavailable');
    expect(error.message).toMatch(/sent nothing for 400 ms/);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('closes its connections on destroy(); later requests fail with Unavailable', async () => {
    const driver = makeDriver();
    await driver.putObject('d.txt', 'x');
    driver.destroy();
    expect((await storageErrorOf(driver.headObject('d.txt'))).code).toBe('Unavailable');
  });
});
