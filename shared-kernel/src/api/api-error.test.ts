import { ApiError, isApiError } from './api-error';

describe('ApiError', () => {
  it('is an Error carrying kind, HTTP status and details', () => {
    const error = new ApiError('分享不存在', 'http', 404, { code: 404, serverMessage: '分享不存在', url: 'http://api.test/api/paste/x' });
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('ApiError');
    expect(error.message).toBe('分享不存在');
    expect(error.kind).toBe('http');
    expect(error.status).toBe(404);
    expect(error.details).toEqual({ code: 404, serverMessage: '分享不存在', url: 'http://api.test/api/paste/x' });
  });

  it('says whether it is a cancellation', () => {
    expect(new ApiError('x', 'cancelled', 0).isCancelled).toBe(true);
    expect(new ApiError('x', 'timeout', 0).isCancelled).toBe(false);
  });

  it('is recognised by isApiError, plain errors are not', () => {
    expect(isApiError(new ApiError('x', 'network', 0))).toBe(true);
    expect(isApiError(new Error('x'))).toBe(false);
    expect(isApiError({ name: 'ApiError', kind: 'http' })).toBe(false);
    expect(isApiError(null)).toBe(false);
  });

  it('is recognised across copies of the module (by name and kind)', () => {
    const foreign = Object.assign(new Error('x'), { name: 'ApiError', kind: 'http', status: 500 });
    expect(isApiError(foreign)).toBe(true);
  });
});
