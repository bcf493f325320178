import path from 'node:path';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AdminAuth, ApiKeyAuth } from '../auth/auth-context';
import { HttpError } from '../http/http-error';
import { QueueFullError } from '../lib/bounded-queue';
import { isOutOfSpace } from '../lib/out-of-space';
import type { Clock } from '../lib/time';
import { adminLockPrincipal, apiKeyLockPrincipal } from '../repositories/dav-lock-repository';
import type { FileRepository } from '../repositories/file-repository';
import { fsCallerOf, type FsAccess } from '../services/fs/fs-access';
import type { SystemService } from '../services/system-service';
import type { UploadReservations } from '../services/upload-reservations';
import { DavConditionError, type DavDeps, type DavHandler, type DavRequest } from './dav-context';
import { handleLock, handleUnlock } from './dav-locking';
import type { DavLockService } from './dav-locks';
import { davPathOf, DAV_PREFIX } from './dav-paths';
import type { DavPropertyStore } from './dav-properties';
import { handlePropfind } from './dav-propfind';
import { handleProppatch } from './dav-proppatch';
import { DavResources } from './dav-resources';
import { handleGet, handlePut } from './dav-transfer';
import { handleCopy, handleDelete, handleMkcol, handleMove } from './dav-tree';
import { DavUploads } from './dav-uploads';

/**
 * WebDAV at `/dav/` (issue 14): every mount the caller may see, in the file manager people
 * already use. Authentication is HTTP Basic (the admin's username and password, or an API key
 * with mount permission as both), resolved and throttled by the same auth hook as `/api`
 * (auth/auth-hook.ts). Paths follow the fs API's rules (dav-paths.ts, dav-resources.ts); writes
 * the upload rules (dav-uploads.ts); locks and dead properties live in the database.
 */

export const DAV_REALM = 'Cloudclip WebDAV';
export const DAV_METHODS = [
  'OPTIONS',
  'GET',
  'HEAD',
  'PUT',
  'DELETE',
  'PROPFIND',
  'PROPPATCH',
  'MKCOL',
  'COPY',
  'MOVE',
  'LOCK',
  'UNLOCK',
] as const;
/** Methods Fastify does not know by default, and whether they carry a body. */
const EXTRA_METHODS: Record<string, boolean> = {
  PROPFIND: true,
  PROPPATCH: true,
  MKCOL: true,
  COPY: false,
  MOVE: false,
  LOCK: true,
  UNLOCK: false,
};

const HANDLERS: Record<string, DavHandler> = {
  GET: handleGet,
  HEAD: handleGet,
  PUT: handlePut,
  DELETE: handleDelete,
  PROPFIND: handlePropfind,
  PROPPATCH: handleProppatch,
  MKCOL: handleMkcol,
  COPY: handleCopy,
  MOVE: handleMove,
  LOCK: handleLock,
  UNLOCK: handleUnlock,
};

export interface WebdavRoutesOptions {
  locks: DavLockService;
  properties: DavPropertyStore;
  access: FsAccess;
  reservations: UploadReservations;
  system: SystemService;
  files: FileRepository;
  clock: Clock;
  dataDir: string;
}

/** Adds the WebDAV methods to Fastify's router (once per server, before the routes). */
export function addWebdavMethods(app: FastifyInstance): void {
  for (const [method, hasBody] of Object.entries(EXTRA_METHODS)) {
    if (!app.supportedMethods.includes(method)) app.addHttpMethod(method, { hasBody });
  }
}

function principalOf(auth: AdminAuth | ApiKeyAuth): string {
  return auth.kind === 'admin' ? adminLockPrincipal(auth.adminId) : apiKeyLockPrincipal(auth.key.id);
}

function setDavHeaders(reply: FastifyReply): void {
  reply.header('dav', '1, 2');
  reply.header('ms-author-via', 'DAV');
}

