import { sql } from 'kysely';
import type { AppDatabase } from '../db/database';

/** Per storage config of one admin: what the dashboard shows about a bucket. */
export interface BucketUsageRow {
  id: string;
  name: string;
  provider_type: string;
  bucket_name: string;
  total_storage_bytes: number | null;
  used_storage: number;
  file_count: number;
}

/** The tables whose creations the dashboard charts per day. */
export type DailyCountTable = 'pastes' | 'files';

/** Day of a `created_at` value: its first 10 characters (both timestamp forms of contract §0 start with `YYYY-MM-DD`). */
const CREATED_DAY = sql<string>`substr(created_at, 1, 10)`;

/**
 * Read-only aggregates for `GET /api/admin/dashboard/stats`. Plain SQL that SQLite and PostgreSQL
 * both run unchanged: `count`, `sum`, `coalesce`, `substr`, equality on text — no date functions,
 * no text ordering (collations differ between the engines).
 */
export class DashboardRepository {
  constructor(private readonly db: AppDatabase) {}

  countPastes(): Promise<number> {
    return this.countRows('pastes');
  }

  countFiles(): Promise<number> {
    return this.countRows('files');
  }

  countApiKeys(): Promise<number> {
    return this.countRows('api_keys');
  }

  /** How many rows the table holds. */
  private async countRows(table: 'pastes' | 'files' | 'api_keys'): Promise<number> {
    const row = await this.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll().as('count'))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  async countStorageConfigsOf(adminId: string): Promise<number> {
    const row = await this.db
      .selectFrom('storage_configs')
      .select((eb) => eb.fn.countAll().as('count'))
      .where('admin_id', '=', adminId)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** Every storage config of the admin with the summed size and number of its file rows, ordered by name. */
  async bucketUsageOf(adminId: string): Promise<BucketUsageRow[]> {
    const rows = await this.db
      .selectFrom('storage_configs as s')
      .leftJoin('files as f', 'f.s3_config_id', 's.id')
      .select((eb) => [
        's.id',
        's.name',
        's.provider_type',
        's.bucket_name',
        's.total_storage_bytes',
        eb.fn.coalesce(eb.fn.sum<number | string>('f.size'), sql<number>`0`).as('used_storage'),
        eb.fn.count<number | string>('f.id').as('file_count'),
      ])
      .where('s.admin_id', '=', adminId)
      .groupBy(['s.id', 's.name', 's.provider_type', 's.bucket_name', 's.total_storage_bytes'])
      .execute();
    return rows
      .map((row) => ({
        id: row.id,
        name: row.name,
        provider_type: row.provider_type,
        bucket_name: row.bucket_name,
        total_storage_bytes: row.total_storage_bytes === null ? null : Number(row.total_storage_bytes),
        used_storage: Number(row.used_storage),
        file_count: Number(row.file_count),
      }))
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id < b.id ? -1 : 1));
  }

  /** Rows created on each of the given UTC days (`YYYY-MM-DD`); days without rows are absent. */
  async countCreatedPerDay(table: DailyCountTable, days: readonly string[]): Promise<Map<string, number>> {
    const result = new Map<string, number>();
    if (days.length === 0) return result;
    const rows =
      table === 'pastes'
        ? await this.db
            .selectFrom('pastes')
            .select((eb) => [CREATED_DAY.as('day'), eb.fn.countAll().as('count')])
            .where(CREATED_DAY, 'in', [...days])
            .groupBy(CREATED_DAY)
            .execute()
        : await this.db
            .selectFrom('files')
            .select((eb) => [CREATED_DAY.as('day'), eb.fn.countAll().as('count')])
            .where(CREATED_DAY, 'in', [...days])
            .groupBy(CREATED_DAY)
            .execute();
    for (const row of rows) result.set(row.day, Number(row.count));
    return result;
  }
}
