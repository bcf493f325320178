import { sql, type Kysely } from 'kysely';

/**
 * Admins, their login tokens, API keys and system settings.
 * Written with Kysely's schema builder only, so the same migration runs on PostgreSQL.
 * Migrations take `Kysely<any>` on purpose: they must not depend on today's table types.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration works on the schema as it was then, not on today's Database type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('admins')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('username', 'text', (col) => col.notNull().unique())
    .addColumn('password_hash', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull().defaultTo(sql`CURRENT_TIMESTAMP`))
    .addColumn('updated_at', 'text', (col) => col.notNull().defaultTo(sql`CURRENT_TIMESTAMP`))
    .execute();

  await db.schema
    .createTable('admin_tokens')
    .addColumn('token', 'text', (col) => col.primaryKey())
    .addColumn('admin_id', 'text', (col) => col.notNull().references('admins.id').onDelete('cascade'))
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull().defaultTo(sql`CURRENT_TIMESTAMP`))
    .execute();
  await db.schema.createIndex('idx_admin_tokens_admin_id').on('admin_tokens').column('admin_id').execute();

  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull().unique())
    .addColumn('key', 'text', (col) => col.notNull().unique())
    .addColumn('text_permission', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('file_permission', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('mount_permission', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('basic_path', 'text', (col) => col.notNull().defaultTo('/'))
    .addColumn('last_used', 'text')
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull().defaultTo(sql`CURRENT_TIMESTAMP`))
    .execute();

  await db.schema
    .createTable('system_settings')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('value', 'text', (col) => col.notNull())
    .addColumn('description', 'text')
    .addColumn('updated_at', 'text', (col) => col.notNull().defaultTo(sql`CURRENT_TIMESTAMP`))
    .execute();

  await db
    .insertInto('system_settings')
    .values({
      key: 'max_upload_size',
      value: '100',
      description: 'Maximum size of one upload, in megabytes',
      updated_at: new Date().toISOString(),
    })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration works on the schema as it was then, not on today's Database type
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('system_settings').ifExists().execute();
  await db.schema.dropTable('api_keys').ifExists().execute();
  await db.schema.dropTable('admin_tokens').ifExists().execute();
  await db.schema.dropTable('admins').ifExists().execute();
}
