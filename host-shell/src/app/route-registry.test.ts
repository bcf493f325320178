import { shellResources } from '../i18n/shell-resources';
import { ADMIN_MODULES, commonResources } from '@cloudclip/shared-kernel';
import { AREAS, remoteForPath, ROUTES, titleKeyFor } from './route-registry';

/** The text of a `shell` key, or of a `common:` key in the kernel's common namespace. */
function textAt(language: 'zh-CN' | 'en-US', key: string): unknown {
  const [tree, path] = key.startsWith('common:')
    ? [commonResources[language], key.slice('common:'.length)]
    : [shellResources[language], key];
  return path.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);
}

describe('titleKeyFor', () => {
  it.each([
    ['/', 'titles.home'],
    ['', 'titles.home'],
    ['/upload', 'titles.upload'],
    ['/upload/', 'titles.upload'],
    ['/paste/abc-123', 'titles.paste'],
    ['/paste/abc/', 'titles.paste'],
    ['/file/report_2025', 'titles.file'],
    ['/mount-explorer', 'titles.mountExplorer'],
    ['/mount-explorer/docs/2025/a.pdf', 'titles.mountExplorer'],
    ['/admin', 'common:adminModules.dashboard'],
    ['/admin/', 'common:adminModules.dashboard'],
  ])('gives %j the title %s', (pathname, key) => {
    expect(titleKeyFor(pathname)).toBe(key);
  });

  it.each(ADMIN_MODULES.map((module) => [module]))('gives /admin/%s its module label', (module) => {
    expect(titleKeyFor(`/admin/${module}`)).toBe(`common:adminModules.${module}`);
    expect(titleKeyFor(`/admin/${module}/`)).toBe(`common:adminModules.${module}`);
  });

  it.each(['/admin/unknown', '/admin/dashboard/extra', '/nowhere', '/paste', '/paste/', '/file/a/b', '/uploads', '/mount-explorerx'])(
    'gives no title for %s',
    (pathname) => {
      expect(titleKeyFor(pathname)).toBeNull();
    },
  );

  it('points only at texts that exist in both languages', () => {
    const paths = ['/', '/upload', '/paste/a', '/file/a', '/mount-explorer', ...ADMIN_MODULES.map((module) => `/admin/${module}`)];
    for (const path of paths) {
      const key = titleKeyFor(path);
      expect(key).not.toBeNull();
      expect(typeof textAt('zh-CN', key ?? '')).toBe('string');
      expect(typeof textAt('en-US', key ?? '')).toBe('string');
    }
  });

  it('uses the Chinese module labels of the admin panel', () => {
    expect(ADMIN_MODULES.map((module) => textAt('zh-CN', `common:adminModules.${module}`))).toEqual([
      '仪表盘',
      '文本管理',
      '文件管理',
      '存储配置',
      '挂载管理',
      '密钥管理',
      '系统设置',
      '备份',
    ]);
  });
});

describe('route registry', () => {
  it('builds the route paths of the spec, encoding slugs', () => {
    expect(ROUTES.home).toBe('/');
    expect(ROUTES.upload).toBe('/upload');
    expect(ROUTES.admin).toBe('/admin');
    expect(ROUTES.adminModule('key-management')).toBe('/admin/key-management');
    expect(ROUTES.paste('a b')).toBe('/paste/a%20b');
    expect(ROUTES.file('x/y')).toBe('/file/x%2Fy');
    expect(ROUTES.mountExplorer).toBe('/mount-explorer');
  });

  it('gives each area a unique snake_case container and its route prefix as basename', () => {
    const areas = Object.values(AREAS);
    expect(new Set(areas.map((area) => area.remote)).size).toBe(areas.length);
    for (const area of areas) expect(area.remote).toMatch(/^cloudclip_[a-z_]+$/);
    expect(AREAS.upload.basename).toBe(ROUTES.upload);
    expect(AREAS.admin.basename).toBe(ROUTES.admin);
    expect(AREAS.explorer.basename).toBe(ROUTES.mountExplorer);
    expect(AREAS.public.basename).toBe('/');
  });
});

describe('remoteForPath (route-map.json, which the gateway reads to preload the remote of a page)', () => {
  it.each([
    ['/', AREAS.public.remote],
    [ROUTES.paste('Ab1'), AREAS.public.remote],
    [ROUTES.file('Ab1'), AREAS.public.remote],
    [ROUTES.upload, AREAS.upload.remote],
    [ROUTES.admin, AREAS.admin.remote],
    [ROUTES.adminModule('settings'), AREAS.admin.remote],
    [ROUTES.mountExplorer, AREAS.explorer.remote],
    [`${ROUTES.mountExplorer}/photos/2024`, AREAS.explorer.remote],
  ])('%s is rendered by %s, as the router does', (path, remote) => {
    expect(remoteForPath(path)).toBe(remote);
  });

  it('names no remote for addresses the router sends back home', () => {
    expect(remoteForPath('/definitely/not/a/page')).toBeNull();
    expect(remoteForPath('/paste/')).toBeNull();
  });

  it('agrees with titleKeyFor on which addresses are pages', () => {
    for (const path of ['/', '/upload', '/admin', '/admin/dashboard', '/paste/x', '/file/x', '/mount-explorer/a', '/nope', '/paste/a/b']) {
      expect(remoteForPath(path) !== null).toBe(titleKeyFor(path) !== null);
    }
  });
});
