import type { SessionState } from '@cloudclip/shared-kernel';
import { manageScope } from './ownership';

const anonymous: SessionState = { adminToken: null, apiKey: null, apiKeyPermissions: null, apiKeyInfo: null, validatedAt: 0 };
const key = (text: boolean, file = false): SessionState => ({
  ...anonymous,
  apiKey: 'k',
  apiKeyPermissions: { text, file, mount: false },
  apiKeyInfo: { id: 'key-1', name: 'k', basic_path: '/' },
});

describe('manageScope', () => {
  it('lets an admin manage any share through the admin endpoints', () => {
    expect(manageScope({ ...anonymous, adminToken: 't' }, null, 'text')).toBe('admin');
    expect(manageScope({ ...anonymous, adminToken: 't' }, 'apikey:other', 'file')).toBe('admin');
  });

  it('lets the creating key manage its own share through the user endpoints', () => {
    expect(manageScope(key(true), 'apikey:key-1', 'text')).toBe('user');
    expect(manageScope(key(false, true), 'apikey:key-1', 'file')).toBe('user');
  });

  it('refuses other keys, keys without the permission and anonymous visitors', () => {
    expect(manageScope(key(true), 'apikey:key-2', 'text')).toBeNull();
    expect(manageScope(key(false), 'apikey:key-1', 'text')).toBeNull();
    expect(manageScope(anonymous, 'apikey:key-1', 'text')).toBeNull();
    expect(manageScope(anonymous, null, 'text')).toBeNull();
  });
});
