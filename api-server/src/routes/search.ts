import { ADMIN_SEARCH_PAGE, type AdminSearchData } from '@cloudclip/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireAdmin } from '../auth/guards';
import { envelope } from '../http/envelope';
import { parseInput } from '../http/validation';
import type { SearchService } from '../services/search-service';
import { queryInt } from './input-numbers';

export interface SearchRoutesOptions {
  search: SearchService;
}

const adminSearchQuery = z.object({
  q: z.string().optional(),
  type: z.string().optional(),
  page: queryInt(ADMIN_SEARCH_PAGE.page, 1),
  limit: queryInt(ADMIN_SEARCH_PAGE.limit, 1, ADMIN_SEARCH_PAGE.maxLimit),
});

/** Issue 16 (contract api/search.ts): `GET /api/admin/search`, pastes and file shares in one list (E). */
export async function searchRoutes(app: FastifyInstance, { search }: SearchRoutesOptions): Promise<void> {
  app.get('/api/admin/search', { preHandler: requireAdmin }, async (request) => {
    const query = parseInput(adminSearchQuery, request.query);
    const data = await search.adminSearch(query);
    return envelope<AdminSearchData>(request.t('search.done'), data);
  });
}
