import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireAdmin } from '../auth/guards';
import { envelope } from '../http/envelope';
import { parseInput } from '../http/validation';
import type { ApiKeyService } from '../services/api-key-service';

export interface ApiKeyRoutesOptions {
  apiKeys: ApiKeyService;
}

const idParams = z.object({ id: z.string().min(1) });

/** The expiry and permissions, which a create and an update both accept (the service checks their values). */
const grantFields = {
  expires_at: z.string().nullish(),
  text_permission: z.unknown().optional(),
  file_permission: z.unknown().optional(),
  mount_permission: z.unknown().optional(),
};

const createBody = z.object({
  name: z.string().trim().min(1),
  ...grantFields,
  custom_key: z.string().nullish(),
  basic_path: z.string().nullish(),
});

const updateBody = z.object({ name: z.string().nullish(), ...grantFields, basic_path: z.string().nullish() });

/** Contract §5.2: API key management (guard `admin`, shape E; create answers body code 201 with HTTP 200). */
export async function apiKeyRoutes(app: FastifyInstance, { apiKeys }: ApiKeyRoutesOptions): Promise<void> {
  app.get('/api/admin/api-keys', { preHandler: requireAdmin }, async (request) =>
    envelope(request.t('apiKey.listed'), await apiKeys.list()),
  );

  app.post('/api/admin/api-keys', { preHandler: requireAdmin }, async (request) => {
    const body = parseInput(createBody, request.body);
    return envelope(request.t('apiKey.created'), await apiKeys.create(body), 201);
  });

  app.put('/api/admin/api-keys/:id', { preHandler: requireAdmin }, async (request) => {
    const { id } = parseInput(idParams, request.params);
    await apiKeys.update(id, parseInput(updateBody, request.body));
    return envelope(request.t('apiKey.updated'));
  });

  app.delete('/api/admin/api-keys/:id', { preHandler: requireAdmin }, async (request) => {
    const { id } = parseInput(idParams, request.params);
    await apiKeys.delete(id);
    return envelope(request.t('apiKey.deleted'));
  });
}
