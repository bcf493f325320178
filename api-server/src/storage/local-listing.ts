import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { mapLimit } from '../lib/map-limit';
import { readFileSummaries, type FileToRead, type SummarySource } from './local-file-summaries';
import { baseOf, listingRequest, type ListingRequest } from './listing-request';
import { StorageError, type ListObjectsOptions, type ListObjectsPage, type ObjectInfo, type ObjectSummary } from './storage-driver';

/**
 * ListObjectsV2 over the local driver's directory tree, one pass per listing: each directory of
 * the listing is read once (one `readdir` with file types), its names are sorted once, and the
 * pages of the listing are served from that result (a snapshot the continuation token points to).
 * What a page shows of each entry is read when the page is served: files' sizes, dates and ETags
 * (local-file-summaries.ts), whether a folder holds any object (a common prefix is only listed
 * then) and whether a directory has a folder marker.
 *
 * The snapshot only carries one listing from page to page; it holds a name and a byte per entry.
 * A listing that starts (no token, or `startAfter`) always reads the directories afresh. A write
 * through the driver drops the snapshots of the folders above it, so the next page reads them
 * again and shows the write; a token whose snapshot has gone that way (or was evicted, or is older
 * than SNAPSHOT_TTL_MS) reads them afresh and continues after the token's key, as every page did
 * before. A file placed or removed behind the driver's back while a listing is paged through shows
 * in the next listing (a removed one is left out of the pages still to come).
 */

/** A regular file: an object key. */
const FILE = 0;
/** A directory's own key (`a/b/`): an object when the directory has a folder marker. */
const MARKER = 1;
/** A common prefix rolled up from at least one object key: always listed. */
const PREFIX = 2;
/** A common prefix rolled up from directories only: listed when one of them holds an object. */
const PENDING_PREFIX = 3;

const SNAPSHOT_TTL_MS = 10_000;
const MAX_SNAPSHOTS = 8;
/** Entries all snapshots hold together at most (each costs a name and a byte). */
const MAX_SNAPSHOT_ENTRIES = 250_000;
/** Folders checked for objects at the same time while a page is put together. */
const CHECK_CONCURRENCY = 8;

/** What the listing needs from the driver. */
export interface LocalListingHost extends SummarySource {
  /** The directory of a folder key (`""` = the root) when it exists with no symbolic link on the way, else null. */
  startDirectory(folderKey: string): Promise<string | null>;
  /** A folder marker's object facts (its sidecar and its directory exist), else null. */
  describeMarker(key: string, directoryPath: string): Promise<ObjectInfo | null>;
}

interface ContinuationMarker {
  after: string;
  /** The marker is a common prefix: everything under it was already returned. */
  isPrefix: boolean;
  /** The snapshot the listing continues from. */
  snapshot?: string;
}

/** One listing's sorted entries: names relative to `base` (the start folder's key), in key order. */
interface Snapshot {
  id: string;
  prefix: string;
  delimiter: string;
  base: string;
  startPath: string;
  names: string[];
  kinds: Uint8Array;
  /** PENDING_PREFIX names → the directories (relative to `base`, ending in `/`) rolled up into them. */
  pendingDirectories: Map<string, string[]>;
  createdAt: number;
}

interface PageEntry {
  key: string;
  isPrefix: boolean;
  /** A folder marker's facts, read while it was checked. */
  marker?: ObjectInfo;
}

/** Object keys in S3's order: by their UTF-8 bytes (UTF-16 `<` differs from it only around surrogates). */
export function compareKeys(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let index = 0; index < length; index += 1) {
    const x = a.charCodeAt(index);
    const y = b.charCodeAt(index);
    if (x === y) continue;
    if ((x & 0xf800) === 0xd800 || (y & 0xf800) === 0xd800) return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
    return x - y;
  }
  // One is a prefix of the other: its UTF-8 bytes come first too (a lone high surrogate at its end
  // becomes EF BF BD, which sorts before the F0… of the pair it starts in the longer key).
  return a.length - b.length;
}

