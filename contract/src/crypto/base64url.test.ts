import { decodeBase64Url, encodeBase64Url } from './base64url';

const bytes = (...values: number[]) => new Uint8Array(values);

describe('base64url', () => {
  it('spells every length remainder without padding and round-trips', () => {
    expect(encodeBase64Url(bytes())).toBe('');
    expect(encodeBase64Url(bytes(0xfb))).toBe('-w');
    expect(encodeBase64Url(bytes(0xfb, 0xff))).toBe('-_8');
    expect(encodeBase64Url(bytes(0xfb, 0xff, 0xbf))).toBe('-_-_');
    for (let length = 0; length < 70; length += 1) {
      const data = Uint8Array.from({ length }, (_, index) => (index * 37 + length) & 0xff);
      expect(Array.from(decodeBase64Url(encodeBase64Url(data)) ?? [])).toEqual(Array.from(data));
    }
  });

  it('decodes the URL-safe characters and refuses the standard alphabet, padding and whitespace', () => {
    expect(Array.from(decodeBase64Url('-_-_') ?? [])).toEqual([0xfb, 0xff, 0xbf]);
    expect(decodeBase64Url('+/+/')).toBeNull();
    expect(decodeBase64Url('-w==')).toBeNull();
    expect(decodeBase64Url('-w ')).toBeNull();
    expect(decodeBase64Url(' -w')).toBeNull();
    expect(decodeBase64Url('-_é_')).toBeNull();
  });

  it('refuses a length that no byte string has', () => {
    expect(decodeBase64Url('A')).toBeNull();
    expect(decodeBase64Url('AAAAA')).toBeNull();
    expect(decodeBase64Url('')).toEqual(new Uint8Array(0));
  });

  it('refuses non-zero unused bits, so a changed last character never decodes to the same bytes', () => {
    expect(Array.from(decodeBase64Url('AA') ?? [])).toEqual([0]);
    expect(decodeBase64Url('AB')).toBeNull();
    expect(Array.from(decodeBase64Url('AAA') ?? [])).toEqual([0, 0]);
    expect(decodeBase64Url('AAB')).toBeNull();
    const key = encodeBase64Url(new Uint8Array(32).fill(7));
    expect(key).toHaveLength(43);
    const last = key.charCodeAt(42);
    expect(decodeBase64Url(key.slice(0, 42) + String.fromCharCode(last + 1))).toBeNull();
  });
});
