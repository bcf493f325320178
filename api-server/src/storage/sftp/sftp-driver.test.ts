import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { systemClock } from '../../lib/time';
import { LocalUrlSigner } from '../local-url-signer';
import { listAllPages } from '../storage-driver';
import { parseSftpEndpoint } from './sftp-connection-options';
import { hostKeyFingerprint, normaliseFingerprint, probeHostKeyFingerprint } from './sftp-host-key';
import { SftpStorageDriver, type SftpDriverOptions } from './sftp-driver';
import { readAll } from '../../testing/fs-test-streams';
import { startSshd, type SshdHandle } from '../../testing/sshd-server';
import { storageErrorOf } from '../../testing/storage-errors';

/** The SFTP driver against a real OpenSSH sshd (key auth) started for these tests. */

jest.setTimeout(60_000);

let server: SshdHandle;
const signer = new LocalUrlSigner(randomBytes(32), systemClock);

function driverOptions(overrides: Partial<SftpDriverOptions> = {}): SftpDriverOptions {
  return {
    configId: 'sftp-test',
    host: server.host,
    port: server.port,
    username: server.username,
    secret: server.privateKey,
    hostKeySha256: server.hostKeySha256,
    baseFolder: server.dataDir,
    signer,
    operationTimeoutMs: 3_000,
    readyTimeoutMs: 3_000,
    ...overrides,
  };
}

beforeAll(async () => {
  server = await startSshd();
});

afterAll(async () => {
  await server.stop();
});

describe('fingerprints and endpoints', () => {
  it('formats SHA256 fingerprints as ssh-keygen -l does and parses sftp:// endpoints', () => {
    expect(hostKeyFingerprint(Buffer.from('x'))).toMatch(/^SHA256:[A-Za-z0-9+/]{43}$/);
    expect(normaliseFingerprint(`${server.hostKeySha256}=`)).toBe(server.hostKeySha256);
    expect(normaliseFingerprint('SHA256:short')).toBeNull();
    expect(parseSftpEndpoint('sftp://example.org:2222')).toEqual({ host: 'example.org', port: 2222 });
    expect(parseSftpEndpoint('sftp://example.org')).toEqual({ host: 'example.org', port: 22 });
  });

  it('reports the server fingerprint on a first connect without authenticating', async () => {
    expect(await probeHostKeyFingerprint({ host: server.host, port: server.port })).toBe(server.hostKeySha256);
  });
});

describe('SFTP driver against sshd', () => {
  let driver: SftpStorageDriver;
  beforeAll(() => {
    driver = new SftpStorageDriver(driverOptions());
  });
  afterAll(() => driver.destroy());

  it('serves byte ranges', async () => {
    await driver.putObject('ranges/r.txt', '0123456789');
    const closed = await driver.getObject('ranges/r.txt', { range: { start: 2, end: 5 } });
    expect((await readAll(closed.body)).toString()).toBe('2345');
    expect(closed.range).toEqual({ start: 2, end: 5 });
    expect((await readAll((await driver.getObject('ranges/r.txt', { range: { suffixLength: 3 } })).body)).toString()).toBe('789');
    expect((await storageErrorOf(driver.getObject('ranges/r.txt', { range: { start: 20 } }))).code).toBe('InvalidRange');
  });

  it('streams a ~20 MB body of unknown length, leaving no partial file behind', async () => {
    const big = randomBytes(20 * 1024 * 1024 + 123);
    const chunks: Buffer[] = [];
    for (let offset = 0; offset < big.length; offset += 100_000) chunks.push(big.subarray(offset, offset + 100_000));
    const put = await driver.putObject('big/20mb.bin', Readable.from(chunks));
    expect(put.etag).toBe(createHash('md5').update(big).digest('hex'));
    const got = await readAll((await driver.getObject('big/20mb.bin')).body);
    expect(got.equals(big)).toBe(true);
    expect(readdirSync(path.join(server.dataDir, 'big'))).toEqual(['20mb.bin']);
  });

  it('leaves nothing under the final name when the body fails part-way', async () => {
    const failing = new Readable({
      read() {
        this.push(randomBytes(300_000));
        this.destroy(new Error('client went away'));
      },
    });
    await expect(driver.putObject('failed/upload.bin', failing)).rejects.toThrow();
    expect(await driver.headObject('failed/upload.bin')).toBeNull();
    const folder = path.join(server.dataDir, 'failed');
    expect(existsSync(folder) ? readdirSync(folder) : []).toEqual([]);
  });

  it('pages through a folder of 2,000 entries', async () => {
    const keys = Array.from({ length: 2000 }, (_, index) => `many/f${String(index).padStart(4, '0')}.txt`);
    // Written straight into the folder (the driver lists files it did not write too).
    const { mkdirSync, writeFileSync } = await import('node:fs');
    mkdirSync(path.join(server.dataDir, 'many'), { recursive: true });
    for (const key of keys) writeFileSync(path.join(server.dataDir, key), 'x');
    const seen: string[] = [];
    let pages = 0;
    for await (const page of listAllPages(driver, { prefix: 'many/', maxKeys: 700 })) {
      pages += 1;
      seen.push(...page.objects.map((object) => object.key));
    }
    expect(pages).toBe(3);
    expect(seen).toEqual(keys);
    const rolled = await driver.listObjects({ prefix: '', delimiter: '/' });
    expect(rolled.commonPrefixes).toContain('many/');
    expect(rolled.commonPrefixes).not.toContain('.cloudclip/');
  });

  it('copies on the server and reports the quota', async () => {
    await driver.putObject('copy/src.txt', 'copy me', { contentType: 'text/plain' });
    const copy = await driver.copyObject('copy/src.txt', 'copy/dst.txt');
    expect(copy.etag).toBe(createHash('md5').update('copy me').digest('hex'));
    expect((await driver.headObject('copy/dst.txt'))?.contentType).toBe('text/plain');
    const space = await driver.reportedSpace();
    expect(space?.totalBytes).toBeGreaterThan(0);
    expect(space?.freeBytes).toBeGreaterThan(0);
    expect((space?.usedBytes ?? -1) + (space?.freeBytes ?? 0)).toBe(space?.totalBytes);
  });

  it('deletes a prefix recursively and removes the emptied folders', async () => {
    for (const key of ['tree/a/1', 'tree/a/b/2', 'tree/c']) await driver.putObject(key, key);
    expect(await driver.deletePrefix('tree/a/')).toBe(2);
    expect(existsSync(path.join(server.dataDir, 'tree', 'a'))).toBe(false);
    expect(readdirSync(path.join(server.dataDir, 'tree'))).toEqual(['c']);
  });

  it('refuses reserved keys', async () => {
    expect((await storageErrorOf(driver.putObject('.cloudclip/meta/x', 'x'))).code).toBe('InvalidKey');
    expect((await storageErrorOf(driver.putObject('../escape', 'x'))).code).toBe('InvalidKey');
  });
});

