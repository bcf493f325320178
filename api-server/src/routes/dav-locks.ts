import { DAV_LOCK_PAGE, type DavLockList } from '@cloudclip/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireAdmin } from '../auth/guards';
import { envelope } from '../http/envelope';
import { parseInput } from '../http/validation';
import type { DavLockAdminService } from '../services/dav-lock-admin-service';
import { queryInt } from './input-numbers';

export interface DavLockRoutesOptions {
  davLocks: DavLockAdminService;
}

const idParams = z.object({ id: z.string().min(1).max(200) });
const tokenParams = idParams.extend({ token: z.string().min(1).max(200) });
const pageQuery = z.object({
  limit: queryInt(DAV_LOCK_PAGE.limit, 1, DAV_LOCK_PAGE.maxLimit),
  offset: queryInt(DAV_LOCK_PAGE.offset, 0),
});

/**
 * The WebDAV locks of a mount, for the admin (contract api/dav-locks.ts, issue 41): the list of
 * live ones and releasing one, next to the admin's other mount routes (routes/mounts.ts).
 */
export async function davLockRoutes(app: FastifyInstance, { davLocks }: DavLockRoutesOptions): Promise<void> {
  const adminGuard = { preHandler: requireAdmin };

  app.get('/api/admin/mounts/:id/dav-locks', adminGuard, async (request) => {
    const { id } = parseInput(idParams, request.params);
    const page = parseInput(pageQuery, request.query);
    return envelope<DavLockList>(request.t('davLock.listed'), await davLocks.list(id, page));
  });

  app.delete('/api/admin/mounts/:id/dav-locks/:token', adminGuard, async (request) => {
    const { id, token } = parseInput(tokenParams, request.params);
    await davLocks.release(id, token);
    return envelope(request.t('davLock.released'));
  });
}
