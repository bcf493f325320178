import { randomBytes } from 'node:crypto';
import { Migrator, sql, type Migration } from 'kysely';
import { PasteRepository } from '../../repositories/paste-repository';
import { FileRepository } from '../../repositories/file-repository';
import { migrationsBefore } from '../../testing/migrated-database';
import { POSTGRES_SEARCH_INDEXES, seedFiles, seedPastes, seedSearchConfig } from '../../testing/search-seed';
import { dropTestSchema, TEST_SCHEMA_PREFIX, testDatabaseUrl } from '../../testing/test-database';
import { IN_MEMORY, openDatabase, openSqliteDatabase, type AppDatabase, type DatabaseEngine } from '../database';
import { migrateToLatest } from '../migrate';
import { migrations } from './index';

interface Opened {
  db: AppDatabase;
  engine: DatabaseEngine;
  schema?: string;
  close(): Promise<void>;
}

/** A new empty database on the engine the test run uses (SQLite, or a schema of TEST_DATABASE_URL). */
async function openEmpty(): Promise<Opened> {
  const url = testDatabaseUrl();
  if (url === undefined) {
    const db = openSqliteDatabase(IN_MEMORY);
    return { db, engine: 'SQLite', close: () => db.destroy() };
  }
  const schema = `${TEST_SCHEMA_PREFIX}m6_${randomBytes(6).toString('hex')}`;
  const opened = await openDatabase({ url, schema, poolSize: 2 });
  return {
    db: opened.db,
    engine: 'PostgreSQL',
    schema,
    close: async () => {
      await opened.db.destroy();
      await dropTestSchema(url, schema);
    },
  };
}

function migratorOf(opened: Opened, all: Record<string, Migration>): Migrator {
  return new Migrator({
    db: opened.db,
    provider: { getMigrations: () => Promise.resolve(all) },
    ...(opened.schema === undefined ? {} : { migrationTableSchema: opened.schema }),
  });
}

/** The search objects the migration made: FTS tables and triggers (SQLite) or indexes (PostgreSQL). */
async function searchObjects(opened: Opened): Promise<string[]> {
  if (opened.engine === 'SQLite') {
    const { rows } = await sql<{ name: string }>`
      SELECT name FROM sqlite_master WHERE name IN ('pastes_search', 'files_search') OR (type = 'trigger' AND name LIKE '%_search_%') ORDER BY name`.execute(
      opened.db,
    );
    return rows.map((row) => row.name);
  }
  const { rows } = await sql<{ name: string }>`
    SELECT indexname AS name FROM pg_indexes WHERE schemaname = current_schema() AND indexname LIKE '%_search_%' ORDER BY indexname`.execute(
    opened.db,
  );
  return rows.map((row) => row.name);
}

describe('migration 0006-search', () => {
  let opened: Opened;
  beforeEach(async () => {
    opened = await openEmpty();
  });
  afterEach(() => opened.close());

  it('indexes the rows stored before it (not the content of encrypted pastes), and down removes what up made', async () => {
    const before = migrationsBefore('0006');
    // Up to this migration only: later ones (0007-mount-index has search objects of its own) are not under test here.
    const through = Object.fromEntries(Object.entries(migrations).filter(([name]) => name <= '0006-search'));
    await migratorOf(opened, before).migrateToLatest();
    await seedSearchConfig(opened.db);
    await seedPastes(opened.db, [
      { id: 'old-plain', content: '早期的剪贴板内容 legacy words' },
      { id: 'old-secret', remark: 'legacy remark', content: '{"v":1,"ct":"zzSecretCipherzz"}', encryption: 'aes-256-gcm/v1' },
    ]);
    await seedFiles(opened.db, [{ id: 'old-file', filename: 'Legacy-Archive.tar' }]);

    const applied = await migratorOf(opened, through).migrateToLatest();
    expect(applied.results?.map((result) => [result.migrationName, result.status])).toEqual([['0006-search', 'Success']]);
    expect(await searchObjects(opened)).toEqual(
      opened.engine === 'SQLite'
        ? [
            'files_search',
            'files_search_delete',
            'files_search_insert',
            'files_search_update',
            'pastes_search',
            'pastes_search_delete',
            'pastes_search_insert',
            'pastes_search_update',
          ]
        : POSTGRES_SEARCH_INDEXES,
    );
    const pastes = new PasteRepository(opened.db, opened.engine);
    const files = new FileRepository(opened.db);
    expect(await pastes.count(undefined, ['剪贴板内容'])).toBe(1);
    expect(await pastes.count(undefined, ['legacy'])).toBe(2);
    expect(await pastes.count(undefined, ['SecretCipher'])).toBe(0);
    expect(await files.count({ terms: ['archive.TAR'] })).toBe(1);

    const reverted = await migratorOf(opened, through).migrateDown();
    expect(reverted.results?.map((result) => [result.migrationName, result.status])).toEqual([['0006-search', 'Success']]);
    expect(await searchObjects(opened)).toEqual([]);
    // Writes work without the triggers, and up again indexes everything there is.
    await seedPastes(opened.db, [{ id: 'between', content: 'written between down and up', createdAt: '2026-02-01T00:00:00.000Z' }]);
    await migrateToLatest(opened.db, through, opened.schema === undefined ? {} : { migrationTableSchema: opened.schema });
    expect(await pastes.count(undefined, ['between down'])).toBe(1);
  });
});
