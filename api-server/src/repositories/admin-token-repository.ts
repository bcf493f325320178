import type { AppDatabase } from '../db/database';
import type { AdminTokenRow } from '../db/schema';

export class AdminTokenRepository {
  constructor(private readonly db: AppDatabase) {}

  async create(token: AdminTokenRow): Promise<void> {
    await this.db.insertInto('admin_tokens').values(token).execute();
  }

  findByToken(token: string): Promise<AdminTokenRow | undefined> {
    return this.db.selectFrom('admin_tokens').selectAll().where('token', '=', token).executeTakeFirst();
  }

  async delete(token: string): Promise<void> {
    await this.db.deleteFrom('admin_tokens').where('token', '=', token).execute();
  }

  async deleteAllForAdmin(adminId: string): Promise<void> {
    await this.db.deleteFrom('admin_tokens').where('admin_id', '=', adminId).execute();
  }
}
