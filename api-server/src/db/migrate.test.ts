import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import { DATABASE_FILE_NAME } from '../app';
import { withSqliteFile } from '../testing/migrated-database';
import { createTestApp, tempDirForEachTest } from '../testing/test-app';
import { migrateToLatest } from './migrate';
import { migrations } from './migrations/index';

/**
 * The message of a rejection. better-sqlite3's native addon keeps the SqliteError class of the first
 * Jest module registry in the process, so in later test files it is not an `Error` of this realm
 * and `rejects.toThrow` cannot be used.
 */
async function rejectionMessage(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    return String((error as { message?: unknown }).message);
  }
  return 'did not reject';
}

describe('database migrations', () => {
  let dataDir: string;
  tempDirForEachTest((dir) => {
    dataDir = dir;
  });

  it('applies every migration on a new database and nothing on the next run', async () => {
    await withSqliteFile(path.join(dataDir, 'm.db'), async (db) => {
      const first = await migrateToLatest(db);
      expect(first.results?.map((r) => [r.migrationName, r.status])).toEqual(Object.keys(migrations).map((name) => [name, 'Success']));
      const second = await migrateToLatest(db);
      expect(second.results).toEqual([]);
    });
  });

  it('starts twice on the same database file without failing and keeps the data', async () => {
    const first = await createTestApp({ dataDir });
    const seeded = await first.container.repositories.systemSettings.getValue('max_upload_size');
    await first.container.repositories.systemSettings.upsert({
      key: 'max_upload_size',
      value: '42',
      description: null,
      updated_at: new Date().toISOString(),
    });
    await first.close();

    const second = await createTestApp({ dataDir });
    try {
      expect(seeded).toBe('100');
      expect(await second.container.repositories.systemSettings.getValue('max_upload_size')).toBe('42');
      expect(await second.container.repositories.admins.count()).toBe(1);
      const response = await second.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(200);
    } finally {
      await second.close();
    }
  });

  it('creates the auth and settings tables with their constraints, in WAL mode with foreign keys on', async () => {
    // an explicit databaseFile keeps this SQLite-specific check on SQLite under test:pg too
    const t = await createTestApp({ dataDir, databaseFile: DATABASE_FILE_NAME });
    await t.close();
    const sqlite = new SqliteDatabase(path.join(dataDir, DATABASE_FILE_NAME));
    try {
      const tables = sqlite
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
        .all()
        .map((row) => (row as { name: string }).name);
      expect(tables).toEqual(expect.arrayContaining(['admin_tokens', 'admins', 'api_keys', 'kysely_migration', 'system_settings']));
      expect(sqlite.pragma('journal_mode', { simple: true })).toBe('wal');
      const columns = (table: string) =>
        (sqlite.prepare(`PRAGMA table_info(${table})`).all() as { name: string; dflt_value: string | null }[]).map((c) => c.name);
      expect(columns('api_keys')).toEqual([
        'id',
        'name',
        'key',
        'text_permission',
        'file_permission',
        'mount_permission',
        'basic_path',
        'last_used',
        'expires_at',
        'created_at',
      ]);
      expect(columns('admin_tokens')).toEqual(['token', 'admin_id', 'expires_at', 'created_at']);
      expect(columns('admins')).toEqual(['id', 'username', 'password_hash', 'created_at', 'updated_at']);
      expect(columns('system_settings')).toEqual(['key', 'value', 'description', 'updated_at']);
    } finally {
      sqlite.close();
    }
  });

  it('enforces foreign keys and applies column defaults', async () => {
    await withSqliteFile(path.join(dataDir, 'fk.db'), async (db) => {
      await migrateToLatest(db);
      expect(
        await rejectionMessage(
          db
            .insertInto('admin_tokens')
            .values({ token: 't', admin_id: 'missing-admin', expires_at: '2030-01-01T00:00:00.000Z', created_at: 'x' })
            .execute(),
        ),
      ).toMatch(/FOREIGN KEY/);

      await db
        .insertInto('api_keys')
        .values({ id: 'k1', name: 'n', key: 'abc', last_used: null, expires_at: '2030-01-01T00:00:00.000Z', created_at: 'x' })
        .execute();
      const row = await db.selectFrom('api_keys').selectAll().where('id', '=', 'k1').executeTakeFirstOrThrow();
      expect(row).toMatchObject({ basic_path: '/', text_permission: 0, file_permission: 0, mount_permission: 0 });

      expect(
        await rejectionMessage(
          db
            .insertInto('api_keys')
            .values({ id: 'k2', name: 'other', key: 'abc', last_used: null, expires_at: 'x', created_at: 'x' })
            .execute(),
        ),
      ).toMatch(/UNIQUE/);
      const { rows } = await sql<{ foreign_keys: number }>`PRAGMA foreign_keys`.execute(db);
      expect(rows[0]?.foreign_keys).toBe(1);
    });
  });
});
