/** Why a request failed, independent of wording. */
export type ApiErrorKind =
  | 'http' // non-2xx HTTP status
  | 'envelope' // 2xx but the body's code is not 200/201/202
  | 'network'
  | 'timeout'
  | 'cancelled';

/** A failed API call. `message` is already in the user's language; `status` is the HTTP status (0 when none). */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    message: string,
    readonly kind: ApiErrorKind,
    readonly status: number,
    readonly details: {
      /** The `code` of the response body, when there was one. */
      code?: number;
      /** The server's own message, when there was one. */
      serverMessage?: string;
      body?: unknown;
      url?: string;
    } = {},
  ) {
    super(message);
  }

  get isCancelled(): boolean {
    return this.kind === 'cancelled';
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof Error && (error as { name?: string }).name === 'ApiError' && 'kind' in error;
}
