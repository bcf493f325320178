import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { storageErrorOf } from '../testing/storage-errors';
import { makeTempDir, removeTempDir } from '../testing/test-app';
import { LocalStorageDriver, localStoragePaths } from './local-driver';
import { LocalUrlSigner } from './local-url-signer';

function md5(data: string): string {
  return createHash('md5').update(data).digest('hex');
}

/** Every file below `dir`, relative, sorted. */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const result: string[] = [];
  const walk = (current: string): void => {
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) walk(full);
      else result.push(path.relative(dir, full));
    }
  };
  walk(dir);
  return result.sort();
}

describe('local storage driver', () => {
  let dataDir: string;
  let outside: string;
  let root: string;
  let driver: LocalStorageDriver;

  beforeEach(() => {
    dataDir = makeTempDir('cloudclip-local-');
    outside = makeTempDir('cloudclip-outside-');
    const paths = localStoragePaths(dataDir, 'config-1');
    root = paths.rootDir;
    driver = new LocalStorageDriver({ configId: 'config-1', ...paths, signer: new LocalUrlSigner(Buffer.alloc(32, 7), () => new Date()) });
  });

  afterEach(() => {
    removeTempDir(dataDir);
    removeTempDir(outside);
  });

  it('keeps objects as plain files under <dataDir>/storage/<config id>/<key>, bookkeeping elsewhere', async () => {
    await driver.putObject('docs/a.txt', 'hello', { contentType: 'text/plain' });
    expect(root).toBe(path.join(dataDir, 'storage', 'config-1'));
    expect(readFileSync(path.join(root, 'docs', 'a.txt'), 'utf8')).toBe('hello');
    expect(filesUnder(root)).toEqual([path.join('docs', 'a.txt')]);
  });

  describe.each([
    ['a parent segment', '../x'],
    ['a parent segment further down', 'a/../../x'],
    ['an absolute path', '/abs/x'],
    ['a NUL character', 'a\0b'],
    ['a backslash', '..\\x'],
    ['a dot segment', './x'],
    ['an empty segment', 'a//b'],
    ['no characters at all', ''],
  ])('a key with %s', (_label, key) => {
    it('is refused by every operation with InvalidKey, and nothing is written', async () => {
      const operations: Array<Promise<unknown>> = [
        driver.putObject(key, 'x'),
        driver.getObject(key),
        driver.headObject(key),
        driver.deleteObject(key),
        driver.copyObject('safe.txt', key),
        driver.createMultipartUpload(key),
        driver.presignPutUrl(key, { contentType: 'text/plain', expiresIn: 60 }),
        driver.presignGetUrl(key, { expiresIn: 60 }),
      ];
      for (const operation of operations) expect((await storageErrorOf(operation)).code).toMatch(/^(InvalidKey|NoSuchKey)$/);
      expect((await storageErrorOf(driver.putObject(key, 'x'))).code).toBe('InvalidKey');
      expect(filesUnder(dataDir)).toEqual([]);
      expect(existsSync('/abs/x')).toBe(false);
    });
  });

  it('treats a percent-encoded "%2e%2e" key literally, inside the root', async () => {
    await driver.putObject('%2e%2e/x', 'literal');
    expect(readFileSync(path.join(root, '%2e%2e', 'x'), 'utf8')).toBe('literal');
    expect(existsSync(path.join(dataDir, 'storage', 'x'))).toBe(false);
  });

  it('refuses to read, write, list or delete through a symbolic link pointing outside the root', async () => {
    writeFileSync(path.join(outside, 'secret.txt'), 'top secret');
    mkdirSync(root, { recursive: true });
    symlinkSync(outside, path.join(root, 'link'));
    symlinkSync(path.join(outside, 'secret.txt'), path.join(root, 'file-link.txt'));

    expect((await storageErrorOf(driver.getObject('link/secret.txt'))).code).toBe('AccessDenied');
    expect((await storageErrorOf(driver.headObject('link/secret.txt'))).code).toBe('AccessDenied');
    expect((await storageErrorOf(driver.getObject('file-link.txt'))).code).toBe('AccessDenied');
    expect((await storageErrorOf(driver.putObject('link/new.txt', 'planted'))).code).toBe('AccessDenied');
    expect((await storageErrorOf(driver.putObject('link/deeper/new.txt', 'planted'))).code).toBe('AccessDenied');
    expect((await storageErrorOf(driver.deleteObject('link/secret.txt'))).code).toBe('AccessDenied');
    expect((await storageErrorOf(driver.copyObject('link/secret.txt', 'stolen.txt'))).code).toBe('AccessDenied');

    const listing = await driver.listObjects({});
    expect(listing.objects).toEqual([]);
    expect(listing.commonPrefixes).toEqual([]);
    expect((await driver.listObjects({ prefix: 'link/' })).objects).toEqual([]);

    expect(readdirSync(outside)).toEqual(['secret.txt']);
    expect(readFileSync(path.join(outside, 'secret.txt'), 'utf8')).toBe('top secret');
  });

  it('refuses a key that needs a folder where an object is, and the reverse, with KeyConflict', async () => {
    await driver.putObject('a', 'file');
    expect((await storageErrorOf(driver.putObject('a/b', 'x'))).code).toBe('KeyConflict');
    await driver.putObject('x/y', 'file');
    expect((await storageErrorOf(driver.putObject('x', 'x'))).code).toBe('KeyConflict');
    expect((await driver.getObject('a')).size).toBe(4);
  });

  it('leaves no object and no temporary file behind when the body stream fails', async () => {
    const failing = new Readable({
      read() {
        this.push(Buffer.from('partial'));
        this.destroy(new Error('client went away'));
      },
    });
    await expect(driver.putObject('broken.bin', failing)).rejects.toThrow('client went away');
    expect(await driver.headObject('broken.bin')).toBeNull();
    expect(filesUnder(path.join(dataDir, 'storage', '.internal', 'config-1', 'tmp'))).toEqual([]);
  });

  it('describes a file placed by hand with an MD5 ETag and the default type', async () => {
    mkdirSync(path.join(root, 'hand'), { recursive: true });
    writeFileSync(path.join(root, 'hand', 'made.bin'), 'by hand');
    expect(await driver.headObject('hand/made.bin')).toMatchObject({
      size: 7,
      etag: md5('by hand'),
      contentType: 'application/octet-stream',
    });
    writeFileSync(path.join(root, 'hand', 'made.bin'), 'changed by hand');
    expect((await driver.headObject('hand/made.bin'))?.etag).toBe(md5('changed by hand'));
  });

  it('lists a folder that holds only deeper folders as a common prefix', async () => {
    await driver.putObject('p/e/f/g.txt', 'deep');
    const page = await driver.listObjects({ prefix: 'p/', delimiter: '/' });
    expect(page.commonPrefixes).toEqual(['p/e/']);
    expect(page.objects).toEqual([]);
  });

  it('pages common prefixes and keys together without repeating a prefix', async () => {
    for (const key of ['a.txt', 'b/1', 'b/2', 'c/1', 'd.txt']) await driver.putObject(key, key);
    const seen: string[] = [];
    let token: string | undefined;
    do {
      const page = await driver.listObjects({ delimiter: '/', maxKeys: 1, continuationToken: token });
      seen.push(...page.objects.map((o) => o.key), ...page.commonPrefixes);
      token = page.nextContinuationToken;
    } while (token);
    expect(seen).toEqual(['a.txt', 'b/', 'c/', 'd.txt']);
  });

  it('rejects a forged continuation token with InvalidArgument', async () => {
    expect((await storageErrorOf(driver.listObjects({ continuationToken: 'not-a-token' }))).code).toBe('InvalidArgument');
  });

  it('removes folders left empty by a delete, but keeps a folder that has a marker', async () => {
    await driver.putObject('a/b/c.txt', 'x');
    await driver.deleteObject('a/b/c.txt');
    expect(existsSync(path.join(root, 'a'))).toBe(false);

    await driver.putObject('kept/', '');
    await driver.putObject('kept/inner/file.txt', 'x');
    await driver.deleteObject('kept/inner/file.txt');
    expect(existsSync(path.join(root, 'kept'))).toBe(true);
    expect(existsSync(path.join(root, 'kept', 'inner'))).toBe(false);
    expect(await driver.headObject('kept/')).not.toBeNull();
  });

  it('refuses a non-empty body for a folder marker', async () => {
    expect((await storageErrorOf(driver.putObject('folder/', 'content'))).code).toBe('InvalidArgument');
  });

  it('refuses an upload id that is not one of its own', async () => {
    expect((await storageErrorOf(driver.uploadPart('k', '../../etc', 1, 'x'))).code).toBe('NoSuchUpload');
    const { uploadId } = await driver.createMultipartUpload('k');
    expect((await storageErrorOf(driver.uploadPart('other-key', uploadId, 1, 'x'))).code).toBe('NoSuchUpload');
    expect((await storageErrorOf(driver.uploadPart('k', uploadId, 0, 'x'))).code).toBe('InvalidArgument');
  });

  it('builds presigned URLs on the given origin and an unsigned object URL', async () => {
    const url = await driver.presignGetUrl('a b/c.txt', { expiresIn: 60, disposition: 'attachment', urlBase: 'https://api.example/' });
    expect(url).toMatch(
      /^https:\/\/api\.example\/api\/storage\/local\/config-1\/a%20b\/c\.txt\?expires=\d+&disposition=attachment&filename=c\.txt&signature=[0-9a-f]{64}$/,
    );
    expect(driver.objectUrl('a b/c.txt', 'https://api.example')).toBe('https://api.example/api/storage/local/config-1/a%20b/c.txt');
  });
});
