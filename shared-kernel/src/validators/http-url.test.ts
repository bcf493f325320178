import { isHttpUrl, validateHttpUrl } from './http-url';

describe('validateHttpUrl', () => {
  it('accepts http and https URLs and returns them trimmed', () => {
    expect(validateHttpUrl('https://example.com/file.zip')).toEqual({ valid: true, value: 'https://example.com/file.zip', error: null });
    expect(validateHttpUrl('  http://127.0.0.1:8080/a?b=c  ').value).toBe('http://127.0.0.1:8080/a?b=c');
    expect(validateHttpUrl('HTTPS://EXAMPLE.COM').valid).toBe(true);
  });

  it('requires a URL', () => {
    expect(validateHttpUrl('').error?.key).toBe('urlRequired');
    expect(validateHttpUrl('   ').error?.key).toBe('urlRequired');
    expect(validateHttpUrl(null).error?.key).toBe('urlRequired');
  });

  it.each([
    'ftp://example.com/file',
    'file:///etc/passwd',
    'javascript:alert(1)',
    'example.com/file',
    'http://',
    'https://exa mple.com',
    'data:text/plain,hi',
    'not a url',
  ])('rejects %j as not an http(s) URL', (url) => {
    expect(validateHttpUrl(url).error?.key).toBe('urlInvalid');
  });
});

describe('isHttpUrl', () => {
  it('tells http(s) URLs from others', () => {
    expect(isHttpUrl('https://a.b')).toBe(true);
    expect(isHttpUrl('ws://a.b')).toBe(false);
  });
});
