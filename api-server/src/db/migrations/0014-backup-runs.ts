import type { Kysely } from 'kysely';

/**
 * Scheduled backups (issue 37, src/backup/schedule/). Neither table is part of a backup archive
 * (backup/archive-format.ts `isBackedUpTable`): they describe this instance's runs, not its content.
 *
 * `backup_runs`: one row per backup run, scheduled or started by hand.
 * - `trigger`: `schedule` | `manual`; `status`: `running` | `ok` | `failed`.
 * - `started_at`, `finished_at`: ISO-8601 UTC; `size`: bytes of the archive; `location`:
 *   `<storage config name>:<folder>/<file>`; `error`: one line, when the run failed.
 *
 * `backup_lease`: one row (`name` = `backup`) that several api-server replicas on one database
 * take in turn, in one UPDATE (the pattern of the mount index's crawl lease, migration 0012):
 * - `lease_owner`: the id of the process running a backup now, or null;
 * - `lease_expires_at`: epoch milliseconds; after it another replica may take the lease;
 * - `last_slot`: the scheduled time (epoch milliseconds) whose run was claimed last, so a time is
 *   run once, whichever replica wakes first.
 *
 * Schema builder only, so it runs on SQLite and PostgreSQL alike.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration works on the schema as it was then, not on today's Database type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('backup_runs')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('trigger', 'text', (col) => col.notNull())
    .addColumn('started_at', 'text', (col) => col.notNull())
    .addColumn('finished_at', 'text')
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('size', 'bigint')
    .addColumn('location', 'text')
    .addColumn('error', 'text')
    .execute();
  await db.schema.createIndex('idx_backup_runs_started_at').on('backup_runs').column('started_at').execute();
  await db.schema
    .createTable('backup_lease')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('lease_owner', 'text')
    .addColumn('lease_expires_at', 'bigint')
    .addColumn('last_slot', 'bigint')
    .execute();
  await db.insertInto('backup_lease').values({ name: 'backup', lease_owner: null, lease_expires_at: null, last_slot: null }).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration works on the schema as it was then, not on today's Database type
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('backup_lease').ifExists().execute();
  await db.schema.dropTable('backup_runs').ifExists().execute();
}
