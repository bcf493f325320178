import type { Kysely } from 'kysely';

/**
 * A key holder's lists (`GET /api/user/pastes`, `GET /api/user/files`, with or without `q` and
 * `tag`) are one owner's rows, newest first. With only `created_by` indexed, every such page read
 * all of the owner's rows and sorted them; (created_by, created_at, id) gives them in list order, so
 * a page stops after its rows. The composite index serves every lookup by `created_by` alone too,
 * so it replaces the single-column one of 0002 (one index to keep on each write, not two).
 */

const OWNER_RECENCY = [
  { table: 'pastes', index: 'idx_pastes_owner_recency', replaces: 'idx_pastes_created_by' },
  { table: 'files', index: 'idx_files_owner_recency', replaces: 'idx_files_created_by' },
] as const;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration works on the schema as it was then, not on today's Database type
export async function up(db: Kysely<any>): Promise<void> {
  for (const { table, index, replaces } of OWNER_RECENCY) {
    await db.schema.createIndex(index).on(table).columns(['created_by', 'created_at', 'id']).execute();
    await db.schema.dropIndex(replaces).ifExists().execute();
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration works on the schema as it was then, not on today's Database type
export async function down(db: Kysely<any>): Promise<void> {
  for (const { table, index, replaces } of OWNER_RECENCY) {
    await db.schema.createIndex(replaces).on(table).column('created_by').execute();
    await db.schema.dropIndex(index).ifExists().execute();
  }
}
