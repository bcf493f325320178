import { type Kysely } from 'kysely';

/**
 * End-to-end encrypted pastes and burn after reading (issue 15), two columns on `pastes`:
 *
 * - `encryption`: null for a normal paste; the envelope kind (`aes-256-gcm/v1`) when `content` is
 *   ciphertext the server cannot read (it then never previews it, and refuses to change it).
 * - `burn_after_reading`: 1 when the paste is deleted by the read that delivers its content, else 0.
 *
 * Existing rows become normal pastes (null, 0). Schema builder only, so it runs on SQLite and
 * PostgreSQL alike.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration works on the schema as it was then, not on today's Database type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('pastes').addColumn('encryption', 'text').execute();
  await db.schema
    .alterTable('pastes')
    .addColumn('burn_after_reading', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration works on the schema as it was then, not on today's Database type
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('pastes').dropColumn('burn_after_reading').execute();
  await db.schema.alterTable('pastes').dropColumn('encryption').execute();
}
