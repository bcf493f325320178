import { VerifiedBasicCache } from './verified-basic-cache';

describe('VerifiedBasicCache', () => {
  it('remembers a verified pair for its lifetime only, and never another password', () => {
    let now = 1000;
    const cache = new VerifiedBasicCache(60_000, 10, () => now);
    cache.set('admin', 'secret', { adminId: 'a1', passwordHash: 'h1' });
    expect(cache.get('admin', 'secret')).toEqual({ adminId: 'a1', passwordHash: 'h1' });
    expect(cache.get('admin', 'Secret')).toBeUndefined();
    expect(cache.get('admin2', 'secret')).toBeUndefined();
    expect(cache.get('admi', 'nsecret')).toBeUndefined();
    now += 60_000;
    expect(cache.get('admin', 'secret')).toBeUndefined();
  });

  it('holds at most maxEntries pairs, dropping the oldest', () => {
    const cache = new VerifiedBasicCache(60_000, 2);
    cache.set('u', '1', { adminId: 'a', passwordHash: 'h' });
    cache.set('u', '2', { adminId: 'a', passwordHash: 'h' });
    cache.set('u', '3', { adminId: 'a', passwordHash: 'h' });
    expect(cache.get('u', '1')).toBeUndefined();
    expect(cache.get('u', '3')).toBeDefined();
  });
});
