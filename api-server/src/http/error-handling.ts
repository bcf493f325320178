import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { pickLocale } from '../i18n/locale';
import { translate, type MessageKey } from '../i18n/messages';
import { applyCorsHeaders } from './cors';
import { errorEnvelope, errorEnvelopeWithoutData } from './envelope';
import { QueueFullError } from '../lib/bounded-queue';
import { isOutOfSpace } from '../lib/out-of-space';
import { HttpError, serverBusyError } from './http-error';

interface MappedError {
  status: number;
  messageKey: MessageKey;
  params?: HttpError['params'];
  withoutData: boolean;
  headers: Record<string, string>;
}

const FASTIFY_CODES: Record<string, { status: number; messageKey: MessageKey }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, messageKey: 'error.malformedJson' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, messageKey: 'error.malformedJson' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, messageKey: 'error.unsupportedMediaType' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, messageKey: 'error.payloadTooLarge' },
};

function isFastifyError(error: unknown): error is FastifyError {
  // Duck-typed rather than `instanceof Error`: errors may come from another realm (native addons, vm).
  return typeof error === 'object' && error !== null && ('code' in error || 'statusCode' in error || 'validation' in error);
}

function mapError(error: unknown): MappedError | null {
  // The password-hash queue is full (lib/password-hash.ts): the server is busy, not broken.
  if (error instanceof QueueFullError) return mapError(serverBusyError(error));
  // A disk or database without room left (ENOSPC, SQLITE_FULL, …) wherever it surfaced: the
  // storage is full, 507 with a message that says so, not a 500 that hides it.
  if (!(error instanceof HttpError) && isOutOfSpace(error)) return mapError(new HttpError(507, 'storage.full', { cause: error }));
  if (error instanceof HttpError) {
    return {
      status: error.statusCode,
      messageKey: error.messageKey,
      params: error.params,
      withoutData: error.shape === 'without-data',
      headers: error.headers,
    };
  }
  if (!isFastifyError(error)) return null;
  const known = error.code ? FASTIFY_CODES[error.code] : undefined;
  if (known) return { ...known, withoutData: false, headers: {} };
  if (error.validation) return { status: 400, messageKey: 'error.badRequest', withoutData: false, headers: {} };
  const status = error.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const messageKey: MessageKey = status === 404 ? 'error.notFound' : status === 429 ? 'error.tooManyRequests' : 'error.badRequest';
    return { status, messageKey, withoutData: false, headers: {} };
  }
  return null;
}

function sendError(request: FastifyRequest, reply: FastifyReply, mapped: MappedError): FastifyReply {
  const message = request.t(mapped.messageKey, mapped.params);
  const body = mapped.withoutData ? errorEnvelopeWithoutData(mapped.status, message) : errorEnvelope(mapped.status, message);
  return reply.code(mapped.status).headers(mapped.headers).type('application/json; charset=utf-8').send(body);
}

/**
 * Longest path parameter the router accepts (Fastify's default, 100, made custom paste slugs
 * longer than 100 characters unreachable; §6.1 sets no length limit). 16 KiB: any URL Node's
 * HTTP parser accepts routes.
 */
export const MAX_PARAM_LENGTH = 16 * 1024;

/**
 * Fastify `frameworkErrors` (set in `buildApp`): URLs the router refuses before any hook runs —
 * bad percent-encoding (400) and a parameter over MAX_PARAM_LENGTH (414). Fastify's own answer
 * is neither our envelope nor CORS-enabled; this one is both, like every other error (§1.2, §3).
 * The request here is a bare one (no decorators), so the language is picked directly.
 */
export function handleFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
  applyCorsHeaders(request, reply);
  const message = translate(pickLocale(request.headers['accept-language']), 'error.badRequest');
  reply.code(status).type('application/json; charset=utf-8').send(errorEnvelope(status, message));
}

/**
 * The one place errors become responses (contract §1.2):
 * HttpError → its status and catalogue message; malformed JSON → 400 (our permitted divergence);
 * no room left on the disk or in the database → 507 (lib/out-of-space.ts);
 * other framework 4xx → that status; anything else → 500 with a generic message, stack logged only.
 * Unknown routes → 404 default envelope. An empty JSON body counts as no body.
 */
export function installErrorHandling(app: FastifyInstance): void {
  const defaultJsonParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    // It reports through `done`; the promise it returns carries nothing more.
    void defaultJsonParser(request, text, done);
  });

  app.setNotFoundHandler((request, reply) =>
    sendError(request, reply, { status: 404, messageKey: 'error.notFound', withoutData: false, headers: {} }),
  );

  app.setErrorHandler((error, request, reply) => {
    const mapped = mapError(error);
    if (mapped) {
      if (mapped.status >= 500) request.log.error({ err: error }, 'request failed');
      else request.log.info({ status: mapped.status, messageKey: mapped.messageKey }, 'request rejected');
      return sendError(request, reply, mapped);
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(request, reply, { status: 500, messageKey: 'error.internal', withoutData: false, headers: {} });
  });
}
