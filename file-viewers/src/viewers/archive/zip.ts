import {
  configure,
  ERR_ENCRYPTED,
  ERR_INVALID_PASSWORD,
  ERR_UNSUPPORTED_COMPRESSION,
  ERR_UNSUPPORTED_ENCRYPTION,
  Reader,
  Writer,
  ZipReader,
  type Entry,
  type FileEntry,
} from '@zip.js/zip.js/lib/zip-core-custom.js';
import { ViewerError } from '../../errors';
import { readBytes, readRange } from '../../source';
import type { FileSource } from '../../types';
import {
  EntryError,
  MAX_ENTRIES,
  MAX_ENTRY_BYTES,
  normalisePath,
  PasswordNeededError,
  WrongPasswordError,
  type ArchiveEntry,
  type ArchiveHandle,
} from './model';

/**
 * Zip through zip.js's core without its web workers and without its WASM inflater: the browser's
 * own DecompressionStream('deflate-raw') inflates, so neither a worker script nor
 * 'wasm-unsafe-eval' is needed, and nothing is fetched from elsewhere.
 */
configure({ useWebWorkers: false, useCompressionStream: true });

/** The end of the file read first: the end-of-central-directory record, its comment and usually the whole directory. */
const TAIL_BYTES = 64 * 1024;
/** Most bytes of the end kept after reads that reach into it. */
const MAX_KEPT_BYTES = 16 * 1024 * 1024;
/** Largest single read (a central directory claiming more is a hostile file). */
const MAX_READ_BYTES = 64 * 1024 * 1024;
/** Files whose size the server does not say, and that ignore ranges, are read whole up to this. */
const MAX_WHOLE_BYTES = 512 * 1024 * 1024;

/**
 * zip.js's Reader over `readRange`: only the bytes zip.js asks for (the directory at the end, an
 * entry's data when it is opened) are fetched. The last 64 KB are fetched once and kept.
 */
export class RangeReader extends Reader<FileSource> {
  /** Bytes fetched so far and the number of fetches (the tests and the bench read them). */
  bytesFetched = 0;
  fetches = 0;
  private tail: { start: number; bytes: Uint8Array } | null = null;

  constructor(
    private readonly source: FileSource,
    size: number,
    private readonly signal?: AbortSignal,
  ) {
    super(source);
    this.size = size;
  }

  private async fetch(start: number, end: number): Promise<Uint8Array> {
    const bytes = await readRange(this.source, start, end, this.signal);
    this.bytesFetched += bytes.byteLength;
    this.fetches += 1;
    return bytes;
  }

  override async readUint8Array(index: number, length: number): Promise<Uint8Array> {
    if (length > MAX_READ_BYTES) throw new ViewerError('too-large', 'zip: read too large');
    const end = Math.min(this.size, index + length);
    if (index >= end) return new Uint8Array(0);
    if (!this.tail && end > this.size - TAIL_BYTES) {
      const start = Math.max(0, this.size - TAIL_BYTES);
      this.tail = { start, bytes: await this.fetch(start, this.size) };
    }
    const tail = this.tail;
    if (tail && end > tail.start) {
      if (index < tail.start && tail.start - index + tail.bytes.byteLength <= MAX_KEPT_BYTES) {
        // A read reaching into the kept end (the central directory before its last 64 KB): fetch
        // only the part before it, and keep the whole as the new end.
        const head = await this.fetch(index, tail.start);
        const joined = new Uint8Array(head.byteLength + tail.bytes.byteLength);
        joined.set(head, 0);
        joined.set(tail.bytes, head.byteLength);
        this.tail = { start: index, bytes: joined };
        return joined.slice(0, end - index);
      }
      if (index >= tail.start) return tail.bytes.slice(index - tail.start, end - tail.start);
    }
    return this.fetch(index, end);
  }
}

/** zip.js's Writer collecting an entry into a Blob, refusing more than MAX_ENTRY_BYTES. */
class BoundedBlobWriter extends Writer<Blob> {
  private chunks: Uint8Array[] = [];
  private total = 0;

  override async writeUint8Array(array: Uint8Array): Promise<void> {
    this.total += array.byteLength;
    if (this.total > MAX_ENTRY_BYTES) throw new EntryError('too-large');
    this.chunks.push(array.slice());
  }

  override async getData(): Promise<Blob> {
    return new Blob(this.chunks as BlobPart[]);
  }
}

