import { clampMaxKeys, StorageError, type ListObjectsOptions } from './storage-driver';

/**
 * The request side of the listings that walk a folder tree (local-listing.ts, sftp-listing.ts,
 * webdav-listing.ts): the settings of a ListObjectsV2 call with their defaults, and where it starts.
 * Each listing keeps its own continuation token format (its `decodeToken`).
 */

/** Where a page resumes: after this key, and, when it was a common prefix, after everything under it. */
export interface ListingResume {
  after: string;
  isPrefix: boolean;
}

/** The deepest folder a prefix names (`""` = the root): where its listing starts. */
export function baseOf(prefix: string): string {
  return prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/') + 1) : '';
}

export interface ListingRequest<M extends ListingResume> {
  prefix: string;
  delimiter: string;
  maxKeys: number;
  marker: M | undefined;
}

/** Prefix and delimiter (default `""`), the page size (clampMaxKeys) and where to resume: the continuation token, else `startAfter`. */
export function listingRequest<M extends ListingResume>(
  options: ListObjectsOptions,
  decodeToken: (token: string) => M,
): ListingRequest<M | ListingResume> {
  return {
    prefix: options.prefix ?? '',
    delimiter: options.delimiter ?? '',
    maxKeys: clampMaxKeys(options.maxKeys),
    marker: options.continuationToken
      ? decodeToken(options.continuationToken)
      : options.startAfter
        ? { after: options.startAfter, isPrefix: false }
        : undefined,
  };
}

/**
 * A continuation token of a stateless walk (SFTP, WebDAV): the resume point as base64url JSON,
 * stamped `{ <mark>: 1 }`, so a listing refuses a token with another mark as invalid.
 */
export function encodeResumeToken(mark: 'v' | 'w', resume: ListingResume): string {
  return Buffer.from(JSON.stringify({ [mark]: 1, a: resume.after, p: resume.isPrefix }), 'utf8').toString('base64url');
}

/** Reads a token of `encodeResumeToken` with the same mark; anything else is an InvalidArgument. */
export function decodeResumeToken(mark: 'v' | 'w', token: string): ListingResume {
  try {
    const parsed = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as Record<string, unknown>;
    if (parsed[mark] === 1 && typeof parsed.a === 'string' && typeof parsed.p === 'boolean') return { after: parsed.a, isPrefix: parsed.p };
  } catch {
    // fall through
  }
  throw new StorageError('InvalidArgument', 'The continuation token is invalid');
}
