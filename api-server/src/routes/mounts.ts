import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { adminOf, apiKeyOf, requireAdmin, requirePermission } from '../auth/guards';
import { envelope } from '../http/envelope';
import { parseInput } from '../http/validation';
import type { MountIndexState } from '@cloudclip/contract';
import type { MountIndexService } from '../services/mount-index/mount-index-service';
import type { MountInput, MountService } from '../services/mount-service';

export interface MountRoutesOptions {
  mounts: MountService;
  /** The mount index: told of created and changed mounts; its state and rebuild endpoints (issue 16). */
  mountIndex: MountIndexService;
}

const idParams = z.object({ id: z.string().min(1).max(200) });

/** Writable fields, loosely typed: the service validates them and names the failing rule. */
const mountBody = z.object({
  name: z.unknown().optional(),
  storage_type: z.unknown().optional(),
  storage_config_id: z.unknown().optional(),
  mount_path: z.unknown().optional(),
  remark: z.unknown().optional(),
  is_active: z.unknown().optional(),
  sort_order: z.unknown().optional(),
  cache_ttl: z.unknown().optional(),
});

function body(input: unknown): MountInput {
  return parseInput(mountBody, input);
}

/**
 * Contract §5.6: admin mount CRUD and the key views. The key routes need the key's basic_path:
 * an admin token passes the `mount` guard but gets 403 there (the reference fails with 500).
 */
export async function mountRoutes(app: FastifyInstance, { mounts, mountIndex }: MountRoutesOptions): Promise<void> {
  const adminGuard = { preHandler: requireAdmin };
  const mountGuard = { preHandler: requirePermission('mount') };

  app.get('/api/admin/mounts', adminGuard, async (request) => envelope(request.t('mount.listed'), await mounts.listAll()));

  app.get('/api/admin/mounts/:id', adminGuard, async (request) => {
    const { id } = parseInput(idParams, request.params);
    return envelope(request.t('mount.fetched'), await mounts.get(id));
  });

  app.post('/api/admin/mounts', adminGuard, async (request) => {
    const created = await mounts.create(adminOf(request).adminId, body(request.body));
    await mountIndex.mountCreated(created.id);
    return envelope(request.t('mount.created'), created, 201);
  });

  app.put('/api/admin/mounts/:id', adminGuard, async (request) => {
    const { id } = parseInput(idParams, request.params);
    await mounts.update(id, body(request.body));
    await mountIndex.mountUpdated(id);
    return envelope(request.t('mount.updated'));
  });

  app.get('/api/admin/mounts/:id/index', adminGuard, async (request) => {
    const { id } = parseInput(idParams, request.params);
    return envelope<MountIndexState>(request.t('mountIndex.fetched'), await mountIndex.state(id));
  });

  app.post('/api/admin/mounts/:id/index/rebuild', adminGuard, async (request, reply) => {
    const { id } = parseInput(idParams, request.params);
    const state = await mountIndex.rebuild(id);
    reply.code(202);
    return envelope<MountIndexState>(request.t('mountIndex.rebuilding'), state, 202);
  });

  app.delete('/api/admin/mounts/:id', adminGuard, async (request) => {
    const { id } = parseInput(idParams, request.params);
    await mounts.delete(id);
    return envelope(request.t('mount.deleted'));
  });

  app.get('/api/user/mounts', mountGuard, async (request) =>
    envelope(request.t('mount.listed'), await mounts.listForKey(apiKeyOf(request).key)),
  );

  app.get('/api/user/mounts/:id', mountGuard, async (request) => {
    const { id } = parseInput(idParams, request.params);
    return envelope(request.t('mount.fetched'), await mounts.getForKey(apiKeyOf(request).key, id));
  });
}
