import { expect, test, type Page } from '@playwright/test';
import { PublicEditorPage } from '../pages/public-editor-page';
import { PublicPastePage } from '../pages/public-paste-page';
import { PublicFilePage } from '../pages/public-file-page';
import { adminToken } from '../support/api';
import { createPaste, uploadFile } from '../support/public-api';
import { useAdminSession } from '../support/public-session';

test.use({ locale: 'en-US' });

/**
 * Hostile Markdown: each payload would set `window.__xss` (or the parent's) if any of it ran.
 * Script tags, event handlers, javascript:/data: URLs, SVG, iframes, mutation-XSS shapes and
 * the plugins' own inputs (Mermaid click handlers, KaTeX \href).
 */
const PAYLOADS: string[] = [
  '<script>window.__xss = 1</script>',
  '<img src=x onerror="window.__xss = 2">',
  '<svg onload="window.__xss = 3"><circle r="5"></circle></svg>',
  '<svg><script>window.__xss = 4</script></svg>',
  '[click me](javascript:window.__xss=5)',
  '<a href="javascript:window.__xss=6">html link</a>',
  '<iframe src="javascript:parent.__xss=7"></iframe>',
  '<iframe srcdoc="<script>parent.__xss=8</script>"></iframe>',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9InBhcmVudC5fX3hzcz05Ij48L3N2Zz4=">',
  '[data link](data:text/html;base64,PHNjcmlwdD5wYXJlbnQuX194c3M9MTA8L3NjcmlwdD4=)',
  '<object data="javascript:parent.__xss=11"></object>',
  '<embed src="javascript:parent.__xss=12">',
  '<details open ontoggle="window.__xss = 13"><summary>s</summary>x</details>',
  '<math><mtext><table><mglyph><style><img src=x onerror="window.__xss = 14"></style></mglyph></table></mtext></math>',
  '<form action="javascript:window.__xss=15"><button type="submit">go</button></form>',
  '<input autofocus onfocus="window.__xss = 16">',
  '<body onload="window.__xss = 17">body</body>',
  '<a href="jav&#x09;ascript:window.__xss=18">tab link</a>',
  '![image](javascript:window.__xss=19)',
  '<div style="background:url(javascript:window.__xss=20)">styled</div>',
  '<meta http-equiv="refresh" content="0;url=javascript:window.__xss=21">',
  '<base href="javascript:window.__xss=22//">',
  '[mixed case](JaVaScRiPt:window.__xss=23)',
  '<noscript><p title="</noscript><img src=x onerror=window.__xss=24>"></noscript>',
  '```mermaid\ngraph TD\nA-->B\nclick A "javascript:window.__xss=25"\n```',
  '$\\href{javascript:window.__xss=26}{formula}$',
  '<svg><a xlink:href="javascript:window.__xss=27"><text x="0" y="15">svg link</text></a></svg>',
  '<template><script>window.__xss = 28</script></template>',
  '<img src=x onerror=&#x77;indow.__xss=29>',
  '<a href="#" onclick="window.__xss = 30">onclick</a>',
  '<video><source onerror="window.__xss = 31"></video>',
  '<p id="__proto__" name="alert">clobber</p><form name="__xss"><input name="x"></form>',
];

