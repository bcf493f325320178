import type { Kysely } from 'kysely';

/**
 * Who stored each dead property, so what one API key keeps over WebDAV can be capped (issue 41:
 * dead properties were unbounded and counted nowhere; webdav/dav-properties.ts).
 *
 * - `principal`: who last set the property or copied it there, as locks name them (`admin:<id>`,
 *   `apikey:<id>`); null for rows stored before this migration, which count for nobody.
 * - `stored_bytes`: what the row counts for its principal: UTF-8 bytes of `ns`, `local` and
 *   `value_xml` together (0 for the older rows).
 *
 * Columns of `dav_properties`, with an index to sum a principal's rows; schema builder only, so it
 * runs on SQLite and PostgreSQL alike.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration works on the schema as it was then, not on today's Database type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('dav_properties').addColumn('principal', 'text').execute();
  await db.schema
    .alterTable('dav_properties')
    .addColumn('stored_bytes', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('idx_dav_properties_principal').on('dav_properties').column('principal').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration works on the schema as it was then, not on today's Database type
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('idx_dav_properties_principal').execute();
  await db.schema.alterTable('dav_properties').dropColumn('stored_bytes').execute();
  await db.schema.alterTable('dav_properties').dropColumn('principal').execute();
}
