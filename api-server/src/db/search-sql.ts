import { sql, type Expression, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { DatabaseEngine } from './database';

/**
 * The SQL of search (issue 16, contract api/search.ts) and the only place where it differs between
 * the engines. A query's terms each have to be a case-insensitive substring of one searched field:
 *
 * - SQLite: terms of at least SEARCH_INDEXED_TERM_LENGTH characters go through the FTS5 trigram
 *   indexes `pastes_search` / `files_search` (migration 0006-search; a phrase of trigrams is a
 *   substring, case-folded by the tokenizer); shorter ones have no trigram and are matched with
 *   `LIKE` on the table (a scan).
 * - PostgreSQL: every term with `ILIKE` on the fields, which the pg_trgm GIN indexes of the
 *   migration answer (or a scan where the extension could not be created).
 *
 * The content of an end-to-end encrypted paste (`encryption IS NOT NULL`) is never searched.
 */

/** Fewest characters a term needs for the trigram index (shorter terms are matched by a scan). */
export const SEARCH_INDEXED_TERM_LENGTH = 3;

/** The FTS5 tables of the SQLite index (one column `body`, rowid = the row's rowid). */
export const SQLITE_SEARCH_TABLES = { pastes: 'pastes_search', files: 'files_search' } as const;

/** The escape character of every search LIKE pattern. */
const LIKE_ESCAPE = '\\';

/**
 * The engine behind `db`, read from how Kysely compiles a parameter (`?` on SQLite, `$1` on
 * PostgreSQL): migrations get no engine, and this needs no internal API.
 */
export function engineOf<DB>(db: Kysely<DB>): DatabaseEngine {
  return sql`select ${1}`.compile(db).sql.includes('$1') ? 'PostgreSQL' : 'SQLite';
}

/** `%term%` with `%`, `_` and the escape character itself escaped, so the term matches literally. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (character) => LIKE_ESCAPE + character)}%`;
}

/** An FTS5 query matching rows that contain every term as a substring (each term a quoted phrase). */
export function ftsQueryOf(terms: readonly string[]): string {
  return terms.map((term) => `"${term.replace(/"/g, '""')}"`).join(' AND ');
}

function characterCount(term: string): number {
  return Array.from(term).length;
}

/** A searched column, as `table.column`, and whether the content of encrypted rows must be skipped. */
interface SearchField {
  column: string;
  /** Only rows with `encryption IS NULL` (the content of pastes). */
  plainOnly?: boolean;
}

const PASTE_FIELDS: readonly SearchField[] = [
  { column: 'pastes.slug' },
  { column: 'pastes.remark' },
  { column: 'pastes.content', plainOnly: true },
];

const FILE_FIELDS: readonly SearchField[] = [{ column: 'files.slug' }, { column: 'files.filename' }, { column: 'files.remark' }];

/** The tables search reads: pastes and file shares. */
export type SearchTable = keyof typeof SQLITE_SEARCH_TABLES;

const SEARCH_FIELDS: Record<SearchTable, readonly SearchField[]> = { pastes: PASTE_FIELDS, files: FILE_FIELDS };

/** One term against the fields with (I)LIKE: true when it is a substring of one of them. */
function termInFields(engine: DatabaseEngine, fields: readonly SearchField[], term: string): RawBuilder<SqlBool> {
  const pattern = containsPattern(term);
  const like = engine === 'PostgreSQL' ? sql.raw('ILIKE') : sql.raw('LIKE');
  const arms = fields.map((field) => {
    const match = sql`${sql.ref(field.column)} ${like} ${pattern} ESCAPE ${sql.lit(LIKE_ESCAPE)}`;
    const table = field.column.split('.')[0] ?? '';
    return field.plainOnly ? sql`(${sql.ref(`${table}.encryption`)} IS NULL AND ${match})` : match;
  });
  return sql<SqlBool>`(${sql.join(arms, sql` OR `)})`;
}

/**
 * Rows of `table` in which every term is a substring of one searched field (pastes: slug, remark or
 * the unencrypted content; files: slug, filename or remark); undefined for no terms (no filter).
 */
export function searchCondition(
  engine: DatabaseEngine,
  table: SearchTable,
  terms: readonly string[],
  access: SearchAccess = 'ordered',
): Expression<SqlBool> | undefined {
  if (terms.length === 0) return undefined;
  const fields = SEARCH_FIELDS[table];
  const parts: RawBuilder<SqlBool>[] = [];
  let scanned = terms;
  if (engine === 'SQLite') {
    const indexed = terms.filter((term) => characterCount(term) >= SEARCH_INDEXED_TERM_LENGTH);
    scanned = terms.filter((term) => characterCount(term) < SEARCH_INDEXED_TERM_LENGTH);
    if (indexed.length > 0) {
      const index = sql.table(SQLITE_SEARCH_TABLES[table]);
      // 'ordered': the unary + keeps SQLite from looking every match up by rowid and sorting them
      // all: it reads the rows in the list's order (created_at index) and keeps those in the match
      // set, so a page of a term found in most rows costs the match set plus a few rows, not a sort
      // of it. 'collected': without it, the matches are looked up by rowid and sorted (few matches).
      const rowid = sql.ref(`${table}.rowid`);
      const matchSet = sql`(SELECT rowid FROM ${index} WHERE ${index} MATCH ${ftsQueryOf(indexed)})`;
      parts.push(access === 'collected' ? sql<SqlBool>`${rowid} IN ${matchSet}` : sql<SqlBool>`+${rowid} IN ${matchSet}`);
    }
  }
  for (const term of scanned) parts.push(termInFields(engine, fields, term));
  return sql<SqlBool>`(${sql.join(parts, sql` AND `)})`;
}

/**
 * How a search read reaches its rows (the same rows either way, only the plan differs):
 * - 'ordered' (the default): rows are read in the list's order (created_at index, newest first)
 *   and each is checked, so a page stops after a few rows when most rows match;
 * - 'collected': the matches are gathered through the search index and sorted, so a read costs the
 *   matches, not a walk through the table to find the few there are.
 * searchAccessFor picks one from the number of matches.
 */
export type SearchAccess = 'ordered' | 'collected';

/** At most this many matches count as sparse: a page of them is collected and sorted, not read in list order. */
export const SPARSE_MATCHES = 1000;

/**
 * Which terms a search index can narrow (only the plan depends on it, never the rows found):
 * - 'fts5': SQLite's FTS5 trigram index takes every character, so any term of
 *   SEARCH_INDEXED_TERM_LENGTH characters or more;
 * - 'trgm-ascii' / 'trgm-unicode': pg_trgm takes trigrams only from runs of letters and digits,
 *   so a term needs three of them in a row. Under the C (POSIX) character classification only
 *   ASCII ones count (a Chinese term gives no trigram at all and the GIN indexes cannot help it);
 *   under any other, letters and digits of every script.
 */
export type TermIndex = 'fts5' | 'trgm-ascii' | 'trgm-unicode';

function narrows(term: string, index: TermIndex): boolean {
  if (index === 'fts5') return characterCount(term) >= SEARCH_INDEXED_TERM_LENGTH;
  return (index === 'trgm-ascii' ? /[A-Za-z0-9]{3}/u : /[\p{L}\p{N}]{3}/u).test(term);
}

/** The TermIndex of `db`: on PostgreSQL from its `lc_ctype` (one statement). */
export async function termIndexOf<DB>(db: Kysely<DB>, engine: DatabaseEngine): Promise<TermIndex> {
  if (engine !== 'PostgreSQL') return 'fts5';
  const { rows } = await sql<{ ctype: string }>`SELECT current_setting('lc_ctype') AS ctype`.execute(db);
  const ctype = rows[0]?.ctype ?? '';
  return ctype === 'C' || ctype === 'POSIX' ? 'trgm-ascii' : 'trgm-unicode';
}

/**
 * The access of a search read that matches `matches` rows: 'collected' when they are sparse and
 * some term can narrow them through the index (`index`, see TermIndex); otherwise 'ordered' —
 * without such a term collecting them is a scan of the whole table too, and the ordered read at
 * least stops once the page is full.
 */
export function searchAccessFor(terms: readonly string[], matches: number, index: TermIndex = 'fts5'): SearchAccess {
  return matches <= SPARSE_MATCHES && terms.some((term) => narrows(term, index)) ? 'collected' : 'ordered';
}

/**
 * The access of a list page (`?q=` and `tag=` on the paste and file lists) whose filters match
 * `matches` rows: as searchAccessFor, and also 'collected' for few matches when another filter
 * with an index of its own narrows them (`indexedFilter`: the paste tag's (tag_key, paste_id)
 * index), even with no term the search index narrows.
 */
export function listAccessFor(terms: readonly string[], matches: number, index: TermIndex, indexedFilter: boolean): SearchAccess {
  return indexedFilter && matches <= SPARSE_MATCHES ? 'collected' : searchAccessFor(terms, matches, index);
}

/** `termIndexOf(db, engine)` read once (again after a failure): the TermIndex only picks plans. */
export function cachedTermIndex<DB>(db: Kysely<DB>, engine: DatabaseEngine): () => Promise<TermIndex> {
  let known: Promise<TermIndex> | undefined;
  return () => {
    known ??= termIndexOf(db, engine).catch((error: unknown) => {
      known = undefined;
      throw error;
    });
    return known;
  };
}

/**
 * The newest-first ORDER BY key of a search read: `created_at`, or for a 'collected' read on
 * PostgreSQL `created_at || ''` — the same text in the same collation, so the same order, but no
 * index provides it, so the planner gathers the matches (bitmap scans of the trigram indexes) and
 * sorts them instead of reading the created_at index until a page is full. That choice is made
 * by the statement itself, per table: one statement can read a sparse kind collected and a dense
 * one ordered. (SQLite needs nothing here: its 'collected' condition already sorts.)
 */
export function newestFirstKey(engine: DatabaseEngine, column: string, access: SearchAccess): RawBuilder<string> {
  return engine === 'PostgreSQL' && access === 'collected' ? sql<string>`(${sql.ref(column)} || '')` : sql<string>`${sql.ref(column)}`;
}

/**
 * SQLite, when every term has a trigram and nothing else filters the rows: the number of matching
 * rows read from the index alone (it holds exactly one entry per row). Undefined otherwise: count
 * the table with the search condition.
 */
export function indexOnlyCount(
  engine: DatabaseEngine,
  table: keyof typeof SQLITE_SEARCH_TABLES,
  terms: readonly string[],
): RawBuilder<{ count: number | string }> | undefined {
  if (engine !== 'SQLite' || terms.length === 0) return undefined;
  if (terms.some((term) => characterCount(term) < SEARCH_INDEXED_TERM_LENGTH)) return undefined;
  const index = sql.table(SQLITE_SEARCH_TABLES[table]);
  return sql<{ count: number | string }>`SELECT count(*) AS count FROM ${index} WHERE ${index} MATCH ${ftsQueryOf(terms)}`;
}

/**
 * The 1-based character position of the first case-insensitive occurrence of `term` in `column`
 * (0: none, null: the column is null). `lower` folds ASCII on SQLite and every letter on PostgreSQL.
 */
export function positionOf(engine: DatabaseEngine, column: string, term: string): RawBuilder<number | null> {
  const lowered = term.toLowerCase();
  return engine === 'PostgreSQL'
    ? sql<number | null>`strpos(lower(${sql.ref(column)}), ${lowered})`
    : sql<number | null>`instr(lower(${sql.ref(column)}), ${lowered})`;
}

/**
 * A mark of the database's writes, read in one cheap statement: it differs from an earlier mark
 * whenever any connection or process may have committed a write since, so a search count read
 * after a mark still holds while the mark is unchanged. Null when it cannot be read (then nothing
 * may be reused).
 * - SQLite: `total_changes()` (rows changed through this connection, the server's only one; it
 *   grows with every INSERT, UPDATE and DELETE, committed or not) with `PRAGMA data_version`
 *   (changes when another connection, in any process, commits to the file).
 * - PostgreSQL: `pg_current_snapshot()` (13 and later), the cluster's snapshot as text: its xmax
 *   (one past the latest finished transaction id) and the ids still running below it. Any
 *   transaction that wrote gets an id, and when it ends the snapshot changes (a higher xmax, or
 *   its id gone from the running ones); two equal snapshots have the same finished transactions,
 *   so they see the same rows. Unlike the WAL position it stays put through VACUUM, checkpoints
 *   and hint bits. Older servers: null.
 * Both marks are coarse (a write to any table moves them), never late.
 */
export async function writeMarkOf<DB>(db: Kysely<DB>, engine: DatabaseEngine): Promise<string | null> {
  try {
    const { rows } =
      engine === 'PostgreSQL'
        ? await sql<{ mark: string }>`SELECT pg_current_snapshot()::text AS mark`.execute(db)
        : await sql<{ mark: string }>`SELECT total_changes() || ':' || data_version AS mark FROM pragma_data_version()`.execute(db);
    const mark = rows[0]?.mark;
    return typeof mark === 'string' ? mark : null;
  } catch {
    // E.g. PostgreSQL before 13 (no pg_current_snapshot): count every time.
    return null;
  }
}
