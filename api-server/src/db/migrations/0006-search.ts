import { sql, type Kysely } from 'kysely';
import { engineOf, SQLITE_SEARCH_TABLES } from '../search-sql';

/**
 * Search over pastes and file shares (issue 16; the matching rule is in ../search-sql.ts).
 *
 * SQLite: two contentless FTS5 tables with the trigram tokenizer (substrings in any script, no word
 * segmenter), `pastes_search` and `files_search`, one column `body` = the searched fields joined by
 * a line feed (a term has no whitespace, so it never spans two fields), rowid = the row's rowid.
 * Triggers keep them current inside the statement that writes the row, so in the same transaction:
 * insert, delete (burn's `DELETE … RETURNING` included) and updates of a searched field. The body
 * of an encrypted paste holds no content (only slug and remark), so ciphertext is never indexed.
 * A row leaves the index by FTS5's `delete` command with its old body (the triggers compute it from
 * `old`, exactly as it was indexed), with FTS5's `secure-delete` on: the entries are removed from
 * the index pages, not hidden behind tombstones, so a burned paste leaves no trigrams behind
 * (with the connection's `secure_delete`, the freed pages are zeroed too).
 *
 * PostgreSQL: the pg_trgm extension and GIN trigram indexes on the searched columns, the content's
 * only for unencrypted rows. A role that may not create the extension gets a warning and no indexes:
 * search then works by scanning. The extension is left installed by `down` (other schemas of the
 * database may use it).
 *
 * Existing rows are indexed by the migration.
 */

/** The body of a paste row in the index (`row` = `new`, or the table itself when filling). */
function pasteBody(row: string): string {
  return `${row}.slug || char(10) || coalesce(${row}.remark, '') || char(10) || CASE WHEN ${row}.encryption IS NULL THEN ${row}.content ELSE '' END`;
}

function fileBody(row: string): string {
  return `${row}.slug || char(10) || ${row}.filename || char(10) || coalesce(${row}.remark, '')`;
}

const SQLITE_INDEXES = [
  {
    table: 'pastes',
    index: SQLITE_SEARCH_TABLES.pastes,
    body: pasteBody,
    watched: ['slug', 'remark', 'content', 'encryption'],
  },
  { table: 'files', index: SQLITE_SEARCH_TABLES.files, body: fileBody, watched: ['slug', 'filename', 'remark'] },
] as const;

