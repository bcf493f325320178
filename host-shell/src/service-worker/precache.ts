// The precache: what the pinned environment needs offline, as the gateway lists it in
// /app-cache.json (the offline shell, the host's start-up scripts and icons, the public remote's
// core and the chunks of its `/` and `/paste/{slug}` pages). When the list's `key` (a fingerprint
// of the environment and every pinned package version) changes, the files are fetched, checked
// against their digests, stored in the cache of their release, and the caches of releases no
// longer pinned are deleted, so a new pin never runs beside pieces of the old one.
import { decideCaching, hostCacheName, isVersionedCache, releaseCacheName } from './cache-rules';
import { putVerified } from './storage';
import { matchesIntegrity } from './integrity';

export const APP_CACHE_PATH = '/app-cache.json';
/** Where the offline shell is kept, in the host version's cache. */
export const OFFLINE_SHELL_PATH = '/offline-shell';
/** The worker's own bookkeeping: the last precached list and its key. */
export const META_CACHE = 'cc-meta';
export const META_KEY_PATH = '/__cc/app-cache-key';
export const META_MANIFEST_PATH = '/__cc/app-cache.json';

const PARALLEL_FETCHES = 4;

export interface AppCacheFile {
  url: string;
  integrity?: string;
}

export interface AppCacheManifest {
  version: 1;
  key: string;
  environment: string;
  host: { package: string; version: string };
  shell: string;
  releases: { package: string; version: string; base: string }[];
  files: AppCacheFile[];
}

/** What the worker knows from the last precache. */
export interface PrecacheState {
  key: string | null;
  hostVersion: string | null;
  /** absolute address → integrity, for the files app-cache.json has a digest of */
  digests: Map<string, string>;
}

export interface PrecacheResult {
  key: string | null;
  /** Whether this run stored a new key (the pinned set changed and is now cached). */
  changed: boolean;
  /** Whether every file was stored or refused for good (no network failure left to retry). */
  complete: boolean;
  state: PrecacheState;
}

export interface PrecacheOptions {
  origin: string;
  fetch: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;
  caches: CacheStorage;
  subtle?: SubtleCrypto;
  warn?: (...data: unknown[]) => void;
}

function isString(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0;
}

/** Reads app-cache.json, or null when it is not one this worker understands. */
export function parseAppCache(value: unknown): AppCacheManifest | null {
  if (!value || typeof value !== 'object') return null;
  const data = value as Record<string, unknown>;
  const host = data.host as Record<string, unknown> | undefined;
  if (data.version !== 1 || !isString(data.key) || !isString(data.shell) || !host || !isString(host.package) || !isString(host.version)) {
    return null;
  }
  if (!Array.isArray(data.files) || !Array.isArray(data.releases)) return null;
  const files: AppCacheFile[] = [];
  for (const file of data.files as unknown[]) {
    const entry = file as Record<string, unknown> | null;
    if (!entry || !isString(entry.url)) return null;
    files.push(isString(entry.integrity) ? { url: entry.url, integrity: entry.integrity } : { url: entry.url });
  }
  const releases: AppCacheManifest['releases'] = [];
  for (const release of data.releases as unknown[]) {
    const entry = release as Record<string, unknown> | null;
    if (!entry || !isString(entry.package) || !isString(entry.version)) return null;
    releases.push({ package: entry.package, version: entry.version, base: isString(entry.base) ? entry.base : '' });
  }
  return {
    version: 1,
    key: data.key,
    environment: isString(data.environment) ? data.environment : '',
    host: { package: host.package, version: host.version },
    shell: data.shell,
    releases,
    files,
  };
}

export function stateOf(manifest: AppCacheManifest | null, origin: string): PrecacheState {
  const digests = new Map<string, string>();
  for (const file of manifest?.files ?? []) {
    if (!file.integrity) continue;
    try {
      digests.set(new URL(file.url, origin).href, file.integrity);
    } catch {
      /* an address that is not one cannot be requested either */
    }
  }
  return { key: manifest?.key ?? null, hostVersion: manifest?.host.version ?? null, digests };
}

/** The state the last complete precache left (nothing before the first one). */
export async function readPrecacheState(caches: CacheStorage, origin: string): Promise<PrecacheState> {
  try {
    const meta = await caches.open(META_CACHE);
    const [keyResponse, manifestResponse] = await Promise.all([
      meta.match(new URL(META_KEY_PATH, origin).href),
      meta.match(new URL(META_MANIFEST_PATH, origin).href),
    ]);
    if (!keyResponse || !manifestResponse) return stateOf(null, origin);
    const manifest = parseAppCache(await manifestResponse.json());
    const key = await keyResponse.text();
    if (!manifest || manifest.key !== key) return stateOf(null, origin);
    return stateOf(manifest, origin);
  } catch {
    return stateOf(null, origin);
  }
}

async function writeState(caches: CacheStorage, origin: string, manifest: AppCacheManifest): Promise<void> {
  const meta = await caches.open(META_CACHE);
  const headers = { 'Cache-Control': 'no-store' };
  await meta.put(
    new URL(META_MANIFEST_PATH, origin).href,
    new Response(JSON.stringify(manifest), { headers: { ...headers, 'Content-Type': 'application/json' } }),
  );
  // The key last: a key in the cache means the list beside it is complete.
  await meta.put(
    new URL(META_KEY_PATH, origin).href,
    new Response(manifest.key, { headers: { ...headers, 'Content-Type': 'text/plain' } }),
  );
}

