import { isApiError } from '@cloudclip/shared-kernel';

/** Why a share page (paste or file) could not show its share. */
export type ShareFailure = 'not-found' | 'gone' | 'error';

/**
 * The status page a failed load ends on: 404 = unknown or used up (a paste's last view deleted it),
 * 410 = expired or view limit reached, anything else an error with its message.
 */
export function shareFailureOf(error: unknown): { failure: ShareFailure; message: string } {
  const message = error instanceof Error ? error.message : String(error);
  if (isApiError(error) && error.status === 404) return { failure: 'not-found', message };
  if (isApiError(error) && error.status === 410) return { failure: 'gone', message };
  return { failure: 'error', message };
}

/** A password attempt ended on the status page instead of the prompt: the share is missing or gone. */
export const endsShare = (error: unknown): boolean => isApiError(error) && (error.status === 404 || error.status === 410);

/** The state a share page (paste or file) holds when it ends on the status page. */
export interface FailedShare {
  status: 'failed';
  failure: ShareFailure;
  message: string;
}

export const failedShare = (error: unknown): FailedShare => ({ status: 'failed', ...shareFailureOf(error) });

/**
 * After a failed password attempt: the status page when the share is missing or gone (404/410);
 * any other error (a wrong password) is thrown again, for the prompt to show.
 */
export function failedShareOrThrow(error: unknown): FailedShare {
  if (endsShare(error)) return failedShare(error);
  throw error;
}

/** A load's failure that nobody waits for any more: the page left the slug, or the request was cancelled. */
export const loadWasCancelled = (signal: AbortSignal, error: unknown): boolean =>
  signal.aborted || (isApiError(error) && error.isCancelled);
