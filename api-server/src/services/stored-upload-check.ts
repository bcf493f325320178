import { HttpError } from '../http/http-error';
import { formatBytes } from '../lib/format-size';
import { stripEtagQuotes, type ObjectInfo, type StorageDriver } from '../storage/storage-driver';
import { storageHttpError } from './storage-errors';

/**
 * What a client that uploaded straight to the storage (a presigned PUT, multipart parts) says it
 * stored, to be held against the object the storage really has before a commit records it
 * (issue 41: a storage killed mid-PUT can leave nothing, or a shorter object, behind).
 */
export interface UploadClaim {
  /** The bytes the client declared; absent when it did not say. */
  size?: number | undefined;
  /** The ETag the storage answered the client's PUT with (quotes allowed); absent or empty when the client did not see one. */
  etag?: string | null | undefined;
}

/**
 * A size the explorer's client declares (`fileSize`: a number, or digits from an older client);
 * anything else declares nothing, as the contract's ignored fields do.
 */
export function declaredSize(value: unknown): number | undefined {
  const size = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value.trim()) : value;
  return typeof size === 'number' && Number.isSafeInteger(size) && size >= 0 ? size : undefined;
}

/**
 * Refuses (400) an object that is not what the client claims it uploaded: another size than
 * declared, or another ETag than the storage gave the client. A claim without size or ETag only
 * takes the object as it is.
 */
export function assertUploadMatches(info: ObjectInfo, claim: UploadClaim): void {
  if (claim.size !== undefined && info.size !== claim.size) {
    throw new HttpError(400, 'storage.uploadSizeMismatch', {
      params: { stored: formatBytes(info.size), declared: formatBytes(claim.size) },
    });
  }
  const claimed = stripEtagQuotes(claim.etag).toLowerCase();
  const stored = stripEtagQuotes(info.etag).toLowerCase();
  if (claimed !== '' && stored !== '' && claimed !== stored) throw new HttpError(400, 'storage.uploadEtagMismatch');
}

/**
 * The stored object of an upload being committed, asked of the storage (HEAD): 400 when there is
 * none or it does not match `claim` (assertUploadMatches); a storage that cannot be reached is its
 * mapped error (503), never a reason to trust the client's word.
 */
export async function verifyStoredUpload(driver: Pick<StorageDriver, 'headObject'>, key: string, claim: UploadClaim): Promise<ObjectInfo> {
  let info: ObjectInfo | null;
  try {
    info = await driver.headObject(key);
  } catch (error) {
    throw storageHttpError(error);
  }
  if (!info) throw new HttpError(400, 'storage.uploadMissing');
  assertUploadMatches(info, claim);
  return info;
}
