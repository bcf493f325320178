import { randomUUID } from 'node:crypto';
import { guardOutcomes, permissionMatrixForSuite, type Guard, type PermissionMatrix } from '../testing/permission-matrix';
import type { TestApp } from '../testing/test-app';

const ID = '00000000-0000-4000-8000-000000000000';

describe('guards of the file-share and URL-import routes (contract §2.5)', () => {
  let t: TestApp;
  let matrix: PermissionMatrix;
  permissionMatrixForSuite((suiteMatrix, app) => {
    matrix = suiteMatrix;
    t = app;
  });

  const routes: Array<[Guard, string, string, Record<string, unknown> | string | undefined]> = [
    ['file', 'POST', '/api/s3/presign', { s3_config_id: ID, filename: 'a.txt' }],
    ['file', 'POST', '/api/s3/commit', { file_id: ID }],
    ['file', 'PUT', '/api/upload-direct/a.txt?s3_config_id=' + ID, 'bytes'],
    ['file', 'POST', '/api/upload', undefined],
    ['admin', 'GET', '/api/admin/files', undefined],
    ['admin', 'GET', `/api/admin/files/${ID}`, undefined],
    ['admin', 'PUT', `/api/admin/files/${ID}`, { remark: 'x' }],
    ['admin', 'DELETE', `/api/admin/files/${ID}`, undefined],
    ['file', 'GET', '/api/user/files', undefined],
    ['file', 'GET', `/api/user/files/${ID}`, undefined],
    ['file', 'PUT', `/api/user/files/${ID}`, { remark: 'x' }],
    ['file', 'DELETE', `/api/user/files/${ID}`, undefined],
    ['public', 'GET', '/api/public/files/nope', undefined],
    ['public', 'POST', '/api/public/files/nope/verify', { password: 'x' }],
    ['public', 'GET', '/api/file-download/nope', undefined],
    ['public', 'GET', '/api/file-view/nope', undefined],
    ['public', 'GET', '/api/office-preview/nope', undefined],
    ['public', 'POST', '/api/url/info', { url: 'ftp://example.com/' }],
    ['public', 'GET', '/api/url/proxy?url=ftp%3A%2F%2Fexample.com%2F', undefined],
    ['file', 'POST', '/api/url/presign', { url: 'ftp://example.com/', s3_config_id: ID }],
    ['file', 'POST', '/api/url/commit', { file_id: ID }],
    ['file', 'POST', '/api/url/multipart/init', { url: 'ftp://example.com/', s3_config_id: ID }],
    ['file', 'POST', '/api/url/multipart/complete', { file_id: ID, upload_id: 'u', parts: [{ partNumber: 1, etag: 'e' }] }],
    ['file', 'POST', '/api/url/multipart/abort', { file_id: ID, upload_id: 'u' }],
    ['file', 'POST', '/api/url/cancel', { file_id: ID }],
  ];

  it.each(routes)('guards with %s: %s %s', async (guard, method, url, payload) => {
    const outcomes = await matrix.outcomes(() => ({
      method: method as 'GET',
      url,
      ...(payload === undefined ? {} : { payload: payload as object }),
    }));
    expect(outcomes).toEqual(guardOutcomes(guard));
  });

  it('accepts the raw key in X-Custom-Auth-Key on upload-direct only', async () => {
    const headers = await matrix.headers('fileKey');
    const rawKey = headers.authorization?.replace(/^ApiKey /, '') ?? '';
    const direct = await t.app.inject({
      method: 'PUT',
      url: `/api/upload-direct/a.txt?s3_config_id=${randomUUID()}`,
      headers: { 'x-custom-auth-key': rawKey },
      payload: 'x',
    });
    expect(direct.statusCode).toBe(404); // authenticated: the unknown config is the problem
    const badAuthorization = await t.app.inject({
      method: 'PUT',
      url: `/api/upload-direct/a.txt?s3_config_id=${randomUUID()}`,
      headers: { authorization: 'Bearer nonsense', 'x-custom-auth-key': rawKey },
      payload: 'x',
    });
    expect(badAuthorization.statusCode).toBe(404);
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/s3/presign',
      headers: { 'x-custom-auth-key': rawKey },
      payload: { s3_config_id: ID, filename: 'a' },
    });
    expect(elsewhere.statusCode).toBe(401);
    const textKey = (await matrix.headers('textKey')).authorization?.replace(/^ApiKey /, '') ?? '';
    const noPermission = await t.app.inject({
      method: 'PUT',
      url: '/api/upload-direct/a.txt',
      headers: { 'x-custom-auth-key': textKey },
      payload: 'x',
    });
    expect(noPermission.statusCode).toBe(403);
  });
});