/** The PostgreSQL trigram indexes: name, table, column, and whether only unencrypted rows are indexed. */
const POSTGRES_INDEXES = [
  { name: 'idx_pastes_search_slug', table: 'pastes', column: 'slug', plainOnly: false },
  { name: 'idx_pastes_search_remark', table: 'pastes', column: 'remark', plainOnly: false },
  { name: 'idx_pastes_search_content', table: 'pastes', column: 'content', plainOnly: true },
  { name: 'idx_files_search_slug', table: 'files', column: 'slug', plainOnly: false },
  { name: 'idx_files_search_filename', table: 'files', column: 'filename', plainOnly: false },
  { name: 'idx_files_search_remark', table: 'files', column: 'remark', plainOnly: false },
] as const;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration works on the schema as it was then, not on today's Database type
async function upSqlite(db: Kysely<any>): Promise<void> {
  for (const { table, index, body, watched } of SQLITE_INDEXES) {
    await sql.raw(`CREATE VIRTUAL TABLE ${index} USING fts5(body, content='', tokenize='trigram')`).execute(db);
    await sql.raw(`INSERT INTO ${index}(${index}, rank) VALUES ('secure-delete', 1)`).execute(db);
    await sql
      .raw(
        `CREATE TRIGGER ${index}_insert AFTER INSERT ON ${table} BEGIN INSERT INTO ${index}(rowid, body) VALUES (new.rowid, ${body('new')}); END`,
      )
      .execute(db);
    // The old body, exactly as it was indexed (a contentless table cannot look it up itself).
    const remove = `INSERT INTO ${index}(${index}, rowid, body) VALUES ('delete', old.rowid, ${body('old')});`;
    await sql.raw(`CREATE TRIGGER ${index}_delete AFTER DELETE ON ${table} BEGIN ${remove} END`).execute(db);
    const changed = watched.map((column) => `old.${column} IS NOT new.${column}`).join(' OR ');
    await sql
      .raw(
        `CREATE TRIGGER ${index}_update AFTER UPDATE OF ${watched.join(', ')} ON ${table} WHEN ${changed} BEGIN ` +
          `${remove} INSERT INTO ${index}(rowid, body) VALUES (new.rowid, ${body('new')}); END`,
      )
      .execute(db);
    await sql.raw(`INSERT INTO ${index}(rowid, body) SELECT rowid, ${body(table)} FROM ${table}`).execute(db);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration works on the schema as it was then, not on today's Database type
async function downSqlite(db: Kysely<any>): Promise<void> {
  for (const { index } of SQLITE_INDEXES) {
    for (const suffix of ['insert', 'delete', 'update']) await sql.raw(`DROP TRIGGER IF EXISTS ${index}_${suffix}`).execute(db);
    await sql.raw(`DROP TABLE IF EXISTS ${index}`).execute(db);
  }
}

function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration works on the schema as it was then, not on today's Database type
async function trigramSchema(db: Kysely<any>): Promise<string | undefined> {
  const { rows } = await sql<{ schema: string }>`
    SELECT n.nspname AS schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm'`.execute(db);
  return rows[0]?.schema;
}

/**
 * The schema of pg_trgm, created when missing (in `public` when that schema exists, so dropping an
 * application schema never drops the extension other schemas use). Undefined when it cannot be
 * created: the attempt runs in a savepoint (inside a transaction) so the migration goes on.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration works on the schema as it was then, not on today's Database type
export async function ensureTrigramExtension(db: Kysely<any>): Promise<string | undefined> {
  const existing = await trigramSchema(db);
  if (existing !== undefined) return existing;
  const { rows } = await sql<{ present: number }>`SELECT count(*) AS present FROM pg_namespace WHERE nspname = 'public'`.execute(db);
  const target = Number(rows[0]?.present) > 0 ? sql.raw(' SCHEMA public') : sql.raw('');
  // Kysely's migrator runs a PostgreSQL migration in a transaction, which a failed statement would abort.
  const savepoint = db.isTransaction;
  if (savepoint) await sql`SAVEPOINT cc_search_trgm`.execute(db);
  try {
    await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm${target}`.execute(db);
    if (savepoint) await sql`RELEASE SAVEPOINT cc_search_trgm`.execute(db);
  } catch (error) {
    if (savepoint) await sql`ROLLBACK TO SAVEPOINT cc_search_trgm`.execute(db);
    // Another server may have created it meanwhile (a unique violation here); otherwise it is refused.
    const created = await trigramSchema(db);
    if (created !== undefined) return created;
    const reason = error instanceof Error ? error.message : String(error);
    process.emitWarning(
      `pg_trgm could not be created (${reason}): search works without its indexes, by scanning. ` +
        'Run "CREATE EXTENSION pg_trgm" as a superuser, then re-create the indexes of migration 0006-search for faster search.',
      { code: 'CLOUDCLIP_SEARCH_NO_TRGM' },
    );
    return undefined;
  }
  return trigramSchema(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration works on the schema as it was then, not on today's Database type
async function upPostgres(db: Kysely<any>): Promise<void> {
  const schema = await ensureTrigramExtension(db);
  if (schema === undefined) return;
  const opclass = `${quoteIdentifier(schema)}.gin_trgm_ops`;
  for (const { name, table, column, plainOnly } of POSTGRES_INDEXES) {
    const where = plainOnly ? ' WHERE encryption IS NULL' : '';
    await sql.raw(`CREATE INDEX ${name} ON ${table} USING gin (${column} ${opclass})${where}`).execute(db);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration works on the schema as it was then, not on today's Database type
async function downPostgres(db: Kysely<any>): Promise<void> {
  for (const { name } of POSTGRES_INDEXES) await sql.raw(`DROP INDEX IF EXISTS ${name}`).execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration works on the schema as it was then, not on today's Database type
export async function up(db: Kysely<any>): Promise<void> {
  await (engineOf(db) === 'PostgreSQL' ? upPostgres(db) : upSqlite(db));
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration works on the schema as it was then, not on today's Database type
export async function down(db: Kysely<any>): Promise<void> {
  await (engineOf(db) === 'PostgreSQL' ? downPostgres(db) : downSqlite(db));
}
