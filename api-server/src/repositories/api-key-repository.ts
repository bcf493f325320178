import type { Updateable } from 'kysely';
import type { AppDatabase } from '../db/database';
import type { ApiKeyRow, ApiKeysTable, NewApiKeyRow } from '../db/schema';
import { constantTimeEqual } from '../lib/safe-equal';
import { deleteApiKeyLocks } from './dav-lock-repository';

export type ApiKeyChanges = Omit<Updateable<ApiKeysTable>, 'id' | 'key' | 'created_at'>;

/**
 * What an update does to the key's WebDAV locks, in the same transaction: nothing, drop them all
 * (the key can no longer use WebDAV), or keep only those whose root `keepWhere` accepts.
 */
export type KeyLockChange = 'keep' | 'drop' | { keepWhere: (root: string) => boolean };

export class ApiKeyRepository {
  constructor(private readonly db: AppDatabase) {}

  async create(row: NewApiKeyRow): Promise<ApiKeyRow> {
    await this.db.insertInto('api_keys').values(row).execute();
    return this.findByIdOrThrow(row.id);
  }

  findById(id: string): Promise<ApiKeyRow | undefined> {
    return this.db.selectFrom('api_keys').selectAll().where('id', '=', id).executeTakeFirst();
  }

  private findByIdOrThrow(id: string): Promise<ApiKeyRow> {
    return this.db.selectFrom('api_keys').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  }

  /**
   * The key with exactly this value. The indexed lookup finds the candidate; the final
   * comparison is constant-time and case-sensitive whatever the database collation.
   */
  async findByKey(key: string): Promise<ApiKeyRow | undefined> {
    const row = await this.db.selectFrom('api_keys').selectAll().where('key', '=', key).executeTakeFirst();
    return row !== undefined && constantTimeEqual(row.key, key) ? row : undefined;
  }

  findByName(name: string): Promise<ApiKeyRow | undefined> {
    return this.db.selectFrom('api_keys').selectAll().where('name', '=', name).executeTakeFirst();
  }

  async touchLastUsed(id: string, at: string): Promise<void> {
    await this.db.updateTable('api_keys').set({ last_used: at }).where('id', '=', id).execute();
  }

  /** Every key, newest first. */
  listAll(): Promise<ApiKeyRow[]> {
    return this.db.selectFrom('api_keys').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
  }

  /** Names of the given keys, by id (unknown ids are absent from the map). */
  async namesByIds(ids: readonly string[]): Promise<Map<string, string>> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Map();
    const rows = await this.db.selectFrom('api_keys').select(['id', 'name']).where('id', 'in', unique).execute();
    return new Map(rows.map((row) => [row.id, row.name]));
  }

  async update(id: string, changes: ApiKeyChanges, locks: KeyLockChange = 'keep'): Promise<boolean> {
    if (locks === 'keep') {
      const result = await this.db.updateTable('api_keys').set(changes).where('id', '=', id).executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    }
    return this.db.transaction().execute(async (trx) => {
      const result = await trx.updateTable('api_keys').set(changes).where('id', '=', id).executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return false;
      await deleteApiKeyLocks(trx, [id], locks === 'drop' ? undefined : locks.keepWhere);
      return true;
    });
  }

  /**
   * Deletes keys and, in the same transaction, their WebDAV locks: nobody could refresh or remove a
   * deleted key's lock, which would block the resource until it expired.
   */
  async deleteByIds(ids: readonly string[]): Promise<number> {
    if (ids.length === 0) return 0;
    return this.db.transaction().execute(async (trx) => {
      await deleteApiKeyLocks(trx, ids);
      const result = await trx
        .deleteFrom('api_keys')
        .where('id', 'in', [...ids])
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    });
  }

  /** Deletes a key and its WebDAV locks (one transaction, as deleteByIds). */
  async deleteById(id: string): Promise<boolean> {
    return (await this.deleteByIds([id])) > 0;
  }
}
