import multipart from '@fastify/multipart';
import {
  FILE_LINK_MAX_EXPIRES_SECONDS,
  FS_SEARCH_PAGE,
  type FsSearchData,
  requiresClientSideCopy,
  type FsMultipartAbortResponse,
  type FsUploadResponse,
} from '@cloudclip/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { adminOf, apiKeyOf, requireAdmin, requirePermission } from '../auth/guards';
import { fsCallerOf, type FsCaller } from '../services/fs/fs-access';
import type { FsCopyService } from '../services/fs/fs-copy';
import type { FsSearchService } from '../services/fs/fs-search';
import type { FsService } from '../services/fs/fs-service';
import { FORM_UPLOAD_MAX_BYTES, type FormPart, type FsUploadService } from '../services/fs/fs-upload';
import { sendObject } from '../http/byte-range-response';
import { envelope } from '../http/envelope';
import { HttpError, withoutDataError } from '../http/http-error';
import { requestOrigin } from '../http/request-origin';
import { parseInput } from '../http/validation';
import { storageHttpError } from '../services/storage-errors';
import { quoteEtag } from '../storage/storage-driver';
import { queryInt } from './input-numbers';

export interface FsRoutesOptions {
  fs: FsService;
  uploads: FsUploadService;
  copies: FsCopyService;
  /** `fs/search` over the mount index (issue 16). */
  search: FsSearchService;
}

/** JSON bodies of `fs/update` carry up to 10 MB of text (JSON escaping adds some). */
export const FS_UPDATE_BODY_LIMIT = 32 * 1024 * 1024;

const pathQuery = z.object({ path: z.string() });
const listQuery = z.object({ path: z.string().optional() });
const searchQuery = z.object({
  q: z.string().optional(),
  path: z.string().optional(),
  limit: queryInt(FS_SEARCH_PAGE.limit, 1, FS_SEARCH_PAGE.maxLimit),
  offset: queryInt(FS_SEARCH_PAGE.offset, 0),
});
const linkQuery = z.object({
  path: z.string(),
  expires_in: z.string().optional(),
  force_download: z.string().optional(),
});
const pathBody = z.object({ path: z.string() });
const batchRemoveBody = z.object({ paths: z.array(z.unknown()).min(1) });
const renameBody = z.object({ oldPath: z.string(), newPath: z.string() });
const updateBody = z.object({ path: z.string(), content: z.string() });
/** What an upload request says about the file it is for (checked by the service, not here). */
const uploadedFileFields = { contentType: z.unknown().optional(), fileSize: z.unknown().optional() };
/** The bucket multipart upload a part, complete or abort request belongs to. */
const multipartUploadFields = { path: z.string(), uploadId: z.string().min(1), key: z.string().min(1) };
const presignBody = z.object({ path: z.string(), fileName: z.string(), ...uploadedFileFields });
const commitBody = z.object({
  fileId: z.string(),
  s3Path: z.string(),
  s3ConfigId: z.string(),
  targetPath: z.string(),
  // What the client's PUT stored, held against the object (services/stored-upload-check.ts).
  etag: z.string().nullish(),
  fileSize: uploadedFileFields.fileSize,
});
const multipartInitBody = z.object({ path: z.string(), filename: z.string().nullish(), ...uploadedFileFields });
const partQuery = z.object({
  ...multipartUploadFields,
  partNumber: z.string().regex(/^\d{1,5}$/),
  isLastPart: z.string().optional(),
});
const completeBody = z.object({
  ...multipartUploadFields,
  parts: z.array(z.object({ partNumber: z.number().int(), etag: z.string().min(1) })).min(1),
  ...uploadedFileFields,
});
const abortBody = z.object(multipartUploadFields);
const booleanLike = z.union([z.boolean(), z.literal('true'), z.literal('false')]);
const batchCopyBody = z.object({
  items: z.array(z.object({ sourcePath: z.unknown(), targetPath: z.unknown() })).min(1),
  skipExisting: booleanLike.optional(),
  serverSideCrossCopy: booleanLike.optional(),
});
const copyCommitBody = z.object({
  targetMountId: z.string().min(1),
  files: z.array(z.object({ targetPath: z.unknown().optional(), s3Path: z.unknown().optional() }).passthrough()).min(1),
});

