import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { DATABASE_FILE_NAME } from '../app';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { backupSourceOf } from '../testing/backup-archive';
import { seedApiKey } from '../testing/seed';
import { dropTestSchema, testDatabaseUrl } from '../testing/test-database';
import { bearer, createTestApp, loginAsAdmin, makeTempDir, removeTempDir } from '../testing/test-app';
import { TABLE_ORDER } from './archive-format';
import { createBackup } from './create-backup';
import { restoreBackup } from './restore-backup';

/**
 * SQLite → PostgreSQL → SQLite: a backup of a SQLite instance restores into PostgreSQL, a backup
 * of that restores into SQLite again, and every table's rows are those of the original.
 * Runs when TEST_DATABASE_URL / DATABASE_URL names PostgreSQL (scripts/with-postgres.sh).
 */
const pgUrl = testDatabaseUrl();
const SECRET = 'cross-database-secret';
const SCHEMA = `cc_test_backup_${process.pid}`;

function dumpTables(file: string): Record<string, unknown[]> {
  const db = new SqliteDatabase(file, { readonly: true });
  try {
    return Object.fromEntries(TABLE_ORDER.map((table) => [table, db.prepare(`SELECT * FROM "${table}" ORDER BY 1, 2`).all()]));
  } finally {
    db.close();
  }
}

(pgUrl === undefined ? describe.skip : describe)('backup across databases', () => {
  const url = pgUrl ?? '';
  const dirs: string[] = [];
  afterAll(async () => {
    await dropTestSchema(url, SCHEMA);
    for (const dir of dirs) removeTempDir(dir);
  });

  it('SQLite → PostgreSQL → SQLite keeps every row, and the PostgreSQL instance serves them', async () => {
    const work = makeTempDir('cloudclip-backup-x-');
    dirs.push(work);
    const source = await createTestApp({ appSecret: SECRET, databaseFile: DATABASE_FILE_NAME });
    dirs.push(source.dataDir);
    try {
      const admin = bearer(await loginAsAdmin(source.app));
      for (const payload of [{ content: 'one' }, { content: 'two', password: 'pw' }, { content: 'three', max_views: 1 }]) {
        expect((await source.app.inject({ method: 'POST', url: '/api/paste', headers: admin, payload })).statusCode).toBe(200);
      }
      await seedApiKey(source.container.repositories.apiKeys, { name: 'k', text: true });
      const first = path.join(work, 'sqlite.tar.gz');
      await createBackup({
        source: backupSourceOf(source, SECRET),
        out: first,
        appVersion: 'test',
      });

      const pgDir = makeTempDir('cloudclip-backup-pg-');
      dirs.push(pgDir);
      const pg = await openDatabase({ url, schema: SCHEMA });
      try {
        await migrateToLatest(pg.db, undefined, { migrationTableSchema: pg.schema });
        await restoreBackup({
          file: first,
          target: { db: pg.db, engine: pg.engine, schema: pg.schema, dataDir: pgDir, appSecret: SECRET },
        });
      } finally {
        await pg.db.destroy();
      }
      const served = await createTestApp({ dataDir: pgDir, appSecret: SECRET, databaseUrl: url, databaseSchema: SCHEMA });
      try {
        const headers = bearer(await loginAsAdmin(served.app));
        const list = await served.app.inject({ method: 'GET', url: '/api/admin/pastes', headers });
        expect(list.statusCode).toBe(200);
        expect(list.body).toContain('two');
      } finally {
        await served.close();
      }

      const second = path.join(work, 'postgres.tar.gz');
      const { manifest } = await createBackup({
        source: { dataDir: pgDir, databaseUrl: url, databaseSchema: SCHEMA, appSecret: SECRET },
        out: second,
        appVersion: 'test',
      });
      expect(manifest.database).toBe('postgresql');
      const back = makeTempDir('cloudclip-backup-back-');
      dirs.push(back);
      const sqlite = await openDatabase({ file: path.join(back, DATABASE_FILE_NAME) });
      try {
        await migrateToLatest(sqlite.db);
        await restoreBackup({ file: second, target: { db: sqlite.db, engine: sqlite.engine, dataDir: back, appSecret: SECRET } });
      } finally {
        await sqlite.db.destroy();
      }
      const original = dumpTables(path.join(source.dataDir, DATABASE_FILE_NAME));
      const roundTrip = dumpTables(path.join(back, DATABASE_FILE_NAME));
      // The served PostgreSQL instance logged the admin in (a session token more there).
      for (const table of ['admin_tokens', 'credential_failures']) {
        delete original[table];
        delete roundTrip[table];
      }
      expect(roundTrip).toEqual(original);
    } finally {
      await source.close();
    }
  });
});
