import { copyFormatted, formattedHtmlOf } from './formatted-copy';

const PAGE = 'https://clip.example.org/paste/abc#SECRET-KEY';

function view(html: string): HTMLElement {
  const container = document.createElement('div');
  container.className = 'markdown-body cp-md';
  container.innerHTML = html;
  return container;
}

/** The copied HTML, parsed again: what a mail program would get. */
function pasted(html: string): HTMLElement {
  const body = document.createElement('div');
  body.innerHTML = html;
  return body;
}

describe('formattedHtmlOf', () => {
  it('is the rendered document in a UTF-8 fragment, without the view’s chunk wrappers', () => {
    const html = formattedHtmlOf(
      view('<div class="cp-md-chunk"><h1>Title</h1><p>Grüße, 你好</p></div><div class="cp-md-chunk"><ul><li>one</li></ul></div>'),
      PAGE,
    );
    expect(html.startsWith('<meta charset="utf-8">')).toBe(true);
    const doc = pasted(html);
    expect(doc.querySelector('h1')?.textContent).toBe('Title');
    expect(doc.querySelector('p')?.textContent).toBe('Grüße, 你好');
    expect(doc.querySelector('li')?.textContent).toBe('one');
    expect(doc.querySelector('.cp-md-chunk')).toBeNull();
  });

  it('gives links and images absolute addresses, so they work in a mail', () => {
    const doc = pasted(
      formattedHtmlOf(
        view(
          '<p><a href="/paste/other">other</a> <a href="notes.md">notes</a> <img src="/api/raw/img?x=1" alt="pic"> <a href="mailto:a@b.c">mail</a></p>',
        ),
        PAGE,
      ),
    );
    const links = Array.from(doc.querySelectorAll('a')).map((a) => a.getAttribute('href'));
    expect(links).toEqual(['https://clip.example.org/paste/other', 'https://clip.example.org/paste/notes.md', 'mailto:a@b.c']);
    expect(doc.querySelector('img')?.getAttribute('src')).toBe('https://clip.example.org/api/raw/img?x=1');
    expect(doc.querySelector('img')?.getAttribute('alt')).toBe('pic');
  });

  it('never carries the key of the page’s link (its #fragment) into the copy', () => {
    const html = formattedHtmlOf(view('<p><a href="">self</a> <a href="#user-content-part">part</a> <a href="?x">query</a></p>'), PAGE);
    expect(html).not.toContain('SECRET-KEY');
    const links = Array.from(pasted(html).querySelectorAll('a')).map((a) => a.getAttribute('href'));
    expect(links).toEqual([
      'https://clip.example.org/paste/abc',
      'https://clip.example.org/paste/abc#user-content-part',
      'https://clip.example.org/paste/abc?x',
    ]);
  });

  it('leaves out scripts, styles, handlers, script addresses and the page’s own attributes', () => {
    const html = formattedHtmlOf(
      view(
        '<p onclick="steal()" data-x="1">text</p><script>steal()</script><style>body{display:none}</style>' +
          '<a href="javascript:steal()">bad</a><img src="x.png" onerror="steal()" srcset="big.png 2x">' +
          '<pre tabindex="0"><code class="hljs">code</code></pre><iframe src="/evil"></iframe><button>Copy</button>',
      ),
      PAGE,
    );
    expect(html).not.toMatch(/steal|<script|<style|<iframe|<button|onerror|onclick|srcset|tabindex|data-x|javascript:/i);
    const doc = pasted(html);
    expect(doc.querySelector('a')?.hasAttribute('href')).toBe(false);
    expect(doc.querySelector('a')?.textContent).toBe('bad');
    expect(doc.querySelector('img')?.getAttribute('src')).toBe('https://clip.example.org/paste/x.png');
    expect(doc.querySelector('pre code')?.textContent).toBe('code');
  });

  it('keeps a formula as MathML only (its HTML rendering needs styles a mail does not have)', () => {
    const html = formattedHtmlOf(
      view(
        '<p><span class="katex"><span class="katex-mathml"><math><semantics><mi>x</mi><annotation encoding="application/x-tex">x</annotation></semantics></math></span>' +
          '<span class="katex-html" aria-hidden="true"><span class="base">x</span></span></span></p>',
      ),
      PAGE,
    );
    const doc = pasted(html);
    expect(doc.querySelector('.katex math mi')?.textContent).toBe('x');
    expect(doc.querySelector('.katex-html')).toBeNull();
  });

  it('keeps a diagram’s references to its own parts', () => {
    const html = formattedHtmlOf(view('<svg><defs><marker id="arrow"></marker></defs><use href="#arrow"></use></svg>'), PAGE);
    expect(pasted(html).querySelector('use')?.getAttribute('href')).toBe('#arrow');
  });
});