/** Errors as WebDAV clients expect them: the status, a DAV:error body for preconditions, else a short text in the caller's language. */
function sendDavError(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  setDavHeaders(reply);
  if (error instanceof DavConditionError) {
    return reply.code(error.statusCode).type('application/xml; charset=utf-8').send(error.body());
  }
  let status = 500;
  let message: string;
  let headers: Record<string, string> = {};
  if (error instanceof QueueFullError) {
    status = 503;
    message = request.t('error.internal');
  } else if (error instanceof HttpError) {
    status = error.statusCode;
    headers = error.headers;
    message = request.t(error.messageKey, error.params);
  } else if (isOutOfSpace(error)) {
    // No room left on the disk or in the database (SQLITE_FULL of an upload's reservation): 507.
    status = 507;
    message = request.t('storage.full');
  } else {
    const fastifyError = error as Partial<FastifyError>;
    const code = fastifyError.statusCode;
    if (typeof code === 'number' && code >= 400 && code < 500) {
      status = code;
      message = request.t(code === 429 ? 'error.tooManyRequests' : 'error.badRequest', { seconds: 60 });
    } else {
      request.log.error({ err: error }, 'WebDAV request failed');
      message = request.t('error.internal');
    }
  }
  if (status === 304) return reply.code(304).headers(headers).send();
  if (status === 401) reply.header('www-authenticate', `Basic realm="${DAV_REALM}", charset="UTF-8"`);
  return reply.code(status).headers(headers).type('text/plain; charset=utf-8').send(`${message}\n`);
}

export async function webdavRoutes(app: FastifyInstance, options: WebdavRoutesOptions): Promise<void> {
  const resources = new DavResources(options.access);
  const deps: DavDeps = {
    access: options.access,
    resources,
    locks: options.locks,
    properties: options.properties,
    uploads: new DavUploads(
      options.access,
      options.reservations,
      options.system,
      options.clock,
      path.join(options.dataDir, 'tmp', 'dav-upload'),
    ),
    reservations: options.reservations,
    files: options.files,
    clock: options.clock,
  };

  // Bodies are read by the handlers themselves: a PUT streams into the storage, XML is read with a limit.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
  app.setErrorHandler((error, request, reply) => sendDavError(error, request, reply));
  // A request answered before its body was read to the end (a PROPFIND over the XML cap, a PUT
  // over the quota, a refusal before the body): the connection is closed, as routes/files.ts does
  // for uploads. The rest of the body stays unread (a body limit thrown out of `for await` even
  // stops Node reading the connection), so on a kept-alive connection the next request, maybe
  // another caller's through the gateway, would never be answered (issue 41).
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.raw.complete === false) reply.header('connection', 'close');
    return payload;
  });

  const handler = async (request: FastifyRequest, reply: FastifyReply): Promise<unknown> => {
    setDavHeaders(reply);
    if (request.method === 'OPTIONS') {
      return reply.code(200).header('allow', DAV_METHODS.join(', ')).header('accept-ranges', 'bytes').header('content-length', '0').send();
    }
    const { auth } = request;
    if (auth.kind === 'anonymous') throw new HttpError(401, 'dav.authRequired');
    if (auth.kind === 'apiKey' && !auth.key.permissions.mount) throw new HttpError(403, 'dav.mountPermissionRequired');
    const parsed = davPathOf(request.raw.url ?? '/');
    if (!parsed.ok) throw new HttpError(400, 'dav.invalidPath', { params: { reason: parsed.reason } });
    const dav: DavRequest = { request, reply, caller: fsCallerOf(auth), principal: principalOf(auth), path: parsed.path, deps };
    const run = HANDLERS[request.method];
    if (!run) throw new HttpError(405, 'dav.methodNotAllowed');
    return run(dav);
  };

  for (const url of [DAV_PREFIX, `${DAV_PREFIX}/`, `${DAV_PREFIX}/*`]) {
    app.route({ method: [...DAV_METHODS], url, handler });
  }
}