function encodeToken(marker: ContinuationMarker): string {
  return Buffer.from(JSON.stringify({ v: 1, a: marker.after, p: marker.isPrefix, s: marker.snapshot }), 'utf8').toString('base64url');
}

function decodeToken(token: string): ContinuationMarker {
  try {
    const parsed = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as { v?: unknown; a?: unknown; p?: unknown; s?: unknown };
    if (parsed.v === 1 && typeof parsed.a === 'string' && typeof parsed.p === 'boolean') {
      return { after: parsed.a, isPrefix: parsed.p, ...(typeof parsed.s === 'string' ? { snapshot: parsed.s } : {}) };
    }
  } catch {
    // fall through
  }
  throw new StorageError('InvalidArgument', 'The continuation token is invalid');
}

export class LocalListing {
  private readonly snapshots = new Map<string, Snapshot>();
  /** The folders of the listings under way: a write below one of them while it runs keeps its snapshot from being kept. */
  private readonly running = new Set<{ base: string; touched: boolean }>();

  constructor(private readonly host: LocalListingHost) {}

  /** A write through the driver touched `key`: the snapshots of every folder above it go. */
  invalidate(key: string): void {
    for (const [id, snapshot] of this.snapshots) if (key.startsWith(snapshot.base)) this.snapshots.delete(id);
    for (const listing of this.running) if (key.startsWith(listing.base)) listing.touched = true;
  }

  async list(options: ListObjectsOptions = {}): Promise<ListObjectsPage> {
    const { prefix, delimiter, maxKeys, marker }: ListingRequest<ContinuationMarker> = listingRequest(options, decodeToken);

    const running = { base: baseOf(prefix), touched: false };
    this.running.add(running);
    try {
      const snapshot =
        (marker?.snapshot === undefined ? undefined : this.liveSnapshot(marker.snapshot, prefix, delimiter)) ??
        (await this.read(prefix, delimiter));
      if (!snapshot) return { objects: [], commonPrefixes: [], isTruncated: false };
      const { entries, isTruncated } = await this.page(snapshot, marker, maxKeys);
      const page = await this.render(snapshot, entries, isTruncated);
      // A token whose snapshot is not kept still works: the next page reads the folders again.
      if (isTruncated && !running.touched) this.keep(snapshot);
      else this.snapshots.delete(snapshot.id);
      return page;
    } finally {
      this.running.delete(running);
    }
  }

  private liveSnapshot(id: string, prefix: string, delimiter: string): Snapshot | undefined {
    const snapshot = this.snapshots.get(id);
    if (!snapshot) return undefined;
    if (performance.now() - snapshot.createdAt > SNAPSHOT_TTL_MS || snapshot.prefix !== prefix || snapshot.delimiter !== delimiter) {
      this.snapshots.delete(id);
      return undefined;
    }
    return snapshot;
  }

  private keep(snapshot: Snapshot): void {
    this.snapshots.set(snapshot.id, snapshot);
    const now = performance.now();
    let total = 0;
    for (const [id, kept] of this.snapshots) {
      if (now - kept.createdAt > SNAPSHOT_TTL_MS) this.snapshots.delete(id);
      else total += kept.names.length;
    }
    for (const [id, kept] of this.snapshots) {
      if (this.snapshots.size <= MAX_SNAPSHOTS && total <= MAX_SNAPSHOT_ENTRIES) break;
      this.snapshots.delete(id);
      total -= kept.names.length;
    }
  }

  // ------------------------------------------------------------------ reading the directories

