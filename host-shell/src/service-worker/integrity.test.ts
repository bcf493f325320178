/** @jest-environment node */
import { createHash, webcrypto } from 'node:crypto';
import { matchesIntegrity, parseIntegrity } from './integrity';

const subtle = webcrypto.subtle as unknown as SubtleCrypto;
const body = new TextEncoder().encode('remote entry').buffer as ArrayBuffer;
const digest = (algorithm: string, text = 'remote entry') => createHash(algorithm).update(text).digest('base64');

describe('integrity', () => {
  it('matches sha256, sha384 and sha512 digests of the bytes', async () => {
    for (const algorithm of ['sha256', 'sha384', 'sha512']) {
      expect(await matchesIntegrity(body, `${algorithm}-${digest(algorithm)}`, subtle)).toBe(true);
      expect(await matchesIntegrity(body, `${algorithm}-${digest(algorithm, 'other')}`, subtle)).toBe(false);
    }
  });

  it('checks only the strongest algorithm listed, any of its digests may match', async () => {
    // A matching sha256 does not help when a sha512 is listed and does not match.
    expect(await matchesIntegrity(body, `sha256-${digest('sha256')} sha512-${digest('sha512', 'x')}`, subtle)).toBe(false);
    expect(await matchesIntegrity(body, `sha384-${digest('sha384', 'x')} sha384-${digest('sha384')}`, subtle)).toBe(true);
    expect(parseIntegrity(`sha256-a sha384-b md5-c`)).toEqual([{ algorithm: 'sha384', value: 'b' }]);
  });

  it('accepts base64url spelling and options after the digest', async () => {
    const url = digest('sha384').replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    expect(await matchesIntegrity(body, `sha384-${url}`, subtle)).toBe(true);
    expect(await matchesIntegrity(body, `sha384-${digest('sha384')}?ct=application/javascript`, subtle)).toBe(true);
  });

  it('matches nothing when no digest can be read', async () => {
    expect(await matchesIntegrity(body, '', subtle)).toBe(false);
    expect(await matchesIntegrity(body, `md5-${digest('md5')}`, subtle)).toBe(false);
  });
});
