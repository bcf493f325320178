import { createReadStream, statSync } from 'node:fs';
import path from 'node:path';
import type { NewFileRow } from '../../db/schema';
import { isStorageError, type StorageDriver } from '../../storage/storage-driver';

/**
 * Brings the objects of imported file shares from a local copy of CloudPaste's bucket(s)
 * (`--objects-dir`) into one of our local storage configurations.
 *
 * Where an object is looked for, first match wins (schema-0.6.md, "Objects"):
 *   1. DIR/<bucket name>/<storage_path>  — `aws s3 sync s3://<bucket> DIR/<bucket>`, `rclone copy remote: DIR`
 *   2. DIR/<storage_path>                — `aws s3 sync s3://<bucket> DIR`, `rclone copy remote:<bucket> DIR`
 *
 * Each object is streamed into local storage (the driver spools it to a temporary file and renames
 * it into place), then checked against the CloudPaste record: the size always, the MD5 when the
 * record's ETag is a single-part one (32 hex digits). A mismatch removes the copy and the share
 * stays on its S3 configuration. The caller removes every copy when the import fails afterwards.
 */

export interface ObjectsTarget {
  /** The local copy of the bucket(s). */
  dir: string;
  /** Our local storage configuration the objects go to, and its driver. */
  configId: string;
  configName: string;
  driver: StorageDriver;
}

export type ObjectOutcome =
  | { fileId: string; label: string; outcome: 'copied' | 'found'; source: string; key: string }
  | { fileId: string; label: string; outcome: 'not-copied'; reason: string };

/** Thrown for a failure that is not one object's own (disk full, storage refusing writes): the import stops. */
export class ObjectCopyError extends Error {
  override name = 'ObjectCopyError';
}

function isFile(file: string): { size: number } | null {
  try {
    const stats = statSync(file);
    return stats.isFile() ? { size: stats.size } : null;
  } catch {
    return null;
  }
}

/** The file in `dir` holding the object `key` of `bucket`, or the places looked at. */
export function locateObject(dir: string, bucket: string, key: string): { file: string; size: number } | { lookedAt: string[] } {
  const segments = key.split('/').filter((segment) => segment !== '');
  const lookedAt: string[] = [];
  if (segments.length === 0 || segments.some((segment) => segment === '..' || segment === '.')) return { lookedAt };
  const candidates = bucket !== '' && !bucket.includes('/') && bucket !== '..' ? [[bucket, ...segments], segments] : [segments];
  for (const parts of candidates) {
    const file = path.join(dir, ...parts);
    lookedAt.push(file);
    const found = isFile(file);
    if (found) return { file, size: found.size };
  }
  return { lookedAt };
}

/** A single-part S3 ETag (the object's MD5), without quotes; null for a multipart or missing one. */
function md5OfEtag(etag: string | null): string | null {
  const bare = (etag ?? '').replace(/^W\//, '').replace(/"/g, '').toLowerCase();
  return /^[0-9a-f]{32}$/.test(bare) ? bare : null;
}

/** A key not used yet in the local storage: the CloudPaste key, else under `cloudpaste-import/<file id>/`. */
async function freeKey(driver: StorageDriver, row: NewFileRow): Promise<string | null> {
  const key = row.storage_path.replace(/^\/+/, '');
  for (const candidate of [key, `cloudpaste-import/${row.id}/${path.posix.basename(key) || 'object'}`]) {
    try {
      if ((await driver.headObject(candidate)) === null) return candidate;
    } catch (error) {
      if (isStorageError(error) && (error.code === 'InvalidKey' || error.code === 'KeyConflict')) continue;
      throw error;
    }
  }
  return null;
}

export interface CopyObjectsResult {
  outcomes: ObjectOutcome[];
  /** Keys written to the local storage (to remove if the import fails). */
  written: string[];
}

/**
 * For each imported file row: finds its object and, unless `dryRun`, copies it and points the row
 * at the local storage (rows are changed in place). `bucketOf` gives the bucket of an S3 config id.
 */
export async function copyObjects(
  rows: NewFileRow[],
  bucketOf: (configId: string) => string,
  target: ObjectsTarget,
  dryRun: boolean,
): Promise<CopyObjectsResult> {
  const outcomes: ObjectOutcome[] = [];
  const written: string[] = [];
  try {
    for (const row of rows) {
      const label = row.slug;
      const found = locateObject(target.dir, bucketOf(row.s3_config_id), row.storage_path);
      if (!('file' in found)) {
        outcomes.push({
          fileId: row.id,
          label,
          outcome: 'not-copied',
          reason: `object not found in --objects-dir (looked at ${found.lookedAt.join(', ') || 'nothing: unusable key'}); it stays on its S3 configuration`,
        });
        continue;
      }
      if (row.size !== undefined && Number(row.size) > 0 && found.size !== Number(row.size)) {
        outcomes.push({
          fileId: row.id,
          label,
          outcome: 'not-copied',
          reason: `${found.file} has ${found.size} bytes, CloudPaste recorded ${row.size}; it stays on its S3 configuration`,
        });
        continue;
      }
      const key = await freeKey(target.driver, row);
      if (key === null) {
        outcomes.push({ fileId: row.id, label, outcome: 'not-copied', reason: `no usable key for ${row.storage_path} in local storage` });
        continue;
      }
      if (dryRun) {
        outcomes.push({ fileId: row.id, label, outcome: 'found', source: found.file, key });
        continue;
      }
      let etag: string;
      try {
        ({ etag } = await target.driver.putObject(key, createReadStream(found.file), {
          contentType: row.mimetype ?? 'application/octet-stream',
          contentLength: found.size,
        }));
      } catch (error) {
        throw new ObjectCopyError(`copying ${found.file} into local storage: ${(error as Error).message.split('\n')[0]}`);
      }
      written.push(key);
      const info = await target.driver.headObject(key);
      const expectedMd5 = md5OfEtag(row.etag ?? null);
      const problem =
        info === null
          ? 'the copy is not there after writing it'
          : row.size !== undefined && Number(row.size) > 0 && info.size !== Number(row.size)
            ? `the copy has ${info.size} bytes, CloudPaste recorded ${row.size}`
            : expectedMd5 !== null && etag.toLowerCase() !== expectedMd5
              ? `the copy's MD5 ${etag} differs from CloudPaste's ETag ${expectedMd5}`
              : null;
      if (problem !== null) {
        await target.driver.deleteObject(key);
        written.pop();
        outcomes.push({ fileId: row.id, label, outcome: 'not-copied', reason: `${problem}; it stays on its S3 configuration` });
        continue;
      }
      row.s3_config_id = target.configId;
      row.storage_path = key;
      row.s3_url = target.driver.objectUrl(key);
      row.etag = etag;
      if (info !== null) row.size = info.size;
      outcomes.push({ fileId: row.id, label, outcome: 'copied', source: found.file, key });
    }
  } catch (error) {
    await removeObjects(target.driver, written);
    throw error instanceof ObjectCopyError ? error : new ObjectCopyError((error as Error).message.split('\n')[0] ?? String(error));
  }
  return { outcomes, written };
}

/** Removes copies made by `copyObjects` (after a failed import); best effort, each key once. */
export async function removeObjects(driver: StorageDriver, keys: readonly string[]): Promise<void> {
  for (const key of keys) {
    await driver.deleteObject(key).catch(() => undefined);
  }
}
