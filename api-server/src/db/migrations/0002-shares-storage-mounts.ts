import { sql, type Kysely } from 'kysely';

/**
 * Text shares (pastes), storage configurations (the contract's "S3 configs", with a `local` driver
 * too), file shares and mounts. Schema builder only, so it runs on SQLite and PostgreSQL alike.
 *
 * Share passwords: `password_hash` (scrypt) verifies, `password_sealed` is the recoverable copy
 * the contract requires (`plain_password`), encrypted with the server secret. Storage secrets
 * are sealed the same way.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration works on the schema as it was then, not on today's Database type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('pastes')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('slug', 'text', (col) => col.notNull().unique())
    .addColumn('content', 'text', (col) => col.notNull())
    .addColumn('remark', 'text')
    .addColumn('password_hash', 'text')
    .addColumn('password_sealed', 'text')
    .addColumn('expires_at', 'text')
    .addColumn('max_views', 'integer')
    .addColumn('views', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull().defaultTo(sql`CURRENT_TIMESTAMP`))
    .addColumn('updated_at', 'text', (col) => col.notNull().defaultTo(sql`CURRENT_TIMESTAMP`))
    .execute();
  await db.schema.createIndex('idx_pastes_created_at').on('pastes').column('created_at').execute();
  await db.schema.createIndex('idx_pastes_created_by').on('pastes').column('created_by').execute();
  await db.schema.createIndex('idx_pastes_expires_at').on('pastes').column('expires_at').execute();

  await db.schema
    .createTable('storage_configs')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    // 's3' (any S3-compatible endpoint) or 'local' (files under DATA_DIR served by the api-server).
    .addColumn('driver', 'text', (col) => col.notNull().defaultTo('s3'))
    .addColumn('provider_type', 'text', (col) => col.notNull())
    .addColumn('endpoint_url', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('bucket_name', 'text', (col) => col.notNull())
    .addColumn('region', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('access_key_id_sealed', 'text')
    .addColumn('secret_access_key_sealed', 'text')
    .addColumn('path_style', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('default_folder', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('is_public', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('is_default', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('total_storage_bytes', 'bigint')
    .addColumn('custom_host', 'text')
    .addColumn('signature_expires_in', 'integer', (col) => col.notNull().defaultTo(3600))
    .addColumn('admin_id', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull().defaultTo(sql`CURRENT_TIMESTAMP`))
    .addColumn('updated_at', 'text', (col) => col.notNull().defaultTo(sql`CURRENT_TIMESTAMP`))
    .addColumn('last_used', 'text')
    .execute();
  await db.schema.createIndex('idx_storage_configs_admin_id').on('storage_configs').column('admin_id').execute();

  await db.schema
    .createTable('files')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('filename', 'text', (col) => col.notNull())
    .addColumn('storage_path', 'text', (col) => col.notNull())
    .addColumn('s3_url', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('mimetype', 'text', (col) => col.notNull().defaultTo('application/octet-stream'))
    .addColumn('size', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('s3_config_id', 'text', (col) => col.notNull().references('storage_configs.id'))
    .addColumn('slug', 'text', (col) => col.notNull().unique())
    .addColumn('remark', 'text')
    .addColumn('password_hash', 'text')
    .addColumn('password_sealed', 'text')
    .addColumn('expires_at', 'text')
    .addColumn('max_views', 'integer')
    .addColumn('views', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('use_proxy', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('etag', 'text')
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull().defaultTo(sql`CURRENT_TIMESTAMP`))
    .addColumn('updated_at', 'text', (col) => col.notNull().defaultTo(sql`CURRENT_TIMESTAMP`))
    .execute();
  await db.schema.createIndex('idx_files_created_at').on('files').column('created_at').execute();
  await db.schema.createIndex('idx_files_created_by').on('files').column('created_by').execute();
  await db.schema.createIndex('idx_files_s3_config_id').on('files').column('s3_config_id').execute();

  await db.schema
    .createTable('mounts')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('storage_type', 'text', (col) => col.notNull())
    .addColumn('storage_config_id', 'text', (col) => col.references('storage_configs.id'))
    .addColumn('mount_path', 'text', (col) => col.notNull().unique())
    .addColumn('remark', 'text')
    .addColumn('is_active', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('created_by', 'text', (col) => col.notNull())
    .addColumn('sort_order', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('cache_ttl', 'integer', (col) => col.notNull().defaultTo(300))
    .addColumn('created_at', 'text', (col) => col.notNull().defaultTo(sql`CURRENT_TIMESTAMP`))
    .addColumn('updated_at', 'text', (col) => col.notNull().defaultTo(sql`CURRENT_TIMESTAMP`))
    .addColumn('last_used', 'text')
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration works on the schema as it was then, not on today's Database type
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('mounts').ifExists().execute();
  await db.schema.dropTable('files').ifExists().execute();
  await db.schema.dropTable('storage_configs').ifExists().execute();
  await db.schema.dropTable('pastes').ifExists().execute();
}
