import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { PublicEditorPage } from '../pages/public-editor-page';
import { PublicPastePage } from '../pages/public-paste-page';
import { PublicFilePage } from '../pages/public-file-page';
import { createPaste, pngImage, uploadFile } from '../support/public-api';
import { useAdminSession } from '../support/public-session';

const DOC = [
  '# Accessible document',
  'Text with a [link](https://example.com), `code` and **bold**.',
  '## Code',
  '```ts\nconst answer: number = 42;\n```',
  '## Table',
  '| a | b |\n|---|---|\n| 1 | 2 |',
  '## List',
  '- [x] done\n- [ ] open',
  '> quote',
].join('\n\n');

/** Serious and critical violations of the public remote (the host shell is covered elsewhere). */
async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).include('[data-remote="cloudclip_public"]').analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      targets: violation.nodes.map((node) => node.target.join(' ')).slice(0, 5),
    }));
}

for (const colorScheme of ['light', 'dark'] as const) {
  for (const locale of ['en-US', 'zh-CN'] as const) {
    test.describe(`accessibility (${colorScheme}, ${locale})`, () => {
      test.use({ colorScheme, locale });

      test('the editor with a shared result has no serious or critical violations', async ({ page }) => {
        await useAdminSession(page);
        const editor = new PublicEditorPage(page);
        await editor.goto();
        await editor.setContent(DOC);
        await expect(editor.preview.locator('.cp-md')).toHaveAttribute('data-rendered', 'true');
        await editor.share({ password: 'pw', maxViews: '3' });
        await expect(page.locator('code.hljs').first()).toBeVisible();
        expect(await seriousViolations(page)).toEqual([]);
      });

      test('the paste view (outline, owner actions) and its password prompt have no serious or critical violations', async ({ page }) => {
        const token = await useAdminSession(page);
        const { slug } = await createPaste(token, { content: DOC, remark: 'a11y' });
        const view = new PublicPastePage(page);
        await view.goto(slug);
        await view.rendered();
        await expect(view.outline).toBeVisible();
        await expect(view.content.locator('code.hljs')).toBeVisible();
        expect(await seriousViolations(page)).toEqual([]);

        const locked = await createPaste(token, { content: 'x', password: 'pw' });
        await view.goto(locked.slug);
        await view.unlock('wrong');
        await expect(view.passwordError).toBeVisible();
        expect(await seriousViolations(page)).toEqual([]);

        await view.goto('missing-a11y');
        await expect(view.statusPage).toBeVisible();
        expect(await seriousViolations(page)).toEqual([]);
      });

      test('the file view (image, text) has no serious or critical violations', async ({ page }) => {
        const token = await useAdminSession(page);
        const image = await uploadFile(token, { name: 'a11y.png', content: pngImage(), remark: 'image' });
        const view = new PublicFilePage(page);
        await view.goto(image.slug);
        await expect(page.getByTestId('preview-image')).toBeVisible();
        expect(await seriousViolations(page)).toEqual([]);

        const text = await uploadFile(token, { name: 'a11y.py', content: 'def f(x):\n    return x * 2  # double\n' });
        await view.goto(text.slug);
        await expect(page.getByTestId('file-text').locator('code.hljs')).toBeVisible();
        await view.editButton.click();
        expect(await seriousViolations(page)).toEqual([]);
      });
    });
  }
}
