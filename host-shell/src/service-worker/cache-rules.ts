// What the service worker does with each request, decided from the request alone (no I/O), so the
// rules can be read and tested in one place:
// - `bypass`: not handled at all (no respondWith): the browser goes to the network as if there were
//   no worker, and nothing is cached. The API, WebDAV, CSP reports, health checks, other origins,
//   every non-GET but the share sheet's POST, Range requests, and requests that ask to skip caches.
// - `share-target`: the share sheet's POST, taken into the share inbox.
// - `navigation`: a page load; network first, the cached offline shell when the network fails.
// - `cache-first`: files that never change at their address (released remote files under
//   /remotes/<package>/<semver>/, content-hashed chunks), in the cache of their release.
// - `network-first`: any other same-origin GET (/env.json, main.js, a workspace build's entry…),
//   kept as the offline copy.

/** The cache of one released (or workspace) remote: `cc-release:<package>@<version>`. */
export const RELEASE_CACHE_PREFIX = 'cc-release:';
/** The cache of the host's files: `cc-host:<version>`. */
export const HOST_CACHE_PREFIX = 'cc-host:';
/** The host's files before the worker knows the pinned host version (no precache yet). */
export const HOST_FALLBACK_CACHE = 'cc-host-assets';

/** A remote package version the gateway serves from a release (immutable), not a workspace build. */
const RELEASED_VERSION = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/;
/** A content-hashed chunk (webpack's `[name].[contenthash:8].js`). */
const HASHED_ASSET = /\.[0-9a-f]{8}\.(?:js|css)$/;
/** /remotes/<package>/<version>/<file> */
const REMOTE_FILE = /^\/remotes\/([^/]+)\/([^/]+)\/(.+)$/;

/** Paths the worker never touches: requests to them always go to the network, never to a cache. */
const NEVER_HANDLED_PREFIXES = ['/api/', '/dav/'];
const NEVER_HANDLED_PATHS = new Set(['/api', '/dav', '/csp-report', '/healthz', '/sw.js', '/app-cache.json']);

export const SHARE_TARGET_ROUTE = '/share-target';

export interface RequestFacts {
  method: string;
  url: string;
  /** Request.mode: 'navigate' for a page load */
  mode?: string;
  /** Request.destination: 'document' for a page load */
  destination?: string;
  /** The Range header, when the request has one */
  range?: string | null;
  /** Request.cache */
  cache?: string;
}

export interface RuleContext {
  /** The worker's origin (its scope is the whole origin). */
  origin: string;
  /** The pinned host version from the last app-cache.json, null before the first precache. */
  hostVersion: string | null;
}

export type CacheDecision =
  | { kind: 'bypass'; reason: string }
  | { kind: 'share-target' }
  | { kind: 'navigation' }
  | { kind: 'cache-first'; cacheName: string }
  | { kind: 'network-first'; cacheName: string };

export function releaseCacheName(pkg: string, version: string): string {
  return `${RELEASE_CACHE_PREFIX}${pkg}@${version}`;
}

export function hostCacheName(version: string | null): string {
  return version ? `${HOST_CACHE_PREFIX}${version}` : HOST_FALLBACK_CACHE;
}

/** Whether a cache is one of the worker's versioned caches (those a precache may delete). */
export function isVersionedCache(name: string): boolean {
  return name.startsWith(RELEASE_CACHE_PREFIX) || name.startsWith(HOST_CACHE_PREFIX) || name === HOST_FALLBACK_CACHE;
}

function isNeverHandled(pathname: string): boolean {
  return NEVER_HANDLED_PATHS.has(pathname) || NEVER_HANDLED_PREFIXES.some((prefix) => pathname.startsWith(prefix));
}

function safeDecode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** The cache rule of one same-origin GET of a file (not a page load). */
function fileDecision(pathname: string, context: RuleContext): CacheDecision {
  const remote = REMOTE_FILE.exec(pathname);
  if (remote) {
    const pkg = safeDecode(remote[1] ?? '');
    const version = safeDecode(remote[2] ?? '');
    if (!pkg || !version) return { kind: 'bypass', reason: 'malformed remote address' };
    const cacheName = releaseCacheName(pkg, version);
    // A release never changes; a workspace build keeps only its hashed chunks at one address.
    if (RELEASED_VERSION.test(version) || HASHED_ASSET.test(remote[3] ?? '')) return { kind: 'cache-first', cacheName };
    return { kind: 'network-first', cacheName };
  }
  const cacheName = hostCacheName(context.hostVersion);
  if (HASHED_ASSET.test(pathname)) return { kind: 'cache-first', cacheName };
  return { kind: 'network-first', cacheName };
}

/** Decides what the worker does with a request. */
export function decideCaching(request: RequestFacts, context: RuleContext): CacheDecision {
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return { kind: 'bypass', reason: 'not a URL' };
  }
  if (url.origin !== context.origin) return { kind: 'bypass', reason: 'other origin' };
  if (isNeverHandled(url.pathname)) return { kind: 'bypass', reason: 'never cached' };
  const method = request.method.toUpperCase();
  if (method === 'POST' && url.pathname === SHARE_TARGET_ROUTE) return { kind: 'share-target' };
  if (method !== 'GET') return { kind: 'bypass', reason: 'not a GET' };
  if (request.range) return { kind: 'bypass', reason: 'range request' };
  if (request.mode === 'navigate') return { kind: 'navigation' };
  if (request.cache === 'reload' || request.cache === 'no-store') return { kind: 'bypass', reason: 'asks for the network' };
  return fileDecision(url.pathname, context);
}

/** The facts of a fetch event's request. */
export function factsOf(request: Request): RequestFacts {
  return {
    method: request.method,
    url: request.url,
    mode: request.mode,
    destination: request.destination,
    range: request.headers.get('range'),
    cache: request.cache,
  };
}
