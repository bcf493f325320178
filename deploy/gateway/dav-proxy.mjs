// /dav through the gateway: the api-server's WebDAV server, proxied like /api (api-proxy.mjs) for
// every method a WebDAV client sends, with the bodies untouched both ways (no compression, no body
// limit) and the Destination header of COPY and MOVE pointed at the origin the api-server knows.
// The path goes on as @fastify/reply-from builds it: a name that begins or ends with `..` (`..foo`,
// `a..`) is refused with 400 by its traversal check although the api-server accepts it; `{`, `}` and
// a backtick are sent percent-encoded, which the api-server decodes to the same name.
import http from 'node:http';
import { isUnderPrefix, registerUpstreamProxy } from './api-proxy.mjs';

/** Where the WebDAV server lives, on the gateway and on the api-server alike. */
export const DAV_PREFIX = '/dav';

/**
 * Route config of the /dav routes: `keepBodiesAsSent` (an onRoute hook) switches @fastify/compress
 * off for them.
 */
export const DAV_ROUTE_CONFIG = Object.freeze({ cloudclipBodiesAsSent: true });

/**
 * Every method Node's HTTP parser lets through (CONNECT never reaches a route): the RFC 4918 ones
 * (PROPFIND, PROPPATCH, MKCOL, COPY, MOVE, LOCK, UNLOCK) and any other a client may try (SEARCH,
 * REPORT, ACL, …), so the api-server, not the gateway, answers each of them.
 */
export const DAV_METHODS = Object.freeze(http.METHODS.filter((method) => method !== 'CONNECT'));

/** Whether a request goes to the WebDAV server. */
export function isDavRequest(request) {
  return isUnderPrefix(request.url, DAV_PREFIX);
}

/**
 * onRoute hook, added before @fastify/compress: a route with `DAV_ROUTE_CONFIG` is neither
 * compressed nor decompressed. Compression would change the bytes of a download (a 1 GB file
 * gzipped on the fly, its Content-Length gone, its ETag no longer the body's) and decompression those
 * of an upload; WebDAV clients expect the stored bytes as they are.
 */
export function keepBodiesAsSent(routeOptions) {
  if (routeOptions.config?.cloudclipBodiesAsSent !== true) return;
  routeOptions.compress = false;
  routeOptions.decompress = false;
}

/** The host name of `host[:port]` as a URL writes it (lower case), or null. */
function hostNameOf(host) {
  try {
    return new URL(`http://${host}`).hostname;
  } catch {
    return null;
  }
}

/**
 * The Destination header (RFC 4918 §10.3, an absolute URL) as the api-server is to see it.
 *
 * The client writes the origin it talks to: the gateway's public one, maybe https in front of a TLS
 * proxy the gateway does not trust, maybe with a port a proxy drops from X-Forwarded-Host (nginx's
 * `$host`). The api-server compares it with its own origin, which (it trusts the gateway,
 * TRUST_PROXY) is the X-Forwarded-Proto and X-Forwarded-Host the gateway sends it, `forwardedOrigin`
 * here. So a Destination on the host name the client addressed gets exactly that origin in place of
 * its own; the rest (path, query) is kept byte for byte, never decoded or re-encoded. Anything else
 * is left as it is: a relative reference, or another server's URL, which the api-server refuses
 * (502, RFC 4918 §9.9.4) instead of copying to a path of its own.
 * @param {string} destination the header as the client sent it
 * @param {string[]} clientHosts the hosts the client may have addressed (Host, the trusted X-Forwarded-Host)
 * @param {string} forwardedOrigin `proto://host` the gateway sends the api-server in X-Forwarded-*
 */
export function rewriteDestination(destination, clientHosts, forwardedOrigin) {
  const match = /^(https?):\/\/([^/?#]*)/i.exec(destination);
  if (!match) return destination;
  let target;
  try {
    target = new URL(destination);
  } catch {
    return destination;
  }
  if (target.username || target.password) return destination;
  if (!clientHosts.some((host) => hostNameOf(host) === target.hostname)) return destination;
  return forwardedOrigin + destination.slice(match[0].length);
}

/**
 * onRequest hook of /dav: a request target never carries a fragment (RFC 9112 §3.2). The URL parser
 * on the way to the api-server would cut `#…` off and so turn `DELETE /dav/dir/#frag` into a DELETE
 * of the folder; such a request is refused instead.
 */
export async function refuseFragment(request, reply) {
  if (request.raw.url?.includes('#')) {
    return reply.code(400).type('text/plain; charset=utf-8').send('Bad request: a request target has no fragment (#)');
  }
}

/**
 * Proxies /dav and /dav/… to the api-server, every method, streaming both ways: the request body
 * in any content type and length (chunked too) without a gateway limit, the answer (207, 401 with
 * WWW-Authenticate, DAV, Lock-Token, ETag, Content-Range, …) as the api-server sent it.
 * @param {import('fastify').FastifyInstance} app the root instance, with `keepBodiesAsSent` as an onRoute hook
 * @param {string} apiUpstream the api-server's origin
 */
export async function registerDavProxy(app, apiUpstream) {
  for (const method of DAV_METHODS) {
    if (!app.supportedMethods.includes(method)) app.addHttpMethod(method, { hasBody: true });
  }
  await app.register(async (dav) => {
    dav.addHook('onRequest', refuseFragment);
    await registerDavRoutes(dav, apiUpstream);
  });
}

/** The proxy routes of /dav (`registerDavProxy`). */
async function registerDavRoutes(app, apiUpstream) {
  await registerUpstreamProxy(app, apiUpstream, {
    prefix: DAV_PREFIX,
    httpMethods: [...DAV_METHODS],
    config: { ...DAV_ROUTE_CONFIG },
    rewriteRequestHeaders: (request, headers) => {
      const destination = headers.destination;
      if (typeof destination !== 'string') return headers;
      const forwardedOrigin = `${headers['x-forwarded-proto']}://${headers['x-forwarded-host']}`;
      const clientHosts = [request.host, request.headers.host].filter((host) => typeof host === 'string');
      return { ...headers, destination: rewriteDestination(destination, clientHosts, forwardedOrigin) };
    },
  });
}
