import { CacheRegistry } from './cache-registry';
import { invalidationChannel, invalidationPayload, MAX_PAYLOAD_BYTES, parseInvalidation, type CacheInvalidation } from './invalidation-bus';

const clock = () => new Date('2026-01-01T00:00:00Z');

/** Two registries joined the way the bus joins two replicas: what one announces, the other applies. */
function twoReplicas(): { a: CacheRegistry; b: CacheRegistry; sent: CacheInvalidation[] } {
  const a = new CacheRegistry(clock);
  const b = new CacheRegistry(clock);
  const sent: CacheInvalidation[] = [];
  a.announceTo((invalidation) => {
    // Through JSON, as over NOTIFY.
    const received = parseInvalidation(JSON.parse(JSON.stringify(invalidation)));
    if (received === null) throw new Error('unreadable invalidation');
    sent.push(received);
    b.apply(received);
  });
  return { a, b, sent };
}

describe('cache clears announced to the other replicas', () => {
  it('a mount clear of one cache clears that cache only on the other replica', () => {
    const { a, b, sent } = twoReplicas();
    b.directory.set('m1:/', 'listing', { mountId: 'm1' });
    b.presignedUrls.set('m1:link', 'url', { mountId: 'm1' });
    b.directory.set('m2:/', 'other', { mountId: 'm2' });

    a.directory.clearByMount('m1');

    expect(sent).toEqual([{ scope: 'mount', mountId: 'm1', cache: 'directory' }]);
    expect(b.directory.get('m1:/')).toBeUndefined();
    expect(b.directory.get('m2:/')).toBe('other');
    expect(b.presignedUrls.get('m1:link')).toBe('url');
  });

  it('a registry clear is announced once and clears every cache on the other replica', () => {
    const { a, b, sent } = twoReplicas();
    b.directory.set('d', 'listing', { storageConfigId: 'c1' });
    b.presignedUrls.set('u', 'url', { storageConfigId: 'c1' });
    b.presignedUrls.set('v', 'url', { storageConfigId: 'c2' });

    a.clearByStorageConfig('c1');
    expect(sent).toEqual([{ scope: 'storageConfig', storageConfigId: 'c1' }]);
    expect(b.directory.size).toBe(0);
    expect(b.presignedUrls.get('v')).toBe('url');

    a.clearAll();
    expect(sent).toHaveLength(2);
    expect(b.presignedUrls.size).toBe(0);
  });

  it('applying a received clear does not announce it again (no echo between replicas)', () => {
    const { b } = twoReplicas();
    const echoed: CacheInvalidation[] = [];
    b.announceTo((invalidation) => echoed.push(invalidation));
    b.apply({ scope: 'all' });
    b.apply({ scope: 'mount', mountId: 'm', cache: 'directory' });
    expect(echoed).toEqual([]);
  });

  it('a clear naming a cache this replica does not have clears nothing', () => {
    const { b } = twoReplicas();
    b.directory.set('k', 'v', { mountId: 'm' });
    expect(b.apply({ scope: 'mount', mountId: 'm', cache: 'unknown' })).toBe(0);
    expect(b.directory.get('k')).toBe('v');
  });
});

describe('invalidation payloads', () => {
  it('reads back what it writes and rejects anything else', () => {
    expect(parseInvalidation({ scope: 'mount', mountId: 'm', cache: 'directory' })).toEqual({
      scope: 'mount',
      mountId: 'm',
      cache: 'directory',
    });
    expect(parseInvalidation({ scope: 'all' })).toEqual({ scope: 'all' });
    expect(parseInvalidation({ scope: 'mount' })).toBeNull();
    expect(parseInvalidation({ scope: 'storageConfig', storageConfigId: '' })).toBeNull();
    expect(parseInvalidation({ scope: 'all', cache: 3 })).toBeNull();
    expect(parseInvalidation({ scope: 'drop' })).toBeNull();
    expect(parseInvalidation('all')).toBeNull();
  });

  it('sends a clear too long for NOTIFY as a clear of everything', () => {
    const small = JSON.parse(invalidationPayload('me', { scope: 'mount', mountId: 'm1' }));
    expect(small).toEqual({ v: 1, from: 'me', inv: { scope: 'mount', mountId: 'm1' } });
    const huge = invalidationPayload('me', { scope: 'mount', mountId: 'x'.repeat(MAX_PAYLOAD_BYTES) });
    expect(Buffer.byteLength(huge)).toBeLessThanOrEqual(MAX_PAYLOAD_BYTES);
    expect(JSON.parse(huge)).toEqual({ v: 1, from: 'me', inv: { scope: 'all' } });
  });

  it('names one channel per schema, within PostgreSQL identifier length', () => {
    expect(invalidationChannel('public')).toBe('cloudclip_invalidate.public');
    expect(invalidationChannel('a')).not.toBe(invalidationChannel('b'));
    const long = invalidationChannel('s'.repeat(63));
    expect(Buffer.byteLength(long)).toBeLessThanOrEqual(63);
    expect(long).not.toBe(invalidationChannel(`${'s'.repeat(62)}t`));
  });
});
