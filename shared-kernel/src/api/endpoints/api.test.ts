import { readdirSync, readFileSync } from 'fs';
import { join } from 'path';
import { createApi } from './api';
import { BASE, createHarness, envelope } from './test-harness';

describe('createApi', () => {
  it('assembles every endpoint group on one client', () => {
    const api = createApi(createHarness().client);
    expect(Object.keys(api).sort()).toEqual([
      'apiKeys',
      'auth',
      'backup',
      'files',
      'fs',
      'mounts',
      'pastes',
      's3Configs',
      'search',
      'system',
      'urlUpload',
    ]);
    expect(api.fs.admin.scope).toBe('admin');
    expect(api.fs.user.scope).toBe('user');
  });

  it('routes fs.admin to /api/admin/fs and fs.user to /api/user/fs', async () => {
    const h = createHarness('admin');
    const api = createApi(h.client);
    h.reply(envelope({ path: '/', items: [] }), envelope({ path: '/', items: [] }));
    await api.fs.admin.list('/');
    expect(h.last().url).toBe(`${BASE}/api/admin/fs/list?path=%2F`);
    await api.fs.user.list('/');
    expect(h.last().url).toBe(`${BASE}/api/user/fs/list?path=%2F`);
  });

  it('never references the absent routes /admin/check, POST /upload or fs/preview', () => {
    const sources = readdirSync(__dirname)
      .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
      .map((name) => readFileSync(join(__dirname, name), 'utf8'));
    for (const source of sources) {
      expect(source).not.toMatch(/['"`]\/admin\/check/);
      expect(source).not.toMatch(/['"`]\/upload['"`]/);
      expect(source).not.toMatch(/\/preview['"?]|\$\{base\}\/preview/);
    }
  });
});
