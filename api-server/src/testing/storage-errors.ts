import { isStorageError, type StorageError } from '../storage/storage-driver';

/** The StorageError `promise` rejects with; throws when it resolves or rejects with anything else. */
export async function storageErrorOf(promise: Promise<unknown>): Promise<StorageError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!isStorageError(error)) throw new Error(`expected a StorageError, got ${String(error)}`);
  return error;
}
