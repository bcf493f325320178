import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { CompiledQuery, Kysely, PostgresDialect } from 'kysely';
import { Pool, types as pgTypes, type CustomTypesConfig } from 'pg';
import type { Database } from './schema';
import { AppSqliteDialect } from './sqlite-dialect';

export const IN_MEMORY = ':memory:';

export type AppDatabase = Kysely<Database>;

/** Engine names as reported by `GET /api/version` (`storage`). */
export type DatabaseEngine = 'SQLite' | 'PostgreSQL';

export interface DatabaseConfig {
  /** `postgres://…` or `postgresql://…` → PostgreSQL. Absent → the SQLite `file`. */
  url?: string;
  /** SQLite file or `':memory:'`; required when `url` is absent. */
  file?: string;
  /**
   * PostgreSQL only: the schema that holds every table (created when missing). Default: the
   * connection's current schema (normally `public`). Tests give each app its own.
   */
  schema?: string;
  /** PostgreSQL only: maximum pooled connections (default 10). */
  poolSize?: number;
}

export interface OpenedDatabase {
  db: AppDatabase;
  engine: DatabaseEngine;
  /** PostgreSQL only: the schema holding the tables (Kysely's migration tables live there too). */
  schema?: string;
}

const POSTGRES_URL = /^postgres(?:ql)?:\/\//i;
const SCHEMA_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;

export function isPostgresUrl(url: string | undefined): url is string {
  return url !== undefined && POSTGRES_URL.test(url.trim());
}

/**
 * Opens the SQLite file (creating its directory) behind Kysely.
 * WAL journal, foreign keys and secure delete are switched on for every connection.
 */
export function openSqliteDatabase(file: string): AppDatabase {
  if (file !== IN_MEMORY) mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new SqliteDatabase(file);
  if (file !== IN_MEMORY) sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // Deleted rows are overwritten with zeros, not left in free pages: a burned paste is purged.
  sqlite.pragma('secure_delete = ON');
  return new Kysely<Database>({ dialect: new AppSqliteDialect(sqlite) });
}

const INT8_OID = 20;
const NUMERIC_OID = 1700;

function toNumber(value: string): number {
  return Number(value);
}

/**
 * Type parsers of our pool only (the global `pg.types` stay untouched): `bigint` columns
 * (`files.size`, `storage_configs.total_storage_bytes`), `count(*)` and `sum(…)` come back as JS
 * numbers like on SQLite, instead of strings. Our byte counts stay far below 2^53.
 */
export const postgresTypes: CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if ((oid === INT8_OID || oid === NUMERIC_OID) && format !== 'binary') return toNumber;
    return format === undefined ? pgTypes.getTypeParser(oid) : pgTypes.getTypeParser(oid, format);
  }) as CustomTypesConfig['getTypeParser'],
};

function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/**
 * PostgreSQL behind Kysely with `pg`. Every new connection gets `TimeZone = UTC` (so timestamps
 * written by the database clock read as UTC, contract §0) and, when `schema` is given, a
 * `search_path` of that schema, which is created if missing.
 */
async function openPostgresDatabase(url: string, schema: string | undefined, poolSize: number): Promise<OpenedDatabase> {
  if (schema !== undefined && !SCHEMA_NAME.test(schema)) throw new Error(`Invalid PostgreSQL schema name: ${schema}`);
  const pool = new Pool({ connectionString: url, max: poolSize, types: postgresTypes });
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({
      pool,
      onCreateConnection: async (connection) => {
        await connection.executeQuery(CompiledQuery.raw("SET TIME ZONE 'UTC'"));
        if (schema !== undefined) {
          await connection.executeQuery(CompiledQuery.raw(`SET search_path TO ${quoteIdentifier(schema)}`));
        }
      },
    }),
  });
  try {
    if (schema !== undefined) {
      await db.executeQuery(CompiledQuery.raw(`CREATE SCHEMA IF NOT EXISTS ${quoteIdentifier(schema)}`));
    }
    const result = await db.executeQuery<{ schema: string | null }>(CompiledQuery.raw('SELECT current_schema() AS schema'));
    const current = result.rows[0]?.schema;
    if (!current) throw new Error('PostgreSQL has no current schema: check the search_path of DATABASE_URL');
    return { db, engine: 'PostgreSQL', schema: current };
  } catch (error) {
    await db.destroy();
    throw error;
  }
}

/**
 * Opens the application database: PostgreSQL when `url` is a `postgres://` URL, else the SQLite
 * file. This is the only module that knows which engine is behind Kysely; repositories write
 * queries both engines understand.
 */
export async function openDatabase(config: DatabaseConfig): Promise<OpenedDatabase> {
  const url = config.url?.trim();
  if (url) {
    if (!isPostgresUrl(url)) throw new Error('DATABASE_URL must start with postgres:// or postgresql://');
    return openPostgresDatabase(url, config.schema, config.poolSize ?? 10);
  }
  if (config.file === undefined) throw new Error('openDatabase needs a PostgreSQL url or a SQLite file');
  return { db: openSqliteDatabase(config.file), engine: 'SQLite' };
}
