import { ViewerError } from '../../errors';
import { EntryError, MAX_ENTRIES, MAX_ENTRY_BYTES, normalisePath, type ArchiveEntry } from './model';

/**
 * A small streaming tar reader: POSIX ustar (name + prefix), GNU long names ('L'/'K') and pax
 * extended headers ('x': path, size, mtime; 'g' is skipped), reading 512-byte blocks from a stream
 * without keeping the archive in memory. Old v7 headers (no magic) are read too.
 */

const BLOCK = 512;
/** Longest GNU long name or pax header accepted (a hostile one is refused, not buffered). */
const MAX_META_BYTES = 1024 * 1024;

export interface TarEntry extends ArchiveEntry {
  /** Offset of the entry's data in the (uncompressed) tar stream. */
  dataOffset: number;
  /** '0' file, '5' folder, '2' symlink…, as in the header. */
  typeflag: string;
}

/** Bytes of a tar stream read for its listing at most: a larger archive is listed in part. */
export const MAX_SCAN_BYTES = 1024 * 1024 * 1024;

/** The listing read as far as it may (MAX_SCAN_BYTES). */
class ScanLimitReached extends Error {}

/** Reads exact byte counts from a stream of chunks. */
class ByteReader {
  private chunks: Uint8Array[] = [];
  private available = 0;
  private done = false;
  position = 0;

  constructor(
    private readonly reader: ReadableStreamDefaultReader<Uint8Array>,
    private readonly limit = Infinity,
  ) {}

  private async fill(count: number): Promise<void> {
    while (this.available < count && !this.done) {
      if (this.position + this.available > this.limit) throw new ScanLimitReached();
      const { done, value } = await this.reader.read();
      if (done) this.done = true;
      else if (value.byteLength) {
        this.chunks.push(value);
        this.available += value.byteLength;
      }
    }
  }

  /** Exactly `count` bytes, or fewer at the end of the stream. */
  async take(count: number): Promise<Uint8Array> {
    await this.fill(count);
    const length = Math.min(count, this.available);
    const out = new Uint8Array(length);
    let offset = 0;
    while (offset < length) {
      const chunk = this.chunks[0]!;
      const part = Math.min(chunk.byteLength, length - offset);
      out.set(chunk.subarray(0, part), offset);
      offset += part;
      if (part === chunk.byteLength) this.chunks.shift();
      else this.chunks[0] = chunk.subarray(part);
    }
    this.available -= length;
    this.position += length;
    return out;
  }

  /** Drops `count` bytes (false when the stream ended first). */
  async skip(count: number): Promise<boolean> {
    let left = count;
    while (left > 0) {
      if (this.available === 0) {
        await this.fill(1);
        if (this.available === 0) return false;
      }
      const chunk = this.chunks[0]!;
      const part = Math.min(chunk.byteLength, left);
      if (part === chunk.byteLength) this.chunks.shift();
      else this.chunks[0] = chunk.subarray(part);
      this.available -= part;
      this.position += part;
      left -= part;
    }
    return true;
  }

  cancel(): void {
    this.reader.cancel().catch(() => undefined);
  }
}

const decoder = new TextDecoder('utf-8');

function text(block: Uint8Array, start: number, length: number): string {
  const field = block.subarray(start, start + length);
  const end = field.indexOf(0);
  return decoder.decode(end >= 0 ? field.subarray(0, end) : field);
}

/** An octal number field (or GNU base-256 when the high bit of the first byte is set). */
function number(block: Uint8Array, start: number, length: number): number {
  const field = block.subarray(start, start + length);
  if (field[0]! & 0x80) {
    let value = field[0]! & 0x7f;
    for (let i = 1; i < field.length; i++) value = value * 256 + field[i]!;
    return value;
  }
  const digits = text(block, start, length).trim();
  if (digits === '') return 0;
  if (!/^[0-7]+$/.test(digits)) return NaN;
  return parseInt(digits, 8);
}

function checksumOk(block: Uint8Array): boolean {
  const stored = number(block, 148, 8);
  let unsigned = 0;
  let signed = 0;
  for (let i = 0; i < BLOCK; i++) {
    const byte = i >= 148 && i < 156 ? 0x20 : block[i]!;
    unsigned += byte;
    signed += byte > 127 ? byte - 256 : byte;
  }
  return stored === unsigned || stored === signed;
}

function isZeroBlock(block: Uint8Array): boolean {
  for (let i = 0; i < block.length; i++) if (block[i] !== 0) return false;
  return true;
}

/** The records of a pax extended header ("<length> <key>=<value>\n"…). */
export function parsePax(data: Uint8Array): Map<string, string> {
  const records = new Map<string, string>();
  let offset = 0;
  while (offset < data.length) {
    const space = data.indexOf(0x20, offset);
    if (space < 0) break;
    const length = parseInt(decoder.decode(data.subarray(offset, space)), 10);
    if (!Number.isFinite(length) || length <= 0 || offset + length > data.length) break;
    const record = decoder.decode(data.subarray(space + 1, offset + length - 1));
    const equals = record.indexOf('=');
    if (equals > 0) records.set(record.slice(0, equals), record.slice(equals + 1));
    offset += length;
  }
  return records;
}

const padded = (size: number) => Math.ceil(size / BLOCK) * BLOCK;

export interface TarVisit {
  entry: TarEntry;
  /** The entry's data (bounded by MAX_ENTRY_BYTES); call at most once, before the next entry. */
  read(): Promise<Uint8Array>;
}

