/**
 * The search over the names of a mount index's entries: which entries a scope covers (below a
 * prefix, minus the folders other mounts show) and which names contain every term, through the
 * engine's trigram index (SQLite FTS5 trigram, PostgreSQL pg_trgm).
 */
import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { DatabaseEngine } from '../db/database';
import { MOUNT_ENTRIES_SEARCH_TABLE } from '../db/migrations/0007-mount-index';
import type { Database, MountEntryRow } from '../db/schema';
import { containsPattern, ftsQueryOf, SEARCH_INDEXED_TERM_LENGTH } from '../db/search-sql';
import { belowRange, characterCount, LIVE } from './mount-index-entries';

/** Where a search looks in one mount: below `prefix` (`''` = the whole mount), minus the `hidden` folders. */
export interface MountSearchScope {
  mountId: string;
  /** `''` or a folder key ending with `/`: only entries strictly below it. */
  prefix: string;
  /** Folder keys ending with `/` whose contents another mount shows instead (their own entry stays). */
  hidden: readonly string[];
  /** The mount's virtual path with a trailing `/`: orders hits by their full path across mounts. */
  root: string;
}

export interface MountSearchPage {
  rows: MountEntryRow[];
  total: number;
}

/**
 * Every term a substring of `name_lower`. SQLite: terms of 3 characters or more narrow the rows
 * through the trigram index first; the lower-cased name decides for every term (the tokenizer
 * folds case its own way). PostgreSQL: LIKE, which the pg_trgm index answers.
 */
function nameMatches(engine: DatabaseEngine, terms: readonly string[]): Expression<SqlBool> {
  const lowered = terms.map((term) => term.toLowerCase());
  const parts: Expression<SqlBool>[] = [];
  if (engine === 'PostgreSQL') {
    for (const term of lowered) parts.push(sql<SqlBool>`mount_entries.name_lower LIKE ${containsPattern(term)} ESCAPE '\\'`);
  } else {
    const indexed = terms.filter((term) => characterCount(term) >= SEARCH_INDEXED_TERM_LENGTH);
    if (indexed.length > 0) {
      const index = sql.table(MOUNT_ENTRIES_SEARCH_TABLE);
      parts.push(sql<SqlBool>`mount_entries.id IN (SELECT rowid FROM ${index} WHERE ${index} MATCH ${ftsQueryOf(indexed)})`);
    }
    for (const term of lowered) parts.push(sql<SqlBool>`instr(mount_entries.name_lower, ${term}) > 0`);
  }
  return sql<SqlBool>`(${sql.join(parts, sql` AND `)})`;
}

function scopeCondition(scope: MountSearchScope): Expression<SqlBool> {
  const parts: Expression<SqlBool>[] = [sql<SqlBool>`mount_entries.mount_id = ${scope.mountId}`, LIVE];
  const { after, before } = belowRange(scope.prefix);
  if (after !== '') parts.push(sql<SqlBool>`mount_entries.path > ${after}`);
  if (before !== null) parts.push(sql<SqlBool>`mount_entries.path < ${before}`);
  for (const hidden of scope.hidden) {
    const range = belowRange(hidden);
    parts.push(sql<SqlBool>`NOT (mount_entries.path > ${range.after} AND mount_entries.path < ${range.before as string})`);
  }
  return sql<SqlBool>`(${sql.join(parts, sql` AND `)})`;
}

/**
 * Entries whose lower-cased name contains every (lower-cased) term, inside the scopes: folders
 * first, then by full virtual path (root + path, byte order), a page of them and the total.
 */
export async function searchMountEntries(
  db: Kysely<Database>,
  engine: DatabaseEngine,
  terms: readonly string[],
  scopes: readonly MountSearchScope[],
  limit: number,
  offset: number,
): Promise<MountSearchPage> {
  if (scopes.length === 0 || terms.length === 0) return { rows: [], total: 0 };
  const where = sql<SqlBool>`(${sql.join(
    scopes.map((scope) => scopeCondition(scope)),
    sql` OR `,
  )}) AND ${nameMatches(engine, terms)}`;
  // One mount: its root is the same for every hit, so the key alone orders them (no per-row expression).
  const root = sql<string>`CASE mount_entries.mount_id ${sql.join(
    scopes.map((scope) => sql`WHEN ${scope.mountId} THEN ${scope.root}`),
    sql` `,
  )} END`;
  const keyOrder = scopes.length === 1 ? sql`mount_entries.path` : sql`${root} || mount_entries.path`;
  const fullPath = engine === 'PostgreSQL' && scopes.length > 1 ? sql`(${keyOrder}) COLLATE "C"` : keyOrder;
  const rows = await db
    .selectFrom('mount_entries')
    .selectAll()
    .where(where)
    .orderBy('is_directory', 'desc')
    .orderBy(fullPath)
    .limit(limit)
    .offset(offset)
    .execute();
  const counted = await db
    .selectFrom('mount_entries')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where(where)
    .executeTakeFirst();
  return { rows, total: Number(counted?.count ?? 0) };
}
