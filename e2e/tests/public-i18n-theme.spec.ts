import { expect, test, type Page } from '@playwright/test';
import { PublicEditorPage } from '../pages/public-editor-page';
import { PublicPastePage } from '../pages/public-paste-page';
import { PublicFilePage } from '../pages/public-file-page';
import { ShellPage } from '../pages/shell-page';
import { adminToken } from '../support/api';
import { createPaste, pngImage, uploadFile } from '../support/public-api';

test.describe('Chinese', () => {
  test.use({ locale: 'zh-CN' });

  test('the three pages speak Chinese', async ({ page }) => {
    const token = await adminToken();
    const editor = new PublicEditorPage(page);
    await editor.goto();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Markdown 编辑器');
    await expect(editor.submit).toHaveText('生成分享链接');
    await expect(editor.expiry.locator('option')).toHaveText(['1 小时', '1 天', '7 天', '30 天', '永不过期']);
    await editor.slug.fill('带空格 的');
    await expect(editor.fieldError('slug')).toHaveText('链接后缀只能包含字母、数字、连字符（-）和下划线（_）');

    const { slug } = await createPaste(token, { content: '# 标题\n\n正文', password: '密码' });
    const view = new PublicPastePage(page);
    await view.goto(slug);
    await expect(page.getByRole('heading', { name: '这份分享需要密码' })).toBeVisible();
    await view.unlock('错的');
    await expect(view.passwordError).toBeVisible();
    await view.unlock('密码');
    await expect(view.content.locator('h1')).toHaveText('标题');
    await expect(page.getByTestId('copy-content')).toHaveText('复制为 Markdown');
    await expect(page.getByTestId('copy-formatted')).toHaveText('复制为富文本');
    await view.goto('no-such-paste');
    await expect(view.statusPage).toContainText('分享不存在');

    const file = await uploadFile(token, { name: '图片.png', content: pngImage() });
    const fileView = new PublicFilePage(page);
    await fileView.goto(file.slug);
    await expect(fileView.download).toHaveText('下载文件');
    await expect(page.getByRole('heading', { name: '文件信息' })).toBeVisible();
  });

  test('switching the language in the header re-renders the page in English', async ({ page }) => {
    const shell = new ShellPage(page);
    const editor = new PublicEditorPage(page);
    await editor.goto();
    await expect(editor.submit).toHaveText('生成分享链接');
    await shell.languageSwitch.selectOption('en-US');
    await expect(editor.submit).toHaveText('Create share link');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Markdown editor');
  });
});

async function colorOf(page: Page, selector: string, property: 'backgroundColor' | 'color') {
  return page
    .locator(selector)
    .first()
    .evaluate((el, prop) => getComputedStyle(el)[prop], property);
}

test.describe('dark mode', () => {
  test.use({ locale: 'en-US', colorScheme: 'dark' });

  test('the pages follow the dark theme', async ({ page }) => {
    const editor = new PublicEditorPage(page);
    await editor.goto();
    await expect(page.locator('.cp-root')).toHaveAttribute('data-dark', 'true');
    expect(await colorOf(page, '.cp-share-form', 'backgroundColor')).toBe('rgb(22, 27, 34)');
    expect(await colorOf(page, '.cp-md-editor .CodeMirror', 'backgroundColor')).toBe('rgb(22, 27, 34)');
    expect(await colorOf(page, '.cp-md-editor .CodeMirror', 'color')).toBe('rgb(230, 237, 243)');

    const { slug } = await createPaste(await adminToken(), { content: '# Dark\n\n```js\nconst a = 1;\n```' });
    const view = new PublicPastePage(page);
    await view.goto(slug);
    await view.rendered();
    expect(await colorOf(page, '.cp-paste-content', 'backgroundColor')).toBe('rgb(22, 27, 34)');
    expect(await colorOf(page, '.cp-md h1', 'color')).toBe('rgb(230, 237, 243)');
    await expect(view.content.locator('.hljs-keyword')).toHaveCSS('color', 'rgb(255, 123, 114)');
  });
});

test.describe('phone-sized screens', () => {
  test.use({ locale: 'zh-CN', viewport: { width: 390, height: 844 } });

  test('no page scrolls sideways at 390 px', async ({ page }) => {
    const token = await adminToken();
    const { slug } = await createPaste(token, {
      content: `# 很长的标题 ${'长'.repeat(80)}\n\n${'word '.repeat(200)}\n\n| a | b | c | d | e | f |\n|---|---|---|---|---|---|\n| ${'x'.repeat(60)} | 2 | 3 | 4 | 5 | 6 |\n\n## 二\n\ntext`,
    });
    const file = await uploadFile(token, { name: `a-very-long-file-name-${'x'.repeat(60)}.png`, content: pngImage(800, 20) });
    const widths: Record<string, number> = {};
    const editor = new PublicEditorPage(page);
    await editor.goto();
    widths.home = await page.evaluate(() => document.documentElement.scrollWidth);
    const view = new PublicPastePage(page);
    await view.goto(slug);
    await view.rendered();
    widths.paste = await page.evaluate(() => document.documentElement.scrollWidth);
    const fileView = new PublicFilePage(page);
    await fileView.goto(file.slug);
    await expect(page.getByTestId('preview-image')).toBeVisible();
    widths.file = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(widths).toEqual({ home: 390, paste: 390, file: 390 });
  });
});
