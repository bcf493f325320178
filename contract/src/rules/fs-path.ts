/**
 * Virtual paths of the file-system browser (contract §5.9): the rule both sides apply before a path
 * is used. The server refuses (HTTP 400), never repairs, a path that breaks it; the client can check
 * a name before sending it.
 *
 * A path is refused when:
 *  1. it is not a string, is empty, or does not start with `/`;
 *  2. it is longer than 1024 UTF-8 bytes, or a segment is longer than 255 bytes;
 *  3. it contains a control character (C0, DEL, C1 — NUL included) or a backslash;
 *  4. it contains a percent-encoded slash, backslash, dot or NUL (`%2F`, `%5C`, `%2E`, `%00`, any
 *     case): a double-encoded `/`, `\` or `..` would survive the one decoding the transport does
 *     and could be decoded by some later component;
 *  5. it contains a character that looks like or compatibility-normalises to a slash or a
 *     backslash (U+2215, U+2044, U+FF0F, U+29F8, U+FE68, U+FF3C, U+2216, U+29F5, U+29F9, U+2571,
 *     U+2572, and anything whose NFKC form contains `/` or `\`): they are never separators, so two
 *     different strings must not look like the same path;
 *  6. it contains an invisible formatting character that can disguise a path (bidirectional
 *     controls U+202A–U+202E, U+2066–U+2069, U+200E, U+200F, U+061C; U+200B; U+2060–U+2064; U+FEFF);
 *  7. a segment is empty (`//`, or more than one trailing `/`);
 *  8. a segment consists only of dots (`.`, `..`, `...`), also after NFKC (`．．` U+FF0E).
 *
 * The path is normalised once, to Unicode NFC. A single trailing `/` marks a directory and is kept
 * as a flag.
 */

export const MAX_PATH_BYTES = 1024;
export const MAX_SEGMENT_BYTES = 255;

export interface FsPath {
  /** Starts with `/`, no trailing `/` — except the root, which is `/`. NFC. */
  path: string;
  /** The input ended with `/` (or is the root). */
  isDirectory: boolean;
  /** The segments of `path` (none for the root). */
  segments: string[];
}

export type PathProblem =
  | 'notString'
  | 'empty'
  | 'notAbsolute'
  | 'tooLong'
  | 'segmentTooLong'
  | 'controlCharacter'
  | 'backslash'
  | 'encodedSeparator'
  | 'slashLookalike'
  | 'invisibleCharacter'
  | 'emptySegment'
  | 'dotSegment';

// eslint-disable-next-line no-control-regex -- matching control characters is the point of this rule
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const ENCODED_SEPARATOR = /%(2f|5c|2e|00)/i;
const SLASH_LOOKALIKES = /[\u2215\u2044\uff0f\u29f8\ufe68\uff3c\u2216\u29f5\u29f9\u2571\u2572]/;
const INVISIBLE = /[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c\u200b\u2060-\u2064\ufeff]/;
const ONLY_DOTS = /^\.+$/;

/** Whether `value` holds a control character (C0, DEL or C1; NUL included). */
export function hasControlCharacter(value: string): boolean {
  return CONTROL.test(value);
}

/** `value` with every control character (C0, DEL, C1) removed. */
export function withoutControlCharacters(value: string): string {
  return value.replace(new RegExp(CONTROL.source, 'g'), '');
}

/** Length of `value` in UTF-8 bytes (a lone surrogate counts 3, as its replacement character). */
export function utf8ByteLength(value: string): number {
  let bytes = 0;
  for (const char of value) {
    const codePoint = char.codePointAt(0) as number;
    bytes += codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;
  }
  return bytes;
}

function hasCompatibilitySlash(value: string): boolean {
  // Only non-ASCII characters can change under NFKC into `/` or `\`.
  for (const char of value) {
    if (char.charCodeAt(0) < 0x80) continue;
    const folded = char.normalize('NFKC');
    if (folded.includes('/') || folded.includes('\\')) return true;
  }
  return false;
}

/** Why a single name (a path segment, an upload's file name) is unusable, or null when it is fine. */
export function segmentProblem(segment: string): PathProblem | null {
  if (segment === '') return 'emptySegment';
  if (utf8ByteLength(segment) > MAX_SEGMENT_BYTES) return 'segmentTooLong';
  if (CONTROL.test(segment)) return 'controlCharacter';
  if (segment.includes('\\')) return 'backslash';
  if (segment.includes('/')) return 'emptySegment';
  if (ENCODED_SEPARATOR.test(segment)) return 'encodedSeparator';
  if (SLASH_LOOKALIKES.test(segment) || hasCompatibilitySlash(segment)) return 'slashLookalike';
  if (INVISIBLE.test(segment)) return 'invisibleCharacter';
  if (ONLY_DOTS.test(segment) || ONLY_DOTS.test(segment.normalize('NFKC'))) return 'dotSegment';
  return null;
}

/** The parsed path, or the first problem found. */
export function inspectFsPath(raw: unknown): FsPath | { problem: PathProblem } {
  if (typeof raw !== 'string') return { problem: 'notString' };
  if (raw === '') return { problem: 'empty' };
  const value = raw.normalize('NFC');
  if (!value.startsWith('/')) return { problem: 'notAbsolute' };
  if (utf8ByteLength(value) > MAX_PATH_BYTES) return { problem: 'tooLong' };
  if (CONTROL.test(value)) return { problem: 'controlCharacter' };
  if (value.includes('\\')) return { problem: 'backslash' };
  if (value === '/') return { path: '/', isDirectory: true, segments: [] };
  const isDirectory = value.endsWith('/');
  const body = isDirectory ? value.slice(1, -1) : value.slice(1);
  const segments = body.split('/');
  for (const segment of segments) {
    const problem = segmentProblem(segment);
    if (problem) return { problem };
  }
  return { path: `/${segments.join('/')}`, isDirectory, segments };
}
