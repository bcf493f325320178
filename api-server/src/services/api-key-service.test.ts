import { maskKey, normaliseBasicPath } from './api-key-service';

describe('API key helpers', () => {
  it.each([undefined, null, '', '  ', '/'])('normalises basic_path %p to the root', (input) => {
    expect(normaliseBasicPath(input)).toBe('/');
  });

  it.each(Object.entries({ docs: '/docs', '/docs/': '/docs', '//a//b///': '/a/b', ' /team/x ': '/team/x' }))(
    'normalises basic_path %p to %p',
    (input, expected) => {
      expect(normaliseBasicPath(input)).toBe(expected);
    },
  );

  it('masks a key to its first 6 characters and "..."', () => {
    expect(maskKey('AbCdEfGhIjKl')).toBe('AbCdEf...');
    expect(maskKey('abc')).toBe('abc...');
  });
});
