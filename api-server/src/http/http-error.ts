import type { MessageKey, MessageParams } from '../i18n/messages';

/**
 * Error body variants of contract §1.2 that our code can produce.
 * - `default`: `{ code, message, success: false, data: null }` (almost everything)
 * - `without-data`: `{ code, message, success: false }` (cache endpoints, S3-config test)
 */
export type ErrorBodyShape = 'default' | 'without-data';

export interface HttpErrorOptions {
  /** Values for the `{placeholders}` of the message. */
  params?: MessageParams;
  shape?: ErrorBodyShape;
  /** Extra response headers (e.g. Retry-After). */
  headers?: Record<string, string>;
  cause?: unknown;
}

/**
 * A failure with an HTTP status and a message from the catalogue (src/i18n/messages.ts).
 * Services throw it; the one error handler (src/http/error-handling.ts) turns it into the
 * envelope in the caller's language.
 */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly messageKey: MessageKey;
  readonly params: MessageParams | undefined;
  readonly shape: ErrorBodyShape;
  readonly headers: Record<string, string>;

  constructor(statusCode: number, messageKey: MessageKey, options: HttpErrorOptions = {}) {
    super(messageKey, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'HttpError';
    this.statusCode = statusCode;
    this.messageKey = messageKey;
    this.params = options.params;
    this.shape = options.shape ?? 'default';
    this.headers = options.headers ?? {};
  }
}

export function isHttpError(error: unknown): error is HttpError {
  return error instanceof HttpError;
}

/** The password-hash queue is full (lib/bounded-queue.ts QueueFullError): 503, try again in a second. */
export function serverBusyError(cause: unknown): HttpError {
  return new HttpError(503, 'error.serverBusy', { headers: { 'retry-after': '1' }, cause });
}

/**
 * `error` answered with the error body without `data` (contract §1.2): an HttpError keeps its
 * status, message, params and headers; anything else becomes a 500. `cause` is what is logged.
 */
export function withoutDataError(error: unknown, cause: unknown = error): HttpError {
  if (error instanceof HttpError) {
    return new HttpError(error.statusCode, error.messageKey, {
      params: error.params,
      headers: error.headers,
      shape: 'without-data',
      cause,
    });
  }
  return new HttpError(500, 'error.internal', { shape: 'without-data', cause });
}
