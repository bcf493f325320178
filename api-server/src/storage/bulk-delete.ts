import { mapLimit } from '../lib/map-limit';
import { compareKeys } from './local-listing';
import { listAllObjects, StorageError, type DeleteObjectsResult, type StorageDriver } from './storage-driver';

/**
 * The parts of deleteObjects / deletePrefix that every storage driver shares: deleting keys one
 * request each (drivers without a batch delete), listing a prefix's keys, and refusing to call a
 * prefix deleted while objects are left.
 */

/** Deletes each key with `deleteOne`, at most `concurrency` at once; a failure is recorded under the error `toError` makes of it. */
export async function deleteEachObject(
  keys: readonly string[],
  deleteOne: (key: string) => Promise<void>,
  toError: (error: unknown, key: string) => StorageError,
  concurrency = 1,
): Promise<DeleteObjectsResult> {
  const result: DeleteObjectsResult = { deleted: [], errors: [] };
  await mapLimit(keys, concurrency, async (key) => {
    try {
      await deleteOne(key);
      result.deleted.push(key);
    } catch (error) {
      const storageError = toError(error, key);
      result.errors.push({ key, code: storageError.code, message: storageError.message });
    }
  });
  return result;
}

/** Every key below `prefix`; an empty prefix (the whole storage) is refused. */
export async function keysUnderPrefix(driver: Pick<StorageDriver, 'listObjects'>, prefix: string): Promise<string[]> {
  if (!prefix) throw new StorageError('InvalidArgument', 'Refusing to delete with an empty prefix (the whole storage)');
  const keys: string[] = [];
  for await (const object of listAllObjects(driver, prefix)) keys.push(object.key);
  return keys;
}

/** How many objects a prefix's deletion removed; throws when any was left. */
export function deletedFromPrefix(prefix: string, result: DeleteObjectsResult): number {
  if (result.errors.length > 0) {
    const first = result.errors[0];
    throw new StorageError(
      'Unknown',
      `delete prefix ${prefix}: ${result.errors.length} object(s) not deleted (${first?.key}: ${first?.message})`,
    );
  }
  return result.deleted.length;
}

/**
 * Deletes a prefix's `keys` deepest first (objects before their folder markers, so each folder
 * empties out before its marker goes) and returns how many went; throws when any was left.
 */
export async function deleteDeepestFirst(driver: Pick<StorageDriver, 'deleteObjects'>, prefix: string, keys: string[]): Promise<number> {
  keys.sort((a, b) => compareKeys(b, a));
  return deletedFromPrefix(prefix, await driver.deleteObjects(keys));
}
