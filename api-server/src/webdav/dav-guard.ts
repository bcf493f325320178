import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** The check-then-write kinds of the WebDAV state, each serialised on its own `dav_guards` row. */
export type DavGuardName = 'locks' | 'properties';

/**
 * Makes the rest of the transaction `trx` run alone among transactions that take the same guard:
 * an upsert of the guard's row. PostgreSQL then holds the row lock until commit or rollback (so
 * several api-servers on one database wait for each other, and the waiting one reads what the
 * first wrote); SQLite has one writer at a time. Portable, unlike advisory locks or
 * `SELECT … FOR UPDATE`, and needs no seeded row. Call it first in the transaction.
 */
export async function takeDavGuard(trx: Kysely<Database>, name: DavGuardName, nowIso: string): Promise<void> {
  await trx
    .insertInto('dav_guards')
    .values({ name, taken_at: nowIso })
    .onConflict((conflict) => conflict.column('name').doUpdateSet({ taken_at: nowIso }))
    .execute();
}
