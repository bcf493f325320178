import { expect, test, type Page } from '@playwright/test';
import { PublicPastePage } from '../pages/public-paste-page';
import { adminToken } from '../support/api';
import { createPaste } from '../support/public-api';

test.use({ locale: 'en-US' });

/** About `bytes` of Markdown: a chapter heading, a paragraph, a list, a table and a code block per section. */
function largeDocument(bytes: number): { content: string; sections: number } {
  const parts = ['# Big handbook', 'Raw HTML stays sanitized: <img src="x" onerror="window.__xss = 1"> <script>window.__xss = 2</script>'];
  let length = 0;
  let sections = 0;
  while (length < bytes) {
    sections += 1;
    const section = [
      `## Chapter ${sections}`,
      `Paragraph ${sections} with **bold**, *italic*, \`code\` and a [link](https://example.com/${sections}). ${'Lorem ipsum dolor sit amet. '.repeat(6)}`,
      `- point ${sections}\n- [x] done`,
      `| key | value |\n|-----|-------|\n| k${sections} | ${sections * 3} |`,
      '```js\nconst chapter = ' + sections + ';\n```',
    ].join('\n\n');
    parts.push(section);
    length += section.length + 2;
  }
  return { content: parts.join('\n\n'), sections };
}

/** What the rendered document consists of (text and structure; highlighting aside). */
async function documentShape(view: PublicPastePage) {
  return view.content.evaluate((element) => ({
    text: element.textContent,
    headings: Array.from(element.querySelectorAll('h1, h2, h3, h4, h5, h6'), (heading) => `${heading.tagName} ${heading.id}`),
    tables: element.querySelectorAll('table').length,
    cells: element.querySelectorAll('td').length,
    code: element.querySelectorAll('pre > code').length,
    items: element.querySelectorAll('li').length,
    checkboxes: element.querySelectorAll('input[type="checkbox"]').length,
    links: element.querySelectorAll('a[href^="https://example.com/"]').length,
  }));
}

async function outlineLinks(page: Page) {
  return page.getByTestId('outline-link').evaluateAll((links) => links.map((link) => `${link.textContent} ${link.getAttribute('href')}`));
}

test.describe('large paste', () => {
  test.setTimeout(240_000);

  test('a 1 MB paste renders completely in the Markdown worker, sanitized, with a working outline', async ({ page }) => {
    const { content, sections } = largeDocument(1024 * 1024);
    const { slug } = await createPaste(await adminToken(), { content });
    const workers: string[] = [];
    page.on('worker', (worker) => workers.push(worker.url()));
    const view = new PublicPastePage(page);
    await view.goto(slug);
    await expect(view.content.locator('h1')).toHaveText('Big handbook');
    await expect(view.content).toHaveAttribute('data-rendered', 'true', { timeout: 180_000 });

    expect(workers.some((url) => /\/remotes\/mfe-public\/[^/]+\/markdown-worker\.js$/.test(url))).toBe(true);
    const shape = await documentShape(view);
    expect(shape.headings).toHaveLength(1 + sections);
    expect(shape.headings.at(-1)).toBe(`H2 user-content-chapter-${sections}`);
    expect(shape.tables).toBe(sections);
    expect(shape.cells).toBe(sections * 2);
    expect(shape.code).toBe(sections);
    expect(shape.items).toBe(sections * 2);
    expect(shape.checkboxes).toBe(sections);
    expect(shape.links).toBe(sections);
    await expect(view.content.locator('script, [onerror]')).toHaveCount(0);
    expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();

    const links = view.outline.getByTestId('outline-link');
    await expect(links).toHaveCount(1 + sections);
    const late = `Chapter ${sections - 3}`;
    const target = view.content.locator('h2', { hasText: new RegExp(`^${late}$`) });
    await expect(target).not.toBeInViewport();
    await view.outline.getByRole('link', { name: late, exact: true }).click();
    await expect(target).toBeInViewport();
    await expect(target).toBeFocused();
    // Highlighting runs for the chunks near the viewport.
    await expect(target.locator('xpath=following::pre[1]/code')).toHaveClass(/hljs/);
  });

  test('without Web Workers a large paste renders on the main thread into the same document and outline', async ({ browser }) => {
    // Large enough for a hundred chunks; the main thread takes much longer than the worker for 1 MB.
    const { content } = largeDocument(300 * 1024);
    const { slug } = await createPaste(await adminToken(), { content });
    const shapes = [];
    const outlines = [];
    for (const withWorker of [true, false]) {
      const context = await browser.newContext({ locale: 'en-US' });
      if (!withWorker) await context.addInitScript(() => Reflect.deleteProperty(window, 'Worker'));
      const page = await context.newPage();
      const workers: string[] = [];
      page.on('worker', (worker) => workers.push(worker.url()));
      const view = new PublicPastePage(page);
      await view.goto(slug);
      await expect(view.content).toHaveAttribute('data-rendered', 'true', { timeout: 180_000 });
      expect(workers.length > 0).toBe(withWorker);
      shapes.push(await documentShape(view));
      outlines.push(await outlineLinks(page));
      await context.close();
    }
    expect(shapes[1]).toEqual(shapes[0]);
    expect(outlines[1]).toEqual(outlines[0]);
  });
});