  /** Reads the folders of a listing (the deepest folder the prefix names, and below it as needed); null when it has none. */
  private async read(prefix: string, delimiter: string): Promise<Snapshot | null> {
    const base = baseOf(prefix);
    const startPath = await this.host.startDirectory(base);
    if (startPath === null) return null;

    const names: string[] = [];
    const kinds: number[] = [];
    const prefixes = new Map<string, string[] | null>();
    const consider = (key: string, kind: typeof FILE | typeof MARKER): void => {
      if (!key.startsWith(prefix)) return;
      if (delimiter) {
        const index = key.indexOf(delimiter, prefix.length);
        if (index >= 0) {
          // A marker is never rolled up (its directory is only walked when no delimiter follows the prefix).
          prefixes.set(key.slice(0, index + delimiter.length), null);
          return;
        }
      }
      names.push(key.slice(base.length));
      kinds.push(kind);
    };
    const walk = async (directoryPath: string, folderKey: string): Promise<void> => {
      if (folderKey !== '') consider(folderKey, MARKER);
      let dirents;
      try {
        dirents = await readdir(directoryPath, { withFileTypes: true });
      } catch {
        return;
      }
      for (const dirent of dirents) {
        const key = folderKey + dirent.name;
        if (dirent.isFile()) {
          consider(key, FILE);
          continue;
        }
        if (!dirent.isDirectory()) continue; // symbolic links and specials are never listed
        const childKey = `${key}/`;
        if (!childKey.startsWith(prefix) && !prefix.startsWith(childKey)) continue;
        if (delimiter && childKey.startsWith(prefix)) {
          const index = childKey.indexOf(delimiter, prefix.length);
          if (index >= 0) {
            // Everything below rolls up into one common prefix: listed when it holds an object.
            const common = childKey.slice(0, index + delimiter.length);
            const pending = prefixes.get(common);
            if (pending === undefined) prefixes.set(common, [childKey.slice(base.length)]);
            else pending?.push(childKey.slice(base.length));
            continue;
          }
        }
        await walk(path.join(directoryPath, dirent.name), childKey);
      }
    };
    await walk(startPath, base);

    const pendingDirectories = new Map<string, string[]>();
    for (const [common, directories] of prefixes) {
      const name = common.slice(base.length);
      names.push(name);
      kinds.push(directories === null ? PREFIX : PENDING_PREFIX);
      if (directories !== null) pendingDirectories.set(name, directories);
    }
    const order = Array.from(names.keys()).sort((a, b) => compareKeys(names[a] as string, names[b] as string));
    return {
      id: randomBytes(12).toString('base64url'),
      prefix,
      delimiter,
      base,
      startPath,
      names: order.map((index) => names[index] as string),
      kinds: Uint8Array.from(order, (index) => kinds[index] as number),
      pendingDirectories,
      createdAt: performance.now(),
    };
  }

  // ------------------------------------------------------------------ serving a page

  private keyAt(snapshot: Snapshot, index: number): string {
    return snapshot.base + (snapshot.names[index] as string);
  }

