import { type Kysely } from 'kysely';

/**
 * State of the WebDAV server (issue 14) that must be shared by every api-server on one database,
 * so it lives here and not in process memory:
 *
 * - `dav_locks`: write locks (RFC 4918 §6–7), one row per lock token. `root` is the locked virtual
 *   path (NFC, starts with `/`, no trailing slash), `depth` `'0'` or `'infinity'`, `scope`
 *   `'exclusive'` or `'shared'`, `owner_xml` the client's `DAV:owner` element as sent.
 *   `expires_at` (ISO text, compared as text like every timestamp here): past it the lock is gone.
 * - `dav_properties`: dead properties (RFC 4918 §4), one row per resource path and property name
 *   (`ns` = namespace URI, '' for none; `local` = local name); `value_xml` is the value as sent.
 * - `dav_guards`: one row per kind of check-then-write (`name`); a transaction that upserts the
 *   row holds it until it ends, so such transactions run one at a time — on PostgreSQL also across
 *   api-servers (a row lock), on SQLite because it has one writer.
 *
 * Schema builder only, so it runs on SQLite and PostgreSQL alike.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration works on the schema as it was then, not on today's Database type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('dav_locks')
    .addColumn('token', 'text', (col) => col.primaryKey())
    .addColumn('root', 'text', (col) => col.notNull())
    .addColumn('depth', 'text', (col) => col.notNull())
    .addColumn('scope', 'text', (col) => col.notNull())
    .addColumn('owner_xml', 'text')
    .addColumn('principal', 'text', (col) => col.notNull())
    .addColumn('timeout_seconds', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('idx_dav_locks_root').on('dav_locks').column('root').execute();
  await db.schema.createIndex('idx_dav_locks_expires_at').on('dav_locks').column('expires_at').execute();

  await db.schema
    .createTable('dav_properties')
    .addColumn('path', 'text', (col) => col.notNull())
    .addColumn('ns', 'text', (col) => col.notNull())
    .addColumn('local', 'text', (col) => col.notNull())
    .addColumn('value_xml', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('pk_dav_properties', ['path', 'ns', 'local'])
    .execute();

  await db.schema
    .createTable('dav_guards')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('taken_at', 'text', (col) => col.notNull())
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration works on the schema as it was then, not on today's Database type
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('dav_guards').ifExists().execute();
  await db.schema.dropTable('dav_properties').ifExists().execute();
  await db.schema.dropTable('dav_locks').ifExists().execute();
}
