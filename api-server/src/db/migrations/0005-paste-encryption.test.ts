import path from 'node:path';
import { tempDirForEachTest } from '../../testing/test-app';
import { openSqliteDatabase } from '../database';
import { migrateToLatest } from '../migrate';
import { migrations } from './index';

describe('migration 0005-paste-encryption', () => {
  let dataDir: string;
  tempDirForEachTest((dir) => {
    dataDir = dir;
  });

  it('turns the pastes stored before it into normal pastes (no encryption, no burn)', async () => {
    const db = openSqliteDatabase(path.join(dataDir, 'm.db'));
    try {
      const before = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < '0005'));
      await migrateToLatest(db, before);
      await db
        .insertInto('pastes')
        .values({
          id: 'old',
          slug: 'old',
          content: '# kept',
          created_at: '2025-01-01T00:00:00.000Z',
          updated_at: '2025-01-01T00:00:00.000Z',
        })
        .execute();

      const through0005 = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < '0006'));
      const applied = await migrateToLatest(db, through0005);
      expect(applied.results?.map((result) => [result.migrationName, result.status])).toEqual([['0005-paste-encryption', 'Success']]);
      const row = await db.selectFrom('pastes').selectAll().where('id', '=', 'old').executeTakeFirstOrThrow();
      expect(row).toMatchObject({ content: '# kept', encryption: null, burn_after_reading: 0 });
    } finally {
      await db.destroy();
    }
  });
});
