import type { FastifyInstance } from 'fastify';
import type { AuthService } from '../services/auth-service';
import { ANONYMOUS } from './auth-context';
import { QueueFullError } from '../lib/bounded-queue';
import { serverBusyError, type CredentialGuard } from './credential-guard';

/**
 * The guessable credentials of an Authorization header: `Basic` (a password) and `ApiKey` (a key
 * value), with the account a Basic guess aims at. Bearer tokens are 32 random characters, and an
 * expired one is ordinary session loss: they are not counted.
 */
function guessableCredential(authorization: string | undefined): { account?: string } | null {
  const match = /^\s*(\S+)\s+(\S.*?)\s*$/.exec(authorization ?? '');
  if (!match) return null;
  const scheme = (match[1] as string).toLowerCase();
  if (scheme === 'apikey') return {};
  if (scheme !== 'basic') return null;
  const decoded = Buffer.from(match[2] as string, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon > 0 ? { account: `admin:${decoded.slice(0, colon).slice(0, 200)}` } : {};
}

/**
 * Resolves `request.auth` for every request, before any route hook or handler (pre-flights stay
 * anonymous). A Basic or ApiKey credential that does not authenticate counts as a failed attempt
 * (CredentialGuard); once the budget is spent such requests get 429 before any password is hashed.
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
    if (guess) guard.assertAllowed(request.ip, guess.account);
    try {
      request.auth = await authService.resolve(authorization);
    } catch (error) {
      if (error instanceof QueueFullError) throw serverBusyError(error);
      throw error;
    }
    if (guess && request.auth.kind === 'anonymous') guard.recordFailure(request.ip, guess.account);
  });
}
