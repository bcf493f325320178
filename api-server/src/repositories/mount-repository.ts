import type { AppDatabase } from '../db/database';
import type { MountRow } from '../db/schema';

/** Reads of the `mounts` table (mount management extends this). */
export class MountRepository {
  constructor(private readonly db: AppDatabase) {}

  findById(id: string): Promise<MountRow | undefined> {
    return this.db.selectFrom('mounts').selectAll().where('id', '=', id).executeTakeFirst();
  }

  listActive(): Promise<MountRow[]> {
    return this.db.selectFrom('mounts').selectAll().where('is_active', '=', 1).execute();
  }

  listByStorageConfig(storageConfigId: string): Promise<MountRow[]> {
    return this.db.selectFrom('mounts').selectAll().where('storage_config_id', '=', storageConfigId).execute();
  }
}
