import { decideError, SUCCESS_CODES, type FailedResponse } from './error-catalogue';

const failed = (overrides: Partial<FailedResponse>): FailedResponse => ({
  status: 500,
  statusText: '',
  credential: 'none',
  path: '/x',
  ...overrides,
});

/** The decision for a failure that ends no session and shows the server's message, or `fallbackKey`. */
function keepsSession(fallbackKey: string) {
  return { fallbackKey, ignoreServerMessage: false, sessionAction: null };
}

describe('decideError (spec §8)', () => {
  it('counts 200, 201 and 202 as success codes', () => {
    expect([...SUCCESS_CODES]).toEqual([200, 201, 202]);
  });

  it('keeps every session on a share-password 401 and falls back to wrong password', () => {
    for (const credential of ['admin', 'apiKey', 'none'] as const) {
      expect(decideError(failed({ status: 401, credential, path: '/paste/abc', errorContext: 'share-password' }))).toEqual(
        keepsSession('errors.wrongPassword'),
      );
    }
  });

  it('keeps the admin session on a change-password 401 and falls back to verification failed', () => {
    expect(
      decideError(failed({ status: 401, credential: 'admin', path: '/admin/change-password', errorContext: 'change-password' })),
    ).toEqual(keepsSession('errors.verificationFailed'));
  });

  it('keeps the session on a login 401 and falls back to login failed', () => {
    expect(decideError(failed({ status: 401, credential: 'apiKey', path: '/test/api-key', errorContext: 'login' }))).toMatchObject({
      fallbackKey: 'errors.loginFailed',
      sessionAction: null,
    });
  });

  it('expires the admin token on a 401 with an admin token, ignoring the server message', () => {
    expect(decideError(failed({ status: 401, credential: 'admin', path: '/admin/pastes' }))).toEqual({
      fallbackKey: 'errors.adminSessionExpired',
      ignoreServerMessage: true,
      sessionAction: 'expire-admin-token',
    });
  });

  it.each([
    '/s3/presign',
    '/s3/commit',
    '/user/files',
    '/admin/files/1',
    '/url/presign',
    '/url/multipart/complete',
    '/upload-direct/a.bin',
    '/upload',
  ])('keeps the api key and shows the server message on a 401 from %s', (path) => {
    expect(decideError(failed({ status: 401, credential: 'apiKey', path }))).toMatchObject({
      ignoreServerMessage: false,
      sessionAction: null,
    });
  });

  it.each(['/user/pastes', '/test/api-key', '/user/mounts', '/user/fs/list', '/paste'])(
    'invalidates the api key on a 401 from %s',
    (path) => {
      expect(decideError(failed({ status: 401, credential: 'apiKey', path }))).toEqual({
        fallbackKey: 'errors.apiKeyInvalid',
        ignoreServerMessage: true,
        sessionAction: 'invalidate-api-key',
      });
    },
  );

  it('says unauthorized on an anonymous 401', () => {
    expect(decideError(failed({ status: 401, credential: 'none', path: '/user/pastes' }))).toEqual({
      fallbackKey: 'errors.unauthorized',
      ignoreServerMessage: true,
      sessionAction: null,
    });
  });

  it('shows the server message of a 409 or the slug-taken text', () => {
    expect(decideError(failed({ status: 409, credential: 'admin', path: '/admin/pastes/a' }))).toEqual(keepsSession('errors.slugTaken'));
  });

  it('shows the server message of a 507 or says the server storage is full (issue 41: a full disk)', () => {
    expect(
      decideError(failed({ status: 507, statusText: 'Insufficient Storage', credential: 'apiKey', path: '/upload-direct/a.bin' })),
    ).toEqual(keepsSession('errors.storageFull'));
  });

  it.each([400, 404, 410, 500, 502])('falls back to HTTP error {status}: {text} for %i', (status) => {
    expect(decideError(failed({ status, statusText: 'Text', credential: 'admin', path: '/admin/pastes' }))).toEqual({
      fallbackKey: 'errors.httpError',
      fallbackParams: { status, text: 'Text' },
      ignoreServerMessage: false,
      sessionAction: null,
    });
  });

  it('asks for a re-check on a 403 from an admin route with an admin token only', () => {
    expect(decideError(failed({ status: 403, credential: 'admin', path: '/admin/pastes' })).sessionAction).toBe('recheck-admin-token');
    expect(decideError(failed({ status: 403, credential: 'apiKey', path: '/admin/pastes' })).sessionAction).toBeNull();
    expect(decideError(failed({ status: 403, credential: 'none', path: '/admin/pastes' })).sessionAction).toBeNull();
    expect(decideError(failed({ status: 403, credential: 'admin', path: '/user/fs/list' })).sessionAction).toBeNull();
  });
});
