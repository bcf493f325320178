import type { FastifyRequest } from 'fastify';
import { HttpError } from '../http/http-error';
import type { MessageKey } from '../i18n/messages';
import type { AdminAuth, ApiKeyAuth, Permission } from './auth-context';
import { apiKeyCreator } from './ownership';

/**
 * Route guards of contract §2.5, used as `preHandler` hooks:
 *
 *   app.get('/api/admin/things', { preHandler: requireAdmin }, handler)
 *   app.post('/api/paste', { preHandler: requirePermission('text') }, handler)
 *
 * Inside handlers, `adminOf(request)` / `apiKeyOf(request)` give the narrowed caller.
 */

/** `admin`: admin token or Basic admin; anything else (anonymous, bad/expired token, API key) → 403. */
export async function requireAdmin(request: FastifyRequest): Promise<void> {
  if (request.auth.kind !== 'admin') throw new HttpError(403, 'auth.adminRequired');
}

/**
 * The admin backup API takes an admin token only: an API key never, nor admin credentials sent as
 * HTTP Basic on each request. Anything else is answered 401.
 */
export async function requireAdminToken(request: FastifyRequest): Promise<void> {
  const auth = request.auth;
  if (auth.kind === 'admin' && auth.token !== undefined) return;
  throw new HttpError(401, auth.kind === 'anonymous' ? 'auth.authenticationRequired' : 'backup.adminTokenRequired');
}

/** `auth`: any authenticated caller; anonymous → 401. */
export async function requireAuth(request: FastifyRequest): Promise<void> {
  if (request.auth.kind === 'anonymous') throw new HttpError(401, 'auth.authenticationRequired');
}

const PERMISSION_MESSAGES: Record<Permission, MessageKey> = {
  text: 'auth.textPermissionRequired',
  file: 'auth.filePermissionRequired',
  mount: 'auth.mountPermissionRequired',
};

/** `text` / `file` / `mount`: admin passes; API key needs the flag (403); anonymous → 401. */
export function requirePermission(permission: Permission): (request: FastifyRequest) => Promise<void> {
  return async function permissionGuard(request: FastifyRequest): Promise<void> {
    const auth = request.auth;
    if (auth.kind === 'admin') return;
    if (auth.kind === 'anonymous') throw new HttpError(401, 'auth.authenticationRequired');
    if (!auth.key.permissions[permission]) throw new HttpError(403, PERMISSION_MESSAGES[permission]);
  };
}

/** The admin caller; 403 like `requireAdmin` when it is not one. */
export function adminOf(request: FastifyRequest): AdminAuth {
  const auth = request.auth;
  if (auth.kind !== 'admin') throw new HttpError(403, 'auth.adminRequired');
  return auth;
}

/** The API-key caller; 401 when anonymous, 403 for an admin (endpoints that need key info). */
export function apiKeyOf(request: FastifyRequest): ApiKeyAuth {
  const auth = request.auth;
  if (auth.kind === 'anonymous') throw new HttpError(401, 'auth.authenticationRequired');
  if (auth.kind !== 'apiKey') throw new HttpError(403, 'auth.apiKeyRequired');
  return auth;
}

/** The `created_by` an API-key caller owns in the `/api/user/*` share routes; null for an admin (who owns no such rows). */
export function keyOwnerOf(request: FastifyRequest): string | null {
  return request.auth.kind === 'apiKey' ? apiKeyCreator(request.auth.key.id) : null;
}

/** Like `keyOwnerOf` for single-row routes: an admin owns no row, so every id is 404 (`notFound`) to them. */
export function keyOwnerOrNotFound(request: FastifyRequest, notFound: MessageKey): string {
  const owner = keyOwnerOf(request);
  if (owner === null) throw new HttpError(404, notFound);
  return owner;
}
