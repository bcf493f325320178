/**
 * The target database of a restore: its schema version, the columns and types a row is converted
 * to, the generated columns it computes itself, and whether it counts as empty (only what a fresh
 * start writes) so that a restore without merge may replace it.
 */
import { sql, type Kysely } from 'kysely';
import type { AppDatabase, DatabaseEngine } from '../db/database';
import { BackupError, decodeValue, isBackedUpTable } from './archive-format';

export interface RestoreTarget {
  db: AppDatabase;
  engine: DatabaseEngine;
  /** PostgreSQL: the schema holding the tables. */
  schema?: string;
  /** DATA_DIR of the target: objects go to `<dataDir>/storage/<config-id>/<key>`. */
  dataDir: string;
  /** The target's server secret (APP_SECRET, or DATA_DIR's generated one). */
  appSecret: string;
}

/** Any table by name (the archive's tables are not known to the typed schema here). */
export type AnyDb = Kysely<Record<string, Record<string, unknown>>>;
/** A table's columns and their lower-cased data types. */
export type ColumnTypes = Map<string, string>;

/**
 * What a freshly started server writes by itself, before anyone uses it (seen by starting one on an
 * empty DATA_DIR and signing in once, backup-admin.test.ts): its admin account and that admin's
 * session tokens, the settings' defaults (migrations), the failed-credential and rate-limit
 * counters, the default local storage configuration, and the mount index's bookkeeping. A database
 * holding nothing else counts as empty: a restore (not a merge) replaces these rows by the
 * archive's, so the restored admin account and settings apply.
 */
export const FRESH_START_TABLES: readonly string[] = [
  'admins',
  'admin_tokens',
  'system_settings',
  'storage_configs',
  'credential_failures',
  'mount_index_state',
  'mount_index_queue',
];

export async function latestMigration(db: AppDatabase): Promise<string | undefined> {
  try {
    const result = await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name DESC LIMIT 1`.execute(db);
    return result.rows[0]?.name;
  } catch {
    return undefined;
  }
}

/** The backed-up tables of the target with their columns and data types. */
export async function targetColumns(target: RestoreTarget): Promise<Map<string, ColumnTypes>> {
  const tables = await target.db.introspection.getTables();
  const out = new Map<string, ColumnTypes>();
  for (const table of tables) {
    if (target.schema !== undefined && table.schema !== undefined && table.schema !== target.schema) continue;
    if (!isBackedUpTable(table.name)) continue;
    out.set(table.name, new Map(table.columns.map((column) => [column.name, column.dataType.toLowerCase()])));
  }
  return out;
}

/** Converts a value read from either engine's backup into what the target column takes. */
export function convertValue(value: unknown, dataType: string | undefined): unknown {
  const decoded = decodeValue(value);
  if (decoded === null || decoded === undefined || dataType === undefined) return decoded ?? null;
  if (dataType === 'boolean' || dataType === 'bool') {
    if (typeof decoded === 'number') return decoded !== 0;
    if (typeof decoded === 'string') return decoded === '1' || decoded.toLowerCase() === 'true';
    return decoded;
  }
  if (/^(integer|int|int2|int4|int8|bigint|smallint|real|numeric|double precision|float4|float8)$/.test(dataType)) {
    if (typeof decoded === 'boolean') return decoded ? 1 : 0;
    if (typeof decoded === 'string' && decoded.trim() !== '' && Number.isFinite(Number(decoded))) return Number(decoded);
    return decoded;
  }
  if (dataType.startsWith('timestamp') || dataType === 'date') {
    if (typeof decoded === 'number') return new Date(decoded).toISOString();
    return decoded;
  }
  if (dataType === 'json' || dataType === 'jsonb') {
    return typeof decoded === 'string' ? decoded : JSON.stringify(decoded);
  }
  // text and everything else
  if (typeof decoded === 'boolean') return decoded ? 1 : 0;
  if (typeof decoded === 'object' && !Buffer.isBuffer(decoded)) return JSON.stringify(decoded);
  return decoded;
}

/** Generated columns (`pastes.stored_bytes`): the target computes them, a restore leaves them out. */
export async function generatedColumns(target: RestoreTarget, tables: Iterable<string>): Promise<Set<string>> {
  const out = new Set<string>();
  if (target.engine === 'PostgreSQL') {
    const result = await sql<{ table_name: string; column_name: string }>`
      SELECT table_name, column_name FROM information_schema.columns
      WHERE table_schema = current_schema() AND is_generated = 'ALWAYS'`.execute(target.db);
    for (const row of result.rows) out.add(`${row.table_name}.${row.column_name}`);
    return out;
  }
  for (const table of tables) {
    const result = await sql<{ name: string }>`SELECT name FROM pragma_table_xinfo(${table}) WHERE hidden IN (2, 3)`.execute(target.db);
    for (const row of result.rows) out.add(`${table}.${row.name}`);
  }
  return out;
}

async function hasRows(db: AnyDb, table: string, atLeast = 1): Promise<boolean> {
  const rows = await db
    .selectFrom(table)
    .select(sql<number>`1`.as('one'))
    .limit(atLeast)
    .execute();
  return rows.length >= atLeast;
}

/**
 * The tables among `tables` that hold user content (empty list: the target counts as empty).
 * Fresh-start tables (FRESH_START_TABLES) never count, except `admins` with more than the one
 * account a start creates, and `storage_configs` with more than one configuration or one that is
 * not local storage (an S3 configuration is the admin's work).
 */
export async function userContentTables(db: AppDatabase, tables: Iterable<string>): Promise<string[]> {
  const anyDb = db as unknown as AnyDb;
  const found: string[] = [];
  for (const table of tables) {
    if (table === 'admins') {
      if (await hasRows(anyDb, table, 2)) found.push(table);
    } else if (table === 'storage_configs') {
      const configs = await anyDb.selectFrom(table).select('driver').limit(2).execute();
      if (configs.length > 1 || configs.some((row) => row.driver !== 'local')) found.push(table);
    } else if (!FRESH_START_TABLES.includes(table)) {
      if (await hasRows(anyDb, table)) found.push(table);
    }
  }
  return found;
}

/** Whether a restore without merge would accept `db` (see userContentTables); `tables` default: every backed-up table. */
export async function isEmptyTarget(db: AppDatabase, tables?: readonly string[]): Promise<boolean> {
  const names = tables ?? (await db.introspection.getTables()).map((table) => table.name).filter(isBackedUpTable);
  return (await userContentTables(db, names)).length === 0;
}
/** The error of a restore (not a merge) into a target holding user content in `busy`. */
export function notEmptyError(busy: readonly string[]): BackupError {
  return new BackupError(
    `The target database is not empty (rows in ${busy.join(', ')}): restore into an empty database, or add --merge to add only what is missing`,
    'notEmpty',
    { tables: busy.join(', ') },
  );
}
