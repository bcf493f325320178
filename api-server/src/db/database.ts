import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { Database } from './schema';

export const IN_MEMORY = ':memory:';

export type AppDatabase = Kysely<Database>;

/**
 * Opens the SQLite file (creating its directory) behind Kysely.
 * WAL journal and foreign keys are switched on for every connection.
 * Only this module knows the database is SQLite; a PostgreSQL dialect can replace it here.
 */
export function openSqliteDatabase(file: string): AppDatabase {
  if (file !== IN_MEMORY) mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new SqliteDatabase(file);
  if (file !== IN_MEMORY) sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
}
