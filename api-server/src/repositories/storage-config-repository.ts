import type { Updateable } from 'kysely';
import type { AppDatabase } from '../db/database';
import type { NewStorageConfigRow, StorageConfigRow, StorageConfigsTable } from '../db/schema';

export type StorageConfigPatch = Omit<Updateable<StorageConfigsTable>, 'id' | 'admin_id' | 'created_at'>;

/** The tables whose rows name a storage config, with the column that does. */
const STORAGE_CONFIG_REFERENCES = { files: 's3_config_id', mounts: 'storage_config_id' } as const;

/** SQL of the `storage_configs` table (the contract's "S3 configs", local driver included). */
export class StorageConfigRepository {
  constructor(private readonly db: AppDatabase) {}

  listByAdmin(adminId: string): Promise<StorageConfigRow[]> {
    return this.db.selectFrom('storage_configs').selectAll().where('admin_id', '=', adminId).orderBy('name').orderBy('id').execute();
  }

  listPublic(): Promise<StorageConfigRow[]> {
    return this.db.selectFrom('storage_configs').selectAll().where('is_public', '=', 1).orderBy('name').orderBy('id').execute();
  }

  findById(id: string): Promise<StorageConfigRow | undefined> {
    return this.db.selectFrom('storage_configs').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findByIdForAdmin(id: string, adminId: string): Promise<StorageConfigRow | undefined> {
    return this.db.selectFrom('storage_configs').selectAll().where('id', '=', id).where('admin_id', '=', adminId).executeTakeFirst();
  }

  findPublicById(id: string): Promise<StorageConfigRow | undefined> {
    return this.db.selectFrom('storage_configs').selectAll().where('id', '=', id).where('is_public', '=', 1).executeTakeFirst();
  }

  async create(row: NewStorageConfigRow): Promise<void> {
    await this.db.insertInto('storage_configs').values(row).execute();
  }

  async update(id: string, patch: StorageConfigPatch): Promise<void> {
    await this.db.updateTable('storage_configs').set(patch).where('id', '=', id).execute();
  }

  async delete(id: string): Promise<number> {
    const result = await this.db.deleteFrom('storage_configs').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Makes `id` the admin's only default config (one transaction). */
  async setDefault(id: string, adminId: string, updatedAt: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('storage_configs')
        .set({ is_default: 0, updated_at: updatedAt })
        .where('admin_id', '=', adminId)
        .where('is_default', '=', 1)
        .where('id', '!=', id)
        .execute();
      await trx.updateTable('storage_configs').set({ is_default: 1, updated_at: updatedAt }).where('id', '=', id).execute();
    });
  }

  async touchLastUsed(id: string, at: string): Promise<void> {
    await this.db.updateTable('storage_configs').set({ last_used: at }).where('id', '=', id).execute();
  }

  countFilesUsing(id: string): Promise<number> {
    return this.countReferences('files', id);
  }

  countMountsUsing(id: string): Promise<number> {
    return this.countReferences('mounts', id);
  }

  /** How many rows of `table` name config `id` (in its STORAGE_CONFIG_REFERENCES column). */
  private async countReferences(table: keyof typeof STORAGE_CONFIG_REFERENCES, id: string): Promise<number> {
    const row = await this.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number | string | bigint>().as('count'))
      .where(this.db.dynamic.ref(STORAGE_CONFIG_REFERENCES[table]), '=', id)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** Ids of admins that own no storage config at all. */
  async adminIdsWithoutConfigs(): Promise<string[]> {
    const rows = await this.db
      .selectFrom('admins')
      .select('admins.id')
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('storage_configs').select('storage_configs.id').whereRef('storage_configs.admin_id', '=', 'admins.id'))),
      )
      .orderBy('admins.created_at')
      .execute();
    return rows.map((row) => row.id);
  }
}
