import { isApiError } from '@cloudclip/shared-kernel';
import type { Translate } from './validation';

/** The text to show for a failed call: the kernel already localised ApiError messages. */
export function errorText(t: Translate, error: unknown): string {
  if (isApiError(error)) return error.message || t('common:errors.requestFailed');
  if (error instanceof Error && error.message) return error.message;
  return t('common:errors.requestFailed');
}
