import path from 'node:path';
import { sql } from 'kysely';
import { tempDirForEachTest } from '../testing/test-app';
import { openSqliteDatabase, type AppDatabase } from './database';

/**
 * Issue 41 (a full disk): SQLite rolls a transaction back by itself on SQLITE_FULL, and Kysely's
 * ROLLBACK after it failed with "cannot rollback - no transaction is active", thrown instead of
 * SQLITE_FULL. A full disk is made here with `max_page_count` (the same SQLITE_FULL, no mount needed).
 */
describe('SQLite transactions that SQLite itself ended', () => {
  let dir = '';
  tempDirForEachTest((made) => {
    dir = made;
  });
  let db: AppDatabase | undefined;
  afterEach(async () => {
    await db?.destroy();
    db = undefined;
  });

  /** A database with table `t` that can grow by `pages` pages at most. */
  async function nearlyFullDatabase(pages: number): Promise<AppDatabase> {
    db = openSqliteDatabase(path.join(dir, 'full.db'));
    await sql`CREATE TABLE t (id INTEGER PRIMARY KEY, body TEXT NOT NULL)`.execute(db);
    const { rows } = await sql<{ page_count: number }>`PRAGMA page_count`.execute(db);
    await sql.raw(`PRAGMA max_page_count = ${Number(rows[0]?.page_count) + pages}`).execute(db);
    return db;
  }
  const count = async (database: AppDatabase) =>
    Number((await sql<{ n: number }>`SELECT count(*) AS n FROM t`.execute(database)).rows[0]?.n);

  it('reports SQLITE_FULL, not the failed ROLLBACK, and the database stays usable and consistent', async () => {
    const database = await nearlyFullDatabase(4);
    const write = database.transaction().execute(async (trx) => {
      await sql`INSERT INTO t (body) VALUES ('small')`.execute(trx);
      await sql`INSERT INTO t (body) VALUES (${'x'.repeat(200_000)})`.execute(trx);
    });
    await expect(write).rejects.toMatchObject({ code: 'SQLITE_FULL' });
    expect(await count(database)).toBe(0);
    await database.transaction().execute(async (trx) => {
      await sql`INSERT INTO t (body) VALUES ('fits')`.execute(trx);
    });
    expect(await count(database)).toBe(1);
    const { rows } = await sql<{ integrity_check: string }>`PRAGMA integrity_check`.execute(database);
    expect(rows).toEqual([{ integrity_check: 'ok' }]);
  });

  it('still rolls back a transaction whose work failed while it was open', async () => {
    const database = await nearlyFullDatabase(100);
    const failing = database.transaction().execute(async (trx) => {
      await sql`INSERT INTO t (body) VALUES ('undone')`.execute(trx);
      throw new Error('work failed');
    });
    await expect(failing).rejects.toThrow('work failed');
    expect(await count(database)).toBe(0);
  });
});
