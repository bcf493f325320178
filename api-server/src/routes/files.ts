import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { keyOwnerOrNotFound, requireAdmin, requirePermission } from '../auth/guards';
import { apiKeyCreator, userKeyInfo } from '../auth/ownership';
import { readObjectRange, sendObject, sendObjectHead } from '../http/byte-range-response';
import { envelope, flat } from '../http/envelope';
import { HttpError } from '../http/http-error';
import { requestOrigin } from '../http/request-origin';
import { parseInput } from '../http/validation';
import { isOutOfSpace } from '../lib/out-of-space';
import { isActiveContentType, isOfficeDocument, nonScriptContentType } from '../lib/mime-types';
import { isShareRemarkTooLong, SHARE_REMARK_MAX_LENGTH, type UserFileListData } from '@cloudclip/contract';
import type { CredentialGuard } from '../auth/credential-guard';
import type { AuthService } from '../services/auth-service';
import { OFFICE_VIEWER_URL } from '../services/file-share-access';
import type { DirectUploadInput } from '../services/file-share-inputs';
import type { FileCaller } from '../services/file-share-rules';
import type { FileShareServices } from '../services/file-shares';
import { storageHttpError } from '../services/storage-errors';
import { ByteLimiter } from '../services/upload-limits';
import { contentDisposition } from '../storage/content-disposition';
import { quoteEtag, type ObjectInfo } from '../storage/storage-driver';
import { searchTermsOrRefuse } from '../services/search-terms';
import {
  idParams,
  slugParams,
  filenameParams,
  presignBody,
  commitBody,
  uploadOptions,
  adminListQuery,
  userListQuery,
  updateBody,
  verifyBody,
  passwordQuery,
} from './file-share-schemas';

export interface FileRoutesOptions {
  files: FileShareServices;
  auth: AuthService;
  /** Wrong share passwords count against the client's and the file's failed-credential budget. */
  credentialGuard: CredentialGuard;
  /** Where form uploads are spooled before they go to storage. */
  tempDir: string;
}

/** Content-Security-Policy of active content (HTML, SVG, XML, scripts) served by the proxy links. */
export const SANDBOX_CSP = "sandbox; default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'";

/**
 * 400 for a file share remark longer than the contract allows (rules/share-remark.ts), before any
 * work is done: every route that sets a remark (here and in url-import.ts) checks it right after
 * parsing its input.
 */
export function refuseLongRemark(remark: string | null | undefined): void {
  if (isShareRemarkTooLong(remark)) throw new HttpError(400, 'file.remarkTooLong', { params: { max: SHARE_REMARK_MAX_LENGTH } });
}

/** The authenticated caller of a `file`-guarded route. */
export function callerOf(request: FastifyRequest): FileCaller {
  const { auth } = request;
  if (auth.kind === 'anonymous') throw new HttpError(401, 'auth.authenticationRequired');
  return auth;
}

function contentLengthOf(request: FastifyRequest): number | undefined {
  if (request.headers['transfer-encoding']) return undefined;
  const header = request.headers['content-length'];
  if (header === undefined || !/^\d+$/.test(header)) return undefined;
  return Number(header);
}

/**
 * An upload answered before its body was read to the end (refused, or stopped at a limit): Node
 * stops reading a request once the response is sent, so the connection is closed instead of
 * leaving the client blocked on a body nobody reads.
 */
async function closeUnfinishedUploads(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (request.raw.complete === false) reply.header('connection', 'close');
}

function toDirectUploadInput(filename: string, options: z.output<typeof uploadOptions>): DirectUploadInput {
  return { filename, ...options };
}

/** `text/*` types are declared UTF-8; the rest as stored. */
function servedContentType(stored: string): string {
  // A script type would run from a `<script src>` on our origin: it goes out as text.
  const mimetype = nonScriptContentType(stored);
  return /^text\//i.test(mimetype) && !/charset=/i.test(mimetype) ? `${mimetype}; charset=utf-8` : mimetype;
}

function sendText(reply: FastifyReply, status: number, text: string, headers: Record<string, string> = {}): FastifyReply {
  return reply.code(status).headers(headers).type('text/plain; charset=utf-8').header('x-content-type-options', 'nosniff').send(text);
}

