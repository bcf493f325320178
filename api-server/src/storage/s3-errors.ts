import { StorageError, type StorageErrorCode } from './storage-driver';

interface SdkError {
  name?: string;
  Code?: string;
  message?: string;
  $metadata?: { httpStatusCode?: number };
}

const CODE_BY_PROVIDER: Record<string, StorageErrorCode> = {
  NoSuchKey: 'NoSuchKey',
  NotFound: 'NoSuchKey',
  NoSuchBucket: 'NoSuchBucket',
  NoSuchUpload: 'NoSuchUpload',
  InvalidRange: 'InvalidRange',
  InvalidPart: 'InvalidPart',
  InvalidPartOrder: 'InvalidPartOrder',
  EntityTooSmall: 'InvalidPart',
  AccessDenied: 'AccessDenied',
  InvalidAccessKeyId: 'AccessDenied',
  SignatureDoesNotMatch: 'AccessDenied',
  InvalidArgument: 'InvalidArgument',
};

/** Maps an SDK error to a StorageError (already-mapped errors pass through). */
export function toStorageError(error: unknown, context: string): StorageError {
  if (error instanceof StorageError) return error;
  const sdk = (error ?? {}) as SdkError;
  const providerCode = sdk.Code ?? sdk.name;
  const status = sdk.$metadata?.httpStatusCode;
  let code: StorageErrorCode = (providerCode && CODE_BY_PROVIDER[providerCode]) || 'Unknown';
  if (code === 'Unknown' && status === 404) code = 'NoSuchKey';
  if (code === 'Unknown' && status === 403) code = 'AccessDenied';
  if (code === 'Unknown' && status === 416) code = 'InvalidRange';
  const detail = sdk.message && sdk.message !== providerCode ? sdk.message : (providerCode ?? String(error));
  return new StorageError(code, `${context}: ${detail}`, { cause: error, providerCode });
}

function isNotFound(error: unknown): boolean {
  const sdk = (error ?? {}) as SdkError;
  return sdk.name === 'NotFound' || sdk.name === 'NoSuchKey' || sdk.$metadata?.httpStatusCode === 404;
}

/** A 404 for the object itself (a missing bucket is an error to report, not a missing object). */
export function isMissingObject(error: unknown): boolean {
  return isNotFound(error) && (error as SdkError).name !== 'NoSuchBucket';
}
