import type { S3ConfigTestResult, SftpHostKeyProbeResponse } from '@cloudclip/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { adminOf, requireAdmin, requirePermission } from '../auth/guards';
import { envelope } from '../http/envelope';
import { HttpError, isHttpError } from '../http/http-error';
import { requestOrigin } from '../http/request-origin';
import { parseInput } from '../http/validation';
import { driverForProvider, type StorageConfigCaller, type StorageConfigService } from '../services/storage-config-service';
import type { StorageTestService } from '../services/storage-test-service';
import { parseSftpEndpoint } from '../storage/sftp/sftp-connection-options';
import { probeHostKey } from '../storage/sftp/sftp-host-key';
import { isStorageError } from '../storage/storage-driver';

export interface StorageConfigRoutesOptions {
  storageConfigs: StorageConfigService;
  storageTests: StorageTestService;
}

const idParams = z.object({ id: z.string().min(1) });

const numberLike = z.union([z.number(), z.string()]).nullable().optional();

/** Writable fields; all optional here, the create schema adds the required ones. */
const writableFields = {
  name: z.string().optional(),
  provider_type: z.string().optional(),
  endpoint_url: z.string().optional(),
  bucket_name: z.string().optional(),
  region: z.string().nullable().optional(),
  access_key_id: z.string().optional(),
  secret_access_key: z.string().optional(),
  path_style: z.unknown().optional(),
  default_folder: z.string().nullable().optional(),
  is_public: z.unknown().optional(),
  total_storage_bytes: numberLike,
  custom_host: z.string().nullable().optional(),
  signature_expires_in: numberLike,
  /** SFTP: the host key fingerprint, `SHA256:…` as `ssh-keygen -l` prints it. */
  host_key_sha256: z.string().nullable().optional(),
};

const S3_REQUIRED = ['name', 'provider_type', 'endpoint_url', 'bucket_name', 'access_key_id', 'secret_access_key'] as const;
const LOCAL_REQUIRED = ['name', 'provider_type'] as const;
/** WebDAV: the base folder (`bucket_name`) may be empty (the URL itself). */
const WEBDAV_REQUIRED = ['name', 'provider_type', 'endpoint_url', 'access_key_id', 'secret_access_key'] as const;
/** SFTP: `sftp://host:port`, user and password or PEM key; the base folder may be empty (the login folder), the host key may wait for the first-connect confirmation. */
const SFTP_REQUIRED = WEBDAV_REQUIRED;

/** POST body: `Local` configs need only a name; S3 ones the six fields of §5.5 (all missing ones reported together). */
const createBody = z.object(writableFields).superRefine((body, ctx) => {
  const driver = typeof body.provider_type === 'string' ? driverForProvider(body.provider_type) : 's3';
  for (const field of driver === 'local'
    ? LOCAL_REQUIRED
    : driver === 'webdav'
      ? WEBDAV_REQUIRED
      : driver === 'sftp'
        ? SFTP_REQUIRED
        : S3_REQUIRED) {
    const value = body[field];
    if (typeof value !== 'string' || value.trim() === '') ctx.addIssue({ code: 'custom', path: [field], message: 'required' });
  }
});

const updateBody = z.object(writableFields);

const hostKeyProbeBody = z.object({ endpoint_url: z.string() });

/** How long `POST /api/s3-configs/sftp-host-key` waits for the server's SSH handshake. */
export const SFTP_HOST_KEY_PROBE_TIMEOUT_MS = 10_000;

/** `sftp://host:port` → host and port (400 `endpoint_url` otherwise) and the normalised endpoint. */
function sftpProbeTarget(endpoint: string): { host: string; port: number; endpoint_url: string } {
  try {
    const { host, port } = parseSftpEndpoint(endpoint.trim());
    if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error('port');
    return { host, port, endpoint_url: `sftp://${host.includes(':') ? `[${host}]` : host}:${port}` };
  } catch {
    throw new HttpError(400, 'validation.invalidField', { params: { field: 'endpoint_url' } });
  }
}

