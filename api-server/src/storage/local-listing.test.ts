import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import fsPromises from 'node:fs/promises';
import path from 'node:path';
import { makeTempDir, removeTempDir } from '../testing/test-app';
import { LocalStorageDriver, localStoragePaths } from './local-driver';
import { compareKeys } from './local-listing';
import { LocalUrlSigner } from './local-url-signer';
import type { ListObjectsOptions, ListObjectsPage } from './storage-driver';

/** With the folder's marker and its folders: 3,000 entries, three pages of 1,000. */
const FILES = 2989;
const FOLDERS = 10;

function md5(data: string): string {
  return createHash('md5').update(data).digest('hex');
}

function byteOrder(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}

/** Every page of a listing (from `continuationToken` on when given). */
async function pagesOf(driver: LocalStorageDriver, options: ListObjectsOptions): Promise<ListObjectsPage[]> {
  const pages: ListObjectsPage[] = [];
  let continuationToken = options.continuationToken;
  do {
    const page = await driver.listObjects({ ...options, continuationToken });
    pages.push(page);
    continuationToken = page.nextContinuationToken;
  } while (continuationToken);
  return pages;
}

/** Keys and common prefixes of the pages, in key order within each page, pages in the order they came. */
function entriesOf(pages: readonly ListObjectsPage[]): string[] {
  return pages.flatMap((page) => [...page.objects.map((object) => object.key), ...page.commonPrefixes].sort(byteOrder));
}

