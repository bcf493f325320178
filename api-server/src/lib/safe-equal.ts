import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Compares two secrets (key values, tokens) in time independent of where they differ and of
 * their lengths: both sides are hashed to fixed-size digests first.
 */
export function constantTimeEqual(a: string, b: string): boolean {
  const left = createHash('sha256').update(a, 'utf8').digest();
  const right = createHash('sha256').update(b, 'utf8').digest();
  return timingSafeEqual(left, right);
}
