import rehypeRawOnDemand, { loadRawHtml, mayContainRawHtml, prepareRawHtml, rawHtmlReady } from './raw-html-on-demand';

const plainTree = { type: 'root', children: [{ type: 'element', children: [{ type: 'text' }] }] };
const rawTree = { type: 'root', children: [{ type: 'element', children: [{ type: 'raw' }] }] };

describe('raw HTML on demand', () => {
  it.each([
    ['<details><summary>More</summary>…</details>', true],
    ['line<br>break', true],
    ['</div>', true],
    ['<!-- note -->', true],
    ['<?php ?>', true],
    ['<https://example.com>', true],
    ['a < b and b <= c', false],
    ['# Title\n\n| a | b |\n|---|---|\n| 1 | 2 |', false],
    ['&lt;b&gt; is escaped', false],
    ['`x<3`', false],
  ])('decides whether %j may contain HTML', (source, expected) => {
    expect(mayContainRawHtml(source)).toBe(expected);
  });

  it('renders documents without raw nodes before and without loading rehype-raw', () => {
    expect(rawHtmlReady()).toBe(false);
    expect(prepareRawHtml('# plain *Markdown*')).toBeNull();
    expect(rehypeRawOnDemand()(plainTree, {})).toBe(plainTree);
  });

  it('refuses a tree with raw nodes until rehype-raw is loaded, then hands it over', async () => {
    expect(() => rehypeRawOnDemand()(rawTree, {})).toThrow(/before rehype-raw was loaded/);
    const prepared = prepareRawHtml('<kbd>Ctrl</kbd>');
    expect(prepared).toBeInstanceOf(Promise);
    await prepared;
    expect(rawHtmlReady()).toBe(true);
    expect(prepareRawHtml('<kbd>Ctrl</kbd>')).toBeNull();
    expect(rehypeRawOnDemand()(rawTree, {})).toMatchObject({ parsedRaw: true });
    // Once loaded, every document goes through it (as in bytemd's own pipeline).
    expect(rehypeRawOnDemand()(plainTree, {})).toMatchObject({ parsedRaw: true });
    await expect(loadRawHtml()).resolves.toBeUndefined();
  });
});
