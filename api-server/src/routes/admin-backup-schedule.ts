import type { BackupDatabaseKind, BackupOverview } from '@cloudclip/contract';
import type { FastifyInstance } from 'fastify';
import { envelope } from '../http/envelope';
import { requireAdminToken } from '../auth/guards';
import type { BackupScheduler } from '../backup/schedule/backup-scheduler';

export interface AdminBackupScheduleRoutesOptions {
  scheduler: BackupScheduler;
  /** The database the server runs on (`GET /api/admin/backup` → `database`). */
  database: BackupDatabaseKind;
}

/**
 * Scheduled backups (issue 37): the schedule, the last runs, and a run now
 * (services in backup/schedule/; the download and restore routes are in admin-backup.ts).
 */
export async function adminBackupScheduleRoutes(
  app: FastifyInstance,
  { scheduler, database }: AdminBackupScheduleRoutesOptions,
): Promise<void> {
  app.get('/api/admin/backup', { preHandler: requireAdminToken }, async (request) => {
    const overview: BackupOverview = { database, ...(await scheduler.overview()) };
    return envelope(request.t('backup.overview'), overview);
  });

  app.put('/api/admin/backup/schedule', { preHandler: requireAdminToken }, async (request) =>
    envelope(request.t('backup.scheduleSaved'), await scheduler.saveSchedule(request.body ?? {})),
  );

  app.post('/api/admin/backup/run', { preHandler: requireAdminToken }, async (request, reply) => {
    const run = await scheduler.runNow();
    return reply.code(202).send(envelope(request.t('backup.runStarted'), run, 202));
  });
}
