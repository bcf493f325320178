import type { AppDatabase } from '../db/database';
import type { ApiKeyRow, NewApiKeyRow } from '../db/schema';

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

  findByKey(key: string): Promise<ApiKeyRow | undefined> {
    return this.db.selectFrom('api_keys').selectAll().where('key', '=', key).executeTakeFirst();
  }

  findByName(name: string): Promise<ApiKeyRow | undefined> {
    return this.db.selectFrom('api_keys').selectAll().where('name', '=', name).executeTakeFirst();
  }

  async touchLastUsed(id: string, at: string): Promise<void> {
    await this.db.updateTable('api_keys').set({ last_used: at }).where('id', '=', id).execute();
  }

  async deleteById(id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('api_keys').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
