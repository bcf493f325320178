/**
 * The error catalogue of spec §8: which text a failed call shows and what it does to the session.
 * Pure: it decides, the HTTP client acts.
 */

/** Calls whose 401 means something other than "not logged in". */
export type ErrorContext = 'share-password' | 'change-password' | 'login';

export type Credential = 'admin' | 'apiKey' | 'none';

export interface FailedResponse {
  status: number;
  statusText: string;
  serverMessage?: string | undefined;
  credential: Credential;
  /** Path of the request below /api, e.g. `/s3/presign`. */
  path: string;
  errorContext?: ErrorContext | undefined;
  /** The HTTP status was 2xx and only the envelope's `code` says failure. */
  envelopeOnly?: boolean | undefined;
}

export type SessionAction = 'expire-admin-token' | 'invalidate-api-key' | 'recheck-admin-token' | null;

export interface ErrorDecision {
  /** i18n key (namespace `common`) of the fallback text, used when the server gave no message. */
  fallbackKey: string;
  fallbackParams?: Record<string, string | number>;
  /** When true the server's message is ignored and the fallback text is shown. */
  ignoreServerMessage: boolean;
  sessionAction: SessionAction;
}

/** File and upload calls answer 401 with their own permission messages: show them, keep the key. */
const FILE_OR_UPLOAD_PATH = /^\/(?:admin\/|user\/)?(?:files|upload|s3\/|url\/|upload-direct)/;

export const SUCCESS_CODES: readonly number[] = [200, 201, 202];

export function decideError(response: FailedResponse): ErrorDecision {
  const { status, credential, errorContext } = response;
  if (status === 401) {
    if (errorContext === 'share-password') {
      return { fallbackKey: 'errors.wrongPassword', ignoreServerMessage: false, sessionAction: null };
    }
    if (errorContext === 'change-password') {
      return { fallbackKey: 'errors.verificationFailed', ignoreServerMessage: false, sessionAction: null };
    }
    if (errorContext === 'login') {
      return { fallbackKey: 'errors.loginFailed', ignoreServerMessage: false, sessionAction: null };
    }
    if (credential === 'admin') {
      return { fallbackKey: 'errors.adminSessionExpired', ignoreServerMessage: true, sessionAction: 'expire-admin-token' };
    }
    if (credential === 'apiKey') {
      if (FILE_OR_UPLOAD_PATH.test(response.path)) {
        return { fallbackKey: 'errors.unauthorized', ignoreServerMessage: false, sessionAction: null };
      }
      return { fallbackKey: 'errors.apiKeyInvalid', ignoreServerMessage: true, sessionAction: 'invalidate-api-key' };
    }
    return { fallbackKey: 'errors.unauthorized', ignoreServerMessage: true, sessionAction: null };
  }
  if (status === 409) {
    return { fallbackKey: 'errors.slugTaken', ignoreServerMessage: false, sessionAction: null };
  }
  if (status === 507) {
    // The server's disk is full (issue 41): its message says what to do; without one, say it plainly.
    return { fallbackKey: 'errors.storageFull', ignoreServerMessage: false, sessionAction: null };
  }
  if (response.envelopeOnly && status !== 401) {
    // Spec §8: an envelope whose code is not 200/201/202 shows its message or 'request failed'.
    return { fallbackKey: 'errors.requestFailed', ignoreServerMessage: false, sessionAction: null };
  }
  const sessionAction: SessionAction =
    status === 403 && credential === 'admin' && response.path.startsWith('/admin/') ? 'recheck-admin-token' : null;
  return {
    fallbackKey: 'errors.httpError',
    fallbackParams: { status, text: response.statusText || '' },
    ignoreServerMessage: false,
    sessionAction,
  };
}
