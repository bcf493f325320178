import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { readObjectRange, sendObject, sendObjectHead } from '../http/byte-range-response';
import { HttpError } from '../http/http-error';
import { isActiveContentType, nonScriptContentType } from '../lib/mime-types';
import type { StorageConfigService } from '../services/storage-config-service';
import { storageHttpError } from '../services/storage-errors';
import { ByteLimiter, pipeRequestBody } from '../services/upload-limits';
import type { UploadReservations } from '../services/upload-reservations';
import { formatBytes } from '../lib/format-size';
import { contentDisposition } from '../storage/content-disposition';
import { DEFAULT_CONTENT_TYPE } from '../storage/local-driver';
import { LOCAL_STORAGE_ROUTE_PREFIX, type LocalUrlOperation, type LocalUrlSigner } from '../storage/local-url-signer';
import { keyBaseName, quoteEtag, type ObjectInfo, type StorageDriver } from '../storage/storage-driver';
import { SANDBOX_CSP } from './files';

export interface LocalStorageRoutesOptions {
  storageConfigs: StorageConfigService;
  signer: LocalUrlSigner;
  /** The quota reservations a presigned share upload's URL is bound to (its `token`). */
  uploads: Pick<UploadReservations, 'claimBody' | 'unclaimBody'>;
}

interface Authorized {
  driver: StorageDriver;
  key: string;
  operation: LocalUrlOperation;
  expires: number;
}

type PutOperation = Extract<LocalUrlOperation, { method: 'PUT' }>;
type PartOperation = Extract<LocalUrlOperation, { method: 'PUT-PART' }>;

/** The request's `Content-Length` (undefined for a chunked body). */
function declaredLength(request: FastifyRequest): number | undefined {
  if (request.headers['transfer-encoding']) return undefined;
  const header = request.headers['content-length'];
  return header !== undefined && /^\d+$/.test(header) ? Number(header) : undefined;
}

function objectHeaders(info: ObjectInfo): Record<string, string> {
  return {
    // A script type would run from a `<script src>` on our origin: it goes out as text.
    'content-type': nonScriptContentType(info.contentType || DEFAULT_CONTENT_TYPE),
    etag: quoteEtag(info.etag),
    'last-modified': info.lastModified.toUTCString(),
    'accept-ranges': 'bytes',
    'x-content-type-options': 'nosniff',
  };
}

/**
 * The local driver's presigned URLs (contract §5.4 / §5.9 direct links and uploads for storage
 * configs with `driver = local`):
 *
 *   GET|HEAD /api/storage/local/{configId}/{key*}?expires&disposition&filename&signature
 *   PUT      /api/storage/local/{configId}/{key*}?expires&signature            (Content-Type is signed)
 *   PUT      /api/storage/local/{configId}/{key*}?expires&uploadId&partNumber&signature
 *
 * A bad, tampered or expired signature is 403. GET streams with Range support; PUT streams the
 * body to disk and answers 200 with the `ETag` header (exposed by the CORS layer).
 *
 * The PUT URL of a share upload (s3/presign, url/presign) also signs `max` and `token`: a declared
 * `Content-Length` above `max` is refused before the body is read and a body without one is cut
 * at `max` (400, nothing stored); the URL takes one body while its upload reservation is open, so
 * a second PUT, or any PUT after the commit or cancel, is refused with 409. A part URL of a URL
 * import's multipart upload signs the part size (`max`) the same way.
 */