/** The clipboard at the browser's edge: what was written, by type. */
class FakeClipboardItem {
  constructor(readonly items: Record<string, Blob>) {}
  get types() {
    return Object.keys(this.items);
  }
}

function blobText(blob: Blob): Promise<string> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });
}

/** `document.execCommand('copy')` as a browser runs it: a copy event whose data goes to the clipboard. */
function commandClipboard(works = true) {
  const data: Record<string, string> = {};
  document.execCommand = jest.fn((command: string) => {
    if (command !== 'copy' || !works) return false;
    const event = new Event('copy', { cancelable: true, bubbles: true });
    Object.defineProperty(event, 'clipboardData', { value: { setData: (type: string, value: string) => (data[type] = value) } });
    document.body.dispatchEvent(event);
    return true;
  });
  return data;
}

describe('copyFormatted', () => {
  const write = jest.fn<Promise<void>, [FakeClipboardItem[]]>();

  beforeEach(() => {
    write.mockReset();
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { write } });
    Object.defineProperty(window, 'ClipboardItem', { configurable: true, writable: true, value: FakeClipboardItem });
  });

  it('writes one item with the HTML as text/html and the Markdown as text/plain', async () => {
    write.mockResolvedValue(undefined);
    expect(await copyFormatted('<meta charset="utf-8"><div><h1>T</h1></div>', '# T')).toBe(true);
    const [item] = write.mock.calls[0]![0];
    expect(item!.types.sort()).toEqual(['text/html', 'text/plain']);
    expect(item!.items['text/html']!.type).toBe('text/html');
    expect(await blobText(item!.items['text/html']!)).toBe('<meta charset="utf-8"><div><h1>T</h1></div>');
    expect(await blobText(item!.items['text/plain']!)).toBe('# T');
  });

  it('falls back to a copy command with both types when the browser refuses the write', async () => {
    write.mockRejectedValue(new DOMException('denied', 'NotAllowedError'));
    const data = commandClipboard();
    expect(await copyFormatted('<p>hi</p>', 'hi')).toBe(true);
    expect(data).toEqual({ 'text/html': '<p>hi</p>', 'text/plain': 'hi' });
  });

  it('uses the copy command where there is no ClipboardItem, and restores the reader’s selection', async () => {
    delete (window as { ClipboardItem?: unknown }).ClipboardItem;
    const data = commandClipboard();
    const paragraph = document.createElement('p');
    paragraph.textContent = 'selected by the reader';
    document.body.appendChild(paragraph);
    const range = document.createRange();
    range.selectNodeContents(paragraph);
    document.getSelection()!.removeAllRanges();
    document.getSelection()!.addRange(range);
    expect(await copyFormatted('<p>x</p>', 'x')).toBe(true);
    expect(write).not.toHaveBeenCalled();
    expect(data).toEqual({ 'text/html': '<p>x</p>', 'text/plain': 'x' });
    expect(document.getSelection()!.toString()).toBe('selected by the reader');
    paragraph.remove();
  });

  it('says it failed when neither way reaches the clipboard', async () => {
    write.mockRejectedValue(new Error('denied'));
    commandClipboard(false);
    expect(await copyFormatted('<p>x</p>', 'x')).toBe(false);
  });
});
