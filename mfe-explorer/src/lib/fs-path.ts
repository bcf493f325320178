/**
 * Paths of the mount explorer. A directory path starts and ends with `/` (`/docs/a/`), a file path
 * does not end with `/`. The page address is `/mount-explorer` + the directory path without its
 * trailing slash, each segment URL-encoded.
 */

/** The segments of a path (`/a/b/` → ['a', 'b']); empty segments and `.` are dropped. */
export function pathSegments(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '' && segment !== '.');
}

/** A directory path: leading and trailing `/`, no empty segments (`a//b` → `/a/b/`). */
export function toDirectoryPath(path: string): string {
  const segments = pathSegments(path);
  return segments.length === 0 ? '/' : `/${segments.join('/')}/`;
}

/** A path without its trailing slash (`/` stays `/`), for comparisons. */
export function withoutTrailingSlash(path: string): string {
  const segments = pathSegments(path);
  return segments.length === 0 ? '/' : `/${segments.join('/')}`;
}

/** The directory path of a router splat (`docs/a` → `/docs/a/`). `..` segments are refused (→ dropped). */
export function directoryFromRoute(splat: string | undefined): string {
  return toDirectoryPath(
    (splat ?? '')
      .split('/')
      .filter((segment) => segment !== '..')
      .join('/'),
  );
}

/** The router path (below the basename) of a directory: `/docs/a b/` → `/docs/a%20b`. */
export function routeOfDirectory(directory: string): string {
  const segments = pathSegments(directory);
  return segments.length === 0 ? '/' : `/${segments.map(encodeURIComponent).join('/')}`;
}

/** Parent directory (`/a/b/` → `/a/`, `/a/f.txt` → `/a/`, `/` → `/`). */
export function parentDirectory(path: string): string {
  const segments = pathSegments(path);
  return toDirectoryPath(segments.slice(0, -1).join('/'));
}

/** Last segment of a path ('' for `/`). */
export function baseName(path: string): string {
  const segments = pathSegments(path);
  return segments[segments.length - 1] ?? '';
}

/** A child of a directory: a file path, or a directory path when `directory` is true. */
export function joinPath(directory: string, name: string, isDirectory = false): string {
  const joined = `${toDirectoryPath(directory)}${name}`;
  return isDirectory ? toDirectoryPath(joined) : joined;
}

/** Breadcrumb trail of a directory: one entry per ancestor, root first. */
export function breadcrumbTrail(directory: string, root = '/'): Array<{ name: string; path: string }> {
  const rootPath = toDirectoryPath(root);
  const segments = pathSegments(directory);
  const trail: Array<{ name: string; path: string }> = [];
  for (let index = 0; index <= segments.length; index += 1) {
    const path = toDirectoryPath(segments.slice(0, index).join('/'));
    if (path.length < rootPath.length) continue;
    trail.push({ name: index === 0 ? '/' : segments[index - 1]!, path });
  }
  return trail;
}

/**
 * Contract §2.6 `within`: a key's basic path `B` covers `P` when B is `/`, P equals B, or P lies
 * below B. Compared without trailing slashes.
 */
export function isWithinBasePath(path: string, basePath: string): boolean {
  const base = withoutTrailingSlash(basePath);
  const target = withoutTrailingSlash(path);
  return base === '/' || target === base || target.startsWith(`${base}/`);
}

/**
 * The directory a key holder may be shown for a requested directory: the requested one when it is
 * within the basic path, else the basic path itself (the page address is then corrected).
 */
export function confineToBasePath(directory: string, basePath: string | null | undefined): string {
  const requested = toDirectoryPath(directory);
  if (!basePath) return requested;
  return isWithinBasePath(requested, basePath) ? requested : toDirectoryPath(basePath);
}

export type NameProblem = 'required' | 'slash' | 'dots' | 'tooLong';

/** Checks a file or folder name typed by the user (one segment, no `/`). */
export function nameProblem(name: string): NameProblem | null {
  const trimmed = name.trim();
  if (!trimmed) return 'required';
  if (trimmed.includes('/') || trimmed.includes('\\')) return 'slash';
  if (trimmed === '.' || trimmed === '..') return 'dots';
  if (trimmed.length > 255) return 'tooLong';
  return null;
}
