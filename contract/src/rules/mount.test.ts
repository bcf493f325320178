import { MOUNT_RESERVED_PATHS, mountPathProblem, reservedMountPathOf } from '../index';

describe('mountPathProblem', () => {
  it.each(['/', '/docs', '/team/photos', '/文档', '/über', '/a_b-c'])('accepts %j', (path) => {
    expect(mountPathProblem(path)).toBeNull();
  });

  it('names each problem, the first one found winning', () => {
    expect(mountPathProblem('')).toEqual({ code: 'required' });
    expect(mountPathProblem('docs')).toEqual({ code: 'mustStartWithSlash' });
    expect(mountPathProblem(`/${'a'.repeat(100)}`)).toEqual({ code: 'tooLong', max: 100 });
    expect(mountPathProblem(`/${'a'.repeat(99)}`)).toBeNull();
    expect(mountPathProblem('/a//b')).toEqual({ code: 'consecutiveSlashes' });
    expect(mountPathProblem('/docs/')).toEqual({ code: 'trailingSlash' });
    expect(mountPathProblem('/my docs')).toEqual({ code: 'invalidCharacters' });
    expect(mountPathProblem('/api/files')).toEqual({ code: 'reserved', reserved: '/api' });
  });

  it.each(['/a.b', '/a:b', '/a?b', '/a%20b', '/a\u3000b', '/a\u200bb', '/a\u2215b', '/\uff0e\uff0e'])(
    'refuses %j, which the file browser could never reach or which disguises a path',
    (path) => {
      expect(mountPathProblem(path)).toEqual({ code: 'invalidCharacters' });
    },
  );

  it.each([...MOUNT_RESERVED_PATHS])('refuses the reserved path %s and anything under it', (reserved) => {
    expect(mountPathProblem(reserved)).toEqual({ code: 'reserved', reserved });
    expect(mountPathProblem(`${reserved}/x`)).toEqual({ code: 'reserved', reserved });
  });
});

describe('reservedMountPathOf', () => {
  it('compares case-insensitively and after NFKC, and only whole segments', () => {
    expect(reservedMountPathOf('/API/x')).toBe('/api');
    expect(reservedMountPathOf('/\uff41\uff50\uff49')).toBe('/api');
    expect(reservedMountPathOf('/var/log')).toBe('/var');
    expect(reservedMountPathOf('/variety')).toBeNull();
  });
});