export async function localStorageRoutes(
  app: FastifyInstance,
  { storageConfigs, signer, uploads }: LocalStorageRoutesOptions,
): Promise<void> {
  // Bodies of any type are streamed by the handler (this plugin's routes only).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));
  // A PUT answered before its body was read to the end: close the connection (see routes/files.ts).
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.raw.complete === false) reply.header('connection', 'close');
    return payload;
  });

  const route = `${LOCAL_STORAGE_ROUTE_PREFIX}/:configId/*`;

  async function authorize(request: FastifyRequest): Promise<Authorized> {
    const params = request.params as { configId: string; '*': string };
    const key = params['*'];
    const verification = signer.verify({
      method: request.method,
      configId: params.configId,
      key,
      query: (request.query ?? {}) as Record<string, unknown>,
      contentType: request.headers['content-type'],
    });
    if (!verification.ok)
      throw new HttpError(403, verification.reason === 'expired' ? 'storage.signatureExpired' : 'storage.signatureInvalid');
    const driver = await storageConfigs.localDriver(params.configId);
    if (!driver) throw new HttpError(404, 's3Config.notFound');
    return { driver, key, operation: verification.operation, expires: verification.expires };
  }

  async function serveObject(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const { driver, key, operation, expires } = await authorize(request);
    if (operation.method !== 'GET') throw new HttpError(403, 'storage.signatureInvalid');

    const disposition = contentDisposition(operation.disposition, operation.filename || keyBaseName(key));
    const maxAge = Math.max(0, expires - Math.floor(Date.now() / 1000));
    const common = (info: ObjectInfo): Record<string, string> => {
      const headers: Record<string, string> = {
        ...objectHeaders(info),
        'content-disposition': disposition,
        'cache-control': `private, max-age=${maxAge}`,
      };
      // Active content (the stored type: a script type is served as text but stays active): only
      // inside a CSP sandbox (opaque origin, no script).
      if (isActiveContentType(info.contentType || DEFAULT_CONTENT_TYPE)) headers['content-security-policy'] = SANDBOX_CSP;
      return headers;
    };

    if (request.method === 'HEAD') {
      const info = await driver.headObject(key).catch((error: unknown) => {
        throw storageHttpError(error);
      });
      if (!info) throw new HttpError(404, 'storage.objectNotFound');
      return sendObjectHead(reply, info, common(info));
    }

    try {
      const result = await readObjectRange(driver, key, request.headers.range);
      return sendObject(reply, result, common(result));
    } catch (error) {
      throw storageHttpError(error);
    }
  }

  // GET and HEAD in one route: Fastify's automatic HEAD route would reset Content-Length to 0.
  app.route({ method: ['GET', 'HEAD'], url: route, handler: serveObject });

  function tooLarge(maxBytes: number): HttpError {
    return new HttpError(400, 'storage.uploadTooLarge', { params: { size: formatBytes(maxBytes) } });
  }

  /** An object PUT: within the signed size, once per open reservation when the URL names one. */
  async function putObject(request: FastifyRequest, driver: StorageDriver, key: string, operation: PutOperation): Promise<string> {
    const { maxBytes, uploadToken } = operation;
    if (maxBytes !== undefined) {
      const declared = declaredLength(request);
      if (declared !== undefined && declared > maxBytes) throw tooLarge(maxBytes);
    }
    if (uploadToken !== undefined && !(await uploads.claimBody(uploadToken, driver.configId, key))) {
      throw new HttpError(409, 'storage.uploadClosed');
    }
    const limiter = maxBytes === undefined ? undefined : new ByteLimiter(maxBytes, () => tooLarge(maxBytes));
    try {
      const body = limiter === undefined ? request.raw : pipeRequestBody(request.raw, limiter);
      return (await driver.putObject(key, body, { contentType: request.headers['content-type'] || DEFAULT_CONTENT_TYPE })).etag;
    } catch (error) {
      if (uploadToken !== undefined) await uploads.unclaimBody(uploadToken).catch(() => undefined);
      if (limiter?.errored instanceof HttpError) throw limiter.errored;
      throw storageHttpError(error);
    }
  }

  /** A multipart part: within the signed part size when the URL names one. */
  async function putPart(request: FastifyRequest, driver: StorageDriver, key: string, operation: PartOperation): Promise<string> {
    const { maxBytes } = operation;
    if (maxBytes === undefined) return (await driver.uploadPart(key, operation.uploadId, operation.partNumber, request.raw)).etag;
    const declared = declaredLength(request);
    if (declared !== undefined && declared > maxBytes) throw tooLarge(maxBytes);
    const limiter = new ByteLimiter(maxBytes, () => tooLarge(maxBytes));
    try {
      return (await driver.uploadPart(key, operation.uploadId, operation.partNumber, pipeRequestBody(request.raw, limiter))).etag;
    } catch (error) {
      if (limiter.errored instanceof HttpError) throw limiter.errored;
      throw error;
    }
  }

  app.put(route, async (request, reply) => {
    const { driver, key, operation } = await authorize(request);
    let etag: string;
    try {
      if (operation.method === 'PUT') {
        etag = await putObject(request, driver, key, operation);
      } else if (operation.method === 'PUT-PART') {
        etag = await putPart(request, driver, key, operation);
      } else {
        throw new HttpError(403, 'storage.signatureInvalid');
      }
    } catch (error) {
      throw storageHttpError(error);
    }
    return reply.code(200).header('etag', quoteEtag(etag)).send();
  });
}
