import type { FastifyInstance } from 'fastify';
import { decodeBasic, parseAuthorization, type AuthService } from '../services/auth-service';
import { ANONYMOUS } from './auth-context';
import type { CredentialGuard } from './credential-guard';

/**
 * The guessable credentials of an Authorization header: `Basic` (a password) and `ApiKey` (a key
 * value), with the account a Basic guess aims at. Bearer tokens are 32 random characters, and an
 * expired one is ordinary session loss: they are not counted.
 */
function guessableCredential(authorization: string | undefined): { account?: string } | null {
  const parsed = parseAuthorization(authorization);
  if (parsed?.scheme === 'apikey') return {};
  if (parsed?.scheme !== 'basic') return null;
  const user = decodeBasic(parsed.credentials)?.user ?? '';
  return user === '' ? {} : { account: `admin:${user.slice(0, 200)}` };
}

/**
 * Resolves `request.auth` for every request, before any route hook or handler (pre-flights stay
 * anonymous). A Basic or ApiKey credential that does not authenticate counts as a failed attempt
 * (CredentialGuard); once the budget is spent such requests get 429 before any password is hashed.
 * A full password-hash queue surfaces as 503 through the error handler.
 */
export function installAuth(app: FastifyInstance, authService: AuthService, guard: CredentialGuard): void {
  // Fastify forbids object decorations; start from null and always assign in onRequest.
  app.decorateRequest('auth', null as never);
  app.addHook('onRequest', async (request) => {
    if (request.method === 'OPTIONS') {
      request.auth = ANONYMOUS;
      return;
    }
    const { authorization } = request.headers;
    const guess = guessableCredential(authorization);
    if (guess) await guard.assertAllowed(request.ip, guess.account);
    request.auth = await authService.resolve(authorization);
    if (guess && request.auth.kind === 'anonymous') await guard.recordFailure(request.ip, guess.account);
  });
}
