import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { adminOf, requireAdmin } from '../auth/guards';
import { envelope } from '../http/envelope';
import { parseInput } from '../http/validation';
import type { DashboardService } from '../services/dashboard-service';
import { WEBDAV_UPLOAD_MODES } from '@cloudclip/contract';
import { MAX_UPLOAD_SIZE_LIMIT_MB, type SystemService } from '../services/system-service';

export interface AdminSystemRoutesOptions {
  system: SystemService;
  dashboard: DashboardService;
}

const positiveMegabytes = z.number().int().positive().max(MAX_UPLOAD_SIZE_LIMIT_MB);
/** Positive integer MB, as a number or a string of digits. */
const megabytesField = z.union([positiveMegabytes, z.string().trim().regex(/^\d+$/).transform(Number).pipe(positiveMegabytes)]);

/**
 * `PUT /api/admin/system-settings` body. Every field optional; unknown fields ignored.
 * `max_upload_size`, `paste_storage_per_key_mb`, `paste_storage_total_mb`: positive integer MB, as a
 * number or a string of digits (400 otherwise: our [D]).
 * `allow_guest_pastes`, `url_import_allow_private`: boolean or "true"/"false".
 */
export const systemSettingsUpdateSchema = z.object({
  max_upload_size: megabytesField.optional(),
  webdav_upload_mode: z.enum(WEBDAV_UPLOAD_MODES).optional(),
  allow_guest_pastes: z.union([z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')]).optional(),
  url_import_allow_private: z.union([z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')]).optional(),
  paste_storage_per_key_mb: megabytesField.optional(),
  paste_storage_total_mb: megabytesField.optional(),
});

/** Contract §5.7 (admin part): system settings and dashboard statistics. */
export async function adminSystemRoutes(app: FastifyInstance, { system, dashboard }: AdminSystemRoutesOptions): Promise<void> {
  app.get('/api/admin/system-settings', { preHandler: requireAdmin }, async (request) =>
    envelope(request.t('system.settingsRetrieved'), await system.listSettings()),
  );

  app.put('/api/admin/system-settings', { preHandler: requireAdmin }, async (request) => {
    const update = parseInput(systemSettingsUpdateSchema, request.body);
    await system.updateSettings(update);
    return envelope(request.t('system.settingsUpdated'));
  });

  app.get('/api/admin/dashboard/stats', { preHandler: requireAdmin }, async (request) =>
    envelope(request.t('system.dashboardStats'), await dashboard.stats(adminOf(request).adminId)),
  );
}
