import { isApiError } from '@cloudclip/shared-kernel';

/** True when the failure is a user cancellation (nothing to report as an error). */
export function isCancellation(error: unknown): boolean {
  return isApiError(error) && error.kind === 'cancelled';
}
