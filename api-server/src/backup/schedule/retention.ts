import type { StorageDriver } from '../../storage/storage-driver';

/**
 * Names of the archives a schedule writes, and their retention: a folder keeps the newest `keep`
 * archives named like ours; every other object in it (and below it) is never touched.
 */

const ARCHIVE_NAME = /^cloudclip-backup-(\d{8}-\d{6})(?:-(\d{1,4}))?\.tar\.gz$/;

/** `yyyymmdd-hhmmss` in UTC. */
export function archiveStamp(date: Date): string {
  return date.toISOString().replace(/[-:]/g, '').replace('T', '-').replace(/\..*$/, '');
}

/** `cloudclip-backup-<UTC yyyymmdd-hhmmss>.tar.gz`; with `sequence` > 0 (a second archive in the same second) `-<n>` before the extension. */
export function archiveName(date: Date, sequence = 0): string {
  return `cloudclip-backup-${archiveStamp(date)}${sequence > 0 ? `-${sequence}` : ''}.tar.gz`;
}

/** The object key of an archive in `folder` ('' = the storage's root). */
export function archiveKey(folder: string, name: string): string {
  return folder === '' ? name : `${folder}/${name}`;
}

interface OurArchive {
  key: string;
  stamp: string;
  sequence: number;
}

function parseArchive(key: string, prefix: string): OurArchive | undefined {
  const name = key.slice(prefix.length);
  const match = ARCHIVE_NAME.exec(name);
  if (match === null) return undefined;
  return { key, stamp: match[1] ?? '', sequence: Number(match[2] ?? 0) };
}

/** Our archives directly in `folder`, newest first. */
export async function listArchives(driver: StorageDriver, folder: string): Promise<string[]> {
  const prefix = folder === '' ? '' : `${folder}/`;
  const found: OurArchive[] = [];
  let continuationToken: string | undefined;
  do {
    const page = await driver.listObjects({ prefix, delimiter: '/', ...(continuationToken === undefined ? {} : { continuationToken }) });
    for (const object of page.objects) {
      const archive = parseArchive(object.key, prefix);
      if (archive !== undefined) found.push(archive);
    }
    continuationToken = page.isTruncated ? page.nextContinuationToken : undefined;
  } while (continuationToken !== undefined);
  found.sort((a, b) => (a.stamp !== b.stamp ? (a.stamp < b.stamp ? 1 : -1) : b.sequence - a.sequence));
  return found.map((archive) => archive.key);
}

/** Deletes our archives in `folder` beyond the newest `keep`; returns the deleted keys. Throws when one could not be deleted. */
export async function applyRetention(driver: StorageDriver, folder: string, keep: number): Promise<string[]> {
  const surplus = (await listArchives(driver, folder)).slice(Math.max(1, keep));
  if (surplus.length === 0) return [];
  const result = await driver.deleteObjects(surplus);
  const failure = result.errors[0];
  if (failure !== undefined) throw new Error(`could not delete ${failure.key}: ${failure.message}`);
  return result.deleted;
}