describe('SFTP host keys, timeouts and the pool', () => {
  it('refuses a wrong or missing host key with a clear error', async () => {
    const wrong = new SftpStorageDriver(driverOptions({ hostKeySha256: hostKeyFingerprint(Buffer.from('another key')) }));
    const error = await storageErrorOf(wrong.headObject('x'));
    expect(error.code).toBe('AccessDenied');
    expect(error.message).toMatch(/host key mismatch: the server presents SHA256:/);
    wrong.destroy();
    const missing = new SftpStorageDriver(driverOptions({ hostKeySha256: null }));
    expect((await storageErrorOf(missing.headObject('x'))).message).toContain(server.hostKeySha256);
    missing.destroy();
  });

  it('refuses a wrong client key', async () => {
    const { generateKeyPairSync } = await import('node:crypto');
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'pem', type: 'pkcs1' }).toString();
    const driver = new SftpStorageDriver(driverOptions({ secret: other }));
    const error = await storageErrorOf(driver.headObject('x'));
    expect(error.code).toBe('AccessDenied');
    expect(error.message).toMatch(/authentication failed/);
    driver.destroy();
    const garbled = new SftpStorageDriver(driverOptions({ secret: '-----BEGIN OPENSSH PRIVATE KEY-----\nnot a key\n' }));
    expect((await storageErrorOf(garbled.headObject('x'))).code).toBe('InvalidArgument');
    garbled.destroy();
  });

  it('keeps at most four sessions and closes them on destroy and when idle', async () => {
    const driver = new SftpStorageDriver(driverOptions({ pool: { idleCloseMs: 300 } }));
    await driver.putObject('pool/x', 'x');
    await Promise.all(Array.from({ length: 40 }, () => driver.headObject('pool/x')));
    expect(driver.openSessions).toBeGreaterThanOrEqual(1);
    expect(driver.openSessions).toBeLessThanOrEqual(4);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(driver.openSessions).toBe(0);
    await driver.headObject('pool/x');
    expect(driver.openSessions).toBe(1);
    driver.destroy();
    expect(driver.openSessions).toBe(0);
    expect((await storageErrorOf(driver.headObject('pool/x'))).code).toBe('Unavailable');
  });
});

describe('SFTP server that stops answering', () => {
  it('fails within the operation timeout when the server hangs, and at once when it is gone', async () => {
    const own = await startSshd();
    const driver = new SftpStorageDriver({
      ...driverOptions(),
      host: own.host,
      port: own.port,
      username: own.username,
      secret: own.privateKey,
      hostKeySha256: own.hostKeySha256,
      baseFolder: own.dataDir,
      operationTimeoutMs: 1_500,
      readyTimeoutMs: 1_500,
    });
    try {
      await driver.putObject('alive.txt', 'yes');
      own.pause();
      const started = Date.now();
      const error = await storageErrorOf(driver.headObject('alive.txt'));
      expect(error.code).toBe('Unavailable');
      expect(Date.now() - started).toBeLessThan(5_000);
      await own.stop();
      const again = Date.now();
      expect((await storageErrorOf(driver.headObject('alive.txt'))).code).toBe('Unavailable');
      expect(Date.now() - again).toBeLessThan(5_000);
    } finally {
      driver.destroy();
      await own.stop();
    }
  });
});
