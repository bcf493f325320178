import { isApiError } from './api-error';

/**
 * The text to show for a failed call: an ApiError's message (the kernel already put it in the
 * user's language), another error's message, else `fallback`.
 */
export function errorText(error: unknown, fallback: string): string {
  if (isApiError(error)) return error.message || fallback;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}
