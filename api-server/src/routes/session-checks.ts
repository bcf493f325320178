import type { ApiKeyTestResponse } from '@cloudclip/contract';
import type { FastifyInstance } from 'fastify';
import { apiKeyOf, requireAuth } from '../auth/guards';
import { envelope } from '../http/envelope';
import { HttpError } from '../http/http-error';

/** Contract §5.1: the two credential checks clients use to validate a stored session. */
export async function sessionCheckRoutes(app: FastifyInstance): Promise<void> {
  // 401 for no/invalid/expired credentials (the one place a bad admin token is 401, not 403).
  app.get('/api/test/admin-token', async (request) => {
    const { auth } = request;
    if (auth.kind === 'anonymous') throw new HttpError(401, 'auth.adminTokenInvalid');
    if (auth.kind === 'apiKey') throw new HttpError(403, 'auth.apiKeyIsNotAdmin');
    return envelope(request.t('auth.adminTokenValid'));
  });

  // Guard `auth`; for an admin our backend answers 403 where the reference fails with 500 [D].
  app.get('/api/test/api-key', { preHandler: requireAuth }, async (request) => {
    const { key } = apiKeyOf(request);
    return envelope<ApiKeyTestResponse>(request.t('auth.apiKeyValid'), {
      name: key.name,
      basic_path: key.basicPath,
      permissions: { ...key.permissions },
      key_info: { id: key.id, name: key.name, basic_path: key.basicPath },
    });
  });
}
