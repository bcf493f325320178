import { mapLimit } from '../../lib/map-limit';
import { compareKeys } from '../local-listing';
import { baseOf, decodeResumeToken, encodeResumeToken, listingRequest, type ListingResume } from '../listing-request';
import { type ListObjectsOptions, type ListObjectsPage, type ObjectSummary } from '../storage-driver';
import type { RemoteStats } from './sftp-ops';

/**
 * ListObjectsV2 over an SFTP folder tree, with the local driver's semantics (local-listing.ts):
 * keys in UTF-8 byte order, `delimiter` rolls keys up into common prefixes, a folder is a folder
 * marker (an object) only when it has the driver's metadata, at most 1000 entries per page, opaque
 * continuation tokens (the last key of the page). Each page reads the folders it needs afresh
 * (one `readdir` each — the whole folder in one go however large); there is no snapshot cache yet.
 * Differences from local: a folder rolled up into a common prefix is listed even when it holds no
 * object (it is a real folder on the server), and `startAfter` inside a common prefix skips it.
 */

export interface SftpListingHost {
  /** The entries of the folder of `folderKey` (`""` = the base folder), or null when there is none. */
  readFolder(folderKey: string): Promise<Array<{ name: string; stats: RemoteStats }> | null>;
  /** Whether the folder key has a folder marker (the driver's metadata for it). */
  hasMarker(folderKey: string): Promise<boolean>;
  /** A file's listing facts (its ETag from the metadata when that still matches the file). */
  summarise(key: string, stats: RemoteStats): Promise<ObjectSummary>;
  /** Names the driver keeps to itself (its metadata folder, partial uploads). */
  isHidden(folderKey: string, name: string): boolean;
}

interface Entry {
  key: string;
  kind: 'file' | 'marker' | 'prefix';
  stats?: RemoteStats;
}

const SUMMARY_CONCURRENCY = 16;

/** Continuation tokens are stamped `v` (as the local listing's). */
const decodeToken = (token: string): ListingResume => decodeResumeToken('v', token);

export async function listSftpObjects(host: SftpListingHost, options: ListObjectsOptions = {}): Promise<ListObjectsPage> {
  const { prefix, delimiter, maxKeys, marker } = listingRequest(options, decodeToken);

  const entries: Entry[] = [];
  const prefixes = new Set<string>();
  const rollUp = (key: string): boolean => {
    if (!delimiter) return false;
    const index = key.indexOf(delimiter, prefix.length);
    if (index < 0) return false;
    prefixes.add(key.slice(0, index + delimiter.length));
    return true;
  };
  const walk = async (folderKey: string, stats?: RemoteStats): Promise<void> => {
    if (folderKey !== '' && folderKey.startsWith(prefix) && (await host.hasMarker(folderKey))) {
      entries.push({ key: folderKey, kind: 'marker', ...(stats ? { stats } : {}) });
    }
    const children = await host.readFolder(folderKey);
    if (!children) return;
    for (const child of children) {
      if (host.isHidden(folderKey, child.name)) continue;
      const key = folderKey + child.name;
      if (child.stats.isFile) {
        if (key.startsWith(prefix) && !rollUp(key)) entries.push({ key, kind: 'file', stats: child.stats });
        continue;
      }
      if (!child.stats.isDirectory) continue; // links and specials are never listed
      const childKey = `${key}/`;
      if (!childKey.startsWith(prefix) && !prefix.startsWith(childKey)) continue;
      if (childKey.startsWith(prefix) && rollUp(childKey)) continue;
      await walk(childKey, child.stats);
    }
  };
  await walk(baseOf(prefix));
  for (const common of prefixes) entries.push({ key: common, kind: 'prefix' });
  entries.sort((a, b) => compareKeys(a.key, b.key));

  let index = 0;
  if (marker) {
    while (index < entries.length && compareKeys((entries[index] as Entry).key, marker.after) <= 0) index += 1;
    if (marker.isPrefix) while (index < entries.length && (entries[index] as Entry).key.startsWith(marker.after)) index += 1;
  }
  const page = entries.slice(index, index + maxKeys);
  const isTruncated = index + maxKeys < entries.length;
  const objects = await mapLimit(
    page.filter((entry) => entry.kind !== 'prefix'),
    SUMMARY_CONCURRENCY,
    (entry) => host.summarise(entry.key, entry.stats ?? { size: 0, mtime: 0, isDirectory: true, isFile: false }),
  );
  const last = page[page.length - 1];
  return {
    objects,
    commonPrefixes: page.filter((entry) => entry.kind === 'prefix').map((entry) => entry.key),
    isTruncated,
    ...(isTruncated && last
      ? { nextContinuationToken: encodeResumeToken('v', { after: last.key, isPrefix: last.kind === 'prefix' }) }
      : {}),
  };
}