/** Writes a form upload's file part to a temporary file, refusing it past `maxBytes`. */
async function spool(stream: Readable, tempDir: string, maxBytes: number, tooLarge: () => Error): Promise<{ file: string; size: number }> {
  await mkdir(tempDir, { recursive: true });
  const file = path.join(tempDir, `${Date.now()}-${randomBytes(8).toString('hex')}`);
  const limiter = new ByteLimiter(maxBytes, tooLarge);
  try {
    await pipeline(stream, limiter, createWriteStream(file, { flags: 'wx' }));
  } catch (error) {
    await rm(file, { force: true });
    if (limiter.errored instanceof HttpError) throw limiter.errored;
    if ((error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw error;
  }
  return { file, size: limiter.bytes };
}

/**
 * File shares (contract §5.4): uploads (presign/commit, upload-direct, the form upload of the
 * product spec), admin and API-key management, public info / verify and the proxy links.
 */
export async function fileRoutes(app: FastifyInstance, { files, auth, credentialGuard, tempDir }: FileRoutesOptions): Promise<void> {
  const filePermission = requirePermission('file');

  // ------------------------------------------------------------ three-step upload (§5.4.2)

  app.post('/api/s3/presign', { preHandler: filePermission }, async (request) => {
    const body = parseInput(presignBody, request.body);
    const data = await files.uploads.presign(callerOf(request), body, requestOrigin(request));
    return envelope(request.t('file.presigned'), data);
  });

  app.post('/api/s3/commit', { preHandler: filePermission }, async (request) => {
    const body = parseInput(commitBody, request.body);
    refuseLongRemark(body.remark);
    const data = await files.uploads.commit(callerOf(request), body);
    return envelope(request.t('file.committed'), data);
  });

  // ------------------------------------------------------------ raw single-request upload

  await app.register(async (raw) => {
    // Bodies of any type are streamed to storage by the handler, byte for byte.
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', (_request, _payload, done) => done(null));
    raw.addHook('onSend', async (request, reply, payload) => {
      await closeUnfinishedUploads(request, reply);
      return payload;
    });

    // X-Custom-Auth-Key: the raw key value, used when Authorization does not authenticate (§2.1).
    async function customAuthKey(request: FastifyRequest): Promise<void> {
      const header = request.headers['x-custom-auth-key'];
      const key = Array.isArray(header) ? header[0] : header;
      if (request.auth.kind === 'anonymous' && key && key.trim() !== '') request.auth = await auth.resolve(`ApiKey ${key.trim()}`);
    }

    raw.put('/api/upload-direct/:filename', { onRequest: [customAuthKey, filePermission] }, async (request) => {
      const { filename } = parseInput(filenameParams, request.params);
      const options = parseInput(uploadOptions, request.query);
      refuseLongRemark(options.remark);
      const data = await files.uploads.storeUpload(
        callerOf(request),
        toDirectUploadInput(filename, options),
        { stream: request.raw, contentLength: contentLengthOf(request) },
        requestOrigin(request),
      );
      return envelope(request.t('file.uploaded'), data);
    });
  });

  // ------------------------------------------------------------ form upload (product spec §7)

  await app.register(async (form) => {
    await form.register(multipart);
    form.addHook('onSend', async (request, reply, payload) => {
      await closeUnfinishedUploads(request, reply);
      return payload;
    });

    form.post('/api/upload', { onRequest: filePermission }, async (request) => {
      const caller = callerOf(request);
      if (!request.isMultipart()) throw new HttpError(400, 'file.noFile');
      const maxBytes = await files.limits.maxUploadBytes();
      const tooLarge = (): Error => files.limits.tooLarge(maxBytes);
      const fields: Record<string, string> = {};
      let upload: { file: string; size: number; filename: string } | undefined;
      try {
        try {
          const parts = request.parts({ limits: { fileSize: maxBytes + 1, fields: 64, fieldSize: 64 * 1024, parts: 80 } });
          for await (const part of parts) {
            if (part.type === 'file') {
              if (upload || part.fieldname !== 'file') {
                part.file.resume();
                continue;
              }
              const spooled = await spool(part.file, tempDir, maxBytes, tooLarge);
              upload = { ...spooled, filename: part.filename };
            } else if (typeof part.value === 'string') {
              fields[part.fieldname] = part.value;
            }
          }
        } catch (error) {
          // A broken form (no boundary, truncated, garbage) is the client's fault: 400.
          if ((error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
          if (error instanceof HttpError) throw error;
          // The spool of the file had no room: the server's disk is full, not the form broken.
          if (isOutOfSpace(error)) throw new HttpError(507, 'storage.full', { cause: error });
          throw new HttpError(400, 'error.badRequest', { cause: error });
        }
        if (!upload) throw new HttpError(400, 'file.noFile');
        const options = parseInput(uploadOptions, fields);
        refuseLongRemark(options.remark);
        const filename = fields.filename?.trim() || upload.filename;
        const data = await files.uploads.storeUpload(
          caller,
          toDirectUploadInput(filename, options),
          { stream: createReadStream(upload.file), contentLength: upload.size },
          requestOrigin(request),
        );
        return envelope(request.t('file.uploaded'), data);
      } finally {
        if (upload) await rm(upload.file, { force: true });
      }
    });
  });

  // ------------------------------------------------------------ admin management (§5.4.3)

  app.get('/api/admin/files', { preHandler: requireAdmin }, async (request) => {
    const query = parseInput(adminListQuery, request.query);
    const data = await files.records.listForAdmin({
      limit: query.limit,
      offset: query.offset,
      createdBy: query.created_by,
      s3ConfigId: query.s3_config_id,
      terms: searchTermsOrRefuse(query.q),
    });
    return envelope(request.t('file.listed'), data);
  });

  app.get('/api/admin/files/:id', { preHandler: requireAdmin }, async (request) => {
    const { id } = parseInput(idParams, request.params);
    return envelope(request.t('file.fetched'), await files.records.detail(id, requestOrigin(request)));
  });

  app.put('/api/admin/files/:id', { preHandler: requireAdmin }, async (request) => {
    const { id } = parseInput(idParams, request.params);
    const body = parseInput(updateBody, request.body);
    refuseLongRemark(body.remark);
    await files.records.update(id, body);
    return envelope(request.t('file.updated'));
  });

  app.delete('/api/admin/files/:id', { preHandler: requireAdmin }, async (request) => {
    const { id } = parseInput(idParams, request.params);
    await files.records.delete(id);
    return envelope(request.t('file.deleted'));
  });

  // ------------------------------------------------------------ API-key user management (§5.4.4)

  app.get('/api/user/files', { preHandler: filePermission }, async (request) => {
    const { limit, offset, q } = parseInput(userListQuery, request.query);
    const terms = searchTermsOrRefuse(q);
    const { auth: caller } = request;
    if (caller.kind !== 'apiKey') {
      // Admins own no key rows: an empty list, `key_info` null.
      const data: UserFileListData = { files: [], pagination: { total: 0, limit, offset, hasMore: false } };
      return { ...envelope(request.t('file.listed'), data), key_info: null };
    }
    const { key } = caller;
    const data = await files.records.listOwned(apiKeyCreator(key.id), { limit, offset, terms });
    return { ...envelope(request.t('file.listed'), data), key_info: userKeyInfo(key) };
  });

  app.get('/api/user/files/:id', { preHandler: filePermission }, async (request) => {
    const { id } = parseInput(idParams, request.params);
    return envelope(
      request.t('file.fetched'),
      await files.records.detail(id, requestOrigin(request), keyOwnerOrNotFound(request, 'file.notFound')),
    );
  });

  app.put('/api/user/files/:id', { preHandler: filePermission }, async (request) => {
    const { id } = parseInput(idParams, request.params);
    const body = parseInput(updateBody, request.body);
    refuseLongRemark(body.remark);
    await files.records.update(id, body, keyOwnerOrNotFound(request, 'file.notFound'));
    return envelope(request.t('file.updated'));
  });

  app.delete('/api/user/files/:id', { preHandler: filePermission }, async (request) => {
    const { id } = parseInput(idParams, request.params);
    await files.records.delete(id, keyOwnerOrNotFound(request, 'file.notFound'));
    return envelope(request.t('file.deleted'));
  });

  // ------------------------------------------------------------ public (§5.4.5)

  // Reads that count a view answer GET only (an automatic HEAD would use up views).
  app.get('/api/public/files/:slug', { exposeHeadRoute: false }, async (request) => {
    const { slug } = parseInput(slugParams, request.params);
    return envelope(request.t('file.infoRetrieved'), await files.access.publicInfo(slug, requestOrigin(request)));
  });

  app.post('/api/public/files/:slug/verify', async (request, reply) => {
    const { slug } = parseInput(slugParams, request.params);
    const { password } = parseInput(verifyBody, request.body);
    const result = await credentialGuard.attempt(request, `file:${slug}`, () =>
      files.access.verify(slug, password, requestOrigin(request)),
    );
    if (!result.protected) {
      // §1.1: HTTP 200 with body code 400 and success true for a file without password.
      return reply.code(200).send({ code: 400, message: request.t('file.notProtected'), data: { url: result.url }, success: true });
    }
    return envelope(request.t('file.verified'), result.file);
  });

  // ------------------------------------------------------------ proxy links (§5.4.6)

  async function serveFile(request: FastifyRequest, reply: FastifyReply, disposition: 'attachment' | 'inline'): Promise<FastifyReply> {
    try {
      const { slug } = parseInput(slugParams, request.params);
      const { password } = parseInput(passwordQuery, request.query);
      const target = await credentialGuard.attempt(request, password ? `file:${slug}` : undefined, () =>
        files.access.proxyTarget(slug, password),
      );
      const { row, driver } = target;
      if (disposition === 'inline' && isOfficeDocument(row.filename, row.mimetype)) {
        const url = await files.access.temporaryUrl(target, requestOrigin(request));
        return reply.redirect(`${OFFICE_VIEWER_URL}${encodeURIComponent(url)}`, 302);
      }
      const headers: Record<string, string> = {
        'content-type': servedContentType(row.mimetype),
        'content-disposition': contentDisposition(disposition, row.filename),
        'accept-ranges': 'bytes',
        'x-content-type-options': 'nosniff',
        'cache-control': 'private, no-cache',
      };
      if (isActiveContentType(row.mimetype)) {
        headers['content-security-policy'] = SANDBOX_CSP;
        headers['x-xss-protection'] = '1; mode=block';
      }
      const objectHeaders = (info: ObjectInfo): Record<string, string> => ({
        ...headers,
        etag: quoteEtag(info.etag),
        'last-modified': info.lastModified.toUTCString(),
      });

      if (request.method === 'HEAD') {
        const info = await driver.headObject(row.storage_path).catch((error: unknown) => {
          throw storageHttpError(error);
        });
        if (!info) throw new HttpError(404, 'storage.objectNotFound');
        return sendObjectHead(reply, info, objectHeaders(info));
      }
      try {
        const result = await readObjectRange(driver, row.storage_path, request.headers.range);
        return sendObject(reply, result, objectHeaders(result));
      } catch (error) {
        throw storageHttpError(error);
      }
    } catch (error) {
      // Errors of the proxy links are text/plain (§1.2).
      if (error instanceof HttpError) return sendText(reply, error.statusCode, request.t(error.messageKey, error.params), error.headers);
      request.log.error({ err: error }, 'file proxy failed');
      return sendText(reply, 500, request.t('error.internal'));
    }
  }

  // GET and HEAD in one route: Fastify's automatic HEAD route would reset Content-Length to 0.
  app.route({
    method: ['GET', 'HEAD'],
    url: '/api/file-download/:slug',
    handler: (request, reply) => serveFile(request, reply, 'attachment'),
  });
  app.route({ method: ['GET', 'HEAD'], url: '/api/file-view/:slug', handler: (request, reply) => serveFile(request, reply, 'inline') });

  app.get('/api/office-preview/:slug', async (request, reply) => {
    try {
      const { slug } = parseInput(slugParams, request.params);
      const { password } = parseInput(passwordQuery, request.query);
      return flat(
        await credentialGuard.attempt(request, password ? `file:${slug}` : undefined, () =>
          files.access.officePreview(slug, password, requestOrigin(request)),
        ),
      );
    } catch (error) {
      // Shape F errors: `{ error }`.
      if (error instanceof HttpError)
        return reply
          .code(error.statusCode)
          .headers(error.headers)
          .send({ error: request.t(error.messageKey, error.params) });
      request.log.error({ err: error }, 'office preview failed');
      return reply.code(500).send({ error: request.t('error.internal') });
    }
  });
}
