import { PassThrough } from 'node:stream';
import type { BackupDownloadToken } from '@cloudclip/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { downloadFileName, type AdminBackupService, CHECK_TTL_MS } from '../backup/admin-backup-service';
import { envelope } from '../http/envelope';
import { HttpError } from '../http/http-error';
import { parseInput } from '../http/validation';
import type { Clock } from '../lib/time';
import { requireAdminToken } from '../auth/guards';

export interface AdminBackupRoutesOptions {
  backups: AdminBackupService;
  clock: Clock;
}

function adminIdOf(request: FastifyRequest): string {
  const auth = request.auth;
  if (auth.kind !== 'admin' || auth.token === undefined) throw new HttpError(401, 'backup.adminTokenRequired');
  return auth.adminId;
}

const downloadTokenBody = z.object({ objects: z.boolean().optional().default(false) });
const archiveQuery = z.object({ token: z.string().min(1).max(2000) });
const restoreBody = z.object({
  checkId: z.string().min(1).max(200),
  merge: z.boolean(),
  secret: z.string().max(4096).optional(),
});

const ARCHIVE_TYPES = ['application/gzip', 'application/x-gzip', 'application/octet-stream'];

/**
 * Issue 37, the admin panel's backup: download (a one-time link, so a plain browser navigation
 * can fetch it) and restore from an uploaded archive (check, then restore). The schedule's routes
 * are routes/admin-backup-schedule.ts.
 */
export async function adminBackupRoutes(app: FastifyInstance, { backups, clock }: AdminBackupRoutesOptions): Promise<void> {
  app.post('/api/admin/backup/download-token', { onRequest: requireAdminToken }, async (request) => {
    const { objects } = parseInput(downloadTokenBody, request.body ?? {});
    const { token, expiresAt } = backups.issueDownloadToken(adminIdOf(request), objects);
    const issued: BackupDownloadToken = {
      url: `/api/admin/backup/archive?token=${encodeURIComponent(token)}`,
      expiresAt: expiresAt.toISOString(),
    };
    return envelope(request.t('backupAdmin.downloadTokenIssued'), issued);
  });

  // No Authorization needed: the token is the grant. No HEAD route: a HEAD would spend the token.
  app.get('/api/admin/backup/archive', { exposeHeadRoute: false }, async (request, reply) => {
    const { token } = parseInput(archiveQuery, request.query);
    const grant = await backups.redeemDownloadToken(token);
    const body = new PassThrough();
    await backups.startDownload(body, grant.objects, (error) => request.log.error({ err: error }, 'backup download failed'));
    return reply
      .code(200)
      .headers({
        'content-type': 'application/gzip',
        'content-disposition': `attachment; filename="${downloadFileName(clock())}"`,
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
      })
      .send(body);
  });

  app.post('/api/admin/backup/restore', { onRequest: requireAdminToken }, async (request) => {
    const input = parseInput(restoreBody, request.body);
    const result = await backups.restore(adminIdOf(request), {
      checkId: input.checkId,
      merge: input.merge,
      ...(input.secret === undefined ? {} : { secret: input.secret }),
    });
    return envelope(request.t('backupAdmin.restored'), result);
  });

  // The upload takes the archive's raw bytes, streamed to disk by the service (this scope only):
  // no body limit of Fastify's applies to a stream handed over as it is; the service counts bytes
  // against BACKUP_UPLOAD_MAX_BYTES instead.
  await app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser(ARCHIVE_TYPES, (_request, _payload, done) => done(null));
    raw.post('/api/admin/backup/restore/check', { onRequest: requireAdminToken }, async (request) => {
      const header = request.headers['content-length'];
      const length = header === undefined || request.headers['transfer-encoding'] !== undefined ? undefined : Number(header);
      const result = await backups.check(adminIdOf(request), request.raw, Number.isFinite(length) ? length : undefined);
      return envelope(request.t('backupAdmin.checked'), result);
    });
  });

  // Checks nobody restored are deleted after CHECK_TTL_MS (also swept at each upload).
  const sweeper = setInterval(
    () => {
      backups.sweepExpiredChecks().catch((error: unknown) => app.log.warn({ err: error }, 'backup checks sweep'));
    },
    Math.min(CHECK_TTL_MS, 5 * 60 * 1000),
  );
  sweeper.unref();
  app.addHook('onClose', async () => clearInterval(sweeper));
}
