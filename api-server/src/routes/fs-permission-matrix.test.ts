import type { InjectOptions } from 'fastify';
import { formBody } from '../testing/fs-test-kit';
import { guardOutcomes, permissionMatrixForSuite, type PermissionMatrix } from '../testing/permission-matrix';

/**
 * The guard of every mount and file-system route (contract §2.5 / §4). The `/api/user/*` routes
 * need the key's basic_path, so an admin token passes the guard but gets 403 there (the
 * reference fails with 500): `admin: 403` is our documented divergence.
 */

const json = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown): InjectOptions => ({
  method,
  url,
  ...(payload === undefined ? {} : { headers: { 'content-type': 'application/json' }, payload: JSON.stringify(payload) }),
});

function fsRequests(family: 'admin' | 'user'): Array<[string, InjectOptions]> {
  const base = `/api/${family}/fs`;
  const form = formBody([
    ['path', '/m/'],
    ['file', 'x', 'x.txt'],
  ]);
  return [
    ['list', json('GET', `${base}/list?path=/`)],
    ['get', json('GET', `${base}/get?path=/m/x`)],
    ['download', json('GET', `${base}/download?path=/m/x`)],
    ['file-link', json('GET', `${base}/file-link?path=/m/x`)],
    ['mkdir', json('POST', `${base}/mkdir`, { path: '/m/x' })],
    ['upload', { method: 'POST', url: `${base}/upload`, headers: form.headers, payload: form.payload }],
    ['remove', json('DELETE', `${base}/remove?path=/m/x`)],
    ['batch-remove', json('POST', `${base}/batch-remove`, { paths: ['/m/x'] })],
    ['rename', json('POST', `${base}/rename`, { oldPath: '/m/x', newPath: '/m/y' })],
    ['update', json('POST', `${base}/update`, { path: '/m/x', content: 'x' })],
    ['multipart/init', json('POST', `${base}/multipart/init`, { path: '/m/', filename: 'x' })],
    [
      'multipart/part',
      {
        method: 'POST',
        url: `${base}/multipart/part?path=/m/&uploadId=u&partNumber=1&key=x`,
        headers: { 'content-type': 'application/octet-stream' },
        payload: Buffer.from('x'),
      },
    ],
    [
      'multipart/complete',
      json('POST', `${base}/multipart/complete`, { path: '/m/', uploadId: 'u', key: 'x', parts: [{ partNumber: 1, etag: 'e' }] }),
    ],
    ['multipart/abort', json('POST', `${base}/multipart/abort`, { path: '/m/', uploadId: 'u', key: 'x' })],
    ['presign', json('POST', `${base}/presign`, { path: '/m/', fileName: 'x' })],
    ['presign/commit', json('POST', `${base}/presign/commit`, { fileId: 'f', s3Path: 'x', s3ConfigId: 'c', targetPath: '/m/x' })],
    ['batch-copy', json('POST', `${base}/batch-copy`, { items: [{ sourcePath: '/m/x', targetPath: '/m/y' }] })],
    ['batch-copy-commit', json('POST', `${base}/batch-copy-commit`, { targetMountId: 'm', files: [{ s3Path: 'x' }] })],
  ];
}

describe('permission matrix of the mount and file-system routes', () => {
  let matrix: PermissionMatrix;
  permissionMatrixForSuite((suiteMatrix) => {
    matrix = suiteMatrix;
  });

  it.each([
    ['GET /api/admin/mounts', json('GET', '/api/admin/mounts')],
    ['POST /api/admin/mounts', json('POST', '/api/admin/mounts', {})],
    ['GET /api/admin/mounts/{id}', json('GET', '/api/admin/mounts/none')],
    ['PUT /api/admin/mounts/{id}', json('PUT', '/api/admin/mounts/none', { name: 'x' })],
    ['DELETE /api/admin/mounts/{id}', json('DELETE', '/api/admin/mounts/none')],
  ])('%s is admin only', async (_label, request) => {
    expect(await matrix.outcomes(request)).toEqual(guardOutcomes('admin'));
  });

  it.each([
    ['GET /api/user/mounts', json('GET', '/api/user/mounts')],
    ['GET /api/user/mounts/{id}', json('GET', '/api/user/mounts/none')],
  ])('%s needs the mount permission (admin tokens: 403)', async (_label, request) => {
    expect(await matrix.outcomes(request)).toEqual(guardOutcomes('mount', { admin: 403 }));
  });

  it.each(fsRequests('admin'))('/api/admin/fs/%s is admin only', async (_label, request) => {
    expect(await matrix.outcomes(request)).toEqual(guardOutcomes('admin'));
  });

  it.each(fsRequests('user'))('/api/user/fs/%s needs the file permission (admin tokens: 403)', async (_label, request) => {
    expect(await matrix.outcomes(request)).toEqual(guardOutcomes('file', { admin: 403 }));
  });

  it('has no fs/preview route in either family (removed in 0.6.5)', async () => {
    for (const family of ['admin', 'user']) {
      const statuses = await matrix.statuses(json('GET', `/api/${family}/fs/preview?path=/m/x`), ['admin', 'fileKey']);
      expect(statuses).toEqual({ admin: 404, fileKey: 404 });
    }
  });
});
