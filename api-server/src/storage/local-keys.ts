import path from 'node:path';
import { StorageError } from './storage-driver';

export const MAX_KEY_BYTES = 1024;
const MAX_SEGMENT_BYTES = 255;
const CONFIG_ID = /^[A-Za-z0-9_-]{1,100}$/;

/** Where a local storage config keeps its objects and its bookkeeping, under DATA_DIR. */
export function localStoragePaths(dataDir: string, configId: string): { rootDir: string; internalDir: string } {
  if (!CONFIG_ID.test(configId)) throw new StorageError('InvalidArgument', `Unusable storage config id: ${configId}`);
  const storageDir = path.join(dataDir, 'storage');
  return { rootDir: path.join(storageDir, configId), internalDir: path.join(storageDir, '.internal', configId) };
}

export function isFolderKey(key: string): boolean {
  return key.endsWith('/');
}

/**
 * Checks an object key for the local driver and returns its path segments.
 * Refused (InvalidKey): empty, longer than 1024 bytes, NUL, backslashes, absolute paths,
 * empty / `.` / `..` segments, segments longer than 255 bytes. A single trailing `/` (folder marker) is fine.
 */
export function keySegments(key: unknown): string[] {
  if (typeof key !== 'string' || key === '') throw new StorageError('InvalidKey', 'The object key is empty');
  if (Buffer.byteLength(key, 'utf8') > MAX_KEY_BYTES) throw new StorageError('InvalidKey', 'The object key is longer than 1024 bytes');
  if (key.includes('\0')) throw new StorageError('InvalidKey', 'The object key contains a NUL character');
  if (key.includes('\\')) throw new StorageError('InvalidKey', 'The object key contains a backslash');
  if (key.startsWith('/') || path.isAbsolute(key) || /^[A-Za-z]:/.test(key)) {
    throw new StorageError('InvalidKey', 'The object key is an absolute path');
  }
  const segments = (isFolderKey(key) ? key.slice(0, -1) : key).split('/');
  for (const segment of segments) {
    if (segment === '' || segment === '.' || segment === '..') {
      throw new StorageError('InvalidKey', `The object key has an empty, "." or ".." segment: ${JSON.stringify(key)}`);
    }
    if (Buffer.byteLength(segment, 'utf8') > MAX_SEGMENT_BYTES)
      throw new StorageError('InvalidKey', 'An object key segment is longer than 255 bytes');
  }
  return segments;
}
