import '../code/test-env';
import { HTML_SAMPLE_TEXT, HTML_SAMPLE_TITLE, htmlSample } from '../../../fixtures/text.mjs';
import { decodeHtml, SANDBOX_CSP, sandboxDocument } from './sandbox';

const CSP_META = `<meta http-equiv="Content-Security-Policy" content="${SANDBOX_CSP}">`;
const reparse = (srcdoc: string) => new DOMParser().parseFromString(srcdoc, 'text/html');

describe('sandboxDocument', () => {
  it('puts the CSP meta before anything else the page has', () => {
    const { srcdoc, title } = sandboxDocument(new TextDecoder().decode(htmlSample()));
    expect(srcdoc.startsWith(`<!DOCTYPE html><html lang="en"><head>${CSP_META}`)).toBe(true);
    expect(SANDBOX_CSP).toBe("default-src 'none'; img-src data:; style-src 'unsafe-inline'");
    expect(title).toBe(HTML_SAMPLE_TITLE);
    const doc = reparse(srcdoc);
    expect(doc.head.firstElementChild?.outerHTML).toBe(CSP_META);
    expect(doc.querySelector('h1')?.textContent).toBe(HTML_SAMPLE_TEXT);
    expect(doc.querySelector('style')?.textContent).toContain('rebeccapurple');
  });

  it('drops the base, the refresh, the charset meta, scripts, handlers and link targets', () => {
    const { srcdoc } = sandboxDocument(new TextDecoder().decode(htmlSample()));
    const doc = reparse(srcdoc);
    expect(doc.querySelector('base')).toBeNull();
    expect(doc.querySelector('meta[http-equiv="refresh"]')).toBeNull();
    expect(doc.querySelector('meta[charset]')).toBeNull();
    expect(doc.querySelector('script')).toBeNull();
    expect(srcdoc).not.toContain('onerror');
    expect(srcdoc).not.toContain('script ran');
    const link = doc.querySelector('a')!;
    expect(link.hasAttribute('href')).toBe(false);
    expect(link.getAttribute('title')).toBe('http://example.invalid/page');
    // The external image stays in the markup: the CSP (img-src data:) keeps it from loading.
    expect(doc.querySelector('img[alt="external"]')?.getAttribute('src')).toBe('http://example.invalid/x.png');
  });

  it('gives a fragment without <html> or <head> both, the CSP first', () => {
    const { srcdoc } = sandboxDocument('Just <b>text</b><img src="http://example.invalid/y.png">');
    expect(srcdoc.startsWith(`<html><head>${CSP_META}</head><body>Just <b>text</b>`)).toBe(true);
    const headless = sandboxDocument('<!doctype html><html><body><p>body only</p></body></html>').srcdoc;
    expect(headless.startsWith(`<!DOCTYPE html><html><head>${CSP_META}</head><body><p>body only</p>`)).toBe(true);
  });

  it('puts the CSP before a meta charset, a base and a refresh however they are written', () => {
    const page = [
      '<HTML><HEAD>',
      '<META CHARSET="windows-1252">',
      '<BASE HREF="https://evil.example/">',
      '<META HTTP-EQUIV="Refresh" CONTENT="1;URL=https://evil.example/">',
      '<meta http-equiv=" refresh " content="0">',
      '<link rel="preconnect" href="https://evil.example">',
      '<meta http-equiv="Content-Security-Policy" content="img-src \'none\'">',
      '<meta name="viewport" content="width=device-width">',
      '</HEAD><BODY><svg><a href="https://evil.example/"><text>svg link</text></a><script>alert(1)</script></svg></BODY></HTML>',
    ].join('');
    const { srcdoc } = sandboxDocument(page);
    expect(srcdoc.startsWith(`<html><head>${CSP_META}`)).toBe(true);
    const doc = reparse(srcdoc);
    expect(doc.querySelectorAll('base, link, script, meta[charset]')).toHaveLength(0);
    expect(Array.from(doc.querySelectorAll('meta[http-equiv]'), (meta) => meta.getAttribute('content'))).toEqual([
      SANDBOX_CSP,
      "img-src 'none'", // the page's own policy only restricts more
    ]);
    expect(doc.querySelector('meta[name="viewport"]')).not.toBeNull();
    expect(srcdoc).not.toMatch(/(href|src|content)="[^"]*evil/i);
    expect(doc.querySelector('svg a')?.hasAttribute('href')).toBe(false);
  });

  it('keeps a page without a doctype without one (the browser would show it in quirks mode too)', () => {
    expect(sandboxDocument('<p>x</p>').srcdoc.startsWith('<html>')).toBe(true);
  });
});

describe('decodeHtml', () => {
  it('reads UTF-8 by default and the charset the page declares', () => {
    expect(decodeHtml(new TextEncoder().encode('<p>héllo</p>'))).toBe('<p>héllo</p>');
    const latin1 = Uint8Array.from('<meta charset="iso-8859-1"><p>caf\u00e9</p>', (c) => c.charCodeAt(0));
    expect(decodeHtml(latin1)).toContain('café');
    // The server's charset wins over the page's.
    expect(decodeHtml(new TextEncoder().encode('<meta charset="iso-8859-1"><p>é</p>'), 'text/html; charset=utf-8')).toContain('<p>é</p>');
  });

  it('refuses binary content', () => {
    expect(() => decodeHtml(new Uint8Array(2000))).toThrow(expect.objectContaining({ reason: 'unsupported' }));
  });
});
