import { randomBytes } from 'node:crypto';

export const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * `length` characters drawn uniformly from `alphabet` with a CSPRNG.
 * Bytes at or above the largest multiple of the alphabet size are rejected,
 * so there is no modulo bias.
 */
export function randomString(length: number, alphabet: string = ALPHANUMERIC): string {
  if (alphabet.length < 2 || alphabet.length > 256) {
    throw new RangeError('alphabet must have between 2 and 256 characters');
  }
  const limit = 256 - (256 % alphabet.length);
  let result = '';
  while (result.length < length) {
    const bytes = randomBytes(Math.max(16, (length - result.length) * 2));
    for (const byte of bytes) {
      if (byte >= limit) continue;
      result += alphabet[byte % alphabet.length];
      if (result.length === length) break;
    }
  }
  return result;
}