/** The probe's failure as an envelope: a silent server → 504, anything else on the way → 502. */
function hostKeyProbeError(endpoint: string, error: unknown): HttpError {
  if (isStorageError(error) && error.providerCode === 'Timeout') {
    return new HttpError(504, 's3Config.hostKeyTimeout', {
      params: { endpoint, seconds: SFTP_HOST_KEY_PROBE_TIMEOUT_MS / 1000 },
      cause: error,
    });
  }
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : '';
  const reason = cause || (error instanceof Error ? error.message : String(error));
  return new HttpError(502, 's3Config.hostKeyUnreachable', { params: { endpoint, reason }, cause: error });
}

/** The admin or API key behind a request that passed the `file` guard. */
function callerOf(request: FastifyRequest): StorageConfigCaller {
  const auth = request.auth;
  if (auth.kind === 'anonymous') throw new HttpError(401, 'auth.authenticationRequired');
  return auth;
}

/** Contract §5.5: storage configurations ("S3 configs"; `provider_type: "Local"` for the local driver). */
export async function storageConfigRoutes(
  app: FastifyInstance,
  { storageConfigs, storageTests }: StorageConfigRoutesOptions,
): Promise<void> {
  const fileGuard = { preHandler: requirePermission('file') };
  const adminGuard = { preHandler: requireAdmin };

  app.get('/api/s3-configs', fileGuard, async (request) =>
    envelope(request.t('s3Config.listed'), await storageConfigs.list(callerOf(request))),
  );

  app.get('/api/s3-configs/:id', fileGuard, async (request) => {
    const { id } = parseInput(idParams, request.params);
    return envelope(request.t('s3Config.fetched'), await storageConfigs.get(callerOf(request), id));
  });

  app.post('/api/s3-configs', adminGuard, async (request) => {
    const body = parseInput(createBody, request.body);
    const created = await storageConfigs.create(adminOf(request).adminId, body);
    return envelope(request.t('s3Config.created'), created, 201);
  });

  /** Issue 38: the host key an SFTP server presents on first connect, for the admin to compare and pin. */
  app.post('/api/s3-configs/sftp-host-key', adminGuard, async (request) => {
    const target = sftpProbeTarget(parseInput(hostKeyProbeBody, request.body).endpoint_url);
    const key = await probeHostKey({ host: target.host, port: target.port, readyTimeoutMs: SFTP_HOST_KEY_PROBE_TIMEOUT_MS }).catch(
      (error: unknown) => {
        throw hostKeyProbeError(target.endpoint_url, error);
      },
    );
    return envelope<SftpHostKeyProbeResponse>(request.t('s3Config.hostKeyFetched'), {
      endpoint_url: target.endpoint_url,
      host_key_sha256: key.fingerprint,
      key_type: key.keyType,
    });
  });

  app.put('/api/s3-configs/:id', adminGuard, async (request) => {
    const { id } = parseInput(idParams, request.params);
    await storageConfigs.update(adminOf(request).adminId, id, parseInput(updateBody, request.body));
    return envelope(request.t('s3Config.updated'));
  });

  app.delete('/api/s3-configs/:id', adminGuard, async (request) => {
    const { id } = parseInput(idParams, request.params);
    await storageConfigs.delete(adminOf(request).adminId, id);
    return envelope(request.t('s3Config.deleted'));
  });

  app.put('/api/s3-configs/:id/set-default', adminGuard, async (request) => {
    const { id } = parseInput(idParams, request.params);
    await storageConfigs.setDefault(adminOf(request).adminId, id);
    return envelope(request.t('s3Config.defaultSet'));
  });

  app.post('/api/s3-configs/:id/test', adminGuard, async (request, reply) => {
    const { id } = parseInput(idParams, request.params);
    try {
      const outcome = await storageTests.test(adminOf(request).adminId, id, {
        origin: request.headers.origin,
        urlBase: requestOrigin(request),
        locale: request.locale,
      });
      return envelope<S3ConfigTestResult>(request.t(outcome.messageKey), { success: outcome.success, result: outcome.result });
    } catch (error) {
      if (isHttpError(error)) throw error;
      request.log.error({ err: error }, 'storage test failed');
      // §1.2: the test's failure body carries `data = { success: false, result: { error, stack } }`
      // (no stack trace leaves the server).
      return reply.code(500).send({
        code: 500,
        message: request.t('s3Config.testError'),
        success: false,
        data: { success: false, result: { error: error instanceof Error ? error.message : String(error), stack: null } },
      });
    }
  });
}
