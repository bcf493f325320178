import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { PublicEditorPage } from '../pages/public-editor-page';
import { useAdminSession } from '../support/public-session';

test.use({ locale: 'en-US' });

const MB = 1024 * 1024;

test.describe('editor document and draft', () => {
  test('auto-save keeps the draft across a reload; Save says when it saved', async ({ page }) => {
    const editor = new PublicEditorPage(page);
    await editor.goto();
    await editor.type('# Draft title\n\nsome words here');
    await expect(editor.draftStatus).toHaveAttribute('data-status', 'autosaved');
    expect(await page.evaluate(() => window.localStorage.getItem('cloudclip-content'))).toBe('# Draft title\n\nsome words here');
    await page.reload();
    await expect(editor.codeMirror).toBeVisible();
    expect(await editor.content()).toBe('# Draft title\n\nsome words here');
    await expect(editor.draftStatus).toHaveText('Your unfinished draft was restored');
    await editor.saveButton.click();
    await expect(editor.draftStatus).toHaveText(/^Draft saved at /);
  });

  test('keeps what was typed just before a crash-like close (flushed when the page is hidden)', async ({ page, context }) => {
    const editor = new PublicEditorPage(page);
    await editor.goto();
    await editor.setContent('typed right before closing');
    await page.close({ runBeforeUnload: true });
    const again = await context.newPage();
    const next = new PublicEditorPage(again);
    await next.goto();
    expect(await next.content()).toBe('typed right before closing');
  });

  test('shows a live preview that can be toggled, and word and character counts', async ({ page }) => {
    const editor = new PublicEditorPage(page);
    await editor.goto();
    await editor.setContent('# Heading\n\nHello **world** 你好');
    await expect(editor.preview.locator('h1')).toHaveText('Heading');
    await expect(editor.preview.locator('strong')).toHaveText('world');
    await expect(editor.stats).toHaveAttribute('data-words', '5');
    await expect(editor.stats).toHaveText('5 words · 27 characters');
    await editor.previewToggle.click();
    await expect(editor.previewToggle).toHaveAttribute('aria-pressed', 'false');
    await expect(editor.preview).toHaveCount(0);
    await editor.previewToggle.click();
    await expect(editor.preview.locator('h1')).toHaveText('Heading');
  });

  test('clear asks first, then empties the editor and the draft', async ({ page }) => {
    const editor = new PublicEditorPage(page);
    await editor.goto();
    await editor.setContent('to be cleared');
    await editor.clearButton.click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText('Clear the editor?');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(await editor.content()).toBe('to be cleared');
    await editor.clearButton.click();
    await page.getByTestId('clear-dialog-confirm').click();
    expect(await editor.content()).toBe('');
    await expect.poll(() => page.evaluate(() => window.localStorage.getItem('cloudclip-content'))).toBeNull();
  });

  test('downloads the document as a .md file named after its first heading', async ({ page }) => {
    const editor = new PublicEditorPage(page);
    await editor.goto();
    await editor.setContent('# Meeting notes\n\n- one\n');
    const download = page.waitForEvent('download');
    await editor.downloadButton.click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('Meeting notes.md');
    expect(await readFile((await file.path())!, 'utf8')).toBe('# Meeting notes\n\n- one\n');
  });

  test('imports a Markdown file, asking before it replaces existing text', async ({ page }) => {
    await useAdminSession(page);
    const editor = new PublicEditorPage(page);
    await editor.goto();
    await editor.importInput.setInputFiles({ name: 'first.md', mimeType: 'text/markdown', buffer: Buffer.from('# First\n') });
    await expect(editor.importMessage).toHaveText('Imported first.md');
    expect(await editor.content()).toBe('# First\n');
    await expect(editor.preview.locator('h1')).toHaveText('First');

    await editor.importInput.setInputFiles({ name: 'second.markdown', mimeType: 'text/markdown', buffer: Buffer.from('# Second\n') });
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText('Importing second.markdown replaces what is in the editor now.');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(await editor.content()).toBe('# First\n');

    await editor.importInput.setInputFiles({ name: 'third.MD', mimeType: 'text/markdown', buffer: Buffer.from('# Third\n') });
    await page.getByTestId('import-dialog-confirm').click();
    await expect.poll(() => editor.content()).toBe('# Third\n');
    await page.reload();
    await expect(editor.codeMirror).toBeVisible();
    expect(await editor.content()).toBe('# Third\n');
  });

  test('refuses files that are not Markdown or are 10 MB or more, with a clear message', async ({ page }) => {
    const editor = new PublicEditorPage(page);
    await editor.goto();
    await editor.setContent('keep me');
    await editor.importInput.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('plain') });
    await expect(editor.importMessage).toHaveAttribute('data-tone', 'error');
    await expect(editor.importMessage).toContainText(
      'Please choose a Markdown file (.md, .markdown, .mdown, .mkd, .mdwn, .mdtxt, .mdtext, .rmd)',
    );
    await editor.importInput.setInputFiles({ name: 'huge.md', mimeType: 'text/markdown', buffer: Buffer.alloc(10 * MB, 'a') });
    await expect(editor.importMessage).toContainText('Markdown files must be smaller than 10 MB');
    expect(await editor.content()).toBe('keep me');
  });

  test('keeps the draft after a failed share', async ({ page }) => {
    const editor = new PublicEditorPage(page);
    await editor.goto();
    await editor.setContent('# not shared yet');
    await page.route('**/api/paste', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ code: 500, message: 'boom', success: false, data: null }),
      }),
    );
    await editor.submit.click();
    await expect(page.getByTestId('share-error')).toHaveText('boom');
    await page.reload();
    await expect(editor.codeMirror).toBeVisible();
    expect(await editor.content()).toBe('# not shared yet');
  });
});
