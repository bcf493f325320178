import {
  baseName,
  breadcrumbTrail,
  confineToBasePath,
  directoryFromRoute,
  isWithinBasePath,
  joinPath,
  nameProblem,
  parentDirectory,
  routeOfDirectory,
  toDirectoryPath,
} from './fs-path';

describe('directory paths', () => {
  test('normalises slashes to a leading and trailing slash', () => {
    expect(toDirectoryPath('')).toBe('/');
    expect(toDirectoryPath('a//b')).toBe('/a/b/');
    expect(toDirectoryPath('/a/b/')).toBe('/a/b/');
  });

  test('maps router splats to directories and back, encoding each segment', () => {
    expect(directoryFromRoute(undefined)).toBe('/');
    expect(directoryFromRoute('docs/a b')).toBe('/docs/a b/');
    expect(directoryFromRoute('docs/../etc')).toBe('/docs/etc/');
    expect(routeOfDirectory('/docs/a b/')).toBe('/docs/a%20b');
    expect(routeOfDirectory('/照片/#1/')).toBe(`/${encodeURIComponent('照片')}/%231`);
    expect(routeOfDirectory('/')).toBe('/');
  });

  test('joins, splits and climbs paths', () => {
    expect(joinPath('/a/', 'f.txt')).toBe('/a/f.txt');
    expect(joinPath('/a', 'sub', true)).toBe('/a/sub/');
    expect(parentDirectory('/a/b/')).toBe('/a/');
    expect(parentDirectory('/a/f.txt')).toBe('/a/');
    expect(parentDirectory('/')).toBe('/');
    expect(baseName('/a/b/')).toBe('b');
    expect(baseName('/a/f.txt')).toBe('f.txt');
  });

  test('builds breadcrumbs starting at the given root', () => {
    expect(breadcrumbTrail('/m/a/')).toEqual([
      { name: '/', path: '/' },
      { name: 'm', path: '/m/' },
      { name: 'a', path: '/m/a/' },
    ]);
    expect(breadcrumbTrail('/m/a/b/', '/m/a')).toEqual([
      { name: 'a', path: '/m/a/' },
      { name: 'b', path: '/m/a/b/' },
    ]);
  });
});

describe('basic path confinement (contract §2.6)', () => {
  test('a root basic path covers everything', () => {
    expect(isWithinBasePath('/anything/deep/', '/')).toBe(true);
    expect(confineToBasePath('/x/y/', '/')).toBe('/x/y/');
  });

  test('covers the basic path itself and what lies below it', () => {
    expect(isWithinBasePath('/docs', '/docs/')).toBe(true);
    expect(isWithinBasePath('/docs/a/b/', '/docs')).toBe(true);
  });

  test('does not cover siblings sharing a prefix, ancestors or the root', () => {
    expect(isWithinBasePath('/docs2/', '/docs')).toBe(false);
    expect(isWithinBasePath('/', '/docs')).toBe(false);
    expect(isWithinBasePath('/m/', '/m/docs')).toBe(false);
  });

  test('sends a key holder who leaves the basic path back to it', () => {
    expect(confineToBasePath('/', '/m/docs')).toBe('/m/docs/');
    expect(confineToBasePath('/m/', '/m/docs')).toBe('/m/docs/');
    expect(confineToBasePath('/m/docs-old/', '/m/docs')).toBe('/m/docs/');
    expect(confineToBasePath('/m/docs/sub/', '/m/docs')).toBe('/m/docs/sub/');
    expect(confineToBasePath('/m/x/', null)).toBe('/m/x/');
  });
});

describe('names', () => {
  test('refuses empty names, slashes and dot names', () => {
    expect(nameProblem('  ')).toBe('required');
    expect(nameProblem('a/b')).toBe('slash');
    expect(nameProblem('..')).toBe('dots');
    expect(nameProblem('x'.repeat(256))).toBe('tooLong');
    expect(nameProblem('report 2024.txt')).toBeNull();
  });
});
