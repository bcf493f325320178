import { isMountVisibleToBasicPath, isNavigableFromBasicPath, isWithinBasicPath, normalizeBasicPath } from './basic-path';

describe('basic_path rules', () => {
  it.each([
    ['/docs/', '/docs'],
    ['/', '/'],
    ['///', '/'],
  ])('normalises %j to %j: trailing slashes go, the root stays', (raw, normalised) => {
    expect(normalizeBasicPath(raw)).toBe(normalised);
  });

  it.each([
    ['/anything', '/', true],
    ['/docs/', '/docs', true],
    ['/docs/a/b', '/docs/', true],
    ['/docs2', '/docs', false],
    ['/', '/docs', false],
  ])(
    '%j lies within %j: %s (B is the root, the path itself or an ancestor — not a sibling with the same prefix)',
    (path, basicPath, within) => {
      expect(isWithinBasicPath(path, basicPath)).toBe(within);
    },
  );

  it.each([
    ['/', true],
    ['/a', true],
    ['/a/b/c', true],
    ['/a/c', false],
  ])('lets a key with basic path /a/b navigate %j: %s (the root and the ancestors of its basic path only)', (path, navigable) => {
    expect(isNavigableFromBasicPath(path, '/a/b')).toBe(navigable);
  });

  it.each([
    ['/docs/team', 1, '/docs', true],
    ['/a', 1, '/a/b', true],
    ['/other', 1, '/docs', false],
    ['/docs', 0, '/docs', false],
    ['/x', 1, '/', true],
    ['/', 1, '/docs', true], // the root mount is above every path
  ])(
    'shows the mount %j (is_active %i) to basic path %j: %s — active ones within or above it only',
    (mountPath, isActive, basicPath, visible) => {
      expect(isMountVisibleToBasicPath({ mount_path: mountPath, is_active: isActive }, basicPath)).toBe(visible);
    },
  );
});
