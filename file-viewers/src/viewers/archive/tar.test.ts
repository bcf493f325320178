import './test-env';
import { damagedTar, LONG_NAME, PAX_NAME, README_TEXT, sampleTar, sampleTgz } from '../../../fixtures/archive.mjs';
import { ViewerError } from '../../errors';
import { gunzip, listTar, parsePax, readTarEntry } from './tar';

/** A stream of the bytes in chunks of `size` (to cross block boundaries anywhere). */
function streamOf(bytes: Uint8Array, size = 65536): ReadableStream<Uint8Array> {
  let offset = 0;
  return new ReadableStream({
    pull(controller) {
      if (offset >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(offset, offset + size));
      offset += size;
    },
  });
}

const FILES = [
  'docs/readme.txt',
  'docs/notes/deep.txt',
  'images/dot.png',
  'report.pdf',
  LONG_NAME,
  PAX_NAME,
  'ustar-prefix/dir/prefixed.txt',
];

describe('tar reader', () => {
  test('lists a ustar archive with its folder, GNU long name, pax path and ustar prefix', async () => {
    const { entries, truncated } = await listTar(streamOf(sampleTar(), 7));
    expect(truncated).toBe(false);
    expect(entries.map((entry) => entry.path)).toEqual(['docs', ...FILES]);
    expect(entries[0]).toMatchObject({ directory: true, size: 0 });
    const readme = entries.find((entry) => entry.path === 'docs/readme.txt')!;
    expect(readme).toMatchObject({ directory: false, size: README_TEXT.length, modified: Date.UTC(2024, 4, 17, 10, 30, 0) });
    // The pax header's mtime (with a fraction) wins over the header's.
    expect(entries.find((entry) => entry.path === PAX_NAME)!.modified).toBe(1715941800500);
  });

  test('lists a gzipped tar through DecompressionStream', async () => {
    const { entries } = await listTar(gunzip(streamOf(sampleTgz(), 100)));
    expect(entries.filter((entry) => !entry.directory).map((entry) => entry.path)).toEqual(FILES);
  });

  test('reads one entry again by its place, from a plain or gzipped stream', async () => {
    const { entries } = await listTar(streamOf(sampleTar()));
    const readme = entries.find((entry) => entry.path === 'docs/readme.txt')!;
    const plain = await readTarEntry(streamOf(sampleTar(), 13), readme.index);
    expect(new TextDecoder().decode(plain)).toBe(README_TEXT);
    const gz = await readTarEntry(gunzip(streamOf(sampleTgz())), readme.index);
    expect(new TextDecoder().decode(gz)).toBe(README_TEXT);
    // The data offset is where a range read finds the same bytes.
    expect(new TextDecoder().decode(sampleTar().slice(readme.dataOffset, readme.dataOffset + readme.size))).toBe(README_TEXT);
    const long = entries.find((entry) => entry.path === LONG_NAME)!;
    expect(new TextDecoder().decode(await readTarEntry(streamOf(sampleTar()), long.index))).toBe('named by a GNU long-name entry');
  });

  test('a tar larger than the scan limit is listed in part, not read to its end', async () => {
    const tar = sampleTar();
    let pulled = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled >= tar.length) return controller.close();
        controller.enqueue(tar.slice(pulled, pulled + 512));
        pulled += 512;
      },
    });
    const { entries, truncated } = await listTar(stream, undefined, 3000);
    expect(truncated).toBe(true);
    // Headers that start within the limit are listed; nothing past it is read.
    expect(entries.map((entry) => entry.path)).toEqual(['docs', 'docs/readme.txt', 'docs/notes/deep.txt', 'images/dot.png']);
    expect(pulled).toBeLessThan(4096);
  });

  test('a header with a wrong checksum is a damaged archive', async () => {
    await expect(listTar(streamOf(damagedTar()))).rejects.toMatchObject({ reason: 'damaged' });
  });

  test('an archive cut in the middle of an entry is damaged', async () => {
    const tar = sampleTar();
    const cut = tar.slice(0, 512 * 3 + 100); // the folder, readme's header and part of its block
    await expect(listTar(streamOf(cut))).rejects.toBeInstanceOf(ViewerError);
  });

  test('random bytes are not a tar', async () => {
    const noise = new Uint8Array(2048).map((_, i) => (i * 7919) % 251);
    await expect(listTar(streamOf(noise))).rejects.toMatchObject({ reason: 'damaged' });
  });

  test('parses pax records, including multi-byte values', () => {
    const record = (key: string, value: string) => {
      const body = ` ${key}=${value}\n`;
      const size = new TextEncoder().encode(body).length;
      let length = size + String(size).length;
      if (String(length).length !== String(size).length) length += 1;
      return `${length}${body}`;
    };
    const data = new TextEncoder().encode(record('path', 'dir/名前.txt') + record('size', '42'));
    const pax = parsePax(data);
    expect(pax.get('path')).toBe('dir/名前.txt');
    expect(pax.get('size')).toBe('42');
  });
});
