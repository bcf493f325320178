import { LocalUrlSigner, normalizeContentType } from './local-url-signer';

describe('local URL signer', () => {
  let now = new Date('2025-07-01T08:00:00.000Z');
  const signer = new LocalUrlSigner(Buffer.alloc(32, 1), () => now);

  function queryOf(url: string): Record<string, string> {
    return Object.fromEntries(new URL(url, 'http://x').searchParams.entries());
  }

  beforeEach(() => {
    now = new Date('2025-07-01T08:00:00.000Z');
  });

  it('accepts its own PUT URL with the signed content type, case and spacing aside', () => {
    const url = signer.buildUrl({
      configId: 'c',
      key: 'a/b.txt',
      expiresIn: 60,
      operation: { method: 'PUT', contentType: 'text/plain; charset=utf-8' },
    });
    const check = (contentType: string | undefined) =>
      signer.verify({ method: 'PUT', configId: 'c', key: 'a/b.txt', query: queryOf(url), contentType });
    expect(check('Text/Plain;charset=UTF-8')).toMatchObject({ ok: true, operation: { method: 'PUT' } });
    expect(check('text/html')).toEqual({ ok: false, reason: 'mismatch' });
    expect(check(undefined)).toEqual({ ok: false, reason: 'mismatch' });
  });

  it('tells an expired URL from a forged one, and a malformed one from both', () => {
    const url = signer.buildUrl({
      configId: 'c',
      key: 'k',
      expiresIn: 60,
      operation: { method: 'GET', disposition: 'inline', filename: 'k' },
    });
    const query = queryOf(url);
    const verify = (q: Record<string, unknown>, key = 'k') =>
      signer.verify({ method: 'GET', configId: 'c', key, query: q, contentType: undefined });
    expect(verify(query)).toMatchObject({ ok: true });
    expect(verify(query, 'other')).toEqual({ ok: false, reason: 'mismatch' });
    expect(verify({ ...query, signature: 'zz' })).toEqual({ ok: false, reason: 'malformed' });
    expect(verify({ ...query, expires: '-1' })).toEqual({ ok: false, reason: 'malformed' });
    now = new Date(now.getTime() + 61_000);
    expect(verify(query)).toEqual({ ok: false, reason: 'expired' });
  });

  it('does not accept a signature made with another key', () => {
    const other = new LocalUrlSigner(Buffer.alloc(32, 2), () => now);
    const url = other.buildUrl({ configId: 'c', key: 'k', expiresIn: 60, operation: { method: 'PUT', contentType: 'a/b' } });
    expect(signer.verify({ method: 'PUT', configId: 'c', key: 'k', query: queryOf(url), contentType: 'a/b' })).toEqual({
      ok: false,
      reason: 'mismatch',
    });
  });

  it('normalises content types for comparison only', () => {
    expect(normalizeContentType(' Text/HTML ; Charset=UTF-8 ')).toBe('text/html;charset=utf-8');
  });
});
