import type { Updateable } from 'kysely';
import type { AppDatabase } from '../db/database';
import type { MountRow, MountsTable, NewMountRow } from '../db/schema';

export type MountPatch = Omit<Updateable<MountsTable>, 'id' | 'created_by' | 'created_at'>;

/**
 * SQL of the `mounts` table (contract §5.6). Lists come back in SQL order `sort_order, name, id`;
 * callers that need the same order on every engine sort again in code (collations differ).
 */
export class MountRepository {
  constructor(private readonly db: AppDatabase) {}

  findById(id: string): Promise<MountRow | undefined> {
    return this.db.selectFrom('mounts').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findByPath(mountPath: string): Promise<MountRow | undefined> {
    return this.db.selectFrom('mounts').selectAll().where('mount_path', '=', mountPath).executeTakeFirst();
  }

  /** Every mount, inactive ones included. */
  listAll(): Promise<MountRow[]> {
    return this.db.selectFrom('mounts').selectAll().orderBy('sort_order').orderBy('name').orderBy('id').execute();
  }

  listActive(): Promise<MountRow[]> {
    return this.db
      .selectFrom('mounts')
      .selectAll()
      .where('is_active', '=', 1)
      .orderBy('sort_order')
      .orderBy('name')
      .orderBy('id')
      .execute();
  }

  /** Active mounts created by one admin (what that admin's file browser sees). */
  listActiveByCreator(createdBy: string): Promise<MountRow[]> {
    return this.db
      .selectFrom('mounts')
      .selectAll()
      .where('is_active', '=', 1)
      .where('created_by', '=', createdBy)
      .orderBy('sort_order')
      .orderBy('name')
      .orderBy('id')
      .execute();
  }

  listByStorageConfig(storageConfigId: string): Promise<MountRow[]> {
    return this.db.selectFrom('mounts').selectAll().where('storage_config_id', '=', storageConfigId).execute();
  }

  /** Inserts the row; a taken `mount_path` surfaces as a unique violation. */
  async create(row: NewMountRow): Promise<void> {
    await this.db.insertInto('mounts').values(row).execute();
  }

  async update(id: string, patch: MountPatch): Promise<boolean> {
    const result = await this.db.updateTable('mounts').set(patch).where('id', '=', id).executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async delete(id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('mounts').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async touchLastUsed(id: string, at: string): Promise<void> {
    await this.db.updateTable('mounts').set({ last_used: at }).where('id', '=', id).execute();
  }
}
