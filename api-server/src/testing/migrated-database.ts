import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { IN_MEMORY, openDatabase, openSqliteDatabase, type AppDatabase, type DatabaseEngine } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { migrations } from '../db/migrations/index';
import type { Database } from '../db/schema';
import { dropTestSchema, TEST_SCHEMA_PREFIX, testDatabaseUrl } from './test-database';

/** A migrated database of its own for one test, without an app around it. */
export interface MigratedTestDatabase {
  db: AppDatabase;
  engine: DatabaseEngine;
  /** Closes it and, on PostgreSQL, drops its schema. */
  close(): Promise<void>;
}

const POOL_SIZE = 4;

/**
 * The migrations whose names sort before `name` (`'0005'`: 0001 to 0004), so a test can build a
 * database as an older release left it and then apply the next one.
 */
export function migrationsBefore(name: string): typeof migrations {
  return Object.fromEntries(Object.entries(migrations).filter(([migration]) => migration < name));
}

/** Opens the SQLite database file `file`, hands it to `work`, and closes it afterwards (also when `work` fails). */
export async function withSqliteFile<T>(file: string, work: (db: AppDatabase) => Promise<T>): Promise<T> {
  const db = openSqliteDatabase(file);
  try {
    return await work(db);
  } finally {
    await db.destroy();
  }
}

/**
 * Repository and service tests that must hold on both engines: an in-memory SQLite database, or
 * — when TEST_DATABASE_URL / DATABASE_URL is a postgres:// URL (`pnpm test:pg`) — a new schema of
 * that database with a pool of several connections, so concurrent calls really overlap there.
 */
export async function openMigratedTestDatabase(): Promise<MigratedTestDatabase> {
  const url = testDatabaseUrl();
  if (url === undefined) {
    const db = openSqliteDatabase(IN_MEMORY);
    await migrateToLatest(db);
    return { db, engine: 'SQLite', close: () => db.destroy() };
  }
  const schema = `${TEST_SCHEMA_PREFIX}m_${randomBytes(6).toString('hex')}`;
  const opened = await openDatabase({ url, schema, poolSize: POOL_SIZE });
  const close = async (): Promise<void> => {
    await opened.db.destroy();
    await dropTestSchema(url, schema);
  };
  try {
    await migrateToLatest(opened.db, migrations, { migrationTableSchema: opened.schema });
    // Opens every pooled connection now, so concurrent calls in the test overlap instead of the
    // first one finishing while the second is still connecting.
    await Promise.all(Array.from({ length: POOL_SIZE }, () => sql`select 1`.execute(opened.db)));
  } catch (error) {
    await close();
    throw error;
  }
  return { db: opened.db, engine: opened.engine, close };
}

/**
 * Inside a transaction `trx` that holds a lock: returns once another transaction waits for a
 * lock (PostgreSQL: an ungranted row of `pg_locks`), or once `gaveUp()` is true (the other
 * side finished without waiting). On SQLite at once: its one connection is `trx`'s until it
 * ends, so nothing else can start. Lets a test prove that a check-then-write waits for the
 * transaction before it, and reads what that one wrote, without sleeping.
 */
export async function untilAnotherTransactionWaits(trx: Kysely<Database>, engine: DatabaseEngine, gaveUp: () => boolean): Promise<void> {
  if (engine !== 'PostgreSQL') return;
  while (!gaveUp()) {
    const { rows } = await sql<{ waiting: number }>`select count(*) as waiting from pg_locks where not granted`.execute(trx);
    if (Number(rows[0]?.waiting) > 0) return;
  }
}
