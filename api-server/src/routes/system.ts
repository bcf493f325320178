import type { MaxUploadSizeResponse } from '@cloudclip/contract';
import type { FastifyInstance } from 'fastify';
import { envelope, flat } from '../http/envelope';
import type { SystemService } from '../services/system-service';

export interface SystemRoutesOptions {
  system: SystemService;
}

/** Contract §5.7 (public part): health, version, max upload size. */
export async function systemRoutes(app: FastifyInstance, { system }: SystemRoutesOptions): Promise<void> {
  app.get('/api/health', async () => flat(system.health()));

  app.get('/api/version', async (request) => envelope(request.t('system.versionInfo'), system.version()));

  app.get('/api/system/max-upload-size', async (request) =>
    envelope<MaxUploadSizeResponse>(request.t('system.maxUploadSize'), { max_upload_size: await system.maxUploadSizeMb() }),
  );
}
