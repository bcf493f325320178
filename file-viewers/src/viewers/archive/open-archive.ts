import { ViewerError } from '../../errors';
import { extensionOf, openStream, readBlob, readRange } from '../../source';
import type { FileSource } from '../../types';
import { EntryError, MAX_ENTRY_BYTES, type ArchiveHandle } from './model';
import { gunzip, listTar, readTarEntry } from './tar';

export type ArchiveFormat = ArchiveHandle['format'];

/** The format of an archive: by its first bytes when they are at hand, else by its name. */
export function archiveFormat(name: string, head?: Uint8Array): ArchiveFormat | null {
  if (head && head.length >= 4) {
    if (head[0] === 0x50 && head[1] === 0x4b && (head[2] === 3 || head[2] === 5 || head[2] === 7)) return 'zip';
    if (head[0] === 0x37 && head[1] === 0x7a && head[2] === 0xbc && head[3] === 0xaf) return '7z';
    if (head[0] === 0x52 && head[1] === 0x61 && head[2] === 0x72 && head[3] === 0x21) return 'rar';
    if (head[0] === 0x1f && head[1] === 0x8b) return 'tar.gz';
    if (head.length >= 262 && String.fromCharCode(...head.subarray(257, 262)) === 'ustar') return 'tar';
  }
  const ext = extensionOf(name);
  if (ext === 'zip') return 'zip';
  if (ext === '7z') return '7z';
  if (ext === 'rar') return 'rar';
  if (ext === 'tar.gz' || ext === 'tgz') return 'tar.gz';
  if (ext === 'tar') return 'tar';
  return null;
}

/** A gzipped tar up to this size is downloaded once and kept: opening an entry reads it again from memory. */
const KEEP_GZIP_BYTES = 64 * 1024 * 1024;

async function openTar(original: FileSource, gzipped: boolean, signal?: AbortSignal): Promise<ArchiveHandle> {
  let source = original;
  if (gzipped && !source.blob && source.size >= 0 && source.size <= KEEP_GZIP_BYTES) {
    source = { ...source, url: undefined, blob: await readBlob(source, { signal, maxBytes: KEEP_GZIP_BYTES }) };
  }
  const stream = async () => {
    const raw = await openStream(source, signal);
    return gzipped ? gunzip(raw) : raw;
  };
  const { entries, truncated } = await listTar(await stream(), signal);
  return {
    format: gzipped ? 'tar.gz' : 'tar',
    entries,
    truncated,
    async extract(entry, _password, extractSignal) {
      if (entry.size > MAX_ENTRY_BYTES) throw new EntryError('too-large');
      const tarEntry = entries[entry.index];
      // A plain tar's entry is one range of the file; a gzipped one is read again up to it.
      const bytes =
        !gzipped && tarEntry && tarEntry.index === entry.index
          ? await readRange(source, tarEntry.dataOffset, tarEntry.dataOffset + tarEntry.size, extractSignal ?? signal)
          : await readTarEntry(await stream(), tarEntry?.index ?? entry.index, extractSignal ?? signal);
      return new Blob([bytes as BlobPart]);
    },
    close() {},
  };
}

export interface OpenOptions {
  signal?: AbortSignal;
  preferChinese?: boolean;
}

/** Opens an archive of any handled format (ViewerError when it cannot be read). */
export async function openArchive(source: FileSource, options: OpenOptions = {}): Promise<ArchiveHandle> {
  const { signal } = options;
  let head: Uint8Array | undefined;
  if (source.blob) head = await readRange(source, 0, 512);
  const format = archiveFormat(source.name, head);
  switch (format) {
    case 'zip': {
      const { openZip } = await import(/* webpackChunkName: "viewer-archive-zip" */ './zip');
      return openZip(source, options);
    }
    case 'tar':
    case 'tar.gz':
      return openTar(source, format === 'tar.gz', signal);
    case '7z':
    case 'rar': {
      const { openLibarchive } = await import(/* webpackChunkName: "viewer-archive-libarchive" */ './libarchive');
      return openLibarchive(source, format, signal);
    }
    default:
      throw new ViewerError('unsupported', `archive: ${source.name}`);
  }
}
