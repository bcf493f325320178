import type { AppDatabase } from '../db/database';
import { FileRepository } from '../repositories/file-repository';
import { PasteRepository } from '../repositories/paste-repository';
import { openMigratedTestDatabase, type MigratedTestDatabase } from './migrated-database';
import { freshForEachTest } from './per-test';

/** The PostgreSQL trigram indexes of search (migration 0006): one per searched column, sorted. */
export const POSTGRES_SEARCH_INDEXES = [
  'idx_files_search_filename',
  'idx_files_search_remark',
  'idx_files_search_slug',
  'idx_pastes_search_content',
  'idx_pastes_search_remark',
  'idx_pastes_search_slug',
];

/** The storage config every seeded file points at (created by `seedSearchConfig`). */
export const SEARCH_SEED_CONFIG_ID = 'search-seed-config';

/** Inserts the storage config seeded files need (their `s3_config_id` is a foreign key). */
export async function seedSearchConfig(db: AppDatabase): Promise<void> {
  const at = '2026-01-01T00:00:00.000Z';
  await db
    .insertInto('storage_configs')
    .values({
      id: SEARCH_SEED_CONFIG_ID,
      name: 'seed',
      provider_type: 'Other',
      bucket_name: 'b',
      admin_id: 'a',
      created_at: at,
      updated_at: at,
    })
    .execute();
}

export interface SeedPaste {
  id: string;
  content?: string;
  remark?: string | null;
  encryption?: 'aes-256-gcm/v1' | null;
  createdBy?: string | null;
  /** Default: a time that orders seeded rows by `minute`. */
  createdAt?: string;
  expiresAt?: string | null;
}

export interface SeedFile {
  id: string;
  filename?: string;
  remark?: string | null;
  createdBy?: string | null;
  createdAt?: string;
}

/** A creation time `minute` minutes after a fixed start, so tests control "newest first". */
export function seededTime(minute: number): string {
  return new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString();
}

/** The columns a seeded paste and a seeded file share: slug = id unless given, created = updated. */
function seededColumns(row: (SeedPaste | SeedFile) & { slug?: string }, index: number) {
  const at = row.createdAt ?? seededTime(index);
  return {
    id: row.id,
    slug: row.slug ?? row.id,
    remark: row.remark ?? null,
    created_by: row.createdBy ?? null,
    created_at: at,
    updated_at: at,
  };
}

/** Inserts pastes straight into the table (slug = id unless the row says otherwise). */
export async function seedPastes(db: AppDatabase, rows: ReadonlyArray<SeedPaste & { slug?: string }>): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('pastes')
    .values(
      rows.map((row, index) => ({
        ...seededColumns(row, index),
        content: row.content ?? 'plain',
        encryption: row.encryption ?? null,
        expires_at: row.expiresAt ?? null,
      })),
    )
    .execute();
}

/** Inserts file share rows straight into the table (needs `seedSearchConfig` first). */
export async function seedFiles(db: AppDatabase, rows: ReadonlyArray<SeedFile & { slug?: string }>): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('files')
    .values(
      rows.map((row, index) => ({
        ...seededColumns(row, index),
        filename: row.filename ?? 'file.bin',
        storage_path: `seed/${row.id}`,
        s3_config_id: SEARCH_SEED_CONFIG_ID,
      })),
    )
    .execute();
}

/** What `searchDatabaseForEachTest` gives a suite; its fields are those of the running test. */
export interface SearchDatabasePerTest {
  readonly database: MigratedTestDatabase;
  readonly pastes: PasteRepository;
  readonly files: FileRepository;
}

/**
 * Registers the hooks that give every test a migrated database of its own (./migrated-database.ts)
 * with the seed storage config (`seedSearchConfig`) and the paste and file repositories on it;
 * the database is closed after the test.
 */
export function searchDatabaseForEachTest(): SearchDatabasePerTest {
  const current = {} as { database: MigratedTestDatabase; pastes: PasteRepository; files: FileRepository };
  freshForEachTest(
    async () => {
      const database = await openMigratedTestDatabase();
      return { database, close: () => database.close() };
    },
    async ({ database }) => {
      current.database = database;
      current.pastes = new PasteRepository(database.db, database.engine);
      current.files = new FileRepository(database.db);
      await seedSearchConfig(database.db);
    },
  );
  return current;
}
