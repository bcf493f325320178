import { ApiError } from '@cloudclip/shared-kernel';
import { adminLoginErrorText, apiKeyLoginErrorText } from './login-errors';

const t = (key: string) => key;

describe('login error texts (spec §8)', () => {
  it('admin: token missing, invalid response, server error, login failed', () => {
    expect(adminLoginErrorText(t, new ApiError('x', 'envelope', 200, { body: { username: 'a' } }))).toBe('common:errors.tokenMissing');
    expect(adminLoginErrorText(t, new ApiError('x', 'envelope', 200, { body: undefined }))).toBe('common:errors.invalidResponse');
    expect(adminLoginErrorText(t, new ApiError('boom', 'http', 502))).toBe('common:errors.serverError');
    expect(adminLoginErrorText(t, new ApiError('wrong password', 'http', 401))).toBe('wrong password');
    expect(adminLoginErrorText(t, new Error('???'))).toBe('common:errors.loginFailed');
    expect(adminLoginErrorText(t, new ApiError('offline', 'network', 0))).toBe('offline');
  });

  it('key: validation failed, permissions missing, server error', () => {
    expect(apiKeyLoginErrorText(t, new ApiError('', 'http', 401))).toBe('common:errors.keyValidationFailed');
    expect(apiKeyLoginErrorText(t, new ApiError('invalid key', 'http', 401))).toBe('invalid key');
    expect(apiKeyLoginErrorText(t, new ApiError('x', 'envelope', 200, { body: {} }))).toBe('common:errors.keyPermissionsFailed');
    expect(apiKeyLoginErrorText(t, new ApiError('x', 'http', 500))).toBe('common:errors.serverError');
  });
});
