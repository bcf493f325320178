import { isMountVisibleToBasicPath, isNavigableFromBasicPath, isWithinBasicPath, normalizeBasicPath } from './basic-path';

describe('basic_path rules', () => {
  it('removes trailing slashes but keeps the root', () => {
    expect(normalizeBasicPath('/docs/')).toBe('/docs');
    expect(normalizeBasicPath('/')).toBe('/');
    expect(normalizeBasicPath('///')).toBe('/');
  });

  it('treats a path as within B when B is the root, equal, or an ancestor — not a sibling with the same prefix', () => {
    expect(isWithinBasicPath('/anything', '/')).toBe(true);
    expect(isWithinBasicPath('/docs/', '/docs')).toBe(true);
    expect(isWithinBasicPath('/docs/a/b', '/docs/')).toBe(true);
    expect(isWithinBasicPath('/docs2', '/docs')).toBe(false);
    expect(isWithinBasicPath('/', '/docs')).toBe(false);
  });

  it('lets a key navigate the root and the ancestors of its basic path only', () => {
    expect(isNavigableFromBasicPath('/', '/a/b')).toBe(true);
    expect(isNavigableFromBasicPath('/a', '/a/b')).toBe(true);
    expect(isNavigableFromBasicPath('/a/b/c', '/a/b')).toBe(true);
    expect(isNavigableFromBasicPath('/a/c', '/a/b')).toBe(false);
  });

  it('shows active mounts within or above the basic path, never inactive or unrelated ones', () => {
    expect(isMountVisibleToBasicPath({ mount_path: '/docs/team', is_active: 1 }, '/docs')).toBe(true);
    expect(isMountVisibleToBasicPath({ mount_path: '/a', is_active: 1 }, '/a/b')).toBe(true);
    expect(isMountVisibleToBasicPath({ mount_path: '/other', is_active: 1 }, '/docs')).toBe(false);
    expect(isMountVisibleToBasicPath({ mount_path: '/docs', is_active: 0 }, '/docs')).toBe(false);
    expect(isMountVisibleToBasicPath({ mount_path: '/x', is_active: 1 }, '/')).toBe(true);
    expect(isMountVisibleToBasicPath({ mount_path: '/', is_active: 1 }, '/docs')).toBe(true); // the root mount is above every path
  });
});
