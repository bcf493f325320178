import type { FastifyRequest } from 'fastify';
import { HttpError, serverBusyError } from '../http/http-error';
import { QueueFullError } from '../lib/bounded-queue';
import type { Clock } from '../lib/time';
import type { CredentialFailureRepository, FailureBudget } from '../repositories/credential-failure-repository';

/**
 * Failed-credential throttling, one budget for every kind of guess: admin login, HTTP Basic, an
 * unknown API key, a wrong share password (pastes and files). Each failure counts against the client
 * address and, where there is one, against the account it was aimed at (an admin username, a share
 * slug). Once a budget is spent, further attempts are refused with 429 and `Retry-After` until its
 * window ends — before any password is hashed, so a flood of guesses costs the server nothing more.
 * Requests that carry no credential are never refused here.
 *
 * Share links are guessed too: a lookup of a share slug that does not exist spends a budget of its
 * own per client address (`maxUnknownSlugsPerClient`, see slug-probe-limit.ts), so slugs cannot be
 * enumerated at the rate the server answers.
 *
 * The counters are rows of `credential_failures` (a fixed window per key, migration 0011,
 * repositories/credential-failure-repository.ts), so several api-server replicas on one database
 * spend one budget: a check is one SELECT, a failure one UPSERT whose window arithmetic runs in
 * SQL (atomic under concurrent requests from any replica). Ended windows are pruned at most once
 * per window by each process.
 */

export interface CredentialGuardOptions {
  /** Failed attempts one client address may make per window. */
  maxFailuresPerClient: number;
  /** Failed attempts against one account (from any address) per window. */
  maxFailuresPerAccount: number;
  /** Lookups of share slugs that do not exist one client address may make per window. */
  maxUnknownSlugsPerClient: number;
  windowMs: number;
  /** Where the counters live (the app's database). */
  failures: CredentialFailureRepository;
  clock: Clock;
}

/** The messages of a wrong credential: what counts as a failed guess when a route reports one. */
const WRONG_CREDENTIAL_KEYS = new Set<string>(['auth.invalidCredentials', 'paste.wrongPassword', 'file.wrongPassword']);

export function isWrongCredentialError(error: unknown): boolean {
  return error instanceof HttpError && WRONG_CREDENTIAL_KEYS.has(error.messageKey);
}

export class CredentialGuard {
  /** Ended windows are pruned from then on (per process; any replica's prune serves all). */
  private nextPruneAt = 0;

  constructor(private readonly options: CredentialGuardOptions) {}

  /** 429 with `Retry-After` when the client or the account has no attempts left in this window. */
  async assertAllowed(client: string, account?: string): Promise<void> {
    const budgets: FailureBudget[] = [{ key: `client:${client}`, max: this.options.maxFailuresPerClient }];
    if (account !== undefined) budgets.push({ key: `account:${account}`, max: this.options.maxFailuresPerAccount });
    await this.refuseWhileSpent(budgets);
  }

  /** 429 with `Retry-After` when the client has looked up too many unknown share slugs in this window. */
  async assertSlugLookupAllowed(client: string): Promise<void> {
    await this.refuseWhileSpent([{ key: `slug:${client}`, max: this.options.maxUnknownSlugsPerClient }]);
  }

  /** Counts one lookup of a share slug that does not exist. */
  async recordUnknownSlug(client: string): Promise<void> {
    await this.count([`slug:${client}`]);
  }

  /** Counts one failed attempt of `client`, against `account` too when given. */
  async recordFailure(client: string, account?: string): Promise<void> {
    await this.count(account === undefined ? [`client:${client}`] : [`client:${client}`, `account:${account}`]);
  }

  /**
   * Runs one credential check: refused up front when the budget is spent; a wrong-credential error
   * it throws is counted, then passed on.
   */
  async attempt<T>(request: FastifyRequest, account: string | undefined, check: () => Promise<T>): Promise<T> {
    await this.assertAllowed(request.ip, account);
    try {
      return await check();
    } catch (error) {
      if (error instanceof QueueFullError) throw serverBusyError(error);
      if (isWrongCredentialError(error)) await this.recordFailure(request.ip, account);
      throw error;
    }
  }

  private async refuseWhileSpent(budgets: FailureBudget[]): Promise<void> {
    const now = this.now();
    const until = await this.options.failures.blockedUntil(budgets, now);
    if (until <= now) return;
    const seconds = Math.max(1, Math.ceil((until - now) / 1000));
    throw new HttpError(429, 'auth.tooManyFailedAttempts', { params: { seconds }, headers: { 'retry-after': String(seconds) } });
  }

  private async count(keys: string[]): Promise<void> {
    const now = this.now();
    await this.options.failures.count(keys, now, this.options.windowMs);
    if (now >= this.nextPruneAt) {
      this.nextPruneAt = now + this.options.windowMs;
      await this.options.failures.prune(now);
    }
  }

  private now(): number {
    return this.options.clock().getTime();
  }
}
