import { isApiError } from '@cloudclip/shared-kernel';

/** The text to show for a failure: the kernel's ApiError message (already localised), else a generic one. */
export function errorText(error: unknown, fallback: string): string {
  if (isApiError(error)) return error.message || fallback;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

/** True when the failure is a user cancellation (nothing to report as an error). */
export function isCancellation(error: unknown): boolean {
  return isApiError(error) && error.kind === 'cancelled';
}