async function expectNothingRan(page: Page) {
  // Let lazy plugins (highlight, KaTeX, Mermaid) finish, and interact with what is left.
  await page.waitForTimeout(500);
  const anchors = page.locator('.cp-md a');
  for (let i = 0; i < (await anchors.count()); i += 1) {
    const href = await anchors.nth(i).getAttribute('href');
    if (href === null || href.startsWith('#'))
      await anchors
        .nth(i)
        .click({ force: true, noWaitAfter: true })
        .catch(() => undefined);
  }
  await page
    .locator('.cp-md')
    .first()
    .hover()
    .catch(() => undefined);
  await page.waitForTimeout(300);
  const flag = await page.evaluate(() => {
    const value = (window as unknown as { __xss?: unknown }).__xss;
    return value === undefined ? null : value instanceof Element ? 'clobbered' : String(value);
  });
  expect(flag, 'a payload executed').toBeNull();
  const dangerous = await page.evaluate(() => {
    const found: string[] = [];
    for (const root of Array.from(document.querySelectorAll('.cp-md'))) {
      root
        .querySelectorAll('script, iframe, object, embed, base, meta, form, input:not([type="checkbox"]), style, template')
        .forEach((el) => {
          // Mermaid draws its diagrams as SVG with their own <style> (generated, DOMPurify-cleaned).
          if (el.tagName.toLowerCase() === 'style' && el.closest('.bytemd-mermaid')) return;
          found.push(el.tagName);
        });
      root.querySelectorAll('*').forEach((el) => {
        for (const attr of Array.from(el.attributes)) {
          if (/^on/i.test(attr.name)) found.push(`${el.tagName}[${attr.name}]`);
          if (/^(?:href|src|xlink:href|action|data)$/i.test(attr.name) && /^\s*(?:javascript|data|vbscript):/i.test(attr.value))
            found.push(`${el.tagName}[${attr.name}=${attr.value}]`);
        }
      });
    }
    return found;
  });
  expect(dangerous).toEqual([]);
}

test.describe('hostile Markdown never executes', () => {
  // The gateway's Content-Security-Policy would block most payloads on its own (deploy-csp.spec.ts);
  // these tests check the sanitizer alone, so the policy is bypassed here.
  test.use({ bypassCSP: true });
  test.beforeEach(async ({ page }) => {
    page.on('dialog', (dialog) => {
      throw new Error(`unexpected dialog: ${dialog.message()}`);
    });
  });

  test('the check itself works: the same payloads injected without the sanitizer do run', async ({ page }) => {
    const view = new PublicPastePage(page);
    await view.goto('control-missing');
    await page.evaluate((html) => {
      const probe = document.createElement('div');
      probe.innerHTML = html;
      document.body.appendChild(probe);
    }, PAYLOADS[1]!);
    await expect.poll(() => page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBe(2);
  });

  test(`each of ${PAYLOADS.length} payloads, shared and viewed, stays inert`, async ({ page }) => {
    test.setTimeout(180_000);
    expect(PAYLOADS.length).toBeGreaterThanOrEqual(20);
    const token = await adminToken();
    const view = new PublicPastePage(page);
    for (const [index, payload] of PAYLOADS.entries()) {
      const { slug } = await createPaste(token, { content: `# Payload ${index + 1}\n\n${payload}\n\nafter` });
      await view.goto(slug);
      await view.rendered();
      await expect(view.content.locator('h1')).toHaveText(`Payload ${index + 1}`);
      await expectNothingRan(page);
    }
  });

  test('all payloads together: shared from the editor (live preview), then viewed and opened as a Markdown file', async ({ page }) => {
    test.setTimeout(120_000);
    const all = PAYLOADS.map((payload, index) => `## Payload ${index + 1}\n\n${payload}\n`).join('\n');
    await useAdminSession(page);
    const editor = new PublicEditorPage(page);
    await editor.goto();
    await editor.setContent(all);
    await expect(editor.preview.locator('.cp-md')).toHaveAttribute('data-rendered', 'true');
    await expectNothingRan(page);

    await editor.share();
    const slug = (await editor.result.getAttribute('data-slug'))!;
    const view = new PublicPastePage(page);
    await view.goto(slug);
    await view.rendered();
    await expect(view.content.locator('h2')).toHaveCount(PAYLOADS.length);
    await expectNothingRan(page);

    const file = await uploadFile(await adminToken(), { name: 'hostile.md', content: all });
    const fileView = new PublicFilePage(page);
    await fileView.goto(file.slug);
    await expect(page.getByTestId('file-markdown')).toHaveAttribute('data-rendered', 'true');
    await expectNothingRan(page);
  });
});