interface PlannedFile {
  url: string;
  /** the cache key it is stored under */
  key: string;
  cacheName: string;
  cacheFirst: boolean;
  integrity?: string;
}

/** `stored`/`kept`: in the cache; `refused`: not stored, for good (digest mismatch, 4xx); `failed`: retry later. */
type FileOutcome = 'stored' | 'kept' | 'refused' | 'failed';

function planFiles(manifest: AppCacheManifest, origin: string, warn: (...data: unknown[]) => void): PlannedFile[] {
  const context = { origin, hostVersion: manifest.host.version };
  const shellUrl = new URL(manifest.shell, origin).href;
  const planned: PlannedFile[] = [
    { url: shellUrl, key: new URL(OFFLINE_SHELL_PATH, origin).href, cacheName: hostCacheName(manifest.host.version), cacheFirst: false },
  ];
  const seen = new Set<string>();
  for (const file of manifest.files) {
    let url: string;
    try {
      url = new URL(file.url, origin).href;
    } catch {
      warn(`[cloudclip sw] app-cache.json lists an invalid address: ${file.url}`);
      continue;
    }
    if (seen.has(url)) continue;
    seen.add(url);
    const decision = decideCaching({ method: 'GET', url, mode: 'cors', cache: 'default' }, context);
    if (decision.kind !== 'cache-first' && decision.kind !== 'network-first') {
      warn(`[cloudclip sw] app-cache.json lists a file the worker does not cache: ${file.url}`);
      continue;
    }
    planned.push({ url, key: url, cacheName: decision.cacheName, cacheFirst: decision.kind === 'cache-first', integrity: file.integrity });
  }
  return planned;
}

async function cacheFile(file: PlannedFile, options: PrecacheOptions, warn: (...data: unknown[]) => void): Promise<FileOutcome> {
  try {
    const cache = await options.caches.open(file.cacheName);
    if (file.cacheFirst) {
      // An immutable file already kept needs no download; one kept before its digest was known is checked now.
      const kept = await cache.match(file.key, { ignoreVary: true });
      if (kept) {
        if (!file.integrity) return 'kept';
        if (options.subtle && (await matchesIntegrity(await kept.arrayBuffer(), file.integrity, options.subtle))) return 'kept';
        await cache.delete(file.key, { ignoreVary: true });
      }
    }
    let response: Response;
    try {
      response = await options.fetch(file.url, { cache: file.cacheFirst ? 'default' : 'no-cache', credentials: 'same-origin' });
    } catch {
      return 'failed';
    }
    if (response.status >= 500) return 'failed';
    if (!response.ok) {
      warn(`[cloudclip sw] ${file.url}: HTTP ${response.status}, not cached for offline use`);
      return 'refused';
    }
    const outcome = await putVerified(cache, file.key, response, file.integrity, options.subtle);
    if (outcome === 'stored') return 'stored';
    warn(
      outcome === 'integrity-mismatch'
        ? `[cloudclip sw] ${file.url} does not match its digest in app-cache.json (${file.integrity ?? ''}); not cached`
        : `[cloudclip sw] ${file.url} may not be stored (no-store, opaque or partial); not cached`,
    );
    return 'refused';
  } catch (error) {
    warn(`[cloudclip sw] ${file.url}: cache error`, error);
    return 'failed';
  }
}

async function runAll<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  async function lane(): Promise<void> {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await work(items[index] as T);
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, () => lane()));
  return results;
}

async function precacheOnce(options: PrecacheOptions): Promise<PrecacheResult> {
  const { origin } = options;
  const warn = options.warn ?? ((...data: unknown[]) => console.warn(...data));
  const previous = await readPrecacheState(options.caches, origin);
  const response = await options.fetch(new URL(APP_CACHE_PATH, origin).href, { cache: 'no-store', credentials: 'same-origin' });
  if (!response.ok) throw new Error(`${APP_CACHE_PATH}: HTTP ${response.status}`);
  const manifest = parseAppCache(await response.json());
  if (!manifest) throw new Error(`${APP_CACHE_PATH}: not an app-cache list this worker understands`);
  if (manifest.key === previous.key) return { key: previous.key, changed: false, complete: true, state: previous };

  const files = planFiles(manifest, origin, warn);
  const outcomes = await runAll(files, PARALLEL_FETCHES, (file) => cacheFile(file, options, warn));
  if (outcomes.includes('failed')) {
    // Keep the previous set (and its key): the next run fetches what is missing.
    return { key: previous.key, changed: false, complete: false, state: previous };
  }

  const keep = new Set<string>([hostCacheName(manifest.host.version), ...files.map((file) => file.cacheName)]);
  for (const release of manifest.releases) keep.add(releaseCacheName(release.package, release.version));
  for (const name of await options.caches.keys()) {
    if (isVersionedCache(name) && !keep.has(name)) await options.caches.delete(name);
  }
  await writeState(options.caches, origin, manifest);
  return { key: manifest.key, changed: true, complete: true, state: stateOf(manifest, origin) };
}

/** A precache that runs once at a time: a call while one is running gets that run's result. */
export function createPrecacher(options: PrecacheOptions): { run: () => Promise<PrecacheResult> } {
  let running: Promise<PrecacheResult> | null = null;
  return {
    run() {
      running ??= precacheOnce(options).finally(() => {
        running = null;
      });
      return running;
    },
  };
}
