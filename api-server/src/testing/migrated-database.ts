import { randomBytes } from 'node:crypto';
import { IN_MEMORY, openDatabase, openSqliteDatabase, type AppDatabase, type DatabaseEngine } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { migrations } from '../db/migrations/index';
import { dropTestSchema, TEST_SCHEMA_PREFIX, testDatabaseUrl } from './test-database';

/** A migrated database of its own for one test, without an app around it. */
export interface MigratedTestDatabase {
  db: AppDatabase;
  engine: DatabaseEngine;
  /** Closes it and, on PostgreSQL, drops its schema. */
  close(): Promise<void>;
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
  const opened = await openDatabase({ url, schema, poolSize: 4 });
  const close = async (): Promise<void> => {
    await opened.db.destroy();
    await dropTestSchema(url, schema);
  };
  try {
    await migrateToLatest(opened.db, migrations, { migrationTableSchema: opened.schema });
  } catch (error) {
    await close();
    throw error;
  }
  return { db: opened.db, engine: opened.engine, close };
}
