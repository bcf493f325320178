import './test-env';
import {
  damagedZip,
  encryptedZip,
  GBK_NAME,
  gbkNamesZip,
  README_TEXT,
  sampleZip,
  SECRET_TEXT,
  ZIP_PASSWORD,
  zipClaimingHugeEntry,
  zipWithEntries,
} from '../../../fixtures/archive.mjs';
import type { FileSource } from '../../types';
import { EntryError, MAX_ENTRY_BYTES, PasswordNeededError, WrongPasswordError } from './model';
import { openZip } from './zip';

// zip.js's core as an ES module is for the bundler; jest takes the package's CommonJS build.
jest.mock('@zip.js/zip.js/lib/zip-core-custom.js', () => jest.requireActual('@zip.js/zip.js'), { virtual: true });

/** A server of one file over fetch: honours Range (206) or not (200), and counts the bytes it sends. */
function serve(file: Uint8Array, { ranges = true } = {}) {
  const sent = { bytes: 0, requests: 0 };
  const fetchMock = jest.fn(async (_url: string, init?: RequestInit) => {
    sent.requests += 1;
    const range = (init?.headers as Record<string, string> | undefined)?.Range;
    const match = range && ranges ? /bytes=(\d+)-(\d+)/.exec(range) : null;
    const body = match ? file.slice(Number(match[1]), Number(match[2]) + 1) : file;
    sent.bytes += body.length;
    const fields: Record<string, string> = { 'content-length': String(body.length) };
    if (match) fields['content-range'] = `bytes ${match[1]}-${Number(match[1]) + body.length - 1}/${file.length}`;
    const headers = { get: (name: string) => fields[name.toLowerCase()] ?? null };
    return {
      ok: true,
      status: match ? 206 : 200,
      headers,
      body: null,
      arrayBuffer: async () => body.buffer.slice(body.byteOffset, body.byteOffset + body.byteLength),
    } as unknown as Response;
  });
  (globalThis as { fetch?: unknown }).fetch = fetchMock;
  return sent;
}

const blobSource = (name: string, bytes: Uint8Array): FileSource => ({ name, size: bytes.length, blob: new Blob([bytes as BlobPart]) });

afterEach(() => {
  delete (globalThis as { fetch?: unknown }).fetch;
});

