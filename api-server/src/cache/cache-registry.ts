import type { CacheCounters } from '@cloudclip/contract';
import type { Clock } from '../lib/time';
import type { CacheInvalidation } from './invalidation-bus';

/**
 * Small in-process caches with a TTL, a size bound (least recently used entries go first) and
 * tags, so that one call can drop everything belonging to a mount or a storage config.
 *
 * They are caches only, never the source of truth (docs: architecture "Scale"): with several
 * api-server instances each holds its own copy. Every clear by mount, by storage config or of
 * everything (writes through the API, the cache endpoints) is applied here and handed to the
 * registry's announcer, the invalidation bus (./invalidation-bus.ts), which applies it on the
 * other instances too. `clearWhere` with a predicate of its own stays local.
 */

/** What an entry belongs to; clear-by-mount / clear-by-config match these. */
export interface CacheTags {
  mountId?: string;
  storageConfigId?: string;
}

export interface CacheSetOptions extends CacheTags {
  /** Lifetime in seconds; default: the cache's `defaultTtlSeconds`. 0 or less: not stored. */
  ttlSeconds?: number;
}

export interface TtlCacheOptions {
  /** At most this many entries; the least recently used is evicted beyond it. */
  maxItems: number;
  defaultTtlSeconds: number;
  clock: Clock;
}

/** What one cache reports: every counter of the contract's CacheCounters, Cloudclip's included. */
export type TtlCacheStats = Required<CacheCounters>;

interface Entry<V> {
  value: V;
  expiresAt: number;
  tags: CacheTags;
}

/**
 * The clears a cache and the registry both offer (by mount, by storage config, everything). Each is
 * applied here (`apply`) and handed to the announcer given to `announceTo` (the invalidation bus),
 * which applies it on the other instances; each returns how many entries went here.
 */
abstract class AnnouncedClears {
  private announcer: (invalidation: CacheInvalidation) => void = () => undefined;

  /** Applies a clear here only (one another instance made, or one made here); returns how many entries went. */
  abstract apply(invalidation: CacheInvalidation): number;

  /** What is announced of a clear made here (as it is, unless a subclass adds to it). */
  protected announced(invalidation: CacheInvalidation): CacheInvalidation {
    return invalidation;
  }

  /** Where the clears made here are announced from now on (a cache's: its registry; the registry's: the bus). */
  announceTo(announce: (invalidation: CacheInvalidation) => void): void {
    this.announcer = announce;
  }

  protected announce(invalidation: CacheInvalidation): void {
    this.announcer(invalidation);
  }

  /** Removes the entries tagged with this mount, here and on the other instances. */
  clearByMount(mountId: string): number {
    return this.clearEverywhere({ scope: 'mount', mountId });
  }

  /** Removes the entries tagged with this storage config, here and on the other instances. */
  clearByStorageConfig(storageConfigId: string): number {
    return this.clearEverywhere({ scope: 'storageConfig', storageConfigId });
  }

  /** Removes everything, here and on the other instances (here, expired entries count too). */
  clearAll(): number {
    return this.clearEverywhere({ scope: 'all' });
  }

  private clearEverywhere(invalidation: CacheInvalidation): number {
    const count = this.apply(invalidation);
    this.announce(this.announced(invalidation));
    return count;
  }
}

export class TtlCache<V> extends AnnouncedClears {
  private readonly entries = new Map<string, Entry<V>>();
  private hits = 0;
  private misses = 0;
  private evictions = 0;
  private cleared = 0;
  private invalidations = 0;
  private pruned = 0;

  constructor(
    readonly name: string,
    private readonly options: TtlCacheOptions,
  ) {
    super();
    if (!Number.isInteger(options.maxItems) || options.maxItems < 1) throw new Error('maxItems must be a positive integer');
  }

