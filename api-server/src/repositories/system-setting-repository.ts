import type { AppDatabase } from '../db/database';
import type { SystemSettingRow } from '../db/schema';

export class SystemSettingRepository {
  constructor(private readonly db: AppDatabase) {}

  async getValue(key: string): Promise<string | undefined> {
    const row = await this.db.selectFrom('system_settings').select('value').where('key', '=', key).executeTakeFirst();
    return row?.value;
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
