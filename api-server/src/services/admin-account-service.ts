import type { LoginResponse } from '@cloudclip/contract';
import { randomUUID } from 'node:crypto';
import { HttpError } from '../http/http-error';
import { dummyPasswordHash, hashPassword, needsRehash, verifyPassword } from '../lib/password-hash';
import { randomString } from '../lib/random';
import { addDays, toIso, type Clock } from '../lib/time';
import type { AdminRepository } from '../repositories/admin-repository';
import type { AdminTokenRepository } from '../repositories/admin-token-repository';
import type { AdminRow } from '../db/schema';
import { isUniqueViolation } from '../db/unique-violation';

export const ADMIN_TOKEN_LENGTH = 32;
export const GENERATED_PASSWORD_LENGTH = 20;

export interface ChangeCredentialsInput {
  currentPassword: string;
  /** Absent or "" = keep the password. */
  newPassword?: string | null | undefined;
  /** Absent or blank = keep the username (trimmed otherwise). */
  newUsername?: string | null | undefined;
}

export interface EnsureAdminResult {
  created: boolean;
  username: string;
  /** Present only when the account was just created with a generated password. */
  generatedPassword?: string;
}

export class AdminAccountService {
  constructor(
    private readonly admins: AdminRepository,
    private readonly tokens: AdminTokenRepository,
    private readonly clock: Clock,
  ) {}

  /**
   * Creates the admin account when the admins table is empty: with `password`, or with a random
   * password returned in `generatedPassword` (the caller shows it once). An existing account is
   * never touched, whatever `password` says.
   */
  async ensureAdminAccount(username: string, password: string | undefined): Promise<EnsureAdminResult> {
    if ((await this.admins.count()) > 0) return { created: false, username };
    const generatedPassword = password === undefined ? randomString(GENERATED_PASSWORD_LENGTH) : undefined;
    const now = toIso(this.clock());
    const created = await this.admins.createIfUsernameFree({
      id: randomUUID(),
      username,
      password_hash: await hashPassword(password ?? (generatedPassword as string)),
      created_at: now,
      updated_at: now,
    });
    if (!created) return { created: false, username };
    return generatedPassword === undefined ? { created, username } : { created, username, generatedPassword };
  }

  /**
   * The admin with these credentials, or null. Takes the same time whether or not the user
   * exists. A legacy (SHA-256) hash is upgraded to scrypt after a successful check.
   */
  async verifyCredentials(username: string, password: string): Promise<AdminRow | null> {
    const admin = await this.admins.findByUsername(username);
    if (!admin) {
      await verifyPassword(password, await dummyPasswordHash());
      return null;
    }
    if (!(await verifyPassword(password, admin.password_hash))) return null;
    if (needsRehash(admin.password_hash)) {
      await this.admins.updatePasswordHash(admin.id, await hashPassword(password), toIso(this.clock()));
    }
    return admin;
  }

  /** POST /api/admin/login: a new 32-character token valid for one day. 401 on bad credentials. */
  async login(username: string, password: string): Promise<LoginResponse> {
    const admin = await this.verifyCredentials(username, password);
    if (!admin) throw new HttpError(401, 'auth.invalidCredentials');
    const now = this.clock();
    const token = randomString(ADMIN_TOKEN_LENGTH);
    const expiresAt = toIso(addDays(now, 1));
    await this.tokens.create({ token, admin_id: admin.id, expires_at: expiresAt, created_at: toIso(now) });
    return { username: admin.username, token, expiresAt };
  }

  /** POST /api/admin/logout: revokes the presented token. */
  async logout(token: string): Promise<void> {
    await this.tokens.delete(token);
  }

  /**
   * POST /api/admin/change-password (contract §5.1): new password and/or username after checking
   * the current password; every token of the admin is revoked. 400 when neither new value is
   * given or the new password equals the current one, 401 wrong current password, 409 username taken.
   */
  async changeCredentials(adminId: string, input: ChangeCredentialsInput): Promise<void> {
    const newPassword =
      input.newPassword === undefined || input.newPassword === null || input.newPassword === '' ? undefined : input.newPassword;
    const trimmedUsername = input.newUsername?.trim();
    const newUsername = trimmedUsername === undefined || trimmedUsername === '' ? undefined : trimmedUsername;
    if (newPassword === undefined && newUsername === undefined) throw new HttpError(400, 'auth.newCredentialRequired');

    const admin = await this.admins.findById(adminId);
    if (!admin) throw new HttpError(403, 'auth.adminRequired');
    if (!(await verifyPassword(input.currentPassword, admin.password_hash))) throw new HttpError(401, 'auth.currentPasswordWrong');
    if (newPassword !== undefined && newPassword === input.currentPassword) throw new HttpError(400, 'auth.newPasswordSameAsCurrent');
    if (newUsername !== undefined && newUsername !== admin.username && (await this.admins.findByUsername(newUsername))) {
      throw new HttpError(409, 'auth.usernameTaken');
    }

    const changes: { username?: string; passwordHash?: string } = {};
    if (newUsername !== undefined) changes.username = newUsername;
    if (newPassword !== undefined) changes.passwordHash = await hashPassword(newPassword);
    try {
      await this.admins.updateCredentials(admin.id, changes, toIso(this.clock()));
    } catch (error) {
      if (isUniqueViolation(error)) throw new HttpError(409, 'auth.usernameTaken', { cause: error });
      throw error;
    }
    await this.tokens.deleteAllForAdmin(admin.id);
  }
}