function flag(value: boolean | 'true' | 'false' | undefined, fallback: boolean): boolean {
  if (value === undefined) return fallback;
  return value === true || value === 'true';
}

function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** Download header as the reference (`attachment; filename="<url-encoded name>"`) plus RFC 6266 `filename*`. */
export function attachmentDisposition(name: string): string {
  return `attachment; filename="${encodeURIComponent(name)}"; filename*=UTF-8''${encodeRfc5987(name)}`;
}

/** `expires_in` seconds: absent / empty / `null` → the config default; else an integer 1…604800 (400 otherwise). */
function expiresInOf(value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === '' || value === 'null') return undefined;
  if (!/^\d+$/.test(value.trim())) throw new HttpError(400, 'validation.invalidField', { params: { field: 'expires_in' } });
  const seconds = Number(value.trim());
  if (seconds < 1 || seconds > FILE_LINK_MAX_EXPIRES_SECONDS)
    throw new HttpError(400, 'validation.invalidField', { params: { field: 'expires_in' } });
  return seconds;
}

/** Shape M errors (`{ success: false, message, code }`) for the multipart handlers. */
async function shapeM<T>(run: () => Promise<T>): Promise<{ success: true; data: T }> {
  try {
    return { success: true, data: await run() };
  } catch (error) {
    throw withoutDataError(storageHttpError(error), error);
  }
}

/**
 * The parts of a multipart/form-data body. A body the parser cannot read (no boundary, cut short,
 * malformed headers) is the client's fault: 400, or the parser's own 4xx (e.g. 413 file too large).
 */
async function* formParts(request: FastifyRequest): AsyncGenerator<FormPart> {
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') yield { kind: 'file', name: part.fieldname, filename: part.filename, stream: part.file };
      else yield { kind: 'field', name: part.fieldname, value: part.value };
    }
  } catch (error) {
    const status = (error as { statusCode?: unknown }).statusCode;
    if (error instanceof HttpError) throw error;
    if (typeof status === 'number' && status >= 400 && status < 500 && status !== 406) throw error;
    throw new HttpError(400, 'error.badRequest', { cause: error });
  }
}

/**
 * Contract §5.9: `/api/admin/fs/*` (guard `admin`) and `/api/user/fs/*` (guard `file` + basic_path).
 * Guards run in `onRequest`, so refused callers are answered before any body is read.
 * Admin tokens on `/api/user/fs/*` get 403 (the reference fails with 500): admins use the admin family.
 */
export async function fsRoutes(app: FastifyInstance, options: FsRoutesOptions): Promise<void> {
  await app.register(multipart, {
    limits: { fileSize: FORM_UPLOAD_MAX_BYTES, files: 1, fields: 20, fieldSize: 1024 * 1024, parts: 40 },
  });
  for (const family of ['admin', 'user'] as const) registerFamily(app, family, options);

  // The part upload takes raw bytes of any type, streamed by the handler (this scope only).
  await app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', (_request, _payload, done) => done(null));
    for (const family of ['admin', 'user'] as const) {
      const { guard, callerOf } = familyOf(family);
      raw.post(`/api/${family}/fs/multipart/part`, { onRequest: guard }, async (request) =>
        shapeM(async () => {
          const caller = callerOf(request);
          const query = parseInput(partQuery, request.query);
          const header = request.headers['content-length'];
          const length = header === undefined || request.headers['transfer-encoding'] !== undefined ? undefined : Number(header);
          return options.uploads.uploadPart(
            caller,
            { path: query.path, uploadId: query.uploadId, key: query.key, partNumber: Number(query.partNumber) },
            request.raw,
            Number.isFinite(length) ? length : undefined,
          );
        }),
      );
    }
  });
}

