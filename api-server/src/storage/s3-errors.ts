import { StorageError, type StorageErrorCode } from './storage-driver';
import { isPeerUnreachableCode } from '../lib/socket-errors';

interface SdkError {
  name?: string;
  Code?: string;
  /** A socket error's code (`ECONNREFUSED`…): no answer came from the storage. */
  code?: string;
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
  InternalError: 'Unavailable',
  ServiceUnavailable: 'Unavailable',
  SlowDown: 'Unavailable',
  RequestTimeout: 'Unavailable',
  TimeoutError: 'Unavailable',
};

/** Answers of a storage failing on its side (not 501: an operation it does not offer is no outage). */
const OUTAGE_STATUSES = new Set([500, 502, 503, 504]);

/**
 * A socket error: its `code`, or the code in its text — the SDK's retry step wraps an error that is
 * not an `Error` of its own realm (under jest's vm, for one) in a new Error that keeps only the text.
 */
function isUnreachable(sdk: SdkError): boolean {
  if (sdk.code !== undefined) return isPeerUnreachableCode(sdk.code);
  const named = /\b(E[A-Z_]+)\b/.exec(sdk.message ?? '');
  return named !== null && isPeerUnreachableCode(named[1]);
}

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
  // No answer at all (the SDK gave up after its retries), or the storage's own failure (5xx).
  if (code === 'Unknown' && status === undefined && isUnreachable(sdk)) code = 'Unavailable';
  if (code === 'Unknown' && status !== undefined && OUTAGE_STATUSES.has(status)) code = 'Unavailable';
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