describe('zip', () => {
  test('lists folders and files with sizes and dates, and takes a text out', async () => {
    const zip = await openZip(blobSource('bundle.zip', sampleZip()));
    expect(zip.entries.map((entry) => entry.path).sort()).toEqual([
      'docs/notes/deep.txt',
      'docs/readme.txt',
      'empty-folder',
      'images/dot.png',
      'report.pdf',
    ]);
    const readme = zip.entries.find((entry) => entry.path === 'docs/readme.txt')!;
    expect(readme).toMatchObject({ size: README_TEXT.length, encrypted: false, directory: false });
    expect(new Date(readme.modified!).getFullYear()).toBe(2024);
    expect(zip.entries.find((entry) => entry.path === 'empty-folder')!.directory).toBe(true);
    expect(await (await zip.extract(readme)).text()).toBe(README_TEXT);
  });

  test('reads only the central directory of a large zip over HTTP ranges', async () => {
    const file = zipWithEntries(300, { entryBytes: 16 * 1024, level: 0 }); // ≈ 5 MB of incompressible entries
    const sent = serve(file);
    const zip = await openZip({ name: 'big.zip', size: file.length, url: '/api/big.zip' });
    expect(zip.entries).toHaveLength(300);
    expect(zip.reader.bytesFetched).toBe(sent.bytes);
    expect(sent.bytes).toBeLessThan(100 * 1024);
    expect(sent.bytes / file.length).toBeLessThan(0.02);
    expect(sent.requests).toBeLessThanOrEqual(3);
    // Opening one entry fetches that entry, not the file.
    const before = sent.bytes;
    const blob = await zip.extract(zip.entries[150]!);
    expect(blob.size).toBe(16 * 1024);
    expect(sent.bytes - before).toBeLessThan(20 * 1024);
  });

  test('asks the server for the size by a one-byte range when it is unknown', async () => {
    const file = zipWithEntries(20);
    const sent = serve(file);
    const zip = await openZip({ name: 'x.zip', size: -1, url: '/api/x.zip' });
    expect(zip.entries).toHaveLength(20);
    expect(sent.requests).toBe(2); // the probe, then the tail
  });

  test('reads the whole file once when the server neither says the size nor honours ranges', async () => {
    const file = zipWithEntries(20);
    const sent = serve(file, { ranges: false });
    const zip = await openZip({ name: 'x.zip', size: -1, url: '/api/x.zip' });
    expect(zip.entries).toHaveLength(20);
    expect(sent.requests).toBe(2);
    expect(await (await zip.extract(zip.entries[3]!)).text()).toBe('entry 3\n');
    expect(sent.requests).toBe(2);
  });

  test.each([
    ['AES-256', false],
    ['ZipCrypto', true],
  ])('an encrypted entry (%s) needs the password: none asks, a wrong one is refused, the right one opens it', async (_name, zipCrypto) => {
    const zip = await openZip(blobSource('locked.zip', await encryptedZip({ zipCrypto })));
    const secret = zip.entries.find((entry) => entry.path === 'secret.txt')!;
    const plain = zip.entries.find((entry) => entry.path === 'plain.txt')!;
    expect(secret.encrypted).toBe(true);
    expect(plain.encrypted).toBe(false);
    await expect(zip.extract(secret)).rejects.toBeInstanceOf(PasswordNeededError);
    await expect(zip.extract(secret, 'not-it')).rejects.toBeInstanceOf(WrongPasswordError);
    expect(await (await zip.extract(secret, ZIP_PASSWORD)).text()).toBe(SECRET_TEXT);
    expect(await (await zip.extract(plain)).text()).toBe('not encrypted');
  });

  test('a wrong ZipCrypto password that passes the one-byte check is still a wrong password, never "damaged"', async () => {
    const zip = await openZip(blobSource('locked.zip', await encryptedZip({ zipCrypto: true })));
    const secret = zip.entries.find((entry) => entry.path === 'secret.txt')!;
    // About 1 in 256 wrong passwords passes ZipCrypto's check byte; 1,500 tries meet several.
    const outcomes = new Set<string>();
    for (let i = 0; i < 1500; i++) {
      const error = await zip.extract(secret, `wrong-${i}`).then(
        () => null,
        (caught: Error) => caught,
      );
      outcomes.add(error?.name ?? 'opened');
    }
    expect([...outcomes]).toEqual(['WrongPasswordError']);
  }, 30_000);

  test('refuses an entry larger than 200 MB uncompressed without reading it', async () => {
    const file = zipClaimingHugeEntry();
    const zip = await openZip(blobSource('bomb.zip', file));
    const big = zip.entries.find((entry) => entry.path.endsWith('00000.txt'))!;
    expect(big.size).toBeGreaterThan(MAX_ENTRY_BYTES);
    await expect(zip.extract(big)).rejects.toEqual(new EntryError('too-large'));
  });

  test('names without the UTF-8 flag: GBK for a Chinese interface, and UTF-8 whenever they decode as such', async () => {
    const chinese = await openZip(blobSource('cn.zip', gbkNamesZip()), { preferChinese: true });
    expect(chinese.entries.map((entry) => entry.path)).toEqual([GBK_NAME]);
    expect(await (await chinese.extract(chinese.entries[0]!)).text()).toBe('GBK-named file');
    const english = await openZip(blobSource('cn.zip', gbkNamesZip()));
    expect(english.entries[0]!.path).not.toBe(GBK_NAME);
    expect(english.entries[0]!.path.endsWith('.txt')).toBe(true);
    const utf8 = await openZip(blobSource('bundle.zip', sampleZip()), { preferChinese: true });
    expect(utf8.entries.map((entry) => entry.path)).toContain('docs/readme.txt');
  });

  test('a zip without its central directory is damaged', async () => {
    await expect(openZip(blobSource('cut.zip', damagedZip()))).rejects.toMatchObject({ reason: 'damaged' });
  });
});