function familyOf(family: 'admin' | 'user') {
  return family === 'admin'
    ? { guard: requireAdmin, callerOf: (request: FastifyRequest): FsCaller => fsCallerOf(adminOf(request)) }
    : { guard: requirePermission('file'), callerOf: (request: FastifyRequest): FsCaller => fsCallerOf(apiKeyOf(request)) };
}

function registerFamily(app: FastifyInstance, family: 'admin' | 'user', { fs, uploads, copies, search }: FsRoutesOptions): void {
  const { guard, callerOf } = familyOf(family);
  const base = `/api/${family}/fs`;
  const opts = { onRequest: guard };
  const describe =
    (request: FastifyRequest) =>
    (error: unknown): string => {
      const mapped = storageHttpError(error);
      return mapped instanceof HttpError ? request.t(mapped.messageKey, mapped.params) : request.t('error.internal');
    };

  app.get(`${base}/list`, opts, async (request) => {
    const caller = callerOf(request);
    const { path } = parseInput(listQuery, request.query);
    return envelope(request.t('fs.listed'), await fs.list(caller, path));
  });

  app.get(`${base}/search`, opts, async (request) => {
    const caller = callerOf(request);
    const query = parseInput(searchQuery, request.query);
    return envelope<FsSearchData>(request.t('search.done'), await search.search(caller, query));
  });

  app.get(`${base}/get`, opts, async (request) => {
    const caller = callerOf(request);
    const { path } = parseInput(pathQuery, request.query);
    return envelope(request.t('fs.fetched'), await fs.get(caller, path, requestOrigin(request)));
  });

  app.get(`${base}/download`, opts, async (request: FastifyRequest, reply: FastifyReply) => {
    const caller = callerOf(request);
    const { path } = parseInput(pathQuery, request.query);
    const { object, name } = await fs.open(caller, path, request.headers.range);
    // Content-Length is listed to keep its place among the headers; sendObject sets it.
    return sendObject(reply, object, {
      'content-type': object.contentType || 'application/octet-stream',
      'content-disposition': attachmentDisposition(name),
      'cache-control': 'private, max-age=0',
      'content-length': String(object.contentLength),
      'last-modified': object.lastModified.toUTCString(),
      etag: quoteEtag(object.etag),
      'accept-ranges': 'bytes',
      'x-content-type-options': 'nosniff',
      'content-security-policy': 'sandbox',
    });
  });

  app.get(`${base}/file-link`, opts, async (request) => {
    const caller = callerOf(request);
    const query = parseInput(linkQuery, request.query);
    const data = await fs.fileLink(
      caller,
      query.path,
      expiresInOf(query.expires_in),
      query.force_download === 'true',
      requestOrigin(request),
    );
    return envelope(request.t('fs.linkCreated'), data);
  });

  app.post(`${base}/mkdir`, opts, async (request) => {
    const caller = callerOf(request);
    const { path } = parseInput(pathBody, request.body);
    await fs.mkdir(caller, path);
    return envelope(request.t('fs.folderCreated'));
  });

  app.post(`${base}/upload`, opts, async (request) => {
    const caller = callerOf(request);
    if (!request.isMultipart()) throw new HttpError(400, 'validation.missingFields', { params: { fields: 'file, path' } });
    const result = await uploads.uploadForm(caller, formParts(request), requestOrigin(request));
    const message = request.t(result.useMultipart ? 'fs.multipartStarted' : 'fs.uploaded');
    const data: FsUploadResponse = { ...result, message };
    return envelope(message, data);
  });

  app.delete(`${base}/remove`, opts, async (request, reply) => {
    const caller = callerOf(request);
    const { path } = parseInput(pathQuery, request.query);
    await fs.remove(caller, path);
    reply.headers({ 'cache-control': 'no-cache, no-store, must-revalidate', pragma: 'no-cache', expires: '0' });
    return envelope(request.t('fs.removed'));
  });

  app.post(`${base}/batch-remove`, opts, async (request) => {
    const caller = callerOf(request);
    const { paths } = parseInput(batchRemoveBody, request.body);
    const result = await fs.batchRemove(caller, paths, describe(request));
    return envelope(request.t('fs.batchRemoved', { success: result.success, failed: result.failed.length }), result);
  });

  app.post(`${base}/rename`, opts, async (request) => {
    const caller = callerOf(request);
    const { oldPath, newPath } = parseInput(renameBody, request.body);
    await fs.rename(caller, oldPath, newPath, requestOrigin(request));
    return envelope(request.t('fs.renamed'));
  });

  app.post(`${base}/update`, { ...opts, bodyLimit: FS_UPDATE_BODY_LIMIT }, async (request) => {
    const caller = callerOf(request);
    const { path, content } = parseInput(updateBody, request.body);
    return envelope(request.t('fs.updated'), await fs.update(caller, path, content));
  });

  app.post(`${base}/multipart/init`, opts, async (request) =>
    shapeM(async () => {
      const caller = callerOf(request);
      const body = parseInput(multipartInitBody, request.body);
      return uploads.initMultipart(caller, { path: body.path, filename: body.filename });
    }),
  );

  app.post(`${base}/multipart/complete`, opts, async (request) =>
    shapeM(async () => {
      const caller = callerOf(request);
      const body = parseInput(completeBody, request.body);
      return uploads.completeMultipart(caller, body, requestOrigin(request));
    }),
  );

  app.post(`${base}/multipart/abort`, opts, async (request) =>
    shapeM(async () => {
      const caller = callerOf(request);
      const body = parseInput(abortBody, request.body);
      await uploads.abortMultipart(caller, body);
      const data: FsMultipartAbortResponse = { success: true, message: request.t('fs.multipartAborted') };
      return data;
    }),
  );

  app.post(`${base}/presign`, opts, async (request) => {
    const caller = callerOf(request);
    const body = parseInput(presignBody, request.body);
    return envelope(request.t('fs.presigned'), await fs.presign(caller, body, requestOrigin(request)));
  });

  app.post(`${base}/presign/commit`, opts, async (request) => {
    const caller = callerOf(request);
    const body = parseInput(commitBody, request.body);
    return envelope(request.t('fs.committed'), await fs.commitPresigned(caller, body, requestOrigin(request)));
  });

  app.post(`${base}/batch-copy`, opts, async (request) => {
    const caller = callerOf(request);
    const body = parseInput(batchCopyBody, request.body);
    const result = await copies.batchCopy(
      caller,
      body.items,
      { skipExisting: flag(body.skipExisting, true), serverSideCrossCopy: flag(body.serverSideCrossCopy, false) },
      requestOrigin(request),
      describe(request),
      { crossItem: request.t('fs.crossStorageItem') },
    );
    if (requiresClientSideCopy(result)) {
      return envelope(request.t('fs.crossStorageCopy', { count: result.crossStorageResults.length }), result);
    }
    const message = request.t('fs.copied', { success: result.success, skipped: result.skipped, failed: result.failed.length });
    if (result.success + result.skipped > 0) return envelope(message, result);
    return { code: 202, message: request.t('fs.copyNothing'), data: result, success: false };
  });

  app.post(`${base}/batch-copy-commit`, opts, async (request) => {
    const caller = callerOf(request);
    const body = parseInput(copyCommitBody, request.body);
    const result = await copies.commit(caller, body.targetMountId, body.files, describe(request));
    if (result.success.length > 0) {
      return envelope(request.t('fs.copyCommitted', { success: result.success.length, failed: result.failed.length }), result);
    }
    return { code: 202, message: request.t('fs.copyCommitNothing'), data: result, success: false };
  });
}
