import { HttpError } from '../http/http-error';
import type { MessageKey } from '../i18n/messages';
import { StorageError, type StorageErrorCode } from '../storage/storage-driver';

const MESSAGE_BY_CODE: Record<StorageErrorCode, MessageKey> = {
  NoSuchKey: 'storage.objectNotFound',
  NoSuchBucket: 'storage.failed',
  NoSuchUpload: 'storage.uploadNotFound',
  InvalidKey: 'storage.invalidKey',
  InvalidArgument: 'storage.invalidArgument',
  InvalidPart: 'storage.invalidPart',
  InvalidPartOrder: 'storage.invalidPart',
  InvalidRange: 'storage.rangeNotSatisfiable',
  KeyConflict: 'storage.keyConflict',
  AccessDenied: 'storage.accessDenied',
  InsufficientStorage: 'storage.full',
  Unavailable: 'storage.unavailable',
  Unknown: 'storage.failed',
};

/**
 * A storage failure as an HTTP error with a catalogue message. A missing bucket is the server's
 * configuration problem, not the caller's: 500. Anything that is not a StorageError is returned as is.
 */
export function storageHttpError(error: unknown): unknown {
  if (!(error instanceof StorageError)) return error;
  const status = error.code === 'NoSuchBucket' ? 500 : error.statusCode;
  return new HttpError(status, MESSAGE_BY_CODE[error.code], { cause: error });
}
