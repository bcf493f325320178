import { deepFreeze } from './deep-freeze';
import { segmentProblem } from './fs-path';

/** Mounts (contract §5.6, product spec §5): limits, defaults and the mount path rule. */

export const MOUNT_NAME_MAX_LENGTH = 50;
export const MOUNT_PATH_MAX_LENGTH = 100;
/** Longest directory-cache TTL of a mount, in seconds (1 day). */
export const MOUNT_CACHE_TTL_MAX_SECONDS = 86400;
/** Directory-cache TTL of a mount created without one, in seconds. */
export const MOUNT_CACHE_TTL_DEFAULT_SECONDS = 300;
export const MOUNT_SORT_ORDER_DEFAULT = 0;

/** Storage types a mount may use; only `S3` works (a local-disk config is mounted as `S3` too). */
export const MOUNT_STORAGE_TYPES = deepFreeze(['S3'] as const);
export type MountStorageType = (typeof MOUNT_STORAGE_TYPES)[number];

/** System paths: a mount path may be neither one of these nor lie under one. */
export const MOUNT_RESERVED_PATHS = deepFreeze([
  '/bin',
  '/etc',
  '/lib',
  '/root',
  '/sys',
  '/proc',
  '/dev',
  '/tmp',
  '/opt',
  '/var',
  '/api',
  '/admin',
  '/user',
  '/auth',
  '/public',
  '/static',
  '/assets',
  '/upload',
] as const);
export type MountReservedPath = (typeof MOUNT_RESERVED_PATHS)[number];

/** ASCII letters, digits, `_`, `-`, `/` and any non-ASCII character (contract §5.6). */
const MOUNT_PATH_CHARACTERS = /^[A-Za-z0-9_\-/\u0080-\u{10FFFF}]+$/u;

/**
 * The reserved path that `path` equals or lies under, or null. Compared after NFKC and
 * case-insensitively (`/API/x`, `/ａｐｉ` are refused like `/api/x`), so that no mount shadows a system
 * path on case-insensitive clients (WebDAV, Windows).
 */
export function reservedMountPathOf(path: string): MountReservedPath | null {
  const folded = path.normalize('NFKC').toLowerCase();
  for (const reserved of MOUNT_RESERVED_PATHS) {
    if (folded === reserved || folded.startsWith(`${reserved}/`)) return reserved;
  }
  return null;
}

export type MountPathProblem =
  | { code: 'required' }
  | { code: 'mustStartWithSlash' }
  | { code: 'tooLong'; max: number }
  | { code: 'consecutiveSlashes' }
  | { code: 'trailingSlash' }
  | { code: 'invalidCharacters' }
  | { code: 'reserved'; reserved: MountReservedPath };

/**
 * Why `path` cannot be a mount path, or null; checked in this order, the first failure wins. The
 * caller trims (and the server NFC-normalises) first. `/` itself is a valid mount path. Besides the
 * character rule, a path the file-system browser would refuse (lookalike slashes, invisible and
 * control characters, blanks such as U+3000, dot segments) counts as invalid characters: a mount
 * there could never be reached.
 */
export function mountPathProblem(path: string): MountPathProblem | null {
  if (path === '') return { code: 'required' };
  if (!path.startsWith('/')) return { code: 'mustStartWithSlash' };
  if (path.length > MOUNT_PATH_MAX_LENGTH) return { code: 'tooLong', max: MOUNT_PATH_MAX_LENGTH };
  if (path === '/') return null;
  if (path.includes('//')) return { code: 'consecutiveSlashes' };
  if (path.endsWith('/')) return { code: 'trailingSlash' };
  if (!MOUNT_PATH_CHARACTERS.test(path)) return { code: 'invalidCharacters' };
  if (
    /[\p{Z}\p{Cc}\p{Cf}]/u.test(path) ||
    path
      .slice(1)
      .split('/')
      .some((segment) => segmentProblem(segment) !== null)
  ) {
    return { code: 'invalidCharacters' };
  }
  const reserved = reservedMountPathOf(path);
  return reserved === null ? null : { code: 'reserved', reserved };
}
