import type { AppDatabase } from '../db/database';
import type { SystemSettingRow } from '../db/schema';

export class SystemSettingRepository {
  constructor(private readonly db: AppDatabase) {}

  async getValue(key: string): Promise<string | undefined> {
    const row = await this.db.selectFrom('system_settings').select('value').where('key', '=', key).executeTakeFirst();
    return row?.value;
  }

  /** Every row, ordered by key (plain string order in JS, the same on SQLite and PostgreSQL whatever the collation). */
  async listAll(): Promise<SystemSettingRow[]> {
    const rows = await this.db.selectFrom('system_settings').selectAll().execute();
    return rows.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }

  /**
   * Sets several values in one transaction. A new row gets `description`; an existing row keeps
   * its description and only changes `value` and `updated_at`.
   */
  async setValues(entries: readonly { key: string; value: string; description: string | null }[], updatedAt: string): Promise<void> {
    if (entries.length === 0) return;
    await this.db.transaction().execute(async (trx) => {
      for (const entry of entries) {
        await trx
          .insertInto('system_settings')
          .values({ key: entry.key, value: entry.value, description: entry.description, updated_at: updatedAt })
          .onConflict((oc) => oc.column('key').doUpdateSet({ value: entry.value, updated_at: updatedAt }))
          .execute();
      }
    });
  }

  async upsert(setting: SystemSettingRow): Promise<void> {
    await this.db
      .insertInto('system_settings')
      .values(setting)
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          value: setting.value,
          description: setting.description,
          updated_at: setting.updated_at,
        }),
      )
      .execute();
  }
}
