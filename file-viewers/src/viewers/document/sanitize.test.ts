import './test-env';
import { isSafeCssValue, sanitizeStylesheet, sanitizeTree } from './sanitize';

function tree(html: string): HTMLElement {
  // An inert document, as the docx renderer uses: nothing here loads or runs while it is cleaned.
  const inert = document.implementation.createHTMLDocument('');
  const root = inert.createElement('div');
  root.innerHTML = html;
  return root;
}

describe('sanitizeTree', () => {
  test('removes scripts, frames, forms and event handlers but keeps the text around them', () => {
    const root = tree(
      '<p onclick="evil()" class="cv-docx_a page-class">Hello <script>evil()</script><iframe src="https://x.test"></iframe>' +
        '<custom-tag>inside</custom-tag><b onmouseover="evil()">bold</b></p><form><input value="x"></form><object data="x.swf"></object>',
    );
    sanitizeTree(root, { classPrefix: 'cv-docx' });
    expect(root.innerHTML).toBe('<p class="cv-docx_a">Hello inside<b>bold</b></p>');
  });

  test('keeps links to http(s) and mailto only, opening in a new tab without an opener', () => {
    const root = tree(
      '<a href="javascript:alert(1)">a</a><a href="JaVaScRiPt:alert(1)">b</a><a href="data:text/html,x">c</a>' +
        '<a href="vbscript:x">d</a><a href="https://example.com/">e</a><a href="mailto:a@example.com">f</a><a href="#_Toc1">g</a>',
    );
    sanitizeTree(root, { classPrefix: 'cv-docx' });
    const hrefs = Array.from(root.querySelectorAll('a'), (a) => a.getAttribute('href'));
    expect(hrefs).toEqual([null, null, null, null, 'https://example.com/', 'mailto:a@example.com', '#cv-doc-_Toc1']);
    expect(root.querySelectorAll('a')[4]!.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    expect(root.querySelectorAll('a')[4]!.getAttribute('target')).toBe('_blank');
  });

  test('keeps pictures only from blob: and data:image addresses, and reports the blob: ones', () => {
    const root = tree(
      '<img src="https://tracker.test/p.png"><img src="blob:https://site/1"><img src="data:image/png;base64,AAAA"><img src="data:text/html,x">' +
        '<svg><image href="https://tracker.test/q.png"></image><image href="blob:https://site/2"></image><use href="https://x.test/#a"></use></svg>',
    );
    const result = sanitizeTree(root, { classPrefix: 'cv-docx' });
    expect(Array.from(root.querySelectorAll('img'), (img) => img.getAttribute('src'))).toEqual([
      null,
      'blob:https://site/1',
      'data:image/png;base64,AAAA',
      null,
    ]);
    expect(Array.from(root.querySelectorAll('image'), (image) => image.getAttribute('href'))).toEqual([null, 'blob:https://site/2']);
    expect(root.querySelector('use')).toBeNull();
    expect(result.urls).toEqual(['blob:https://site/1', 'blob:https://site/2']);
  });

  test('drops style declarations that load from elsewhere or escape the viewer, and prefixes ids', () => {
    const root = tree(
      '<span id="main" style="color: red; background-image: url(https://tracker.test/a.png); position: fixed">x</span>' +
        '<span style="background: url(blob:https://site/3)">y</span>',
    );
    sanitizeTree(root, { classPrefix: 'cv-docx' });
    const [first, second] = Array.from(root.querySelectorAll('span'));
    expect(first!.getAttribute('id')).toBe('cv-doc-main');
    expect(first!.getAttribute('style')).toBe('color: red;');
    expect(second!.getAttribute('style')).toContain('blob:https://site/3');
  });

  test('stops at the element budget and says the rest was left out', () => {
    const root = tree('<p>1</p><p>2</p><p>3</p><p>4</p>');
    const result = sanitizeTree(root, { classPrefix: 'cv-docx', maxElements: 2 });
    expect(root.querySelectorAll('p')).toHaveLength(2);
    expect(result.truncated).toBe(true);
  });
});

describe('isSafeCssValue', () => {
  test.each([
    ['red', true],
    ['url(blob:https://site/1)', true],
    ['url("data:image/png;base64,AAAA")', true],
    ['"•\\9"', true],
    ['url(https://tracker.test/a.png)', false],
    ['URL( "//tracker.test/a.png" )', false],
    ['u\\72l(https://tracker.test/a.png)', false],
    ['\\75 rl(https://tracker.test/a.png)', false],
    ['image-set("https://tracker.test/a.png" 1x)', false],
    ['-webkit-image-set("https://tracker.test/a.png" 1x)', false],
    ['red; background: url(x)', false],
    ['expression(alert(1))', false],
  ])('%s → %s', (value, safe) => {
    expect(isSafeCssValue(value)).toBe(safe);
  });
});

describe('sanitizeStylesheet', () => {
  test('scopes every selector under the viewer and drops rules that reach outside it', () => {
    const css = sanitizeStylesheet(
      '@import url(https://tracker.test/a.css); p.a, span { color: red } body { background: url(https://tracker.test/b.png) } ' +
        '@font-face { font-family: Inter; src: url(blob:https://site/f) } @media print { p { color: blue } } ' +
        ':root { --c: u\\72l(https://tracker.test/c.png); color: green } .x { position: fixed; top: 0 }',
      '.cv-document-docx',
    );
    const rules = css.split('\n').map((rule) => rule.replace(/;\s*}$/, ' }'));
    expect(rules.slice(0, 2)).toEqual([
      '.cv-document-docx p.a, .cv-document-docx span { color: red }',
      '.cv-document-docx :root { color: green }',
    ]);
    expect(rules[2]).toMatch(/^\.cv-document-docx \.x \{ top: 0(px)? \}$/);
    expect(rules).toHaveLength(3);
  });

  test('keeps a safe rule whole, shorthands and custom properties included', () => {
    const css = sanitizeStylesheet(
      'p.b:before { content: "•"; background: var(--bullet) } .w { --bullet: url(blob:https://site/4) }',
      '.s',
    );
    expect(css).toContain('.s p.b:before { content: "•"; background: var(--bullet)');
    expect(css).toContain('.s .w { --bullet: url(blob:https://site/4)');
  });

  test('gives nothing for a stylesheet it cannot parse safely (too long)', () => {
    expect(sanitizeStylesheet(`p { color: red }`.repeat(200_000), '.s')).toBe('');
  });
});
