import type { SessionState } from '@cloudclip/shared-kernel';
import { explorerAccessOf } from './explorer-access';

const api = { fs: { admin: { scope: 'admin' }, user: { scope: 'user' } } } as never;
const base: SessionState = { adminToken: null, apiKey: null, apiKeyPermissions: null, apiKeyInfo: null, validatedAt: 0 };

test('admins browse through /api/admin/fs from the root', () => {
  const access = explorerAccessOf({ ...base, adminToken: 't' }, api);
  expect(access.kind).toBe('admin');
  expect(access.fs).toEqual({ scope: 'admin' });
  expect(access.basePath).toBe('/');
});

test('key holders with the file permission browse through /api/user/fs inside their basic path', () => {
  const access = explorerAccessOf(
    {
      ...base,
      apiKey: 'k',
      apiKeyPermissions: { text: false, file: true, mount: true },
      apiKeyInfo: { id: '1', name: 'k', basic_path: '/m/docs' },
    },
    api,
  );
  expect(access).toEqual({ kind: 'key', fs: { scope: 'user' }, basePath: '/m/docs' });
});

test('a key with only the mount permission is told it needs the file permission', () => {
  const access = explorerAccessOf(
    { ...base, apiKey: 'k', apiKeyPermissions: { text: false, file: false, mount: true }, apiKeyInfo: null },
    api,
  );
  expect(access.kind).toBe('key-without-file');
  expect(access.fs).toBeNull();
});

test('anonymous visitors get no file-system API', () => {
  expect(explorerAccessOf(base, api)).toMatchObject({ kind: 'anonymous', fs: null });
});
