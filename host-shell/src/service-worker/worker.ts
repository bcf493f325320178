// The service worker's behaviour, apart from the global it runs in (sw.ts wires it to the events),
// so it can be tested with stand-ins for caches, fetch and the pages.
import { decideCaching, factsOf, hostCacheName, type CacheDecision } from './cache-rules';
import { offlineFallbackResponse, offlineShellResponse } from './offline-fallback';
import { createPrecacher, OFFLINE_SHELL_PATH, readPrecacheState, type PrecacheState } from './precache';
import { handleShareTarget } from './share-target';
import { putVerified } from './storage';

/** At most one precache check per this interval after page loads. */
export const PRECACHE_THROTTLE_MS = 30_000;

export const STATUS_MESSAGE = 'cc:status';
export const PRECACHED_MESSAGE = 'cc:precached';

/** The worker's answer to `{ type: 'cc:status' }`. */
export interface StatusReply {
  type: typeof STATUS_MESSAGE;
  /** The key of the precached set (app-cache.json), null before the first complete precache. */
  key: string | null;
  precached: boolean;
}

/** Posted to every page after a precache stored a new set. */
export interface PrecachedMessage {
  type: typeof PRECACHED_MESSAGE;
  key: string;
}

interface MessageTarget {
  postMessage(message: unknown): void;
}

export interface WorkerOptions {
  origin: string;
  caches: CacheStorage;
  fetch: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;
  subtle?: SubtleCrypto;
  /** The pages of this origin (Clients.matchAll). */
  windows: () => Promise<readonly MessageTarget[]>;
  /** navigator.language, for the built-in offline page. */
  language: () => string | undefined;
  now?: () => number;
  warn?: (...data: unknown[]) => void;
}

type WaitUntil = (promise: Promise<unknown>) => void;

export function createWorker(options: WorkerOptions) {
  const { origin, caches } = options;
  const now = options.now ?? (() => Date.now());
  const warn = options.warn ?? ((...data: unknown[]) => console.warn(...data));
  let state: PrecacheState = { key: null, hostVersion: null, digests: new Map() };
  const ready = readPrecacheState(caches, origin).then((read) => {
    // A precache that finished first knows better.
    if (state.key === null) state = read;
  });
  const precacher = createPrecacher({ origin, caches, fetch: options.fetch, subtle: options.subtle, warn });
  let lastCheck = Number.NEGATIVE_INFINITY;

  async function broadcast(message: PrecachedMessage): Promise<void> {
    for (const page of await options.windows()) {
      try {
        page.postMessage(message);
      } catch {
        /* a page that is going away */
      }
    }
  }

  /** Runs the precache now (coalesced); never rejects. */
  async function precache(): Promise<void> {
    lastCheck = now();
    try {
      await ready;
      const result = await precacher.run();
      state = result.state;
      if (result.changed && result.key) await broadcast({ type: PRECACHED_MESSAGE, key: result.key });
    } catch (error) {
      // Offline, or the gateway has no list: the next page load tries again.
      warn('[cloudclip sw] precache skipped:', error instanceof Error ? error.message : error);
    }
  }

  /** The precache, at most once per PRECACHE_THROTTLE_MS. */
  function maybePrecache(): Promise<void> {
    if (now() - lastCheck < PRECACHE_THROTTLE_MS) return Promise.resolve();
    return precache();
  }

  async function status(): Promise<StatusReply> {
    await ready;
    return { type: STATUS_MESSAGE, key: state.key, precached: state.key !== null };
  }

  function decide(request: Request): CacheDecision {
    return decideCaching(factsOf(request), { origin, hostVersion: state.hostVersion });
  }

  async function openCache(name: string): Promise<Cache | null> {
    try {
      return await caches.open(name);
    } catch {
      return null;
    }
  }

  async function cachedCopy(cacheName: string, request: Request | string): Promise<Response | undefined> {
    try {
      const cache = await openCache(cacheName);
      return (await cache?.match(request, { ignoreVary: true })) ?? (await caches.match(request, { ignoreVary: true }));
    } catch {
      return undefined;
    }
  }

  async function store(cacheName: string, request: Request, copy: Response): Promise<void> {
    try {
      const cache = await openCache(cacheName);
      if (!cache) return;
      const integrity = request.integrity || state.digests.get(request.url);
      const outcome = await putVerified(cache, request, copy, integrity, options.subtle);
      if (outcome === 'integrity-mismatch') warn(`[cloudclip sw] ${request.url} does not match its digest; not cached`);
    } catch (error) {
      warn(`[cloudclip sw] ${request.url}: not cached`, error);
    }
  }

  async function navigation(request: Request, waitUntil: WaitUntil): Promise<Response> {
    let response: Response;
    try {
      response = await options.fetch(request);
    } catch (error) {
      const shell = await offlineShell();
      if (shell) return shell;
      warn('[cloudclip sw] offline and no shell kept:', error instanceof Error ? error.message : error);
      return offlineFallbackResponse(options.language());
    }
    // The server answered: a good moment to see whether the pinned set changed.
    waitUntil(maybePrecache());
    return response;
  }

  async function offlineShell(): Promise<Response | null> {
    try {
      await ready;
      const cached = await cachedCopy(hostCacheName(state.hostVersion), new URL(OFFLINE_SHELL_PATH, origin).href);
      return cached ? await offlineShellResponse(cached) : null;
    } catch {
      return null;
    }
  }

  async function cacheFirst(request: Request, cacheName: string, waitUntil: WaitUntil): Promise<Response> {
    try {
      const cached = await (await openCache(cacheName))?.match(request, { ignoreVary: true });
      if (cached) return cached;
    } catch {
      /* a broken cache never breaks the page: the network answers */
    }
    const response = await options.fetch(request);
    waitUntil(store(cacheName, request, response.clone()));
    return response;
  }

  async function networkFirst(request: Request, cacheName: string, waitUntil: WaitUntil): Promise<Response> {
    try {
      const response = await options.fetch(request);
      waitUntil(store(cacheName, request, response.clone()));
      return response;
    } catch (error) {
      const cached = await cachedCopy(cacheName, request);
      if (cached) return cached;
      throw error;
    }
  }

  /**
   * The answer to a fetch event the rules handle (`decision` is not `bypass`). The host cache's
   * name depends on the version the worker has read, so the decision is made again once it has.
   */
  async function respond(request: Request, waitUntil: WaitUntil): Promise<Response> {
    await ready;
    const decision = decide(request);
    switch (decision.kind) {
      case 'share-target':
        return handleShareTarget(request, origin);
      case 'navigation':
        return navigation(request, waitUntil);
      case 'cache-first':
        return cacheFirst(request, decision.cacheName, waitUntil);
      case 'network-first':
        return networkFirst(request, decision.cacheName, waitUntil);
      case 'bypass':
        return options.fetch(request);
    }
  }

  /** Handles a page's message; answers `cc:status` through `reply`. */
  async function message(data: unknown, reply: (message: StatusReply) => void): Promise<void> {
    if (!data || typeof data !== 'object' || (data as { type?: unknown }).type !== STATUS_MESSAGE) return;
    reply(await status());
  }

  return { decide, respond, precache, maybePrecache, status, message, ready };
}

export type CloudclipWorker = ReturnType<typeof createWorker>;
