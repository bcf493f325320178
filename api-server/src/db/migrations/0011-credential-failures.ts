import type { Kysely } from 'kysely';

/**
 * The failed-credential and unknown-slug counters (auth/credential-guard.ts), one row per key
 * (`client:<address>`, `account:<name>`, `slug:<address>`) and fixed window: in the database, so
 * every api-server replica on it counts toward one budget.
 *
 * - `failures`: attempts counted in the window that ends at `reset_at`.
 * - `reset_at`: the window's end in epoch milliseconds (compared as a number; the window
 *   arithmetic runs in the UPSERT that counts).
 *
 * Rows whose window ended are pruned (the `reset_at` index). Schema builder only, so it runs on
 * SQLite and PostgreSQL alike.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration works on the schema as it was then, not on today's Database type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('credential_failures')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('failures', 'integer', (col) => col.notNull())
    .addColumn('reset_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('idx_credential_failures_reset_at').on('credential_failures').column('reset_at').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration works on the schema as it was then, not on today's Database type
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('credential_failures').ifExists().execute();
}