  /** The live value, or undefined (missing or expired; an expired entry is removed). */
  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) {
      this.misses += 1;
      return undefined;
    }
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      this.misses += 1;
      this.pruned += 1;
      return undefined;
    }
    // most recently used goes to the end of the Map's insertion order
    this.entries.delete(key);
    this.entries.set(key, entry);
    this.hits += 1;
    return entry.value;
  }

  /** True when a live entry exists; does not count as a hit or miss. */
  has(key: string): boolean {
    const entry = this.entries.get(key);
    return entry !== undefined && entry.expiresAt > this.now();
  }

  set(key: string, value: V, options: CacheSetOptions = {}): void {
    const ttlSeconds = options.ttlSeconds ?? this.options.defaultTtlSeconds;
    this.entries.delete(key);
    if (!(ttlSeconds > 0)) return;
    const tags: CacheTags = {};
    if (options.mountId !== undefined) tags.mountId = options.mountId;
    if (options.storageConfigId !== undefined) tags.storageConfigId = options.storageConfigId;
    this.entries.set(key, { value, expiresAt: this.now() + ttlSeconds * 1000, tags });
    while (this.entries.size > this.options.maxItems) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
      this.evictions += 1;
    }
  }

  delete(key: string): boolean {
    return this.entries.delete(key);
  }

  /** A clear made in this cache is announced with its name, so the other instances clear this cache only. */
  protected override announced(invalidation: CacheInvalidation): CacheInvalidation {
    return { ...invalidation, cache: this.name };
  }

  /** Applies a clear here only (one another instance made, or the registry's own); returns how many entries went. */
  apply(invalidation: CacheInvalidation): number {
    switch (invalidation.scope) {
      case 'mount':
        return this.clearWhere((tags) => tags.mountId === invalidation.mountId);
      case 'storageConfig':
        return this.clearWhere((tags) => tags.storageConfigId === invalidation.storageConfigId);
      case 'all': {
        const count = this.entries.size;
        this.entries.clear();
        this.cleared += count;
        this.invalidations += 1;
        return count;
      }
    }
  }

  clearWhere(predicate: (tags: CacheTags, key: string) => boolean): number {
    let count = 0;
    for (const [key, entry] of this.entries) {
      if (predicate(entry.tags, key)) {
        this.entries.delete(key);
        count += 1;
      }
    }
    this.cleared += count;
    this.invalidations += 1;
    return count;
  }

  /** Drops expired entries; returns how many. */
  sweep(): number {
    const now = this.now();
    let count = 0;
    for (const [key, entry] of this.entries) {
      if (entry.expiresAt <= now) {
        this.entries.delete(key);
        count += 1;
      }
    }
    this.pruned += count;
    return count;
  }

  get size(): number {
    return this.entries.size;
  }

  stats(): TtlCacheStats {
    const now = this.now();
    let expired = 0;
    for (const entry of this.entries.values()) if (entry.expiresAt <= now) expired += 1;
    const lookups = this.hits + this.misses;
    return {
      size: this.entries.size,
      validItems: this.entries.size - expired,
      expiredItems: expired,
      maxItems: this.options.maxItems,
      defaultTtlSeconds: this.options.defaultTtlSeconds,
      hits: this.hits,
      misses: this.misses,
      hitRate: lookups === 0 ? 0 : Math.round((this.hits / lookups) * 10000) / 100,
      evictions: this.evictions,
      cleared: this.cleared,
      cacheSize: this.entries.size,
      expired,
      invalidations: this.invalidations,
      pruned: this.pruned,
    };
  }

  private now(): number {
    return this.options.clock().getTime();
  }
}

/** Names of the standard caches, as reported by `GET /api/admin/cache/stats` (`data.cache.<name>`). */
export const DIRECTORY_CACHE = 'directory';
export const PRESIGNED_URL_CACHE = 's3Url';

/** Directory listings: per mount, `cache_ttl` of the mount (contract §5.6 / §5.9). */
export const DEFAULT_DIRECTORY_CACHE_OPTIONS = { maxItems: 1000, defaultTtlSeconds: 300 } as const;
/** Presigned URLs: per storage config, a little shorter than the URL's own lifetime. */
export const DEFAULT_PRESIGNED_URL_CACHE_OPTIONS = { maxItems: 5000, defaultTtlSeconds: 3000 } as const;

/**
 * The app's named caches. The file-system routes fill them:
 *
 *   registry.directory.set(`${mount.id}:${path}`, listing, { mountId: mount.id, storageConfigId, ttlSeconds: mount.cache_ttl })
 *   registry.presignedUrls.set(`${configId}:${key}:${inline}`, url, { storageConfigId: configId, mountId, ttlSeconds })
 *
 * and writes invalidate with `clearByMount`. The clear operations return how many entries went
 * (here). Each clear is also handed, once, to the function given to `announceTo` (the container
 * gives the invalidation bus's publish); `apply` runs a clear another instance announced.
 */
export class CacheRegistry extends AnnouncedClears {
  readonly directory: TtlCache<unknown>;
  readonly presignedUrls: TtlCache<string>;
  private readonly caches = new Map<string, TtlCache<unknown>>();

  constructor(
    clock: Clock,
    options: {
      directory?: Partial<Omit<TtlCacheOptions, 'clock'>>;
      presignedUrls?: Partial<Omit<TtlCacheOptions, 'clock'>>;
    } = {},
  ) {
    super();
    this.directory = this.register(
      new TtlCache<unknown>(DIRECTORY_CACHE, { ...DEFAULT_DIRECTORY_CACHE_OPTIONS, ...options.directory, clock }),
    );
    this.presignedUrls = this.register(
      new TtlCache<string>(PRESIGNED_URL_CACHE, { ...DEFAULT_PRESIGNED_URL_CACHE_OPTIONS, ...options.presignedUrls, clock }),
    );
  }

  /** Adds a named cache (names are unique); returns it. */
  register<V>(cache: TtlCache<V>): TtlCache<V> {
    if (this.caches.has(cache.name)) throw new Error(`A cache named ${cache.name} is registered already`);
    this.caches.set(cache.name, cache as TtlCache<unknown>);
    cache.announceTo((invalidation) => this.announce(invalidation));
    return cache;
  }

  get(name: string): TtlCache<unknown> | undefined {
    return this.caches.get(name);
  }

  names(): string[] {
    return [...this.caches.keys()];
  }

  // clearByMount, clearByStorageConfig, clearAll (AnnouncedClears): in every cache. Clears made
  // through the caches are announced through the registry's announcer too (see register).

  /** Applies a clear here only: in the cache it names (none when unknown here), else in every cache. */
  apply(invalidation: CacheInvalidation): number {
    if (invalidation.cache !== undefined) return this.caches.get(invalidation.cache)?.apply(invalidation) ?? 0;
    return this.sum((cache) => cache.apply(invalidation));
  }

  stats(): Record<string, TtlCacheStats> {
    const result: Record<string, TtlCacheStats> = {};
    for (const [name, cache] of this.caches) result[name] = cache.stats();
    return result;
  }

  private sum(clear: (cache: TtlCache<unknown>) => number): number {
    let total = 0;
    for (const cache of this.caches.values()) total += clear(cache);
    return total;
  }
}
