import type { AppDatabase } from '../db/database';

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

/** Inserts pastes straight into the table (slug = id unless the row says otherwise). */
export async function seedPastes(db: AppDatabase, rows: ReadonlyArray<SeedPaste & { slug?: string }>): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('pastes')
    .values(
      rows.map((row, index) => ({
        id: row.id,
        slug: row.slug ?? row.id,
        content: row.content ?? 'plain',
        remark: row.remark ?? null,
        encryption: row.encryption ?? null,
        created_by: row.createdBy ?? null,
        expires_at: row.expiresAt ?? null,
        created_at: row.createdAt ?? seededTime(index),
        updated_at: row.createdAt ?? seededTime(index),
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
        id: row.id,
        slug: row.slug ?? row.id,
        filename: row.filename ?? 'file.bin',
        storage_path: `seed/${row.id}`,
        s3_config_id: SEARCH_SEED_CONFIG_ID,
        remark: row.remark ?? null,
        created_by: row.createdBy ?? null,
        created_at: row.createdAt ?? seededTime(index),
        updated_at: row.createdAt ?? seededTime(index),
      })),
    )
    .execute();
}
