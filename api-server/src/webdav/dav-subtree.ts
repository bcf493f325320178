import { sql, type RawBuilder, type SqlBool } from 'kysely';

/**
 * Trees of virtual paths (NFC, start with `/`, no trailing slash, `/` = the root), in code and in
 * SQL. "Below P" means "starts with `P + '/'`" (for the root: every other path), so `/a/bc` is
 * never below `/a/b`.
 *
 * The SQL compares a prefix with `substr(…) = …` instead of LIKE (whose `%`, `_` and `\` are
 * wildcards and which ignores ASCII case on SQLite) or `>=`/`<` ranges (whose order depends on the
 * PostgreSQL collation). `substr` counts characters and `=` compares exactly on both engines.
 */

/** What every path strictly below `path` starts with: `path + '/'`, or `/` for the root. */
export function descendantPrefix(path: string): string {
  return path === '/' ? '/' : `${path}/`;
}

/** True when `candidate` is `path` or below it. */
export function isAtOrBelow(candidate: string, path: string): boolean {
  return candidate === path || candidate.startsWith(descendantPrefix(path));
}

/** The proper ancestors of `path`, the root first (`/a/b/c` → `/`, `/a`, `/a/b`; `/` → none). */
export function ancestorsOf(path: string): string[] {
  if (path === '/') return [];
  const segments = path.slice(1).split('/');
  const ancestors = ['/'];
  for (let i = 1; i < segments.length; i += 1) ancestors.push(`/${segments.slice(0, i).join('/')}`);
  return ancestors;
}

/** Where `path` (at or below `from`) lands when the tree at `from` is copied or moved to `to`. */
export function relocate(path: string, from: string, to: string): string {
  if (path === from) return to;
  const rest = from === '/' ? path : path.slice(from.length); // starts with '/'
  return to === '/' ? rest : `${to}${rest}`;
}

/** Length in characters (code points), as SQL's `substr` counts them. */
function characterLength(value: string): number {
  return [...value].length;
}

/** SQL: `column` starts with `prefix`. */
function startsWithSql(column: string, prefix: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`substr(${sql.ref(column)}, 1, ${sql.lit(characterLength(prefix))}) = ${prefix}`;
}

/** SQL: the path in `column` is `path` or below it. */
export function atOrBelowSql(column: string, path: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`(${sql.ref(column)} = ${path} or ${startsWithSql(column, descendantPrefix(path))})`;
}

/** SQL: the path in `column` is strictly below `path`. */
export function belowSql(column: string, path: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`(${sql.ref(column)} <> ${path} and ${startsWithSql(column, descendantPrefix(path))})`;
}
