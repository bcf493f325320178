import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { CompiledQuery, Kysely, PostgresDialect, type PostgresPool, type PostgresPoolClient } from 'kysely';
import { Pool, types as pgTypes, type CustomTypesConfig, type PoolClient } from 'pg';
import { DatabaseAvailability, DatabaseUnavailableError, isConnectionFailure } from './database-availability';
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
  /** PostgreSQL only: longest wait for a connection (a new one, or a free one of a full pool) before a 503. */
  connectTimeoutMs?: number;
}

export interface OpenedDatabase {
  db: AppDatabase;
  engine: DatabaseEngine;
  /** PostgreSQL only: the schema holding the tables (Kysely's migration tables live there too). */
  schema?: string;
  /** Whether the database answered last (SQLite: always). */
  availability: DatabaseAvailability;
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

/** Longest wait for a PostgreSQL connection before a request is answered 503 (DatabaseConfig.connectTimeoutMs). */
export const DEFAULT_CONNECT_TIMEOUT_MS = 5000;

/**
 * The pool as Kysely sees it, made to ride through PostgreSQL going away (a restart, a failover):
 * a connection that cannot be had, and a statement whose connection failed (isConnectionFailure),
 * become DatabaseUnavailableError (503 at once, not a 500 or a hang), and `availability` follows
 * what happened last. Nothing is retried here: pg-pool drops broken connections and opens new ones
 * for the next request, so the server serves again as soon as PostgreSQL accepts connections.
 * One wrapper per pg client, since Kysely keys its connections by it.
 */
function failFastPool(pool: Pool, availability: DatabaseAvailability): PostgresPool {
  const unavailableOr = (error: unknown): unknown => {
    if (!isConnectionFailure(error)) return error;
    availability.unavailable(error);
    return error instanceof DatabaseUnavailableError ? error : new DatabaseUnavailableError(error);
  };
  const wrappers = new WeakMap<PoolClient, PostgresPoolClient>();
  const wrap = (client: PoolClient): PostgresPoolClient => {
    let wrapper = wrappers.get(client);
    if (wrapper === undefined) {
      const query = (sqlOrCursor: unknown, parameters?: ReadonlyArray<unknown>): unknown => {
        // A cursor (Kysely's streams; none of ours) is passed on as it is.
        if (typeof sqlOrCursor !== 'string') return client.query(sqlOrCursor as never);
        return client.query(sqlOrCursor, parameters === undefined ? undefined : [...parameters]).then(
          (result) => {
            availability.available();
            return result;
          },
          (error: unknown) => {
            throw unavailableOr(error);
          },
        );
      };
      // pg-pool gives a client a new release() at every checkout: call the current one.
      wrapper = { query: query as PostgresPoolClient['query'], release: (destroy?: boolean) => client.release(destroy) };
      wrappers.set(client, wrapper);
    }
    return wrapper;
  };
  return {
    connect: async () => {
      let client: PoolClient;
      try {
        client = await pool.connect();
      } catch (error) {
        // Refused, reset, `the database system is shutting down / starting up`, or no free connection in time.
        availability.unavailable(error);
        throw new DatabaseUnavailableError(error);
      }
      return wrap(client);
    },
    end: () => pool.end(),
  };
}

/**
 * PostgreSQL behind Kysely with `pg`. Every new connection gets `TimeZone = UTC` (so timestamps
 * written by the database clock read as UTC, contract §0) and, when `schema` is given, a
 * `search_path` of that schema, which is created if missing.
 *
 * A connection PostgreSQL ends (a restart ends every session with 57P01) emits `error` on its pg
 * client; an `error` event nobody listens to ends the process, so both kinds are listened to:
 * idle connections' through the pool's `error` (pg-pool has already dropped them) and checked-out
 * ones' through their client's (the statement in progress fails, and pg-pool drops the client when
 * it is released, since it is no longer queryable). Either marks the database unavailable.
 */
async function openPostgresDatabase(url: string, schema: string | undefined, config: DatabaseConfig): Promise<OpenedDatabase> {
  if (schema !== undefined && !SCHEMA_NAME.test(schema)) throw new Error(`Invalid PostgreSQL schema name: ${schema}`);
  const pool = new Pool({
    connectionString: url,
    max: config.poolSize ?? 10,
    types: postgresTypes,
    connectionTimeoutMillis: config.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
    // A peer that vanished without closing (a host down, a network cut) is noticed, not waited on forever.
    keepAlive: true,
    // Set up by the pool before it hands the connection out, not by Kysely's onCreateConnection:
    // when the connection fails during it (PostgreSQL going down just then), pg-pool ends and
    // forgets the client, whereas Kysely would never release it and the pool would lose a slot.
    // eslint-disable-next-line @typescript-eslint/no-misused-promises -- pg-pool waits for it (and ends the client when it fails); @types/pg types it void
    onConnect: async (client) => {
      await client.query("SET TIME ZONE 'UTC'");
      if (schema !== undefined) await client.query(`SET search_path TO ${quoteIdentifier(schema)}`);
    },
  });
  // The probe runs only once the database is open (when a failure has been seen), so `db` is set by then.
  const availability = new DatabaseAvailability(async () => {
    await db.executeQuery(CompiledQuery.raw('SELECT 1'));
  });
  pool.on('error', (error) => availability.unavailable(error));
  pool.on('connect', (client) => {
    availability.available();
    client.on('error', (error) => availability.unavailable(error));
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: failFastPool(pool, availability) }) });
  try {
    if (schema !== undefined) {
      await db.executeQuery(CompiledQuery.raw(`CREATE SCHEMA IF NOT EXISTS ${quoteIdentifier(schema)}`));
    }
    const result = await db.executeQuery<{ schema: string | null }>(CompiledQuery.raw('SELECT current_schema() AS schema'));
    const current = result.rows[0]?.schema;
    if (!current) throw new Error('PostgreSQL has no current schema: check the search_path of DATABASE_URL');
    return { db, engine: 'PostgreSQL', schema: current, availability };
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
    return openPostgresDatabase(url, config.schema, config);
  }
  if (config.file === undefined) throw new Error('openDatabase needs a PostgreSQL url or a SQLite file');
  return { db: openSqliteDatabase(config.file), engine: 'SQLite', availability: new DatabaseAvailability() };
}
