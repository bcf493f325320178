import type { AppDatabase } from '../db/database';
import type { AdminRow, NewAdminRow } from '../db/schema';

export class AdminRepository {
  constructor(private readonly db: AppDatabase) {}

  async count(): Promise<number> {
    const row = await this.db
      .selectFrom('admins')
      .select((eb) => eb.fn.countAll<number | string | bigint>().as('count'))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  findById(id: string): Promise<AdminRow | undefined> {
    return this.db.selectFrom('admins').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findByUsername(username: string): Promise<AdminRow | undefined> {
    return this.db.selectFrom('admins').selectAll().where('username', '=', username).executeTakeFirst();
  }

  /** Inserts unless the username exists already; true when a row was inserted. */
  async createIfUsernameFree(admin: NewAdminRow): Promise<boolean> {
    const result = await this.db
      .insertInto('admins')
      .values(admin)
      .onConflict((oc) => oc.column('username').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
  }

  /** Sets a new username and/or password hash; a taken username surfaces as a unique violation. */
  async updateCredentials(id: string, changes: { username?: string; passwordHash?: string }, updatedAt: string): Promise<void> {
    await this.db
      .updateTable('admins')
      .set({
        ...(changes.username === undefined ? {} : { username: changes.username }),
        ...(changes.passwordHash === undefined ? {} : { password_hash: changes.passwordHash }),
        updated_at: updatedAt,
      })
      .where('id', '=', id)
      .execute();
  }

  async updatePasswordHash(id: string, passwordHash: string, updatedAt: string): Promise<void> {
    await this.db.updateTable('admins').set({ password_hash: passwordHash, updated_at: updatedAt }).where('id', '=', id).execute();
  }
}
