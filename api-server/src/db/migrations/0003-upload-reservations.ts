import { type Kysely } from 'kysely';

/**
 * Space reserved in a storage config's quota by uploads that have not finished yet
 * (services/upload-reservations.ts): a streaming upload-direct / form upload, a presigned upload
 * between presign and commit, a URL import between presign (or multipart init) and commit.
 *
 * - `file_id` is the pending file row of a presigned / URL upload (null for a streaming upload,
 *   whose row is written only once the body is stored); `storage_path` and `upload_id` (a
 *   multipart upload) say what to remove when the reservation is abandoned.
 * - `body_claimed` = 1 while or after the single body a local presigned PUT URL accepts is received.
 * - `expires_at` (ISO text, compared as text like every timestamp here): past it the space is no
 *   longer held.
 *
 * Schema builder only, so it runs on SQLite and PostgreSQL alike.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration works on the schema as it was then, not on today's Database type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('upload_reservations')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('storage_config_id', 'text', (col) => col.notNull())
    .addColumn('file_id', 'text')
    .addColumn('storage_path', 'text')
    .addColumn('upload_id', 'text')
    .addColumn('bytes', 'bigint', (col) => col.notNull())
    .addColumn('body_claimed', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('idx_upload_reservations_config')
    .on('upload_reservations')
    .columns(['storage_config_id', 'expires_at'])
    .execute();
  await db.schema.createIndex('idx_upload_reservations_file_id').on('upload_reservations').column('file_id').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration works on the schema as it was then, not on today's Database type
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('upload_reservations').ifExists().execute();
}
