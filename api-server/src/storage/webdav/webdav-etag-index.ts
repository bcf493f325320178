import { createHash } from 'node:crypto';
import { mapLimit } from '../../lib/map-limit';
import type { DavEntry } from './webdav-propfind';
import { INTERNAL_FOLDER, type Sidecar, type WebDavStore } from './webdav-store';

/**
 * The MD5 ETags of a folder's files in one small document per folder, so a listing needs one GET
 * per folder instead of one sidecar GET per file (a page of 1,000 files: 1 request, not 1,000).
 *
 * The index is a cache the listing keeps, never the truth: an entry is used only while the file
 * still has the size, modification time and server ETag it had when the entry was made (a file
 * changed in any way, through the driver or behind its back, misses and its sidecar is read
 * again); a server that reports no ETag never uses it. An entry is made only when the sidecar
 * provably describes that version of the file: the sidecar recorded the server's ETag of the PUT
 * that wrote it, or the file has not changed for SETTLED_MS (so a listing that runs between a
 * write of the file and the write of its sidecar cannot record the old sidecar's ETag for the new
 * file). Entries of files that are gone are dropped when the folder's index is next written.
 *
 * Location: `<base>/.cloudclip-internal/index/<hh>/<sha256(folder key)>.json`.
 */

const SETTLED_MS = 60_000;
const INDEX_CONCURRENCY = 4;
const SIDECAR_CONCURRENCY = 16;
const MAX_INDEX_BYTES = 64 * 1024 * 1024;

/** size, modification time (ms), server ETag, MD5 ETag. */
type IndexEntry = [number, number, string, string];

interface IndexDocument {
  v: 1;
  folder: string;
  entries: Record<string, IndexEntry>;
}

export interface ListedFile {
  key: string;
  entry: DavEntry;
}

function folderOf(key: string): { folder: string; name: string } {
  const slash = key.lastIndexOf('/');
  return { folder: key.slice(0, slash + 1), name: key.slice(slash + 1) };
}

function matches(cached: IndexEntry | undefined, entry: DavEntry): cached is IndexEntry {
  return (
    cached !== undefined &&
    entry.etag !== '' &&
    cached[0] === entry.size &&
    cached[1] === entry.lastModified.getTime() &&
    cached[2] === entry.etag
  );
}

export class WebDavEtagIndex {
  constructor(
    private readonly store: WebDavStore,
    private readonly now: () => number = Date.now,
  ) {}

  private location(folderKey: string): string[] {
    const hash = createHash('sha256').update(folderKey, 'utf8').digest('hex');
    return ['index', hash.slice(0, 2), `${hash}.json`];
  }

  private async read(folderKey: string): Promise<IndexDocument | null> {
    const parsed = await this.store.readInternalJson(this.location(folderKey), MAX_INDEX_BYTES);
    const document = parsed as Partial<IndexDocument> | null;
    if (!document || document.v !== 1 || document.folder !== folderKey || typeof document.entries !== 'object') return null;
    return document as IndexDocument;
  }

  private async write(folderKey: string, entries: Record<string, IndexEntry>): Promise<void> {
    const [, hh, name] = this.location(folderKey) as [string, string, string];
    await this.store.ensureCollections([INTERNAL_FOLDER, 'index', hh]);
    await this.store.writeInternalJson(['index', hh, name], { v: 1, folder: folderKey, entries } satisfies IndexDocument);
  }

  /**
   * The MD5 ETag of each listed file (the server's own ETag for a file without a usable sidecar),
   * in the order given. `folderNames` holds, per folder read whole by the listing, the names of
   * its files (to drop entries of files that are gone).
   */
  async etags(files: readonly ListedFile[], folderNames: ReadonlyMap<string, ReadonlySet<string>>): Promise<string[]> {
    const byFolder = new Map<string, number[]>();
    files.forEach((file, index) => {
      const { folder } = folderOf(file.key);
      const list = byFolder.get(folder) ?? [];
      list.push(index);
      byFolder.set(folder, list);
    });
    const result: string[] = new Array<string>(files.length).fill('');
    await mapLimit([...byFolder], INDEX_CONCURRENCY, async ([folderKey, indexes]) => {
      const document = await this.read(folderKey).catch(() => null);
      const entries: Record<string, IndexEntry> = { ...(document?.entries ?? {}) };
      const missing: number[] = [];
      for (const index of indexes) {
        const file = files[index] as ListedFile;
        const cached = entries[folderOf(file.key).name];
        if (matches(cached, file.entry)) result[index] = cached[3];
        else missing.push(index);
      }
      if (missing.length === 0) return;
      let changed = false;
      const settledBefore = this.now() - SETTLED_MS;
      await mapLimit(missing, SIDECAR_CONCURRENCY, async (index) => {
        const { key, entry } = files[index] as ListedFile;
        const sidecar: Sidecar | null = await this.store.readSidecar(key);
        const usable = sidecar !== null && sidecar.size === entry.size;
        result[index] = usable ? sidecar.etag : entry.etag;
        if (!usable || entry.etag === '') return;
        if (sidecar.davEtag !== entry.etag && entry.lastModified.getTime() > settledBefore) return;
        entries[folderOf(key).name] = [entry.size, entry.lastModified.getTime(), entry.etag, sidecar.etag];
        changed = true;
      });
      if (!changed) return;
      const present = folderNames.get(folderKey);
      if (present) for (const name of Object.keys(entries)) if (!present.has(name)) delete entries[name];
      // A failed index write costs the next listing its speed, never its correctness.
      await this.write(folderKey, entries).catch(() => undefined);
    });
    return result;
  }
}
