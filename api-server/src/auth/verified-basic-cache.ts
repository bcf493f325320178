import { createHmac, randomBytes } from 'node:crypto';

/**
 * Admin Basic credentials that verified recently. WebDAV clients send the username and password
 * with every request; hashing the password (scrypt, lib/password-hash.ts) each time would cost a
 * few tens of milliseconds per request and fill the hash queue under a file manager's bursts.
 *
 * An entry is keyed by an HMAC of username and password under a key made at start-up (the
 * password itself is never kept) and remembers which admin it was and that admin's stored hash.
 * It is honoured only while the admin's row still has that same hash, so a password change ends
 * it at once; otherwise it lasts `ttlMs`.
 */
export interface VerifiedBasic {
  adminId: string;
  passwordHash: string;
}

export class VerifiedBasicCache {
  private readonly key = randomBytes(32);
  private readonly entries = new Map<string, VerifiedBasic & { until: number }>();

  constructor(
    private readonly ttlMs = 5 * 60_000,
    private readonly maxEntries = 1000,
    private readonly now: () => number = Date.now,
  ) {}

  private digest(username: string, password: string): string {
    return createHmac('sha256', this.key).update(username).update('\u0000').update(password).digest('base64url');
  }

  get(username: string, password: string): VerifiedBasic | undefined {
    const id = this.digest(username, password);
    const entry = this.entries.get(id);
    if (!entry) return undefined;
    if (entry.until <= this.now()) {
      this.entries.delete(id);
      return undefined;
    }
    return { adminId: entry.adminId, passwordHash: entry.passwordHash };
  }

  set(username: string, password: string, verified: VerifiedBasic): void {
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(this.digest(username, password), { ...verified, until: this.now() + this.ttlMs });
  }
}
