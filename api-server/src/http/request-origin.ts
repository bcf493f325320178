import type { FastifyRequest } from 'fastify';

/**
 * `scheme://host[:port]` of the incoming request, for absolute links (contract §5.4.5).
 * Behind a trusted proxy (`trustProxy`) Fastify takes them from X-Forwarded-Proto / X-Forwarded-Host.
 */
export function requestOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}
