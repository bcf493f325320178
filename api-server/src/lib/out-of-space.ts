/**
 * Whether a write failed because the disk (or the database on it) has no room left: the file
 * system's ENOSPC, a disk quota's EDQUOT, SQLite's SQLITE_FULL ("database or disk is full") and
 * PostgreSQL's disk_full (53100). Such a failure is the server's storage being full — answered
 * 507 with a message saying so (http/error-handling.ts, storage/local-file-tree.ts), not a 500 that
 * hides it. The error's `cause` chain is followed (a few links), so wrapped errors count too.
 */
const OUT_OF_SPACE_CODES: ReadonlySet<string> = new Set(['ENOSPC', 'EDQUOT', 'SQLITE_FULL', '53100']);
const MAX_CAUSE_DEPTH = 5;

export function isOutOfSpace(error: unknown): boolean {
  let current = error;
  for (let depth = 0; depth < MAX_CAUSE_DEPTH && typeof current === 'object' && current !== null; depth += 1) {
    const { code } = current as { code?: unknown };
    if (typeof code === 'string' && OUT_OF_SPACE_CODES.has(code)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
