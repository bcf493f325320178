import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** File under DATA_DIR holding the generated server secret (hex, 32 bytes). */
export const SECRET_FILE_NAME = 'server-secret.key';
const VERSION = 'v1';

/**
 * Reversible encryption (AES-256-GCM) for values the contract requires to be recoverable but
 * that must never be stored in plain text: share passwords (`plain_password`) and storage secrets.
 * Output: `v1:<iv>:<tag>:<ciphertext>`, base64url parts.
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(secret: string | Buffer) {
    // Any length of secret: derive a 256-bit key from it.
    this.key = createHash('sha256').update(secret).digest();
  }

  encrypt(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    const tag = cipher.getAuthTag();
    return [VERSION, iv.toString('base64url'), tag.toString('base64url'), body.toString('base64url')].join(':');
  }

  /** Decrypts a value made by `encrypt`; throws on tampering or a wrong key. */
  decrypt(sealed: string): string {
    const [version, iv, tag, body] = sealed.split(':');
    if (version !== VERSION || iv === undefined || tag === undefined || body === undefined) {
      throw new Error('Not a sealed value');
    }
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  }

  encryptNullable(plain: string | null | undefined): string | null {
    return plain === null || plain === undefined || plain === '' ? null : this.encrypt(plain);
  }

  /**
   * A separate 256-bit key for another purpose (e.g. signing local-storage URLs), derived from the
   * server secret with HKDF-SHA256, so the sealing key itself is never used for anything else.
   */
  deriveKey(purpose: string): Buffer {
    return Buffer.from(hkdfSync('sha256', this.key, Buffer.alloc(0), `cloudclip:${purpose}`, 32));
  }

  decryptNullable(sealed: string | null | undefined): string | null {
    if (!sealed) return null;
    try {
      return this.decrypt(sealed);
    } catch {
      return null;
    }
  }
}

/**
 * The server secret: `APP_SECRET` when given, else the one generated into `<dataDir>/server-secret.key`
 * on first start (mode 0600). Losing it makes stored share passwords and storage secrets unreadable.
 */
export function loadOrCreateServerSecret(dataDir: string, fromEnv?: string): string {
  if (fromEnv && fromEnv.trim()) return fromEnv.trim();
  const file = path.join(dataDir, SECRET_FILE_NAME);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  return secret;
}
