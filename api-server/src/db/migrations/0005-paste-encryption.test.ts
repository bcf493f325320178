import path from 'node:path';
import { tempDirForEachTest } from '../../testing/test-app';
import { migrationsBefore, withSqliteFile } from '../../testing/migrated-database';
import { migrateToLatest } from '../migrate';

describe('migration 0005-paste-encryption', () => {
  let dataDir: string;
  tempDirForEachTest((dir) => {
    dataDir = dir;
  });

  it('turns the pastes stored before it into normal pastes (no encryption, no burn)', async () => {
    await withSqliteFile(path.join(dataDir, 'm.db'), async (db) => {
      await migrateToLatest(db, migrationsBefore('0005'));
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

      const applied = await migrateToLatest(db, migrationsBefore('0006'));
      expect(applied.results?.map((result) => [result.migrationName, result.status])).toEqual([['0005-paste-encryption', 'Success']]);
      const row = await db.selectFrom('pastes').selectAll().where('id', '=', 'old').executeTakeFirstOrThrow();
      expect(row).toMatchObject({ content: '# kept', encryption: null, burn_after_reading: 0 });
    });
  });
});