describe('local storage listing', () => {
  let dataDir: string;
  let root: string;
  let driver: LocalStorageDriver;
  let expected: string[];
  /** The first listing of the folder, which computed the ETags of the files placed on disk. */
  let firstListing: ListObjectsPage[];

  const newDriver = (): LocalStorageDriver =>
    new LocalStorageDriver({
      configId: 'config-1',
      ...localStoragePaths(dataDir, 'config-1'),
      signer: new LocalUrlSigner(Buffer.alloc(32, 7), () => new Date()),
    });

  beforeAll(async () => {
    dataDir = makeTempDir('cloudclip-listing-');
    root = localStoragePaths(dataDir, 'config-1').rootDir;
    const seeder = newDriver();
    // A large folder: files placed on disk (the first listing computes their ETags), folders with
    // objects inside, an empty folder (never listed) and the folder's own marker.
    mkdirSync(path.join(root, 'big', 'empty'), { recursive: true });
    for (let index = 0; index < FILES; index += 1) {
      writeFileSync(path.join(root, 'big', `f${String(index).padStart(4, '0')}.txt`), `file ${index}`);
    }
    for (let index = 0; index < FOLDERS; index += 1) await seeder.putObject(`big/dir-${index}/inner.txt`, 'inner');
    await seeder.putObject('big/', '');
    expected = [
      'big/',
      ...Array.from({ length: FOLDERS }, (_, index) => `big/dir-${index}/`),
      ...Array.from({ length: FILES }, (_, index) => `big/f${String(index).padStart(4, '0')}.txt`),
    ].sort(byteOrder);
    firstListing = await pagesOf(seeder, { prefix: 'big/', delimiter: '/' });
  });

  afterAll(() => {
    removeTempDir(dataDir);
  });

  beforeEach(() => {
    // Each test lists with a driver of its own (no listing carried over from another test).
    driver = newDriver();
  });

  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('pages through a folder of 3,000 entries: every entry exactly once, in byte order, with its size and ETag', async () => {
    const pages = firstListing;
    expect(pages.map((page) => page.objects.length + page.commonPrefixes.length)).toEqual([1000, 1000, 1000]);
    expect(pages.map((page) => page.isTruncated)).toEqual([true, true, false]);
    expect(pages.flatMap((page) => page.commonPrefixes)).toEqual(Array.from({ length: FOLDERS }, (_, index) => `big/dir-${index}/`));
    expect(entriesOf(pages)).toEqual(expected);
    const file = pages.flatMap((page) => page.objects).find((object) => object.key === 'big/f1234.txt');
    expect(file).toMatchObject({ size: 'file 1234'.length, etag: md5('file 1234') });

    // Read again (the ETags now come from the sidecars the first listing wrote): the same pages.
    const again = await pagesOf(driver, { prefix: 'big/', delimiter: '/' });
    const summary = (list: ListObjectsPage[]) =>
      list.map((page) => [
        page.objects.map((o) => [o.key, o.size, o.etag, o.lastModified.getTime()]),
        page.commonPrefixes,
        page.isTruncated,
      ]);
    expect(summary(again)).toEqual(summary(pages));
  });

  it('pages in steps of any size without losing or repeating an entry', async () => {
    for (const maxKeys of [7, 999]) {
      const pages = await pagesOf(driver, { prefix: 'big/', delimiter: '/', maxKeys });
      const entries = pages.flatMap((page) => [...page.objects.map((object) => object.key), ...page.commonPrefixes]);
      expect(new Set(entries).size).toBe(entries.length);
      expect(entries.sort(byteOrder)).toEqual(expected);
    }
  });

  it('reads the folder once per listing, however many pages it has', async () => {
    const readdir = jest.spyOn(fsPromises, 'readdir');
    const pages = await pagesOf(driver, { prefix: 'big/', delimiter: '/' });
    expect(pages).toHaveLength(3);
    const bigFolder = path.join(root, 'big');
    const folderReads = readdir.mock.calls.filter(([folder]) => path.resolve(String(folder)) === bigFolder);
    expect(folderReads).toHaveLength(1);
    // Each sub-folder is looked into once, to see that it holds an object (the empty one too).
    expect(readdir).toHaveBeenCalledTimes(1 + FOLDERS + 1);

    // A recursive listing (no delimiter) reads each folder of the tree once too.
    readdir.mockClear();
    const flat = await pagesOf(driver, { prefix: 'big/' });
    expect(entriesOf(flat)).toHaveLength(1 + FILES + FOLDERS);
    expect(readdir).toHaveBeenCalledTimes(1 + FOLDERS + 1);
  });

  it('shows an object written through the driver between two pages on a later page', async () => {
    const first = await driver.listObjects({ prefix: 'big/', delimiter: '/' });
    await driver.putObject('big/zz-late.txt', 'late');
    const readdir = jest.spyOn(fsPromises, 'readdir');
    const rest = await pagesOf(driver, { prefix: 'big/', delimiter: '/', continuationToken: first.nextContinuationToken });
    // The write dropped the listing's snapshot: the folder is read again, once, for the next page.
    expect(readdir.mock.calls.filter(([folder]) => path.resolve(String(folder)) === path.join(root, 'big'))).toHaveLength(1);
    expect(entriesOf([first, ...rest])).toEqual([...expected, 'big/zz-late.txt']);
    await driver.deleteObject('big/zz-late.txt');
  });

  it('keeps serving a listing from its snapshot when a write lands in another folder', async () => {
    const first = await driver.listObjects({ prefix: 'big/', delimiter: '/' });
    await driver.putObject('elsewhere/file.txt', 'x');
    await driver.deleteObject('elsewhere/file.txt');
    const readdir = jest.spyOn(fsPromises, 'readdir');
    await driver.listObjects({ prefix: 'big/', delimiter: '/', continuationToken: first.nextContinuationToken });
    expect(readdir.mock.calls.filter(([folder]) => path.resolve(String(folder)) === path.join(root, 'big'))).toHaveLength(0);
  });

  it('shows a deleted object no more on the pages after the delete', async () => {
    const first = await driver.listObjects({ prefix: 'big/', delimiter: '/' });
    await driver.deleteObject('big/f2500.txt');
    const rest = await pagesOf(driver, { prefix: 'big/', delimiter: '/', continuationToken: first.nextContinuationToken });
    expect(entriesOf([first, ...rest])).toEqual(expected.filter((key) => key !== 'big/f2500.txt'));
    await driver.putObject('big/f2500.txt', 'file 2500');
  });

  it('leaves out a file that disappears behind its back between two pages', async () => {
    const first = await driver.listObjects({ prefix: 'big/', delimiter: '/' });
    await fsPromises.rm(path.join(root, 'big', 'f1500.txt'));
    const continued = await driver.listObjects({ prefix: 'big/', delimiter: '/', continuationToken: first.nextContinuationToken });
    expect(continued.objects.map((object) => object.key)).not.toContain('big/f1500.txt');
    expect(continued.objects.map((object) => object.key)).toContain('big/f1501.txt');
    await driver.putObject('big/f1500.txt', 'file 1500');
  });
});

describe('compareKeys', () => {
  it('orders keys by their UTF-8 bytes, as S3 does', () => {
    const samples = [
      '',
      'a',
      'a/',
      'a-',
      'a/b',
      'ab',
      'Z',
      'é',
      'e\u0301',
      '\uE000',
      '\uFFFD',
      '\uFFFF',
      '😀',
      '😀a',
      '𝄞',
      'a\uD800',
      'a\uD800b',
      'a\uDC00',
      '\uD83D',
      'a😀',
      'a\uE000',
    ];
    for (const a of samples) {
      for (const b of samples) expect([a, b, Math.sign(compareKeys(a, b))]).toEqual([a, b, Math.sign(byteOrder(a, b))]);
    }
  });
});
