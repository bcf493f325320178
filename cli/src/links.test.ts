import { fileLink, parseLink, pasteLink } from './links';

describe('links', () => {
  it('reads a paste link with its key', () => {
    expect(parseLink('https://clip.example.com/paste/Ab3_x#k3y-Value')).toEqual({
      server: 'https://clip.example.com',
      kind: 'paste',
      slug: 'Ab3_x',
      key: 'k3y-Value',
    });
  });

  it('reads a file link, and a server under a base path', () => {
    expect(parseLink('http://localhost:8787/file/abc123')).toEqual({ server: 'http://localhost:8787', kind: 'file', slug: 'abc123' });
    expect(parseLink('https://h.example/clip/paste/x1/')).toEqual({ server: 'https://h.example/clip', kind: 'paste', slug: 'x1' });
  });

  it('reads a bare slug (paste or file), with an optional #key', () => {
    expect(parseLink('abc123')).toEqual({ kind: 'any', slug: 'abc123' });
    expect(parseLink('abc#KEY')).toEqual({ kind: 'any', slug: 'abc', key: 'KEY' });
  });

  it('refuses what is neither', () => {
    expect(parseLink('https://example.com/other/abc')).toBeNull();
    expect(parseLink('a b')).toBeNull();
    expect(parseLink('')).toBeNull();
  });

  it('builds links the parser reads back', () => {
    const link = pasteLink('http://h:1', 'abc', 'KEY');
    expect(link).toBe('http://h:1/paste/abc#KEY');
    expect(parseLink(link)).toEqual({ server: 'http://h:1', kind: 'paste', slug: 'abc', key: 'KEY' });
    expect(fileLink('http://h:1', 'f1')).toBe('http://h:1/file/f1');
  });
});
