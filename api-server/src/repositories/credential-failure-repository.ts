import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** A key's budget: refused once `failures` reach `max` within the key's window. */
export interface FailureBudget {
  key: string;
  max: number;
}

/**
 * A key as stored: PostgreSQL text cannot hold U+0000, which a guessed account name may carry (a
 * Basic user name), so it is stored as U+FFFD. Two names differing only there share a budget.
 */
/** Longest key stored as it is; longer ones (a guessed Basic user name of any length) are stored as a digest. */
export const MAX_STORED_KEY_LENGTH = 200;

function storedKey(key: string): string {
  const text = key.replaceAll('\u0000', '\uFFFD');
  if (text.length <= MAX_STORED_KEY_LENGTH) return text;
  // The kind (`client:`, `account:`, `slug:`) stays readable; the rest is one fixed-size digest.
  const kind = text.slice(0, text.indexOf(':') + 1);
  return `${kind}sha256:${createHash('sha256').update(text, 'utf8').digest('hex')}`;
}

/**
 * SQL of `credential_failures` (auth/credential-guard.ts, and the login rate limit's store
 * auth/login-rate-limit-store.ts): fixed-window counters shared by every
 * api-server process on the database. Each method is one statement, atomic on its own: two
 * replicas counting the same key at the same time both count (the UPSERT's conflict path reads the
 * row as the other one left it), on SQLite and PostgreSQL alike. Times are epoch milliseconds.
 */
export class CredentialFailureRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * When the latest of the spent budgets among `budgets` ends (epoch ms), or 0 when none is spent
   * at `now`.
   */
  async blockedUntil(budgets: readonly FailureBudget[], now: number): Promise<number> {
    if (budgets.length === 0) return 0;
    const row = await this.db
      .selectFrom('credential_failures')
      .select((eb) => eb.fn.max('reset_at').as('until'))
      .where('reset_at', '>', now)
      .where((eb) => eb.or(budgets.map(({ key, max }) => eb.and([eb('key', '=', storedKey(key)), eb('failures', '>=', max)]))))
      .executeTakeFirst();
    return row?.until === null || row?.until === undefined ? 0 : Number(row.until);
  }

  /**
   * Counts one failure for each of `keys` (distinct) in one UPSERT: a key without a live window
   * (no row, or its window ended by `now`) starts a new one of `windowMs` with 1 failure; else its
   * count goes up by one and its window keeps its end.
   */
  async count(keys: readonly string[], now: number, windowMs: number): Promise<void> {
    if (keys.length === 0) return;
    await this.upsert(keys, now, windowMs).execute();
  }

  /** `count` of one key, answering the counter as it stands after this one (the same UPSERT, with RETURNING). */
  increment(key: string, now: number, windowMs: number): Promise<{ failures: number; reset_at: number }> {
    return this.upsert([key], now, windowMs).returning(['failures', 'reset_at']).executeTakeFirstOrThrow();
  }

  private upsert(keys: readonly string[], now: number, windowMs: number) {
    const resetAt = now + windowMs;
    return this.db
      .insertInto('credential_failures')
      .values(keys.map((key) => ({ key: storedKey(key), failures: 1, reset_at: resetAt })))
      .onConflict((conflict) =>
        conflict.column('key').doUpdateSet({
          failures: sql<number>`CASE WHEN credential_failures.reset_at <= ${now} THEN 1 ELSE credential_failures.failures + 1 END`,
          reset_at: sql<number>`CASE WHEN credential_failures.reset_at <= ${now} THEN excluded.reset_at ELSE credential_failures.reset_at END`,
        }),
      );
  }

  /** Deletes the counters whose window ended by `now`; returns how many. */
  async prune(now: number): Promise<number> {
    const result = await this.db.deleteFrom('credential_failures').where('reset_at', '<=', now).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** The counter of one key as stored (tests and diagnostics). */
  find(key: string): Promise<{ key: string; failures: number; reset_at: number } | undefined> {
    return this.db.selectFrom('credential_failures').selectAll().where('key', '=', storedKey(key)).executeTakeFirst();
  }
}
