import '../media/jsdom-polyfills';
import { CHAPTER_ONE_TEXT, epubBook, SCRIPT_MARKER } from '../../../fixtures/ebook.mjs';
import { openPackage, type PackageParts } from '../../lib/package-zip';
import { fakeObjectUrls } from '../media/test-texts';
import { CHAPTER_CSP, chapterDocument, createResources, EXTERNAL_LINK, INTERNAL_LINK, rewriteCss, sanitizeChapter } from './chapter';
import { parseEpub } from './epub';

async function book() {
  const parts = await openPackage(epubBook());
  const epub = parseEpub(parts);
  return { parts, epub, resources: createResources(parts, epub.mediaTypes) };
}
const asDocument = (html: string) => new DOMParser().parseFromString(html, 'text/html');

describe('chapterDocument', () => {
  test('keeps the text, turns the book’s picture into a blob: address and carries the CSP first', async () => {
    const urls = fakeObjectUrls();
    const { parts, resources } = await book();
    const html = chapterDocument(parts, 'OEBPS/Text/ch1.xhtml', resources);
    const doc = asDocument(html);
    expect(doc.body.textContent).toContain(CHAPTER_ONE_TEXT);
    expect(doc.querySelector('h1')!.textContent).toBe('Chapter One');
    const csp = doc.head.firstElementChild;
    expect(csp!.getAttribute('http-equiv')).toBe('Content-Security-Policy');
    expect(csp!.getAttribute('content')).toBe(CHAPTER_CSP);
    const picture = doc.querySelector('img[alt="A blue square"]')!;
    const src = picture.getAttribute('src')!;
    expect(src).toMatch(/^blob:test\//);
    expect(urls.blobs.get(src)!.type).toBe('image/png');
    // The stylesheet is inlined: its own picture as blob:, the remote import and picture gone.
    const styles = Array.from(doc.querySelectorAll('style'), (style) => style.textContent).join('\n');
    expect(styles).toContain(`url("${src}")`);
    expect(styles).toContain('.lead { font-style: italic; }');
    expect(styles).not.toContain('example.com');
    expect(styles).not.toContain('@import');
  });

  test('removes scripts, frames and event handlers and drops every external address', async () => {
    fakeObjectUrls();
    const { parts, resources } = await book();
    const html = chapterDocument(parts, 'OEBPS/Text/ch1.xhtml', resources);
    expect(html).not.toContain(SCRIPT_MARKER);
    expect(html).not.toMatch(/<script|<iframe|<link|onclick|javascript:|https:\/\/example\.com\/(?:tracker|bg|remote)/i);
    const doc = asDocument(html);
    expect(doc.querySelector('img[alt="tracker"]')!.hasAttribute('src')).toBe(false);
    expect(doc.querySelectorAll('a[href]')).toHaveLength(0);
    expect(doc.querySelector(`a[${INTERNAL_LINK}]`)!.getAttribute(INTERNAL_LINK)).toBe('OEBPS/Text/ch2.xhtml#part-2-1');
    expect(doc.querySelector(`a[${EXTERNAL_LINK}]`)!.getAttribute(EXTERNAL_LINK)).toBe('https://example.com/');
    const bad = Array.from(doc.querySelectorAll('a')).find((a) => a.textContent === 'bad link')!;
    expect(bad.attributes).toHaveLength(0);
  });

  test('a stylesheet cannot close its <style> and open markup', async () => {
    fakeObjectUrls();
    const { resources } = await book();
    const parts = {
      bytes: () =>
        new TextEncoder().encode(
          '<html xmlns="http://www.w3.org/1999/xhtml"><head><style>p{}&lt;/style&gt;&lt;img src=x onerror=alert(1)&gt;</style></head><body><p>x</p></body></html>',
        ),
    } as unknown as PackageParts;
    const doc = asDocument(chapterDocument(parts, 'a.xhtml', resources));
    expect(doc.querySelectorAll('img')).toHaveLength(0);
    expect(doc.body.textContent).toBe('x');
  });
});

describe('sanitizeChapter', () => {
  test('cleans handlers, scripts, SVG tricks and data: addresses that are not pictures', () => {
    fakeObjectUrls();
    const resources = { url: () => null, css: () => null, release: () => undefined };
    const doc = new DOMParser().parseFromString(
      `<html xmlns="http://www.w3.org/1999/xhtml"><body>
        <p onmouseover="x()" style="background:url(http://evil/x.png)">text</p>
        <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" onload="x()">
          <a xlink:href="javascript:x()"><text>svg link</text></a>
          <image xlink:href="http://evil/y.png"/><use href="#shape"/>
          <set attributeName="href" to="javascript:x()"/>
        </svg>
        <img src="data:text/html,&lt;script&gt;x()&lt;/script&gt;"/><img src="data:image/png;base64,AAAA"/>
        <object data="x.swf"/><embed src="y"/><form action="http://evil"><input name="q"/></form>
      </body></html>`,
      'application/xhtml+xml',
    );
    sanitizeChapter(doc, 'OEBPS/ch.xhtml', resources);
    const html = new XMLSerializer().serializeToString(doc);
    expect(html).not.toMatch(/onmouseover|onload|javascript:|evil|<object|<embed|<form|<input|<set|data:text/);
    expect(html).toContain('style="background:none"');
    expect(html).toContain('href="#shape"');
    expect(html).toContain('src="data:image/png;base64,AAAA"');
    expect(doc.documentElement.textContent).toContain('svg link');
  });

  test('rewrites CSS addresses: the book’s own to blob:, fragments kept, the rest to none', async () => {
    fakeObjectUrls();
    const { resources } = await book();
    const css = rewriteCss(
      "a{background:url('../images/pixel.png')} b{background:url(http://x/y.png)} c{filter:url(#f)} @import 'missing.css';",
      'OEBPS/Text/ch1.xhtml',
      resources,
    );
    expect(css).toMatch(/^a\{background:url\("blob:test\/\d+"\)\} b\{background:none\} c\{filter:url\("#f"\)\} $/);
  });
});
