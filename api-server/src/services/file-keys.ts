import { hasControlCharacter } from '@cloudclip/contract';
import { isMountVisibleToBasicPath, normalizeBasicPath } from '../auth/basic-path';
import type { MountRow } from '../db/schema';
import { HttpError } from '../http/http-error';
import { randomString } from '../lib/random';

/**
 * Object keys of share uploads (contract §6.3):
 * `[key sub-path] + [default_folder + "/"] + [path + "/"] + <6-char id> + "-" + <safe base ≤ 50> + <extension>`.
 */

export const KEY_ID_LENGTH = 6;
export const SAFE_BASE_MAX_LENGTH = 50;
const KEY_ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** Everything but letters, digits, `_`, CJK ideographs, space and `- . , ! ( ) ' " ? ; : @ & +`. */
const UNSAFE_CHARACTERS = /[^A-Za-z0-9_\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff \-.,!()'"?;:@&+]/gu;
/** An extension kept verbatim: a dot and 1–16 letters, digits, `_` or `-`. */
const EXTENSION = /\.[A-Za-z0-9_-]{1,16}$/;

/** `report (1).PDF` → `{ base: 'report (1)', extension: '.PDF' }`; dotfiles have no extension. */
export function splitExtension(filename: string): { base: string; extension: string } {
  const match = EXTENSION.exec(filename);
  if (!match || match.index === 0) return { base: filename, extension: '' };
  return { base: filename.slice(0, match.index), extension: match[0] };
}

/** The last segment of a client file name (`C:\dir\a.txt`, `dir/a.txt` → `a.txt`). */
export function baseFileName(filename: string): string {
  return filename.slice(Math.max(filename.lastIndexOf('/'), filename.lastIndexOf('\\')) + 1);
}

/** The object name for a file name: safe characters only, base ≤ 50 characters, extension kept. */
export function safeObjectName(filename: string): string {
  const { base, extension } = splitExtension(baseFileName(filename).trim());
  let safe = Array.from(base.replace(UNSAFE_CHARACTERS, '_')).slice(0, SAFE_BASE_MAX_LENGTH).join('').trim();
  // A key segment must not be empty, `.` or `..` (and leading dots make hidden files).
  safe = safe.replace(/^\.+/, (dots) => '_'.repeat(dots.length));
  if (safe === '') safe = 'file';
  return `${safe}${extension}`;
}

/**
 * A client-supplied sub-folder (`path`) as `a/b` (`""` for none). Refused (400): `.`/`..`
 * segments, backslashes, control characters, over-long values.
 */
export function normalizeUploadPath(path: string | null | undefined): string {
  const trimmed = (path ?? '').trim().replace(/^\/+/, '').replace(/\/+$/, '');
  if (trimmed === '') return '';
  const segments = trimmed.split(/\/+/);
  const invalid =
    trimmed.length > 512 ||
    trimmed.includes('\\') ||
    hasControlCharacter(trimmed) ||
    segments.some((segment) => segment === '.' || segment === '..' || segment.trim() === '' || Buffer.byteLength(segment) > 255);
  if (invalid) throw new HttpError(400, 'file.pathInvalid');
  return segments.join('/');
}

export interface ObjectKeyParts {
  /** Key sub-path of an API key with a non-root basic path (`a/b` or `""`). */
  subPath: string;
  /** The config's `default_folder` (`a/b` or `""`). */
  defaultFolder: string;
  /** The normalised upload `path` (`a/b` or `""`). */
  path: string;
  filename: string;
  /** false → no `<id>-` prefix (`original_filename=true` on upload-direct). */
  randomPrefix: boolean;
}

export function buildObjectKey(parts: ObjectKeyParts): string {
  const folders = [parts.subPath, parts.defaultFolder.replace(/^\/+|\/+$/g, ''), parts.path].filter((part) => part !== '');
  const name = safeObjectName(parts.filename);
  const object = parts.randomPrefix ? `${randomString(KEY_ID_LENGTH, KEY_ID_ALPHABET)}-${name}` : name;
  return [...folders, object].join('/');
}

/**
 * The key sub-path of contract §2.6 for a key whose basic path B ≠ `/` uploading to a config:
 * B relative to the deepest visible mount of that config that contains B (`""` when the only
 * visible mounts lie inside B). null when no visible mount is backed by the config (→ 403).
 */
export function keySubPath(mounts: readonly Pick<MountRow, 'mount_path' | 'is_active'>[], basicPath: string): string | null {
  const b = normalizeBasicPath(basicPath);
  if (b === '/') return '';
  const visible = mounts.filter((mount) => isMountVisibleToBasicPath(mount, b));
  if (visible.length === 0) return null;
  const containing = visible
    .map((mount) => normalizeBasicPath(mount.mount_path))
    .filter((mountPath) => mountPath === '/' || mountPath === b || b.startsWith(`${mountPath}/`))
    .sort((x, y) => y.length - x.length);
  const deepest = containing[0];
  if (deepest === undefined) return '';
  return b.slice(deepest === '/' ? 1 : deepest.length + 1);
}
