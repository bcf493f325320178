import { compareKeys } from '../local-listing';
import { baseOf, decodeResumeToken, encodeResumeToken, listingRequest, type ListingResume } from '../listing-request';
import { StorageError, type ListObjectsOptions, type ListObjectsPage, type ObjectSummary } from '../storage-driver';
import { WebDavEtagIndex } from './webdav-etag-index';
import { propfind, type DavEntry } from './webdav-propfind';
import { INTERNAL_FOLDER, type Sidecar, type WebDavStore } from './webdav-store';

/**
 * ListObjectsV2 over a WebDAV tree with the local driver's semantics (local-listing.ts): keys in
 * UTF-8 byte order, `delimiter` rolling keys up into common prefixes, folder markers (a collection
 * with a sidecar) listed as objects, at most 1000 entries a page, opaque continuation tokens.
 *
 * How: a depth-first walk that visits each folder's members in key order (a collection `x` sorts
 * as `x/`, and everything below it is contiguous in key order), so the walk yields keys already
 * sorted and can stop as soon as a page is full. Each folder is read with one PROPFIND depth 1,
 * parsed as it streams (webdav-propfind.ts); only the folders on the walk's current path are held
 * in memory (at most MAX_FOLDER_ENTRIES members each). A continuation token is the last key of the
 * page: the next page walks again and skips every subtree that lies wholly before it, so no state
 * is kept between pages (a folder of N entries paged by 1000 is read N/1000 times).
 *
 * Differences from the local driver: an empty collection made behind the driver's back shows as a
 * common prefix (the driver itself removes collections it empties, see WebDavStore.pruneEmpty);
 * `startAfter` inside a rolled-up common prefix lists that prefix without checking that a key
 * follows inside it.
 */

const MAX_FOLDER_ENTRIES = 200_000;

type Item =
  | { kind: 'file'; key: string; entry: DavEntry }
  | { kind: 'marker'; key: string; entry: DavEntry; sidecar: Sidecar }
  | { kind: 'prefix'; key: string };

interface Walk {
  prefix: string;
  delimiter: string;
  marker: ListingResume | undefined;
  lastPrefix: string | undefined;
  /** The file names of each folder read (for the ETag index). */
  folderNames: Map<string, Set<string>>;
}

/** Continuation tokens are stamped `w`: a token of another driver's listing is refused. */
const decodeToken = (token: string): ListingResume => decodeResumeToken('w', token);

export class WebDavListing {
  private readonly etagIndex: WebDavEtagIndex;

  constructor(private readonly store: WebDavStore) {
    this.etagIndex = new WebDavEtagIndex(store);
  }

  async list(options: ListObjectsOptions = {}): Promise<ListObjectsPage> {
    const { prefix, delimiter, maxKeys, marker } = listingRequest(options, decodeToken);
    const base = baseOf(prefix);
    const baseSegments = base === '' ? [] : base.slice(0, -1).split('/');
    if (baseSegments.some((segment) => segment === '' || segment === '.' || segment === '..')) {
      return { objects: [], commonPrefixes: [], isTruncated: false };
    }
    const walk: Walk = { prefix, delimiter, marker, lastPrefix: undefined, folderNames: new Map() };
    const items: Item[] = [];
    let isTruncated = false;
    for await (const item of this.walk(baseSegments, base, walk)) {
      if (items.length === maxKeys) {
        isTruncated = true;
        break;
      }
      items.push(item);
    }
    return this.render(items, isTruncated, walk.folderNames);
  }

  /** Whether a key (or a common prefix) comes after the listing's marker. */
  private after(walk: Walk, key: string): boolean {
    const { marker } = walk;
    if (!marker) return true;
    if (marker.isPrefix && key.startsWith(marker.after)) return false;
    return compareKeys(key, marker.after) > 0;
  }

  /** Whether a collection's subtree (every key starting with `key`) may hold keys after the marker. */
  private subtreeAfter(walk: Walk, key: string): boolean {
    const { marker } = walk;
    if (!marker) return true;
    if (marker.isPrefix && key.startsWith(marker.after)) return false;
    return marker.after.startsWith(key) || compareKeys(key, marker.after) > 0;
  }

  /** The common prefix a key rolls up into, or undefined. */
  private rollup(walk: Walk, key: string): string | undefined {
    if (!walk.delimiter || !key.startsWith(walk.prefix)) return undefined;
    const index = key.indexOf(walk.delimiter, walk.prefix.length);
    return index >= 0 ? key.slice(0, index + walk.delimiter.length) : undefined;
  }

