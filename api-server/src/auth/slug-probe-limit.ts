import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CredentialGuard } from './credential-guard';

/**
 * The public routes that look a share up by its slug. A 404 from one of them means the slug does
 * not exist (or no longer does): someone trying slugs at random sees nothing but these.
 */
export const PUBLIC_SLUG_ROUTES: ReadonlySet<string> = new Set([
  '/api/paste/:slug',
  '/api/raw/:slug',
  '/api/public/files/:slug',
  '/api/public/files/:slug/verify',
  '/api/file-download/:slug',
  '/api/file-view/:slug',
  '/api/office-preview/:slug',
]);

function isSlugLookup(request: FastifyRequest): boolean {
  return request.method !== 'OPTIONS' && PUBLIC_SLUG_ROUTES.has(request.routeOptions.url ?? '');
}

/**
 * Slug enumeration meets the failed-credential throttling: every lookup that ends in 404 counts
 * against the client's unknown-slug budget (CredentialGuard); once it is spent, further lookups
 * from that address get 429 with `Retry-After` until the window ends, found or not. Someone who
 * opens a few dead links never notices; a script trying slugs is slowed to the budget per minute.
 * The budget is counted in the database, one for every replica: a lookup costs one SELECT, a
 * lookup of an unknown slug one UPSERT more.
 */
export function installSlugProbeLimit(app: FastifyInstance, guard: CredentialGuard): void {
  app.addHook('onRequest', async (request) => {
    if (isSlugLookup(request)) await guard.assertSlugLookupAllowed(request.ip);
  });
  // Counted before the 404 goes out (onSend, not onResponse): the client's next lookup, through
  // this replica or another, already finds it counted.
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode === 404 && isSlugLookup(request)) await guard.recordUnknownSlug(request.ip);
    return payload;
  });
}
