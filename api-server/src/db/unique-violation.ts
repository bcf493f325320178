/**
 * True when a database error is a UNIQUE / PRIMARY KEY violation, on SQLite (better-sqlite3)
 * and PostgreSQL (pg, SQLSTATE 23505) alike. Lets code turn an insert race into a 409.
 */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  const code = (error as { code: unknown }).code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505';
}
