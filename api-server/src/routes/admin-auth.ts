import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { adminOf, requireAdmin } from '../auth/guards';
import { envelopeWithoutSuccess } from '../http/envelope';
import { HttpError } from '../http/http-error';
import { parseInput } from '../http/validation';
import type { CredentialGuard } from '../auth/credential-guard';
import type { AdminAccountService } from '../services/admin-account-service';

export interface AdminAuthRoutesOptions {
  adminAccounts: AdminAccountService;
  /** Login attempts allowed per client address per minute. */
  loginRateLimitMax: number;
  /** Failed logins count against the client's and the username's failed-credential budget. */
  credentialGuard: CredentialGuard;
}

const loginBody = z.object({
  username: z.string().min(1),
  password: z.string().min(1),
});

const changePasswordBody = z.object({
  currentPassword: z.string().min(1),
  newPassword: z.string().nullish(),
  newUsername: z.string().nullish(),
});

/** Contract §5.1: POST /api/admin/login, /logout, /change-password (shape E−). */
export async function adminAuthRoutes(app: FastifyInstance, options: AdminAuthRoutesOptions): Promise<void> {
  const { adminAccounts, credentialGuard } = options;

  app.post(
    '/api/admin/login',
    {
      config: {
        rateLimit: {
          max: options.loginRateLimitMax,
          timeWindow: 60_000,
          errorResponseBuilder: (_request, context) => {
            const seconds = String(Math.max(1, Math.ceil(context.ttl / 1000)));
            return new HttpError(context.statusCode, 'auth.tooManyLoginAttempts', { params: { seconds } });
          },
        },
      },
    },
    async (request) => {
      const { username, password } = parseInput(loginBody, request.body);
      const session = await credentialGuard.attempt(request, `admin:${username.slice(0, 200)}`, () =>
        adminAccounts.login(username, password),
      );
      return envelopeWithoutSuccess(request.t('auth.loginSuccess'), session);
    },
  );

  app.post('/api/admin/logout', { preHandler: requireAdmin }, async (request) => {
    const { token } = adminOf(request);
    if (token !== undefined) await adminAccounts.logout(token);
    return envelopeWithoutSuccess(request.t('auth.logoutSuccess'));
  });

  // Revokes every token of the admin: the client must log in again.
  app.post('/api/admin/change-password', { preHandler: requireAdmin }, async (request) => {
    const { adminId } = adminOf(request);
    await adminAccounts.changeCredentials(adminId, parseInput(changePasswordBody, request.body));
    return envelopeWithoutSuccess(request.t('auth.credentialsChanged'));
  });
}