/**
 * The entries of a tar stream, one by one; an entry's data is skipped unless read. A header with a
 * bad checksum is a damaged archive (ViewerError damaged) — unless it is the end of the archive.
 */
export async function* tarEntries(
  stream: ReadableStream<Uint8Array>,
  signal?: AbortSignal,
  scanLimit = Infinity,
): AsyncGenerator<TarVisit> {
  const input = new ByteReader(stream.getReader(), scanLimit);
  let longName: string | null = null;
  let pax: Map<string, string> | null = null;
  let index = 0;
  try {
    for (;;) {
      if (signal?.aborted) throw signal.reason ?? new DOMException('aborted', 'AbortError');
      const headerOffset = input.position;
      const block = await input.take(BLOCK);
      if (block.length === 0) return; // end without the two zero blocks: tolerated
      if (block.length < BLOCK) throw new ViewerError('damaged', 'tar: truncated header');
      if (isZeroBlock(block)) return;
      if (!checksumOk(block)) throw new ViewerError('damaged', `tar: bad header checksum at ${headerOffset}`);

      const typeflag = String.fromCharCode(block[156]!) === '\0' ? '0' : String.fromCharCode(block[156]!);
      let size = number(block, 124, 12);
      if (!Number.isFinite(size) || size < 0) throw new ViewerError('damaged', 'tar: bad size');

      if (typeflag === 'L' || typeflag === 'K' || typeflag === 'x' || typeflag === 'g') {
        if (size > MAX_META_BYTES) throw new ViewerError('damaged', 'tar: oversized extended header');
        const data = await input.take(size);
        if (data.length < size) throw new ViewerError('damaged', 'tar: truncated extended header');
        await input.skip(padded(size) - size);
        if (typeflag === 'L') longName = text(data, 0, data.length);
        else if (typeflag === 'x') pax = parsePax(data);
        continue;
      }

      const magic = text(block, 257, 6);
      let name = text(block, 0, 100);
      if (magic.startsWith('ustar')) {
        const prefix = text(block, 345, 155);
        if (prefix) name = `${prefix}/${name}`;
      }
      if (longName !== null) name = longName;
      let modified: number | null = number(block, 136, 12) * 1000;
      if (pax) {
        const path = pax.get('path');
        if (path) name = path;
        const paxSize = Number(pax.get('size'));
        if (pax.has('size') && Number.isFinite(paxSize) && paxSize >= 0) size = paxSize;
        const mtime = Number(pax.get('mtime'));
        if (pax.has('mtime') && Number.isFinite(mtime)) modified = Math.round(mtime * 1000);
      }
      longName = null;
      pax = null;
      if (!Number.isFinite(modified)) modified = null;

      const directory = typeflag === '5' || (typeflag === '0' && name.endsWith('/') && size === 0);
      // Only regular files carry data (links, devices and folders have none, whatever size says).
      const dataSize = typeflag === '0' || typeflag === '7' ? size : typeflag === '5' || typeflag === '1' || typeflag === '2' ? 0 : size;
      const entry: TarEntry = {
        index: index++,
        path: normalisePath(name),
        directory,
        size: directory ? 0 : dataSize,
        modified,
        encrypted: false,
        dataOffset: input.position,
        typeflag,
      };
      let consumed = false;
      yield {
        entry,
        read: async () => {
          if (consumed) throw new Error('tar: entry already read');
          if (dataSize > MAX_ENTRY_BYTES) throw new EntryError('too-large');
          consumed = true;
          const data = await input.take(dataSize);
          if (data.length < dataSize) throw new ViewerError('damaged', 'tar: truncated entry');
          return data;
        },
      };
      const left = padded(dataSize) - (consumed ? dataSize : 0);
      if (!(await input.skip(left)) && left > 0) {
        // The last entry's data runs past the end: the archive was cut short.
        throw new ViewerError('damaged', 'tar: truncated entry');
      }
    }
  } finally {
    input.cancel();
  }
}

/**
 * Lists a tar stream, bounded: at most MAX_ENTRIES entries, and no more than `scanLimit` bytes read
 * (an archive past either is listed in part, `truncated`, instead of being read to its end).
 */
export async function listTar(
  stream: ReadableStream<Uint8Array>,
  signal?: AbortSignal,
  scanLimit = MAX_SCAN_BYTES,
): Promise<{ entries: TarEntry[]; truncated: boolean }> {
  const entries: TarEntry[] = [];
  try {
    for await (const { entry } of tarEntries(stream, signal, scanLimit)) {
      if (entries.length >= MAX_ENTRIES) return { entries, truncated: true };
      if (entry.path) entries.push(entry);
    }
  } catch (error) {
    if (error instanceof ScanLimitReached) return { entries, truncated: true };
    throw error;
  }
  return { entries, truncated: false };
}

/** The data of the entry at `index` (its place in the archive), read from a new stream of the tar. */
export async function readTarEntry(stream: ReadableStream<Uint8Array>, index: number, signal?: AbortSignal): Promise<Uint8Array> {
  for await (const visit of tarEntries(stream, signal)) {
    if (visit.entry.index === index) return await visit.read();
  }
  throw new ViewerError('damaged', 'tar: entry not found');
}

/** A gzip stream's decompressed bytes (the browser's own DecompressionStream). */
export function gunzip(stream: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
  if (typeof DecompressionStream === 'undefined') throw new ViewerError('unsupported', 'no DecompressionStream');
  return stream.pipeThrough(new DecompressionStream('gzip') as unknown as ReadableWritablePair<Uint8Array, Uint8Array>);
}
