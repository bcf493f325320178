import { moduleAccess, moduleOfPath, modulePath, visibleModules } from './module-registry';

const admin = { adminToken: 't', apiKey: null, apiKeyPermissions: null };
const key = (text: boolean, file: boolean, mount: boolean) => ({ adminToken: null, apiKey: 'k', apiKeyPermissions: { text, file, mount } });

describe('module registry', () => {
  it('maps paths and modules', () => {
    expect(moduleOfPath('/')).toBe('dashboard');
    expect(moduleOfPath('/key-management')).toBe('key-management');
    expect(moduleOfPath('/nope')).toBeNull();
    expect(modulePath('dashboard')).toBe('/');
    expect(modulePath('settings')).toBe('/settings');
  });

  it('opens everything to the admin', () => {
    expect(visibleModules(admin)).toHaveLength(8);
    expect(moduleAccess('storage-config', admin)).toBe('full');
  });

  it('opens the user-level modules a key is allowed and denies the admin-only ones', () => {
    expect(visibleModules(key(true, false, false))).toEqual(['text-management', 'settings']);
    expect(visibleModules(key(false, true, true))).toEqual(['file-management', 'mount-management', 'settings']);
    expect(moduleAccess('dashboard', key(true, true, true))).toBe('none');
    expect(moduleAccess('key-management', key(true, true, true))).toBe('none');
    expect(moduleAccess('backup', key(true, true, true))).toBe('none');
    expect(moduleAccess('backup', admin)).toBe('full');
    expect(moduleAccess('text-management', key(false, true, false))).toBe('none');
    expect(moduleAccess('text-management', { adminToken: null, apiKey: null, apiKeyPermissions: null })).toBe('none');
  });
});
