import { randomUUID } from 'node:crypto';
import { openSqliteDatabase, IN_MEMORY } from './database';
import { migrateToLatest } from './migrate';
import { isUniqueViolation } from './unique-violation';

describe('isUniqueViolation', () => {
  it('recognises a duplicate unique value on SQLite and ignores other failures', async () => {
    const db = openSqliteDatabase(IN_MEMORY);
    try {
      await migrateToLatest(db);
      const row = { id: randomUUID(), slug: 'same', content: 'x', created_at: 'now', updated_at: 'now' };
      await db.insertInto('pastes').values(row).execute();
      const duplicate = await db
        .insertInto('pastes')
        .values({ ...row, id: randomUUID() })
        .execute()
        .catch((error: unknown) => error);
      expect(isUniqueViolation(duplicate)).toBe(true);

      const notNull = await db
        .insertInto('pastes')
        .values({ ...row, id: randomUUID(), slug: 'other', content: null as unknown as string })
        .execute()
        .catch((error: unknown) => error);
      // Not `toBeInstanceOf(Error)`: the native driver's errors may come from another realm under Jest.
      expect(notNull).toMatchObject({ code: 'SQLITE_CONSTRAINT_NOTNULL' });
      expect(isUniqueViolation(notNull)).toBe(false);
    } finally {
      await db.destroy();
    }
  });

  it('recognises the PostgreSQL SQLSTATE and nothing else', () => {
    expect(isUniqueViolation({ code: '23505' })).toBe(true);
    expect(isUniqueViolation({ code: '23502' })).toBe(false);
    expect(isUniqueViolation(new Error('boom'))).toBe(false);
    expect(isUniqueViolation(null)).toBe(false);
  });
});
