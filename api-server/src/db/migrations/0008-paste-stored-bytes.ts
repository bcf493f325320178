import { sql, type Kysely } from 'kysely';
import { engineOf } from '../search-sql';

/**
 * The bytes each paste stores, as an indexed column, so the storage limits' sums
 * (services/paste-storage-limits.ts, on every create and on edits that grow a paste) read a small
 * index instead of every row of the table: with 100,000 pastes the sum over the table itself made
 * each create wait tens of milliseconds, under the storage lock.
 *
 * `stored_bytes` = UTF-8 bytes of content + remark, a generated column, so no write path has to
 * keep it (SQLite: VIRTUAL, computed on read and kept in the index; PostgreSQL: STORED). The index
 * (created_by, stored_bytes) answers both sums, one key's and all pastes', by an index-only scan.
 */

const STORED_BYTES = 'octet_length(content) + coalesce(octet_length(remark), 0)';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration works on the schema as it was then, not on today's Database type
export async function up(db: Kysely<any>): Promise<void> {
  const generated =
    engineOf(db) === 'PostgreSQL'
      ? `bigint GENERATED ALWAYS AS (${STORED_BYTES}) STORED`
      : `INTEGER GENERATED ALWAYS AS (${STORED_BYTES}) VIRTUAL`;
  await sql.raw(`ALTER TABLE pastes ADD COLUMN stored_bytes ${generated}`).execute(db);
  await sql.raw('CREATE INDEX idx_pastes_stored_bytes ON pastes (created_by, stored_bytes)').execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration works on the schema as it was then, not on today's Database type
export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw('DROP INDEX IF EXISTS idx_pastes_stored_bytes').execute(db);
  await sql.raw('ALTER TABLE pastes DROP COLUMN stored_bytes').execute(db);
}
