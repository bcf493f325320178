import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { configDir, configFile, effectiveSettings, normaliseServer, readConfig, writeConfig } from './config';

describe('config', () => {
  it('lives under CLOUDCLIP_CONFIG_DIR, else the platform folder', () => {
    expect(configDir({ CLOUDCLIP_CONFIG_DIR: '/x/y' }, 'linux', '/home/u')).toBe('/x/y');
    expect(configDir({}, 'linux', '/home/u')).toBe('/home/u/.config/cloudclip');
    expect(configDir({ XDG_CONFIG_HOME: '/xdg' }, 'linux', '/home/u')).toBe('/xdg/cloudclip');
    expect(configDir({}, 'darwin', '/Users/u')).toBe('/Users/u/Library/Application Support/cloudclip');
    expect(configDir({ APPDATA: 'C:\\Users\\u\\AppData\\Roaming' }, 'win32', 'C:\\Users\\u')).toContain('cloudclip');
    expect(configFile({ CLOUDCLIP_CONFIG_DIR: '/x' })).toBe(path.join('/x', 'config.json'));
  });

  it('is written readable only by the user (file 0600, folder 0700) and read back', () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), 'cc-config-')), 'nested', 'cloudclip');
    const file = configFile({ CLOUDCLIP_CONFIG_DIR: dir });
    writeConfig(file, { server: 'http://h', key: 'k1' });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ server: 'http://h', key: 'k1' });
    expect(readConfig(file)).toEqual({ server: 'http://h', key: 'k1' });
    writeConfig(file, { server: 'http://h2' });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readConfig(file)).toEqual({ server: 'http://h2' });
  });

  it('a missing or broken file reads as empty', () => {
    expect(readConfig('/nonexistent/cloudclip/config.json')).toEqual({});
  });

  it('flags win over CLOUDCLIP_SERVER / CLOUDCLIP_KEY, which win over the file', () => {
    const stored = { server: 'http://file', key: 'filekey' };
    expect(effectiveSettings(stored, {}, {})).toMatchObject({ server: 'http://file', key: 'filekey' });
    expect(effectiveSettings(stored, { CLOUDCLIP_SERVER: 'http://env', CLOUDCLIP_KEY: 'envkey' }, {})).toMatchObject({
      server: 'http://env',
      key: 'envkey',
    });
    expect(
      effectiveSettings(stored, { CLOUDCLIP_SERVER: 'http://env', CLOUDCLIP_KEY: 'envkey' }, { server: 'http://flag', key: 'flagkey' }),
    ).toMatchObject({ server: 'http://flag', key: 'flagkey' });
  });

  it('an env key replaces a stored admin login; an expired admin token is not used', () => {
    const admin = { server: 'http://h', adminToken: 'tok', adminTokenExpiresAt: '2026-01-02T00:00:00.000Z', username: 'a' };
    const before = new Date('2026-01-01T00:00:00.000Z');
    const after = new Date('2026-01-03T00:00:00.000Z');
    expect(effectiveSettings(admin, {}, {}, before)).toMatchObject({ adminToken: 'tok', adminExpired: false });
    const expired = effectiveSettings(admin, {}, {}, after);
    expect(expired.adminToken).toBeUndefined();
    expect(expired.adminExpired).toBe(true);
    const withKey = effectiveSettings(admin, { CLOUDCLIP_KEY: 'k' }, {}, before);
    expect(withKey.key).toBe('k');
    expect(withKey.adminToken).toBeUndefined();
  });

  it('normalises server addresses', () => {
    expect(normaliseServer('localhost:8787/')).toBe('http://localhost:8787');
    expect(normaliseServer('https://clip.example.com/base/')).toBe('https://clip.example.com/base');
  });
});
