import { createHash, randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { BoundedQueue } from './bounded-queue';

/**
 * Admin password hashing.
 * New hashes: `scrypt$N$r$p$<salt base64url>$<hash base64url>` (random 16-byte salt, 64-byte key).
 * Also verified, for data imported from the reference backend (contract §2.3):
 * unsalted SHA-256 of the UTF-8 password as 64 lowercase hex characters.
 */

const SCRYPT_PARAMS = { N: 16384, r: 8, p: 1 } as const;
const KEY_LENGTH = 64;
const SALT_BYTES = 16;
const LEGACY_SHA256 = /^[0-9a-f]{64}$/;

/**
 * scrypt runs on libuv's thread pool (4 threads unless UV_THREADPOOL_SIZE says otherwise), which
 * file reads and DNS lookups share. At most two hashes run at once and 64 more may wait; beyond that
 * a hash is refused (QueueFullError → 503) instead of queuing, so a flood of password guesses cannot
 * starve downloads.
 */
export const HASH_QUEUE = new BoundedQueue(2, 64);

function scryptAsync(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return HASH_QUEUE.run(
    () =>
      new Promise<Buffer>((resolve, reject) => {
        scrypt(password, salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key)));
      }),
  );
}

function scryptMaxmem(N: number, r: number, p: number): number {
  // Node refuses when 128 * N * r (* p) exceeds maxmem (32 MiB by default); leave headroom.
  return 128 * N * r * p + 16 * 1024 * 1024;
}

export async function hashPassword(password: string): Promise<string> {
  const { N, r, p } = SCRYPT_PARAMS;
  const salt = randomBytes(SALT_BYTES);
  const key = await scryptAsync(password, salt, KEY_LENGTH, { N, r, p, maxmem: scryptMaxmem(N, r, p) });
  return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

export function isLegacyHash(stored: string): boolean {
  return LEGACY_SHA256.test(stored);
}

/** True when the stored hash should be replaced by a fresh scrypt hash after a successful login. */
export function needsRehash(stored: string): boolean {
  return !stored.startsWith('scrypt$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  if (stored.startsWith('scrypt$')) {
    const parts = stored.split('$');
    if (parts.length !== 6) return false;
    const [, nText, rText, pText, saltText, keyText] = parts as [string, string, string, string, string, string];
    const N = Number(nText);
    const r = Number(rText);
    const p = Number(pText);
    if (![N, r, p].every((n) => Number.isInteger(n) && n > 0)) return false;
    const expected = Buffer.from(keyText, 'base64url');
    if (expected.length === 0) return false;
    const actual = await scryptAsync(password, Buffer.from(saltText, 'base64url'), expected.length, {
      N,
      r,
      p,
      maxmem: scryptMaxmem(N, r, p),
    });
    return timingSafeEqual(actual, expected);
  }
  if (isLegacyHash(stored)) {
    return timingSafeEqual(Buffer.from(sha256Hex(password), 'utf8'), Buffer.from(stored, 'utf8'));
  }
  return false;
}

/** A syntactically valid hash nobody knows the password of; verifying against it costs the same as a real one. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return dummyHash;
}
