import { sql, type Kysely } from 'kysely';
import type { DatabaseEngine } from './database';
import type { Database } from './schema';

/**
 * Locks that make transactions run one at a time, as `[class, object]` pairs of PostgreSQL's
 * two-integer advisory locks (a key space apart from the single-bigint lock Kysely's migrator takes).
 */
export const TRANSACTION_LOCKS = {
  /** Paste writes that check the paste storage limits before they store text. */
  pasteStorage: [0x43434c50, 1],
} as const satisfies Record<string, readonly [number, number]>;

export type TransactionLock = (typeof TRANSACTION_LOCKS)[keyof typeof TRANSACTION_LOCKS];

/**
 * Takes `lock` for the rest of the transaction `trx`, so a check-then-write inside it cannot
 * interleave with another transaction that takes the same lock (until commit or rollback).
 * PostgreSQL: `pg_advisory_xact_lock`, which also serialises several api-servers on one database.
 * SQLite: nothing to take: Kysely's SQLite driver has one connection and holds it for the whole
 * transaction, so no other query of the process runs until it ends.
 */
export async function lockTransaction(trx: Kysely<Database>, engine: DatabaseEngine, lock: TransactionLock): Promise<void> {
  if (engine !== 'PostgreSQL') return;
  await sql`SELECT pg_advisory_xact_lock(${sql.lit(lock[0])}, ${sql.lit(lock[1])})`.execute(trx);
}
