import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * CORS of contract §3, "edge" variant: applied to every response (errors and 404 included),
 * overriding whatever a handler set; every OPTIONS request is a pre-flight answered with 204.
 */

export const CORS_EXPOSE_HEADERS = 'ETag,Content-Length,Content-Disposition';
export const CORS_ALLOW_METHODS = 'GET,POST,PUT,DELETE,OPTIONS,PROPFIND,PROPPATCH,MKCOL,COPY,MOVE,LOCK,UNLOCK,HEAD';
export const CORS_ALLOW_HEADERS = [
  'Content-Type',
  'Authorization',
  'X-API-KEY',
  'Depth',
  'Destination',
  'Overwrite',
  'If-Match',
  'If-None-Match',
  'If-Modified-Since',
  'If-Unmodified-Since',
  'Lock-Token',
  'Content-Length',
  'X-Requested-With',
  // ours: the web client sends Accept-Language; fs downloads accept Range
  'Accept-Language',
  'Range',
].join(',');
export const CORS_MAX_AGE_SECONDS = 86400;

function appendVary(reply: FastifyReply, value: string): void {
  const current = reply.getHeader('vary');
  const existing = (Array.isArray(current) ? current.join(',') : current === undefined ? '' : String(current))
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  if (existing.some((part) => part === '*' || part.toLowerCase() === value.toLowerCase())) return;
  reply.header('vary', [...existing, value].join(', '));
}

/** The CORS headers of every response (also used for errors answered outside the hooks). */
export function applyCorsHeaders(request: FastifyRequest, reply: FastifyReply): void {
  const origin = request.headers.origin;
  if (origin) {
    reply.header('access-control-allow-origin', origin);
    appendVary(reply, 'Origin');
  } else {
    reply.header('access-control-allow-origin', '*');
  }
  reply.header('access-control-allow-credentials', 'true');
  reply.header('access-control-expose-headers', CORS_EXPOSE_HEADERS);
}

export function installCors(app: FastifyInstance): void {
  // Early, so even responses that skip onSend (e.g. fallback error paths) carry the headers…
  app.addHook('onRequest', async (request, reply) => {
    applyCorsHeaders(request, reply);
  });
  // …and last, so they override headers set by individual handlers.
  app.addHook('onSend', async (request, reply, payload) => {
    applyCorsHeaders(request, reply);
    return payload;
  });

  app.options('*', async (_request, reply) => {
    reply
      .code(204)
      .header('access-control-max-age', String(CORS_MAX_AGE_SECONDS))
      .header('access-control-allow-methods', CORS_ALLOW_METHODS)
      .header('access-control-allow-headers', CORS_ALLOW_HEADERS);
    return reply.send();
  });
}
