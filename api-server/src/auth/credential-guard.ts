import type { FastifyRequest } from 'fastify';
import { HttpError, serverBusyError } from '../http/http-error';
import { QueueFullError } from '../lib/bounded-queue';
import type { Clock } from '../lib/time';

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
 * Counters live in this process (a fixed window per key, at most `maxEntries` keys; the oldest go
 * first). Several api-server replicas each keep their own.
 */

export interface CredentialGuardOptions {
  /** Failed attempts one client address may make per window. */
  maxFailuresPerClient: number;
  /** Failed attempts against one account (from any address) per window. */
  maxFailuresPerAccount: number;
  /** Lookups of share slugs that do not exist one client address may make per window. */
  maxUnknownSlugsPerClient: number;
  windowMs: number;
  /** Keys remembered at most (bounds the memory an address-spraying attacker can make us use). */
  maxEntries: number;
  clock: Clock;
}

interface Window {
  failures: number;
  resetAt: number;
}

/** The messages of a wrong credential: what counts as a failed guess when a route reports one. */
const WRONG_CREDENTIAL_KEYS = new Set<string>(['auth.invalidCredentials', 'paste.wrongPassword', 'file.wrongPassword']);

export function isWrongCredentialError(error: unknown): boolean {
  return error instanceof HttpError && WRONG_CREDENTIAL_KEYS.has(error.messageKey);
}

export class CredentialGuard {
  private readonly windows = new Map<string, Window>();

  constructor(private readonly options: CredentialGuardOptions) {}

  /** 429 with `Retry-After` when the client or the account has no attempts left in this window. */
  assertAllowed(client: string, account?: string): void {
    const now = this.now();
    const blocked = [this.blockedUntil(`client:${client}`, this.options.maxFailuresPerClient, now)];
    if (account !== undefined) blocked.push(this.blockedUntil(`account:${account}`, this.options.maxFailuresPerAccount, now));
    this.refuseUntil(Math.max(0, ...blocked), now);
  }

  private refuseUntil(until: number, now: number): void {
    if (until <= now) return;
    const seconds = Math.max(1, Math.ceil((until - now) / 1000));
    throw new HttpError(429, 'auth.tooManyFailedAttempts', { params: { seconds }, headers: { 'retry-after': String(seconds) } });
  }

  /** 429 with `Retry-After` when the client has looked up too many unknown share slugs in this window. */
  assertSlugLookupAllowed(client: string): void {
    const now = this.now();
    this.refuseUntil(this.blockedUntil(`slug:${client}`, this.options.maxUnknownSlugsPerClient, now), now);
  }

  /** Counts one lookup of a share slug that does not exist. */
  recordUnknownSlug(client: string): void {
    this.count(`slug:${client}`, this.now());
  }

  /** Counts one failed attempt of `client`, against `account` too when given. */
  recordFailure(client: string, account?: string): void {
    const now = this.now();
    this.count(`client:${client}`, now);
    if (account !== undefined) this.count(`account:${account}`, now);
  }

  /**
   * Runs one credential check: refused up front when the budget is spent; a wrong-credential error
   * it throws is counted, then passed on.
   */
  async attempt<T>(request: FastifyRequest, account: string | undefined, check: () => Promise<T>): Promise<T> {
    this.assertAllowed(request.ip, account);
    try {
      return await check();
    } catch (error) {
      if (error instanceof QueueFullError) throw serverBusyError(error);
      if (isWrongCredentialError(error)) this.recordFailure(request.ip, account);
      throw error;
    }
  }

  private blockedUntil(key: string, max: number, now: number): number {
    const window = this.windows.get(key);
    if (!window || window.resetAt <= now) return 0;
    return window.failures >= max ? window.resetAt : 0;
  }

  private count(key: string, now: number): void {
    const current = this.windows.get(key);
    const window = current && current.resetAt > now ? current : { failures: 0, resetAt: now + this.options.windowMs };
    window.failures += 1;
    // Re-inserted last: the Map's order is then the order of the latest failures.
    this.windows.delete(key);
    this.windows.set(key, window);
    this.evict(now);
  }

  private evict(now: number): void {
    if (this.windows.size <= this.options.maxEntries) return;
    for (const [key, window] of this.windows) {
      if (window.resetAt <= now) this.windows.delete(key);
    }
    while (this.windows.size > this.options.maxEntries) {
      const oldest = this.windows.keys().next().value as string;
      this.windows.delete(oldest);
    }
  }

  private now(): number {
    return this.options.clock().getTime();
  }
}