  /** The first entry after `after`: entries are in key order, so a binary search finds it. */
  private firstAfter(snapshot: Snapshot, after: string): number {
    let low = 0;
    let high = snapshot.names.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (compareKeys(this.keyAt(snapshot, middle), after) > 0) high = middle;
      else low = middle + 1;
    }
    return low;
  }

  /** The next `maxKeys` entries after the marker that exist, and whether more follow. */
  private async page(
    snapshot: Snapshot,
    marker: ContinuationMarker | undefined,
    maxKeys: number,
  ): Promise<{ entries: PageEntry[]; isTruncated: boolean }> {
    const entries: PageEntry[] = [];
    const total = snapshot.names.length;
    let index = 0;
    if (marker) {
      index = this.firstAfter(snapshot, marker.after);
      if (marker.isPrefix) {
        // Everything under a prefix that was listed already (they follow it in key order).
        while (index < total && this.keyAt(snapshot, index).startsWith(marker.after)) index += 1;
      } else if (index > 0) {
        // `startAfter` inside a common prefix: the prefix is listed when it holds a key after it.
        const kind = snapshot.kinds[index - 1];
        const common = this.keyAt(snapshot, index - 1);
        if ((kind === PREFIX || kind === PENDING_PREFIX) && marker.after.startsWith(common)) {
          const inside = await this.read(common, '');
          if (inside && (await this.page(inside, { after: marker.after, isPrefix: false }, 1)).entries.length > 0) {
            entries.push({ key: common, isPrefix: true });
          }
        }
      }
    }
    while (entries.length < maxKeys && index < total) {
      const window = Array.from({ length: Math.min(maxKeys - entries.length, total - index) }, (_, offset) => index + offset);
      const checked = await mapLimit(window, CHECK_CONCURRENCY, (at) => this.check(snapshot, at));
      for (const entry of checked) if (entry) entries.push(entry);
      index += window.length;
    }
    let isTruncated = false;
    while (!isTruncated && index < total) {
      isTruncated = (await this.check(snapshot, index)) !== null;
      index += 1;
    }
    return { entries, isTruncated };
  }

  /** The entry at `index` as the page shows it, or null when it is a folder with nothing in it. */
  private async check(snapshot: Snapshot, index: number): Promise<PageEntry | null> {
    const key = this.keyAt(snapshot, index);
    switch (snapshot.kinds[index]) {
      case FILE:
        return { key, isPrefix: false };
      case PREFIX:
        return { key, isPrefix: true };
      case MARKER: {
        const info = await this.host.describeMarker(key, this.directoryOf(snapshot, snapshot.names[index] as string));
        return info ? { key, isPrefix: false, marker: info } : null;
      }
      default: {
        for (const directory of snapshot.pendingDirectories.get(snapshot.names[index] as string) ?? []) {
          if (await this.hasAnyKey(this.directoryOf(snapshot, directory), snapshot.base + directory)) return { key, isPrefix: true };
        }
        return null;
      }
    }
  }

  private directoryOf(snapshot: Snapshot, relative: string): string {
    const trimmed = relative.endsWith('/') ? relative.slice(0, -1) : relative;
    return trimmed === '' ? snapshot.startPath : path.join(snapshot.startPath, trimmed);
  }

  /** Whether a folder holds at least one object (a file or a folder marker). */
  private async hasAnyKey(directoryPath: string, folderKey: string): Promise<boolean> {
    if ((await this.host.describeMarker(folderKey, directoryPath)) !== null) return true;
    let dirents;
    try {
      dirents = await readdir(directoryPath, { withFileTypes: true });
    } catch {
      return false;
    }
    for (const dirent of dirents) {
      if (dirent.isFile()) return true;
    }
    for (const dirent of dirents) {
      if (dirent.isDirectory() && (await this.hasAnyKey(path.join(directoryPath, dirent.name), `${folderKey}${dirent.name}/`))) return true;
    }
    return false;
  }

  /** The page's objects (files with their size, date and ETag; markers) and common prefixes. */
  private async render(snapshot: Snapshot, entries: readonly PageEntry[], isTruncated: boolean): Promise<ListObjectsPage> {
    const files: FileToRead[] = [];
    for (const entry of entries) {
      if (!entry.isPrefix && !entry.marker) {
        files.push({ key: entry.key, fullPath: path.join(snapshot.startPath, entry.key.slice(snapshot.base.length)) });
      }
    }
    const summaries = await readFileSummaries(files, this.host);
    const objects: ObjectSummary[] = [];
    const commonPrefixes: string[] = [];
    for (const entry of entries) {
      if (entry.isPrefix) commonPrefixes.push(entry.key);
      else if (entry.marker) {
        const { key, size, etag, lastModified } = entry.marker;
        objects.push({ key, size, etag, lastModified });
      } else {
        const summary = summaries.get(entry.key);
        if (summary) objects.push(summary);
      }
    }
    const last = entries[entries.length - 1];
    return {
      objects,
      commonPrefixes,
      isTruncated,
      nextContinuationToken:
        isTruncated && last ? encodeToken({ after: last.key, isPrefix: last.isPrefix, snapshot: snapshot.id }) : undefined,
    };
  }
}
