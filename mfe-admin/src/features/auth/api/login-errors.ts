import { isApiError } from '@cloudclip/shared-kernel';
import type { Translate } from '../../../lib/validation';

/**
 * The login errors of spec §8, from what the kernel's AuthService threw:
 * token not found in the response, login failed, invalid response format, server error,
 * key validation failed, cannot read the key's permissions. Network/timeout errors keep their text.
 */
export function adminLoginErrorText(t: Translate, error: unknown): string {
  if (!isApiError(error)) return t('common:errors.loginFailed');
  if (error.kind === 'network' || error.kind === 'timeout' || error.kind === 'cancelled') return error.message;
  if (error.status >= 500) return t('common:errors.serverError');
  if (error.kind === 'envelope' && error.status === 200) {
    // AuthService found no token: `details.body` is the response's `data`.
    const data = error.details.body;
    return data !== null && typeof data === 'object' && !Array.isArray(data)
      ? t('common:errors.tokenMissing')
      : t('common:errors.invalidResponse');
  }
  return error.message || t('common:errors.loginFailed');
}

export function apiKeyLoginErrorText(t: Translate, error: unknown): string {
  if (!isApiError(error)) return t('common:errors.keyValidationFailed');
  if (error.kind === 'network' || error.kind === 'timeout' || error.kind === 'cancelled') return error.message;
  if (error.status >= 500) return t('common:errors.serverError');
  if (error.kind === 'envelope' && error.status === 200) return t('common:errors.keyPermissionsFailed');
  return error.message || t('common:errors.keyValidationFailed');
}
