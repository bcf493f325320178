import { sql, type Kysely } from 'kysely';
import { engineOf } from '../search-sql';
import { ensureTrigramExtension } from './0006-search';

/**
 * The filename index of the mounts (issue 16, contract api/fs-search.ts).
 *
 * - `mount_entries`: one row per file or folder of a mount. `path` is the bucket key relative to the
 *   mount (a folder's ends with `/`), `parent` the key of the folder holding it (`''` for the mount
 *   root, else ending with `/`), `name` the last segment and `name_lower` its lower-cased form (what
 *   terms are matched against). Unique per (mount_id, path); that index also answers "below this
 *   folder" as a range of `path` (`'a/' < path < 'a0'`). Rows go with their mount (cascade).
 * - `mount_index_state`: per mount, the crawl's status (`pending`, `building`, `ready`, `failed`),
 *   when it started and finished, the storage error of a failure, the storage config it was built
 *   from, and a generation that a rebuild bumps (a crawl of an older generation stops writing).
 * - `mount_index_queue`: the folders (keys ending with `/`, `''` the root) a crawl found but has not
 *   listed yet; a restart resumes from them.
 *
 * Matching names: SQLite gets a contentless FTS5 table `mount_entries_search` with the trigram
 * tokenizer on `name` (rowid = the entry's id) kept by triggers, as migration 0006 does for pastes;
 * PostgreSQL a pg_trgm GIN index on `name_lower`, or none (a scan) when the extension cannot be
 * created. PostgreSQL compares and sorts the key columns byte-wise (`COLLATE "C"`), as SQLite does,
 * so ranges and the code-point order of the contract hold on both.
 */

export const MOUNT_ENTRIES_SEARCH_TABLE = 'mount_entries_search';
const POSTGRES_NAME_INDEX = 'idx_mount_entries_name_trgm';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration works on the schema as it was then, not on today's Database type
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = engineOf(db) === 'PostgreSQL';
  const keyType = postgres ? sql`text COLLATE "C"` : sql`text`;
  await db.schema
    .createTable('mount_entries')
    .addColumn('id', postgres ? 'bigserial' : 'integer', (col) => col.primaryKey())
    .addColumn('mount_id', 'text', (col) => col.notNull().references('mounts.id').onDelete('cascade'))
    .addColumn('path', keyType, (col) => col.notNull())
    .addColumn('parent', keyType, (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('name_lower', 'text', (col) => col.notNull())
    .addColumn('is_directory', 'integer', (col) => col.notNull())
    .addColumn('size', postgres ? 'bigint' : 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('modified', 'text')
    .addUniqueConstraint('uq_mount_entries_path', ['mount_id', 'path'])
    .execute();

  await db.schema
    .createTable('mount_index_state')
    .addColumn('mount_id', 'text', (col) => col.primaryKey().references('mounts.id').onDelete('cascade'))
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('generation', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('storage_config_id', 'text')
    .addColumn('started_at', 'text')
    .addColumn('finished_at', 'text')
    .addColumn('error', 'text')
    .execute();

  await db.schema
    .createTable('mount_index_queue')
    .addColumn('mount_id', 'text', (col) => col.notNull().references('mounts.id').onDelete('cascade'))
    .addColumn('path', keyType, (col) => col.notNull())
    .addPrimaryKeyConstraint('pk_mount_index_queue', ['mount_id', 'path'])
    .execute();

  if (postgres) {
    const schema = await ensureTrigramExtension(db);
    if (schema !== undefined) {
      const opclass = `"${schema.replace(/"/g, '""')}".gin_trgm_ops`;
      await sql.raw(`CREATE INDEX ${POSTGRES_NAME_INDEX} ON mount_entries USING gin (name_lower ${opclass})`).execute(db);
    }
    return;
  }
  const index = MOUNT_ENTRIES_SEARCH_TABLE;
  await sql.raw(`CREATE VIRTUAL TABLE ${index} USING fts5(name, content='', tokenize='trigram')`).execute(db);
  await sql
    .raw(
      `CREATE TRIGGER ${index}_insert AFTER INSERT ON mount_entries BEGIN INSERT INTO ${index}(rowid, name) VALUES (new.id, new.name); END`,
    )
    .execute(db);
  // A contentless table is told the old value to remove, exactly as it was indexed.
  const remove = `INSERT INTO ${index}(${index}, rowid, name) VALUES ('delete', old.id, old.name);`;
  await sql.raw(`CREATE TRIGGER ${index}_delete AFTER DELETE ON mount_entries BEGIN ${remove} END`).execute(db);
  await sql
    .raw(
      `CREATE TRIGGER ${index}_update AFTER UPDATE OF name ON mount_entries WHEN old.name IS NOT new.name BEGIN ` +
        `${remove} INSERT INTO ${index}(rowid, name) VALUES (new.id, new.name); END`,
    )
    .execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration works on the schema as it was then, not on today's Database type
export async function down(db: Kysely<any>): Promise<void> {
  if (engineOf(db) === 'SQLite') {
    for (const suffix of ['insert', 'delete', 'update']) {
      await sql.raw(`DROP TRIGGER IF EXISTS ${MOUNT_ENTRIES_SEARCH_TABLE}_${suffix}`).execute(db);
    }
    await sql.raw(`DROP TABLE IF EXISTS ${MOUNT_ENTRIES_SEARCH_TABLE}`).execute(db);
  }
  await db.schema.dropTable('mount_index_queue').ifExists().execute();
  await db.schema.dropTable('mount_index_state').ifExists().execute();
  await db.schema.dropTable('mount_entries').ifExists().execute();
}
