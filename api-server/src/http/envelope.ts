/**
 * Response bodies of contract §1. Keep the exact variant each endpoint uses:
 * adding fields is allowed, removing or renaming is not (§9.1).
 */

/** Shape E: `{ code, message, data, success: true }`; `data` omitted when undefined. */
export interface SuccessEnvelope<T> {
  code: number;
  message: string;
  data?: T;
  success: true;
}

/** Shape E−: like E without `success` (login, logout, change-password, /api/admin/pastes*). */
export interface SuccessEnvelopeWithoutFlag<T> {
  code: number;
  message: string;
  data?: T;
}

/** Default error shape: `{ code, message, success: false, data: null }`. */
export interface ErrorEnvelope {
  code: number;
  message: string;
  success: false;
  data: null;
}

/** Error shape without `data` (cache endpoints, S3-config test). */
export interface ErrorEnvelopeWithoutData {
  code: number;
  message: string;
  success: false;
}

/** Shape E. `code` is the body code (201 for some creates, 202 for partial batch copies). */
export function envelope<T = never>(message: string, data?: T, code = 200): SuccessEnvelope<T> {
  return data === undefined ? { code, message, success: true } : { code, message, data, success: true };
}

/** Shape E− (no `success`). */
export function envelopeWithoutSuccess<T = never>(message: string, data?: T, code = 200): SuccessEnvelopeWithoutFlag<T> {
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
