import type { ApiKeyPrincipal, AuthContext } from '../auth/auth-context';
import { ANONYMOUS } from '../auth/auth-context';
import type { ApiKeyRow } from '../db/schema';
import { parseTimestamp, toIso, type Clock } from '../lib/time';
import type { AdminTokenRepository } from '../repositories/admin-token-repository';
import type { ApiKeyRepository } from '../repositories/api-key-repository';
import type { AdminAccountService } from './admin-account-service';
import type { AdminRepository } from '../repositories/admin-repository';
import { VerifiedBasicCache } from '../auth/verified-basic-cache';

export function toApiKeyPrincipal(row: ApiKeyRow): ApiKeyPrincipal {
  return {
    id: row.id,
    name: row.name,
    key: row.key,
    basicPath: row.basic_path,
    permissions: {
      text: Boolean(row.text_permission),
      file: Boolean(row.file_permission),
      mount: Boolean(row.mount_permission),
    },
    expiresAt: row.expires_at,
  };
}

/** The scheme (lower case) and the credentials of an Authorization header, or null when it has no such form. */
export function parseAuthorization(authorization: string | undefined): { scheme: string; credentials: string } | null {
  const match = /^\s*(\S+)\s+(\S.*?)\s*$/.exec(authorization ?? '');
  return match ? { scheme: (match[1] as string).toLowerCase(), credentials: match[2] as string } : null;
}

/** User and password of Basic credentials (base64 of `user:password`), or null without a colon. */
export function decodeBasic(encoded: string): { user: string; pass: string } | null {
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? null : { user: decoded.slice(0, colon), pass: decoded.slice(colon + 1) };
}

/**
 * Turns an Authorization header into the caller (contract §2.1, 2.2, 2.4):
 * `Bearer <token>` → admin; `ApiKey <key>` → key; `Basic base64(user:pass)` → admin, or the key
 * when user = pass = a key value with the mount permission. Everything else is anonymous.
 * Expired tokens and keys are deleted when presented; a key that authenticates gets `last_used`.
 */
export class AuthService {
  constructor(
    private readonly tokens: AdminTokenRepository,
    private readonly apiKeys: ApiKeyRepository,
    private readonly adminAccounts: AdminAccountService,
    private readonly clock: Clock,
    /** With it, admin Basic credentials verified recently skip the password hash (auth/verified-basic-cache.ts). */
    private readonly basicCache?: { cache: VerifiedBasicCache; admins: AdminRepository },
  ) {}

  async resolve(authorization: string | undefined): Promise<AuthContext> {
    // U+0000 never belongs to a credential, and PostgreSQL fails any query that carries one.
    if (!authorization || authorization.includes('\u0000')) return ANONYMOUS;
    const parsed = parseAuthorization(authorization);
    if (!parsed) return ANONYMOUS;
    const { scheme, credentials } = parsed;
    switch (scheme) {
      case 'bearer':
        return this.resolveBearer(credentials);
      case 'apikey':
        return this.resolveApiKey(credentials, false);
      case 'basic':
        return this.resolveBasic(credentials);
      default:
        return ANONYMOUS;
    }
  }

  private async resolveBearer(token: string): Promise<AuthContext> {
    const row = await this.tokens.findByToken(token);
    if (!row) return ANONYMOUS;
    const expiresAt = parseTimestamp(row.expires_at);
    if (expiresAt === null || expiresAt.getTime() <= this.clock().getTime()) {
      await this.tokens.delete(token);
      return ANONYMOUS;
    }
    return { kind: 'admin', adminId: row.admin_id, token };
  }

  private async resolveApiKey(key: string, requireMount: boolean): Promise<AuthContext> {
    const row = await this.apiKeys.findByKey(key);
    if (!row) return ANONYMOUS;
    const now = this.clock();
    const expiresAt = parseTimestamp(row.expires_at);
    if (expiresAt === null) return ANONYMOUS; // unreadable expiry: refuse, but do not destroy data
    if (expiresAt.getTime() <= now.getTime()) {
      await this.apiKeys.deleteById(row.id);
      return ANONYMOUS;
    }
    if (requireMount && !row.mount_permission) return ANONYMOUS;
    await this.apiKeys.touchLastUsed(row.id, toIso(now));
    return { kind: 'apiKey', key: toApiKeyPrincipal(row) };
  }

  private async resolveBasic(encoded: string): Promise<AuthContext> {
    const basic = decodeBasic(encoded);
    if (!basic || basic.user.includes('\u0000') || basic.pass.includes('\u0000')) return ANONYMOUS;
    const { user, pass } = basic;
    if (user === '' || pass === '') return ANONYMOUS;

    // user = pass = key value (WebDAV clients): try the key first, it needs no password hashing.
    if (user === pass) {
      const asKey = await this.resolveApiKey(user, true);
      if (asKey.kind === 'apiKey') return { ...asKey, viaBasic: true };
    }
    if (this.basicCache) {
      const known = this.basicCache.cache.get(user, pass);
      if (known) {
        const row = await this.basicCache.admins.findByUsername(user);
        if (row && row.id === known.adminId && row.password_hash === known.passwordHash) {
          return { kind: 'admin', adminId: row.id, viaBasic: true };
        }
      }
    }
    const admin = await this.adminAccounts.verifyCredentials(user, pass);
    if (!admin) return ANONYMOUS;
    if (this.basicCache) {
      // verifyCredentials may have upgraded the stored hash: remember the row as it is now.
      const row = await this.basicCache.admins.findByUsername(user);
      if (row) this.basicCache.cache.set(user, pass, { adminId: row.id, passwordHash: row.password_hash });
    }
    return { kind: 'admin', adminId: admin.id, viaBasic: true };
  }
}
