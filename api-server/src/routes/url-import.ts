import { fitShareRemark } from '@cloudclip/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requirePermission } from '../auth/guards';
import { envelope } from '../http/envelope';
import type { MessageKey } from '../i18n/messages';
import { requestOrigin } from '../http/request-origin';
import { parseInput } from '../http/validation';
import { isScriptContentType } from '../lib/mime-types';
import { PROXIED_HEADERS } from '../services/url-import-remote';
import type { UrlImportService } from '../services/url-import-service';
import type { UrlImportStart } from '../services/url-import-targets';
import { commitBody } from './file-share-schemas';
import { callerOf, refuseLongRemark, SANDBOX_CSP } from './files';
import { optionalNumber, optionalString } from './input-numbers';

export interface UrlImportRoutesOptions {
  urlImport: UrlImportService;
}

const urlBody = z.object({ url: z.string().min(1) });

const metadata = z
  .object({
    filename: optionalString,
    contentType: optionalString,
    size: optionalNumber({ integer: true, min: 0 }),
  })
  .nullish()
  .transform((value) => value ?? undefined);

const presignBody = z.object({
  url: z.string().min(1),
  s3_config_id: z.string().min(1),
  metadata,
  filename: optionalString,
  slug: optionalString,
  remark: optionalString,
  path: optionalString,
});

const urlCommitBody = commitBody.extend({ slug: optionalString });

const multipartInitBody = presignBody.extend({
  password: optionalString,
  expires_in: optionalNumber({ min: 0 }),
  max_views: optionalNumber({ integer: true, min: 0 }),
  part_size: optionalNumber({ integer: true, min: 1 }),
  total_size: optionalNumber({ integer: true, min: 0 }),
  part_count: optionalNumber({ integer: true, min: 1 }),
});

const completeBody = z.object({
  file_id: z.string().min(1),
  upload_id: z.string().min(1),
  parts: z
    .array(
      z.object({
        partNumber: z.number().int().min(1).max(10_000),
        etag: z.string().nullable(),
        size: optionalNumber({ integer: true, min: 0 }),
      }),
    )
    .min(1),
});

const abortBody = z.object({ file_id: z.string().min(1), upload_id: z.string().min(1) });
const cancelBody = z.object({ file_id: z.string().min(1) });

/** URL import (contract §5.8). */
export async function urlImportRoutes(app: FastifyInstance, { urlImport }: UrlImportRoutesOptions): Promise<void> {
  const filePermission = requirePermission('file');
  // The remark written when none is sent, cut to the contract's length (a source address can be long).
  const defaultRemark = (request: FastifyRequest) => (url: string) => fitShareRemark(request.t('url.defaultRemark', { url }));
  /** The caller of presign and multipart init, where its browser is, and the remark its share gets when it sends none. */
  const startOf = (request: FastifyRequest): UrlImportStart => ({
    caller: callerOf(request),
    origin: requestOrigin(request),
    defaultRemark: defaultRemark(request),
  });
  /** Complete, abort and cancel answer the service's data with the message repeated in it. */
  const withMessage = <T extends object>(request: FastifyRequest, messageKey: MessageKey, data: T) => {
    const message = request.t(messageKey);
    return envelope(message, { ...data, message });
  };

  app.post('/api/url/info', async (request) => {
    const { url } = parseInput(urlBody, request.body);
    return envelope(request.t('url.infoRetrieved'), await urlImport.info(url, requestOrigin(request)));
  });

  // Streams the remote body (backpressure through the pipe; never buffered whole).
  app.get('/api/url/proxy', async (request, reply) => {
    const { url } = parseInput(urlBody, request.query);
    const range = typeof request.headers.range === 'string' ? request.headers.range : undefined;
    const remote = await urlImport.proxy(url, range);
    const headers: Record<string, string> = {};
    for (const name of [...PROXIED_HEADERS, 'content-encoding']) {
      const value = remote.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    headers['access-control-allow-methods'] = 'GET, HEAD, OPTIONS';
    headers['access-control-allow-headers'] = 'Content-Type';
    // Remote content is served from our origin: never as an active document, never as a script (with
    // nosniff, a <script src> of a non-script type does not run; the sandbox does not cover scripts),
    // and saved rather than opened when visited (the client only reads the bytes).
    headers['x-content-type-options'] = 'nosniff';
    headers['content-security-policy'] = SANDBOX_CSP;
    if (isScriptContentType(headers['content-type'])) headers['content-type'] = 'text/plain; charset=utf-8';
    headers['content-disposition'] = (headers['content-disposition'] ?? '').replace(/^[^;]*/, 'attachment');
    return reply.code(remote.status).headers(headers).send(remote.body);
  });

  /** Presign, commit and multipart init: a body whose remark must fit, answered with what the service made of it. */
  function remarkedRoute<S extends z.ZodType<{ remark?: string | null | undefined }>>(
    path: string,
    schema: S,
    messageKey: MessageKey,
    run: (request: FastifyRequest, body: z.output<S>) => Promise<unknown>,
  ): void {
    app.post(path, { preHandler: filePermission }, async (request) => {
      const body = parseInput(schema, request.body);
      refuseLongRemark(body.remark);
      return envelope(request.t(messageKey), await run(request, body));
    });
  }

  remarkedRoute('/api/url/presign', presignBody, 'url.presigned', (request, body) => urlImport.presign(startOf(request), body));
  remarkedRoute('/api/url/commit', urlCommitBody, 'file.committed', (request, body) => urlImport.commit(callerOf(request), body));
  remarkedRoute('/api/url/multipart/init', multipartInitBody, 'url.multipartInitialized', (request, body) =>
    urlImport.multipartInit(startOf(request), body),
  );

  app.post('/api/url/multipart/complete', { preHandler: filePermission }, async (request) => {
    const body = parseInput(completeBody, request.body);
    return withMessage(request, 'url.multipartCompleted', await urlImport.multipartComplete(callerOf(request), body));
  });

  app.post('/api/url/multipart/abort', { preHandler: filePermission }, async (request) => {
    const body = parseInput(abortBody, request.body);
    return withMessage(request, 'url.multipartAborted', await urlImport.multipartAbort(callerOf(request), body));
  });

  app.post('/api/url/cancel', { preHandler: filePermission }, async (request) => {
    const body = parseInput(cancelBody, request.body);
    return withMessage(request, 'url.cancelled', await urlImport.cancel(callerOf(request), body));
  });
}
