import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { adminOf, apiKeyOf, requireAdmin, requirePermission } from '../auth/guards';
import { envelope } from '../http/envelope';
import { withoutDataError } from '../http/http-error';
import { parseInput } from '../http/validation';
import type { CacheClearTarget, CacheService } from '../services/cache-service';

export interface CacheRoutesOptions {
  cache: CacheService;
}

const id = z.string().trim().min(1).max(200);

/** `{ mountId }`, `{ s3ConfigId }` or nothing (everything); `null` counts as absent. mountId wins when both are given. */
export const cacheClearSchema = z.object({
  mountId: id.nullish(),
  s3ConfigId: id.nullish(),
});

function clearTarget(body: unknown): CacheClearTarget {
  const parsed = parseInput(cacheClearSchema, body);
  const target: CacheClearTarget = {};
  if (parsed.mountId) target.mountId = parsed.mountId;
  else if (parsed.s3ConfigId) target.s3ConfigId = parsed.s3ConfigId;
  return target;
}

/**
 * Errors raised inside cache handlers use the error body without `data` (contract §1.2); guard
 * failures (preHandler) keep the default shape, as in the reference.
 */
async function withoutData<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw withoutDataError(error);
  }
}

/** Contract §5.7 caches: stats and clearing (admin), clearing of the caller's mounts (API key with `mount`). */
export async function cacheRoutes(app: FastifyInstance, { cache }: CacheRoutesOptions): Promise<void> {
  app.get('/api/admin/cache/stats', { preHandler: requireAdmin }, async (request) =>
    withoutData(async () => envelope(request.t('cache.statsRetrieved'), cache.stats())),
  );

  app.post('/api/admin/cache/clear', { preHandler: requireAdmin }, async (request: FastifyRequest) =>
    withoutData(async () => {
      adminOf(request);
      const result = await cache.clearAsAdmin(clearTarget(request.body));
      return envelope(request.t('cache.cleared', { count: result.clearedCount }), result);
    }),
  );

  // Our divergence: an admin token answers 403 (the endpoint needs the key's basic_path); the reference fails with 500.
  app.post('/api/user/cache/clear', { preHandler: requirePermission('mount') }, async (request: FastifyRequest) =>
    withoutData(async () => {
      const caller = apiKeyOf(request);
      const result = await cache.clearAsApiKey(caller.key, clearTarget(request.body));
      return envelope(request.t('cache.cleared', { count: result.clearedCount }), result);
    }),
  );
}