/** The size of a URL source whose size is unknown, by a one-byte range; null when ranges are not honoured. */
async function probeSize(url: string, signal?: AbortSignal): Promise<number | null> {
  let response: Response;
  try {
    response = await fetch(url, { credentials: 'same-origin', headers: { Range: 'bytes=0-0' }, signal });
  } catch (error) {
    if ((error as Error)?.name === 'AbortError') throw error;
    throw new ViewerError('unreachable', (error as Error)?.message);
  }
  response.body?.cancel().catch(() => undefined);
  if (!response.ok) throw new ViewerError('unreachable', `HTTP ${response.status}`);
  const total = /\/(\d+)\s*$/.exec(response.headers.get('content-range') ?? '')?.[1];
  return response.status === 206 && total ? Number(total) : null;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Names not flagged as UTF-8: UTF-8 anyway when they decode as such (most tools write it without
 * the flag), else GB18030 for a Chinese interface (Windows' zips in China), else zip.js's CP437.
 */
function nameDecoder(preferChinese: boolean) {
  let gb: TextDecoder | null = null;
  return (value: Uint8Array): string | undefined => {
    try {
      return utf8.decode(value);
    } catch {
      if (!preferChinese) return undefined;
      try {
        gb ??= new TextDecoder('gb18030', { fatal: true });
        return gb.decode(value);
      } catch {
        return undefined;
      }
    }
  };
}

function entryError(error: unknown, encrypted: boolean): Error {
  const message = (error as Error)?.message;
  if ((error as Error)?.name === 'AbortError') return error as Error;
  if (error instanceof EntryError || error instanceof ViewerError) return error;
  if (message === ERR_INVALID_PASSWORD) return new WrongPasswordError();
  if (message === ERR_ENCRYPTED) return new PasswordNeededError();
  if (message === ERR_UNSUPPORTED_COMPRESSION || message === ERR_UNSUPPORTED_ENCRYPTION) return new EntryError('unsupported');
  // A wrong password can pass the quick check (one byte for ZipCrypto, two for AES) and then fail as
  // a bad checksum, signature or deflate stream: for an encrypted entry that is the wrong password.
  return encrypted ? new WrongPasswordError() : new EntryError('damaged');
}

export interface ZipOptions {
  signal?: AbortSignal;
  /** Decode names without the UTF-8 flag as GB18030 when they are not UTF-8. */
  preferChinese?: boolean;
}

/** Opens a zip for listing (its central directory only) and for taking entries out one by one. */
export async function openZip(source: FileSource, options: ZipOptions = {}): Promise<ArchiveHandle & { reader: RangeReader }> {
  const { signal } = options;
  let target = source;
  let size = source.blob ? source.blob.size : source.size;
  if (size < 0 && source.url) {
    const probed = await probeSize(source.url, signal);
    if (probed === null) {
      // The server neither says the size nor honours ranges: the whole file, once, bounded.
      const bytes = await readBytes(source, { signal, maxBytes: MAX_WHOLE_BYTES });
      target = { ...source, url: undefined, blob: new Blob([bytes as BlobPart]) };
      size = bytes.byteLength;
    } else size = probed;
  }
  if (size < 22) throw new ViewerError('damaged', 'zip: too short');
  const reader = new RangeReader(target, size, signal);
  // Names like "../x" are listed (shown literally: nothing is written to disk), not refused.
  const zip = new ZipReader(reader, {
    useWebWorkers: false,
    filenameValidation: 'tolerant',
    decodeText: nameDecoder(options.preferChinese ?? false),
  });
  const raw: Entry[] = [];
  let truncated = false;
  try {
    for await (const entry of zip.getEntriesGenerator()) {
      if (raw.length >= MAX_ENTRIES) {
        truncated = true;
        break;
      }
      raw.push(entry);
    }
  } catch (error) {
    if (error instanceof ViewerError || (error as Error)?.name === 'AbortError') throw error;
    throw new ViewerError('damaged', `zip: ${(error as Error)?.message}`);
  }
  const entries: ArchiveEntry[] = raw.map((entry, index) => ({
    index,
    path: normalisePath(entry.filename),
    directory: entry.directory,
    size: entry.uncompressedSize,
    modified: entry.lastModDate instanceof Date && !Number.isNaN(entry.lastModDate.getTime()) ? entry.lastModDate.getTime() : null,
    encrypted: entry.encrypted,
  }));
  return {
    format: 'zip',
    entries,
    truncated,
    reader,
    async extract(entry, password, extractSignal) {
      const item = raw[entry.index];
      if (!item || item.directory) throw new EntryError('damaged');
      if (item.uncompressedSize > MAX_ENTRY_BYTES) throw new EntryError('too-large');
      if (item.encrypted && !password) throw new PasswordNeededError();
      try {
        return await (item as FileEntry).getData(new BoundedBlobWriter(), {
          password: item.encrypted ? password : undefined,
          signal: extractSignal ?? signal,
          useWebWorkers: false,
        });
      } catch (error) {
        throw entryError(error, item.encrypted);
      }
    },
    close() {
      zip.close().catch(() => undefined);
    },
  };
}
