/**
 * Virtual paths of the file-system browser (contract §5.9). The rule a path must pass (NFC, no
 * control, invisible or lookalike characters, no encoded separators, no empty or dot segments,
 * byte limits) is the contract's `inspectFsPath` / `segmentProblem`, shared with the client; here it
 * becomes HTTP 400, and the parsed paths are combined.
 *
 * A path reaches us decoded exactly once by the transport (query string or JSON body); the server
 * never decodes it again. Comparison with a key's basic_path is done on the result,
 * case-sensitively (bucket keys are case-sensitive), so a path is within the basic path only when
 * it is literally equal to it or below it.
 */

import { inspectFsPath, segmentProblem, type FsPath } from '@cloudclip/contract';
import { HttpError } from '../../http/http-error';

/** Parses and hardens a path (see the rule above); 400 `fs.invalidPath` naming `field` otherwise. */
export function parseFsPath(raw: unknown, field = 'path'): FsPath {
  const result = inspectFsPath(raw);
  if ('problem' in result) throw new HttpError(400, 'fs.invalidPath', { params: { field, reason: result.problem } });
  return result;
}

/** A file name for a new object (upload, presign): one valid segment; 400 otherwise. */
export function parseFileName(raw: unknown, field = 'filename'): string {
  if (typeof raw !== 'string') throw new HttpError(400, 'fs.invalidPath', { params: { field, reason: 'notString' } });
  const name = raw.normalize('NFC');
  const problem = segmentProblem(name);
  if (problem) throw new HttpError(400, 'fs.invalidPath', { params: { field, reason: problem } });
  return name;
}

/** `dir` + `/` + `name` as a parsed file path. */
export function childPath(dir: FsPath, name: string): FsPath {
  const segments = [...dir.segments, name];
  return { path: `/${segments.join('/')}`, isDirectory: false, segments };
}

/** The same path marked as a directory (or a file). */
export function withDirectoryFlag(p: FsPath, isDirectory: boolean): FsPath {
  return { ...p, isDirectory: p.segments.length === 0 ? true : isDirectory };
}

/** The parent directory (the root's parent is the root). */
export function parentPath(p: FsPath): FsPath {
  const segments = p.segments.slice(0, -1);
  return { path: segments.length === 0 ? '/' : `/${segments.join('/')}`, isDirectory: true, segments };
}

/** The path as the API shows it: a trailing `/` for directories (the root is `/`). */
export function displayPath(p: FsPath): string {
  if (p.segments.length === 0) return '/';
  return p.isDirectory ? `${p.path}/` : p.path;
}

/** The last segment (`""` for the root). */
export function baseName(p: FsPath): string {
  return p.segments[p.segments.length - 1] ?? '';
}

/** True when `p` equals `ancestor` or lies below it (both normalised, no trailing slash). */
export function isSameOrBelow(p: string, ancestor: string): boolean {
  return ancestor === '/' || p === ancestor || p.startsWith(`${ancestor}/`);
}
