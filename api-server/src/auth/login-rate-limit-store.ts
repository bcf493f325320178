import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Clock } from '../lib/time';
import type { CredentialFailureRepository } from '../repositories/credential-failure-repository';

type StoreCallback = Parameters<FastifyRateLimitStore['incr']>[1];

/** The route a child store limits: the plugin hands over its merged options with `routeInfo` (the route's options). */
function routeName(options: object): string {
  const route = ('routeInfo' in options ? options.routeInfo : options) as { method?: unknown; url?: unknown } | undefined;
  const method = Array.isArray(route?.method) ? route.method.join(',') : String(route?.method ?? '');
  return `${method} ${String(route?.url ?? '')}`;
}

/**
 * A @fastify/rate-limit store over `credential_failures` (the failed-credential guard's table), so
 * the login rate limit (`LOGIN_RATE_LIMIT_MAX` per client address per minute, routes/admin-auth.ts)
 * is one limit for every replica on the database instead of one per process. Each limited request
 * is one UPSERT (window arithmetic in SQL, RETURNING the count); keys are `rate:<method> <route>:<client>`,
 * pruned with the guard's counters once their window ended. The plugin constructs the returned
 * class itself (`new Store(params)`), hence a class made over the repository and clock.
 */
export function databaseRateLimitStore(counters: CredentialFailureRepository, clock: Clock): FastifyRateLimitStoreCtor {
  return class DatabaseRateLimitStore implements FastifyRateLimitStore {
    private readonly prefix: string;

    constructor(prefix?: unknown) {
      this.prefix = typeof prefix === 'string' ? prefix : 'rate:';
    }

    incr(key: string, callback: StoreCallback, timeWindow: number): void {
      const now = clock().getTime();
      counters.increment(`${this.prefix}${key}`, now, timeWindow).then(
        (row) => callback(null, { current: row.failures, ttl: Math.max(0, row.reset_at - now) }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    read(key: string, callback: StoreCallback): void {
      const now = clock().getTime();
      counters.find(`${this.prefix}${key}`).then(
        (row) =>
          callback(
            null,
            row === undefined || row.reset_at <= now ? { current: 0, ttl: 0 } : { current: row.failures, ttl: row.reset_at - now },
          ),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(routeOptions: object): FastifyRateLimitStore {
      return new DatabaseRateLimitStore(`rate:${routeName(routeOptions)}:`);
    }
  };
}
