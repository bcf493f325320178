import { CacheRegistry, DIRECTORY_CACHE, PRESIGNED_URL_CACHE, TtlCache } from './cache-registry';

describe('TtlCache', () => {
  let now: number;
  const clock = () => new Date(now);
  const make = (maxItems = 10, defaultTtlSeconds = 60) => new TtlCache<string>('test', { maxItems, defaultTtlSeconds, clock });

  beforeEach(() => {
    now = Date.parse('2025-07-01T08:00:00.000Z');
  });

  it('returns a stored value until its TTL runs out, then forgets it', () => {
    const cache = make();
    cache.set('a', 'A', { ttlSeconds: 10 });
    now += 9_999;
    expect(cache.get('a')).toBe('A');
    now += 1;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('uses the default TTL when none is given and does not store with a TTL of zero', () => {
    const cache = make(10, 60);
    cache.set('a', 'A');
    cache.set('b', 'B', { ttlSeconds: 0 });
    now += 59_000;
    expect(cache.get('a')).toBe('A');
    expect(cache.get('b')).toBeUndefined();
    now += 1_000;
    expect(cache.get('a')).toBeUndefined();
  });

  it('evicts the least recently used entry beyond maxItems', () => {
    const cache = make(2);
    cache.set('a', 'A');
    cache.set('b', 'B');
    expect(cache.get('a')).toBe('A'); // a is now the most recently used
    cache.set('c', 'C');
    expect(cache.has('b')).toBe(false);
    expect(cache.has('a')).toBe(true);
    expect(cache.has('c')).toBe(true);
    expect(cache.stats().evictions).toBe(1);
  });

  it('clears by mount and by storage config, returning how many entries went', () => {
    const cache = make();
    cache.set('m1:/', 'x', { mountId: 'm1', storageConfigId: 's1' });
    cache.set('m1:/docs', 'x', { mountId: 'm1', storageConfigId: 's1' });
    cache.set('m2:/', 'x', { mountId: 'm2', storageConfigId: 's1' });
    cache.set('m3:/', 'x', { mountId: 'm3', storageConfigId: 's2' });
    cache.set('untagged', 'x');
    expect(cache.clearByMount('m1')).toBe(2);
    expect(cache.clearByMount('m1')).toBe(0);
    expect(cache.clearByStorageConfig('s1')).toBe(1);
    expect(cache.clearAll()).toBe(2);
    expect(cache.size).toBe(0);
    expect(cache.stats()).toMatchObject({ cleared: 5, invalidations: 4, cacheSize: 0 });
  });

  it('counts hits, misses and the hit rate in percent', () => {
    const cache = make();
    cache.set('a', 'A');
    cache.get('a');
    cache.get('a');
    cache.get('missing');
    expect(cache.stats()).toMatchObject({ hits: 2, misses: 1, hitRate: 66.67, size: 1, validItems: 1, expiredItems: 0 });
  });

  it('reports expired entries that were not swept yet and sweeps them', () => {
    const cache = make();
    cache.set('short', 'x', { ttlSeconds: 1 });
    cache.set('long', 'x', { ttlSeconds: 100 });
    now += 2_000;
    expect(cache.stats()).toMatchObject({ size: 2, validItems: 1, expiredItems: 1 });
    expect(cache.stats()).toMatchObject({ cacheSize: 2, expired: 1, pruned: 0 });
    expect(cache.sweep()).toBe(1);
    expect(cache.stats()).toMatchObject({ size: 1, validItems: 1, expiredItems: 0, cacheSize: 1, expired: 0, pruned: 1 });
  });

  it('counts an expired entry removed when it is read as pruned', () => {
    const cache = make();
    cache.set('short', 'x', { ttlSeconds: 1 });
    now += 2_000;
    expect(cache.get('short')).toBeUndefined();
    expect(cache.stats()).toMatchObject({ pruned: 1, misses: 1, cacheSize: 0 });
  });

  it('replaces an entry set again under the same key, with the new tags', () => {
    const cache = make();
    cache.set('k', 'old', { mountId: 'm1' });
    cache.set('k', 'new', { mountId: 'm2' });
    expect(cache.size).toBe(1);
    expect(cache.clearByMount('m1')).toBe(0);
    expect(cache.get('k')).toBe('new');
    expect(cache.clearByMount('m2')).toBe(1);
  });
});

describe('CacheRegistry', () => {
  const clock = () => new Date('2025-07-01T08:00:00.000Z');

  it('has the directory and presigned-URL caches under the names the stats endpoint reports', () => {
    const registry = new CacheRegistry(clock);
    expect(registry.names()).toEqual([DIRECTORY_CACHE, PRESIGNED_URL_CACHE]);
    expect(registry.get('directory')).toBe(registry.directory);
    expect(registry.get('s3Url')).toBe(registry.presignedUrls);
    expect(Object.keys(registry.stats())).toEqual(['directory', 's3Url']);
  });

  it('clears a mount or a storage config across every cache and sums the counts', () => {
    const registry = new CacheRegistry(clock);
    registry.directory.set('m1:/', [], { mountId: 'm1', storageConfigId: 's1' });
    registry.directory.set('m2:/', [], { mountId: 'm2', storageConfigId: 's2' });
    registry.presignedUrls.set('s1:a.txt', 'https://u/1', { mountId: 'm1', storageConfigId: 's1' });
    registry.presignedUrls.set('s1:b.txt', 'https://u/2', { storageConfigId: 's1' });
    registry.presignedUrls.set('s2:c.txt', 'https://u/3', { storageConfigId: 's2' });
    expect(registry.clearByMount('m1')).toBe(2);
    expect(registry.clearByStorageConfig('s1')).toBe(1);
    expect(registry.clearAll()).toBe(2);
    expect(registry.clearAll()).toBe(0);
  });

  it('refuses two caches with the same name', () => {
    const registry = new CacheRegistry(clock);
    expect(() => registry.register(new TtlCache('directory', { maxItems: 1, defaultTtlSeconds: 1, clock }))).toThrow(/directory/);
    const extra = registry.register(new TtlCache<number>('thumbnails', { maxItems: 1, defaultTtlSeconds: 1, clock }));
    extra.set('x', 1, { mountId: 'm9' });
    expect(registry.clearByMount('m9')).toBe(1);
  });

  it('takes size and TTL overrides per cache', () => {
    const registry = new CacheRegistry(clock, { directory: { maxItems: 3, defaultTtlSeconds: 30 } });
    expect(registry.stats().directory).toMatchObject({ maxItems: 3, defaultTtlSeconds: 30 });
    expect(registry.stats().s3Url).toMatchObject({ maxItems: 5000 });
  });
});
