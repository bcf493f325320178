/**
 * `basic_path` rules of contract §2.6. Paths are compared after removing trailing slashes
 * (`/` stays `/`).
 */

export function normalizeBasicPath(value: string): string {
  const trimmed = value.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

/** within(P): B is `/`, or P == B, or P lies under B. */
export function isWithinBasicPath(candidate: string, basicPath: string): boolean {
  const b = normalizeBasicPath(basicPath);
  const p = normalizeBasicPath(candidate);
  return b === '/' || p === b || p.startsWith(`${b}/`);
}

/** navigable(P): within(P), or P is `/`, or P is an ancestor of B. */
export function isNavigableFromBasicPath(candidate: string, basicPath: string): boolean {
  const b = normalizeBasicPath(basicPath);
  const p = normalizeBasicPath(candidate);
  return isWithinBasicPath(p, b) || p === '/' || b.startsWith(`${p}/`);
}

/** A mount is visible to a key when it is active and its path is within B or an ancestor of B. */
export function isMountVisibleToBasicPath(mount: { mount_path: string; is_active: number }, basicPath: string): boolean {
  if (!mount.is_active) return false;
  const b = normalizeBasicPath(basicPath);
  const m = normalizeBasicPath(mount.mount_path);
  return isWithinBasicPath(m, b) || m === '/' || b.startsWith(`${m}/`);
}
