import type { Kysely } from 'kysely';

/**
 * The crawl lease of a mount's index (issue 17): several api-server replicas on one database crawl
 * a mount in one of them at a time (services/mount-index/mount-index-crawler.ts).
 *
 * - `lease_owner`: the id of the api-server process whose crawler holds the mount's crawl, or null.
 * - `lease_expires_at`: when that lease ends unless renewed, epoch milliseconds; after it another
 *   replica may take the crawl over (resuming from the queue, as a restart does).
 *
 * Columns of `mount_index_state` (they go with their mount); schema builder only, so it runs on
 * SQLite and PostgreSQL alike.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration works on the schema as it was then, not on today's Database type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('mount_index_state').addColumn('lease_owner', 'text').execute();
  await db.schema.alterTable('mount_index_state').addColumn('lease_expires_at', 'bigint').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration works on the schema as it was then, not on today's Database type
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('mount_index_state').dropColumn('lease_expires_at').execute();
  await db.schema.alterTable('mount_index_state').dropColumn('lease_owner').execute();
}
