import type { Kysely } from 'kysely';

/**
 * SFTP storage configs (issue 38): the server's host key fingerprint, `SHA256:<base64>` as
 * `ssh-keygen -l` prints it. The driver refuses a server whose key does not match, and refuses
 * every connection while it is null (the admin confirms the fingerprint on first connect).
 * Null for every other driver. Schema builder only, so it runs on SQLite and PostgreSQL alike.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration works on the schema as it was then, not on today's Database type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('storage_configs').addColumn('host_key_sha256', 'text').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration works on the schema as it was then, not on today's Database type
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('storage_configs').dropColumn('host_key_sha256').execute();
}
