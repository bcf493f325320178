import type { FastifyInstance } from 'fastify';
import type { AuthService } from '../services/auth-service';
import { ANONYMOUS } from './auth-context';

/** Resolves `request.auth` for every request, before any route hook or handler (pre-flights stay anonymous). */
export function installAuth(app: FastifyInstance, authService: AuthService): void {
  // Fastify forbids object decorations; start from null and always assign in onRequest.
  app.decorateRequest('auth', null as never);
  app.addHook('onRequest', async (request) => {
    request.auth = request.method === 'OPTIONS' ? ANONYMOUS : await authService.resolve(request.headers.authorization);
  });
}
