import { sql } from 'kysely';
import { testDatabaseUrl } from '../testing/test-database';
import { adminAppForEachTest, type TestApp } from '../testing/test-app';

/**
 * Issue 41 (faults survived): a write the disk has no room for answered 500 "Internal server
 * error". Now a full database (SQLITE_FULL) or disk (ENOSPC) is 507 with a clear message in the
 * caller's language. The database is made full here with SQLite's `max_page_count` (the same
 * SQLITE_FULL a full disk gives). That SQLite's own rollback no longer hides SQLITE_FULL behind
 * "cannot rollback - no transaction is active" is db/sqlite-dialect.test.ts; a real 20 MB disk
 * filled up is faults/disk-full.test.mjs.
 */
const STORAGE_FULL = {
  'en-US':
    "The server's storage is full, so this could not be saved. Delete files you no longer need or ask the administrator to free some space, then try again",
  'zh-CN': '服务器的存储空间已满，无法保存。请删除不再需要的文件，或请管理员释放空间后重试',
} as const;

(testDatabaseUrl() === undefined ? describe : describe.skip)('a full SQLite database', () => {
  let t: TestApp;
  let admin: Record<string, string>;

  adminAppForEachTest((app, header) => {
    t = app;
    admin = header;
  });

  /** Lets the database file grow by `pages` more pages at most (0 = as large as it is now). */
  async function capDatabase(pages: number): Promise<void> {
    await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(t.container.db);
    const { rows } = await sql<{ page_count: number }>`PRAGMA page_count`.execute(t.container.db);
    await sql.raw(`PRAGMA max_page_count = ${Number(rows[0]?.page_count) + pages}`).execute(t.container.db);
  }
  const createPaste = (content: string, language: keyof typeof STORAGE_FULL) =>
    t.app.inject({ method: 'POST', url: '/api/paste', headers: { ...admin, 'accept-language': language }, payload: { content } });

  it.each(Object.keys(STORAGE_FULL) as Array<keyof typeof STORAGE_FULL>)(
    'answers a paste it has no room for 507 with the storage-full message (%s), and stores it once there is room',
    async (language) => {
      await capDatabase(2);
      const refused = await createPaste('x'.repeat(200_000), language);
      expect(refused.statusCode).toBe(507);
      expect(refused.json()).toEqual({ code: 507, message: STORAGE_FULL[language], success: false, data: null });
      expect(await t.container.repositories.pastes.storedBytes()).toBe(0);

      await capDatabase(10_000);
      expect((await createPaste('x'.repeat(200_000), language)).statusCode).toBe(200);
      const { rows } = await sql<{ integrity_check: string }>`PRAGMA integrity_check`.execute(t.container.db);
      expect(rows).toEqual([{ integrity_check: 'ok' }]);
    },
  );
});
