import type { AppDatabase } from '../db/database';

/** The tables whose rows carry a `password_hash` that an imported legacy hash may be upgraded in. */
export type PasswordHashTable = 'files' | 'pastes';

/**
 * Replaces the password hash of row `id` only while it is still `from` (an imported legacy hash
 * upgraded on first use): concurrent successful checks race harmlessly, the first one wins.
 * True when this call replaced it.
 */
export async function replacePasswordHashOf(
  db: AppDatabase,
  table: PasswordHashTable,
  id: string,
  from: string,
  to: string,
): Promise<boolean> {
  const result = await db
    .updateTable(table)
    .set({ password_hash: to })
    .where('id', '=', id)
    .where('password_hash', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
