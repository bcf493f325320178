import type { ApiEnvelope, ApiErrorEnvelope, ApiMessage } from '@cloudclip/contract';

/**
 * Response bodies of contract §1, as the server writes them: the contract's envelope types with the
 * exact variant each endpoint uses (adding fields is allowed, removing or renaming is not, §9.1).
 */

/** Shape E: `{ code, message, data, success: true }`. */
export type SuccessEnvelope<T> = ApiEnvelope<T> & { success: true };

/** Shape E without `data` (a write that returns nothing). */
export type SuccessMessage = ApiMessage & { success: true };

/** Shape E−: like E without `success` (login, logout, change-password, /api/admin/pastes*). */
export type SuccessEnvelopeWithoutFlag<T> = Omit<ApiEnvelope<T>, 'success'>;

/** Default error shape: `{ code, message, success: false, data: null }`. */
export type ErrorEnvelope = ApiErrorEnvelope & { data: null };

/** Error shape without `data` (cache endpoints, S3-config test). */
export type ErrorEnvelopeWithoutData = Omit<ApiErrorEnvelope, 'data'>;

/** Shape E. `code` is the body code (201 for some creates, 202 for partial batch copies). */
export function envelope(message: string): SuccessMessage;
export function envelope<T>(message: string, data: T, code?: number): SuccessEnvelope<T>;
export function envelope<T>(message: string, data?: T, code = 200): SuccessEnvelope<T> | SuccessMessage {
  return data === undefined ? { code, message, success: true } : { code, message, data, success: true };
}

/** Shape E− (no `success`). */
export function envelopeWithoutSuccess(message: string): ApiMessage;
export function envelopeWithoutSuccess<T>(message: string, data: T, code?: number): SuccessEnvelopeWithoutFlag<T>;
export function envelopeWithoutSuccess<T>(message: string, data?: T, code = 200): SuccessEnvelopeWithoutFlag<T> | ApiMessage {
  return data === undefined ? { code, message } : { code, message, data };
}

/** Shape F: a flat JSON object, no envelope. Identity, but names the intent at the call site. */
export function flat<T extends object>(body: T): T {
  return body;
}

export function errorEnvelope(code: number, message: string): ErrorEnvelope {
  return { code, message, success: false, data: null };
}

export function errorEnvelopeWithoutData(code: number, message: string): ErrorEnvelopeWithoutData {
  return { code, message, success: false };
}
