// Types of raw-answer.cjs (the answer to one raw node:http request, or why there was none).
import type { ClientRequest, IncomingHttpHeaders } from 'node:http';

export type RawAnswerOrError =
  | { status: number; headers: IncomingHttpHeaders; body: string; error?: undefined }
  | { error: string; status?: undefined; headers?: undefined; body?: undefined };

/**
 * What `request` (sent by the caller) was answered: `{ status, headers, body }` once the body is
 * read whole (UTF-8), or `{ error }` when the request failed or nothing was answered within
 * `timeoutMs` (a hang: the request is destroyed).
 */
export declare function answerWithin(request: ClientRequest, timeoutMs: number): Promise<RawAnswerOrError>;
