import type { MaxUploadSizeResponse } from '@cloudclip/contract';
import type { FastifyInstance } from 'fastify';
import type { DatabaseAvailability } from '../db/database-availability';
import { envelope, flat } from '../http/envelope';
import type { SystemService } from '../services/system-service';

export interface SystemRoutesOptions {
  system: SystemService;
  /** Whether the database answers (`database` of /api/health). */
  database: DatabaseAvailability;
}

/** Contract §5.7 (public part): health, version, max upload size. */
export async function systemRoutes(app: FastifyInstance, { system, database }: SystemRoutesOptions): Promise<void> {
  // Liveness, 200 even while the database is away (HealthStatus.database says why not to fail it);
  // while it is away each check asks it once more, so its return shows without other traffic.
  app.get('/api/health', async () => flat({ ...system.health(), database: (await database.confirm()) ? 'ok' : 'unavailable' }));

  app.get('/api/version', async (request) => envelope(request.t('system.versionInfo'), system.version()));

  app.get('/api/system/max-upload-size', async (request) =>
    envelope<MaxUploadSizeResponse>(request.t('system.maxUploadSize'), { max_upload_size: await system.maxUploadSizeMb() }),
  );
}