  private *emitPrefix(walk: Walk, common: string): Generator<Item> {
    if (walk.lastPrefix === common) return;
    const { marker } = walk;
    const passes =
      this.after(walk, common) || (marker !== undefined && !marker.isPrefix && marker.after.startsWith(common) && marker.after !== common);
    if (!passes) return;
    walk.lastPrefix = common;
    yield { kind: 'prefix', key: common };
  }

  private async *walk(segments: string[], folderKey: string, walk: Walk): AsyncGenerator<Item> {
    const children = await this.readFolder(segments);
    if (children === null) return;
    walk.folderNames.set(folderKey, new Set(children.members.filter((member) => !member.entry.isCollection).map((member) => member.name)));
    if (folderKey !== '' && folderKey.startsWith(walk.prefix) && this.after(walk, folderKey)) {
      const sidecar = await this.store.readSidecar(folderKey);
      if (sidecar) yield { kind: 'marker', key: folderKey, entry: children.self, sidecar };
    }
    for (const child of children.members) {
      const key = folderKey + child.name + (child.entry.isCollection ? '/' : '');
      if (child.entry.isCollection) {
        if (!key.startsWith(walk.prefix) && !walk.prefix.startsWith(key)) continue;
        if (!this.subtreeAfter(walk, key)) continue;
        const common = this.rollup(walk, key);
        if (common !== undefined) {
          yield* this.emitPrefix(walk, common);
          continue;
        }
        yield* this.walk([...segments, child.name], key, walk);
        continue;
      }
      if (!key.startsWith(walk.prefix)) continue;
      const common = this.rollup(walk, key);
      if (common !== undefined) yield* this.emitPrefix(walk, common);
      else if (this.after(walk, key)) yield { kind: 'file', key, entry: child.entry };
    }
  }

  /** A folder's members in key order (the internal folder left out at the top), null when it is missing or no collection. */
  private async readFolder(segments: string[]): Promise<{ self: DavEntry; members: Array<{ name: string; entry: DavEntry }> } | null> {
    const folderPath = segments.length === 0 ? this.store.basePath : `${this.store.basePath}/${segments.join('/')}`;
    const members: Array<{ name: string; entry: DavEntry }> = [];
    let self: DavEntry | undefined;
    const exists = await propfind(this.store.http, this.store.pathOf(segments, true), 1, (entry) => {
      if (entry.path === folderPath) {
        self = entry;
        return;
      }
      if (!entry.path.startsWith(`${folderPath}/`)) return;
      const name = entry.path.slice(folderPath.length + 1);
      if (name === '' || name.includes('/')) return;
      if (segments.length === 0 && name === INTERNAL_FOLDER) return;
      if (members.length >= MAX_FOLDER_ENTRIES) {
        throw new StorageError('Unavailable', `The WebDAV folder /${segments.join('/')} has more than ${MAX_FOLDER_ENTRIES} entries`);
      }
      members.push({ name, entry });
    });
    if (!exists || !self?.isCollection) return null;
    const sortKey = (member: { name: string; entry: DavEntry }): string => member.name + (member.entry.isCollection ? '/' : '');
    members.sort((a, b) => compareKeys(sortKey(a), sortKey(b)));
    return { self, members };
  }

  /** The page: files get their MD5 ETags from the folders' ETag index (webdav-etag-index.ts). */
  private async render(items: readonly Item[], isTruncated: boolean, folderNames: Walk['folderNames']): Promise<ListObjectsPage> {
    const objects: ObjectSummary[] = [];
    const commonPrefixes: string[] = [];
    const files = items.filter((item): item is Extract<Item, { kind: 'file' }> => item.kind === 'file');
    const etags = await this.etagIndex.etags(files, folderNames);
    let fileIndex = 0;
    for (const item of items) {
      if (item.kind === 'prefix') commonPrefixes.push(item.key);
      else if (item.kind === 'marker') {
        const { etag, written } = item.sidecar;
        objects.push({ key: item.key, size: 0, etag, lastModified: written === undefined ? item.entry.lastModified : new Date(written) });
      } else {
        objects.push({
          key: item.key,
          size: item.entry.size,
          etag: etags[fileIndex] ?? item.entry.etag,
          lastModified: item.entry.lastModified,
        });
        fileIndex += 1;
      }
    }
    const last = items[items.length - 1];
    return {
      objects,
      commonPrefixes,
      isTruncated,
      nextContinuationToken:
        isTruncated && last ? encodeResumeToken('w', { after: last.key, isPrefix: last.kind === 'prefix' }) : undefined,
    };
  }
}
