import { expect, test, type Page } from '@playwright/test';
import { PublicFilePage } from '../pages/public-file-page';
import { adminToken } from '../support/api';
import { createApiKey, minimalPdf, pngImage, uploadFile, type UploadedFile, type UploadOptions } from '../support/public-api';
import { readClipboard, useAdminSession, useApiKeySession } from '../support/public-session';
import { expectedQrPath } from '../support/qr';

test.use({ locale: 'en-US', permissions: ['clipboard-read', 'clipboard-write'] });

/** Shares a file as the admin through the API and opens its page. */
async function openSharedFile(page: Page, options: UploadOptions): Promise<{ file: UploadedFile; view: PublicFilePage }> {
  const file = await uploadFile(await adminToken(), options);
  const view = new PublicFilePage(page);
  await view.goto(file.slug);
  return { file, view };
}

test.describe('file view', () => {
  test('an image: info, preview, download, copy link, direct link and QR code', async ({ page, baseURL }) => {
    const { file, view } = await openSharedFile(page, { name: 'blue.png', content: pngImage(24, 16), remark: 'a blue box' });
    await expect(view.name).toHaveText('blue.png');
    await expect(page.getByTestId('file-size')).toHaveText(`${file.size} B`);
    await expect(page.getByTestId('file-type')).toHaveText('image/png');
    await expect(page.getByTestId('file-remark')).toHaveText('a blue box');
    await expect(page.getByTestId('file-views')).toHaveText('1');
    await expect(page.getByTestId('file-expires')).toHaveText('Never');
    await expect(view.info).toContainText('Uploaded');

    const image = page.getByTestId('preview-image');
    await expect(image).toHaveAttribute('alt', 'blue.png');
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(24);

    const shareUrl = `${baseURL}/file/${file.slug}`;
    await expect(view.shareLink).toHaveText(shareUrl);
    await page.getByTestId('copy-file-share-link').click();
    expect(await readClipboard(page)).toBe(shareUrl);
    const direct = (await view.directLink.getAttribute('href'))!;
    expect(direct).toMatch(new RegExp(`/api/file-download/${file.slug}$`));
    await page.getByTestId('copy-file-direct-link').click();
    expect(await readClipboard(page)).toBe(direct);
    const downloaded = await page.request.get(direct);
    expect(downloaded.status()).toBe(200);
    expect((await downloaded.body()).equals(pngImage(24, 16))).toBe(true);
    await expect(view.download).toHaveAttribute('href', direct);

    await expect(view.qr).toHaveAttribute('data-qr-value', shareUrl);
    expect(await view.qr.locator('svg path').last().getAttribute('d')).toBe(expectedQrPath(shareUrl, 140));
  });

  test('a code file is shown highlighted, with line numbers, by the layer’s code viewer', async ({ page }) => {
    const { view } = await openSharedFile(page, {
      name: 'hello.ts',
      content: 'export function greet(name: string): string {\n  return `hi ${name}`;\n}\n',
    });
    await expect(view.preview).toHaveAttribute('data-kind', 'code');
    await expect(page.getByTestId('viewer-code')).toBeVisible();
    const code = page.getByTestId('file-text').locator('pre code');
    await expect(code).toContainText('export function greet(name: string)');
    await expect(code).toHaveClass(/hljs/);
    await expect(code.locator('.hljs-keyword').first()).toHaveText('export');
    await expect(page.getByTestId('file-text').locator('[data-n="3"]')).toHaveText('}');
  });

  test('a plain-text file is shown as it is by the page itself: no viewer chunk, no Markdown pipeline', async ({ page }) => {
    // A marker of the Markdown pipeline's chunk (rehype-sanitize's option name); the Markdown file proves it.
    const PIPELINE_MARKER = 'clobberPrefix';
    const scripts: { url: string; source: string }[] = [];
    page.on('response', async (response) => {
      if (response.request().resourceType() === 'script' && response.url().includes('/remotes/mfe-public/'))
        scripts.push({ url: response.url(), source: await response.text().catch(() => '') });
    });
    const viewerChunks = () => scripts.filter((script) => /\/viewer-[a-z]+\.[0-9a-f]+\.js$/.test(new URL(script.url).pathname));
    const { view } = await openSharedFile(page, { name: 'notes.txt', content: 'first line\n  indented <b>not bold</b>\n' });
    await expect(view.preview).toHaveAttribute('data-kind', 'code');
    const text = page.getByTestId('file-text');
    await expect(text.locator('code')).toHaveText('first line\n  indented <b>not bold</b>\n', { useInnerText: true });
    await page.waitForLoadState('networkidle');
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.some((script) => script.source.includes(PIPELINE_MARKER))).toBe(false);
    expect(viewerChunks()).toEqual([]);

    await new PublicFilePage(page).goto((await uploadFile(await adminToken(), { name: 'main.ts', content: 'const a = 1;\n' })).slug);
    await expect(page.getByTestId('file-text').locator('code.hljs')).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(viewerChunks().map((script) => /\/(viewer-[a-z]+)\./.exec(script.url)![1])).toEqual(['viewer-code']);
    expect(scripts.some((script) => script.source.includes(PIPELINE_MARKER))).toBe(false);

    await new PublicFilePage(page).goto((await uploadFile(await adminToken(), { name: 'readme.md', content: '# Title\n' })).slug);
    await expect(page.getByTestId('file-markdown').locator('h1')).toHaveText('Title');
    await page.waitForLoadState('networkidle');
    expect(scripts.some((script) => script.source.includes(PIPELINE_MARKER))).toBe(true);
  });

  test('a Markdown file is rendered (sanitized)', async ({ page }) => {
    await openSharedFile(page, {
      name: 'readme.md',
      content: '# Read me\n\n- item\n\n<script>window.__xss = 1</script>',
    });
    const rendered = page.getByTestId('file-markdown');
    await expect(rendered.locator('h1')).toHaveText('Read me');
    await expect(rendered.locator('li')).toHaveText('item');
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  });

  test('a PDF is rendered with pdf.js in the page, not handed to the browser’s viewer', async ({ page }) => {
    const { view } = await openSharedFile(page, { name: 'paper.pdf', content: minimalPdf() });
    await expect(view.preview).toHaveAttribute('data-kind', 'pdf');
    const viewer = page.getByTestId('viewer-pdf');
    await expect(viewer.getByText('Cloudclip PDF')).toBeVisible({ timeout: 30_000 });
    await expect(view.preview.locator('iframe, embed, object')).toHaveCount(0);
  });

  test('a file that is not what its name says gets the download card with the reason', async ({ page }) => {
    const { view } = await openSharedFile(page, { name: 'archive.zip', content: Buffer.from('PK\u0003\u0004 not really a zip') });
    await expect(view.preview).toHaveAttribute('data-kind', 'archive');
    await expect(page.getByTestId('viewer-fallback')).toHaveAttribute('data-reason', 'damaged', { timeout: 30_000 });
    await expect(page.getByTestId('viewer-fallback-reason')).toHaveText(
      'The file is damaged or not in the format its name says, so it cannot be previewed.',
    );
    await expect(page.getByTestId('viewer-fallback-download')).toHaveAttribute('href', /\/api\/file-download\//);
  });

  test('a type without a viewer gets the download card', async ({ page }) => {
    await openSharedFile(page, { name: 'firmware.bin', content: Buffer.from([0, 1, 2, 3, 4, 5]) });
    await expect(page.getByTestId('viewer-fallback')).toHaveAttribute('data-reason', 'no-preview');
    await expect(page.getByTestId('viewer-fallback-reason')).toHaveText('There is no preview for this type of file.');
    await expect(page.getByTestId('viewer-fallback-download')).toHaveAttribute('href', /\/api\/file-download\//);
  });

  test('a protected file: prompt, wrong password, then preview with ?password= links kept for this tab', async ({ page }) => {
    const { file, view } = await openSharedFile(page, { name: 'secret.png', content: pngImage(8, 8, [200, 30, 30]), password: 'f-pass' });
    await expect(page.getByRole('heading', { name: 'This file is password-protected' })).toBeVisible();
    await view.passwordInput.fill('wrong');
    await view.passwordSubmit.click();
    await expect(view.passwordError).toHaveText(/.+/);
    await view.passwordInput.fill('f-pass');
    await view.passwordSubmit.click();
    const image = page.getByTestId('preview-image');
    await expect(image).toHaveAttribute('src', new RegExp(`/api/file-view/${file.slug}\\?password=f-pass$`));
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(8);
    await expect(view.directLink).toHaveAttribute('href', new RegExp(`/api/file-download/${file.slug}\\?password=f-pass$`));
    expect(await page.evaluate((slug) => window.sessionStorage.getItem(`file_password_${slug}`), file.slug)).toBe('f-pass');

    await page.reload();
    await expect(view.name).toHaveText('secret.png');
    await expect(view.passwordInput).toHaveCount(0);
  });

  test('a file past its view limit shows a clear page', async ({ page }) => {
    const { file, view } = await openSharedFile(page, { name: 'once.txt', content: 'one view', maxViews: 1 });
    await expect(page.getByTestId('file-views')).toHaveText('1 of 1');
    await view.goto(file.slug);
    await expect(view.statusPage).toHaveAttribute('data-status', 'gone');
    await expect(view.statusPage).toContainText('File no longer available');
    await view.goto('no-such-file-7');
    await expect(view.statusPage).toHaveAttribute('data-status', /not-found|error/);
  });

  test('an admin edits remark, max views, password and slug, then deletes the file', async ({ page, baseURL }) => {
    const token = await useAdminSession(page);
    const file = await uploadFile(token, { name: 'edit-me.txt', content: 'editable' });
    const view = new PublicFilePage(page);
    await view.goto(file.slug);
    await view.editButton.click();
    await page.getByTestId('file-edit-remark').fill('edited remark');
    await page.getByTestId('file-edit-max-views').fill('5');
    await page.getByTestId('file-edit-password').fill('new-pass');
    await page.getByTestId('file-edit-expiry').selectOption('30d');
    const newSlug = `renamed-${Date.now().toString(36)}`;
    await page.getByTestId('file-edit-slug').fill('bad slug');
    await expect(view.editForm.getByRole('alert')).toHaveText(
      'The link suffix may only contain letters, digits, hyphens (-) and underscores (_)',
    );
    await page.getByTestId('file-edit-slug').fill(newSlug);
    const put = page.waitForRequest((r) => r.method() === 'PUT' && r.url().endsWith(`/api/admin/files/${file.id}`));
    await page.getByTestId('file-edit-save').click();
    expect((await put).postDataJSON()).toMatchObject({ remark: 'edited remark', max_views: 5, password: 'new-pass', slug: newSlug });
    await expect(page).toHaveURL(`${baseURL}/file/${newSlug}`);
    await expect(page.getByTestId('file-saved')).toBeVisible();
    await expect(page.getByTestId('file-remark')).toHaveText('edited remark');
    await expect(page.getByTestId('file-views')).toHaveText('0 of 5');
    await expect(page.getByTestId('file-expires')).not.toHaveText('Never');
    await expect(view.directLink).toHaveAttribute('href', new RegExp(`/api/file-download/${newSlug}\\?password=new-pass$`));
    await expect(page.getByTestId('file-text')).toContainText('editable');

    // A visitor now needs the new password.
    const info = await page.request.get(`/api/public/files/${newSlug}`);
    expect((await info.json()).data).toMatchObject({ requires_password: true, remark: 'edited remark' });

    await view.deleteButton.click();
    await page.getByTestId('delete-dialog-confirm').click();
    await expect(view.statusPage).toHaveAttribute('data-status', 'deleted');
    expect((await page.request.get(`/api/public/files/${newSlug}`)).status()).toBe(404);
  });

  test('the key that uploaded a file manages it through the user endpoints', async ({ page }) => {
    const token = await adminToken();
    const key = await createApiKey(token, { file: true });
    const file = await uploadFile({ apiKey: key.key }, { name: 'key-file.txt', content: 'from a key' });
    await useApiKeySession(page, key, { text: false, file: true });
    const view = new PublicFilePage(page);
    await view.goto(file.slug);
    await view.editButton.click();
    await page.getByTestId('file-edit-remark').fill('by key');
    const put = page.waitForRequest((r) => r.method() === 'PUT');
    await page.getByTestId('file-edit-save').click();
    expect((await put).url()).toMatch(new RegExp(`/api/user/files/${file.id}$`));
    await expect(page.getByTestId('file-remark')).toHaveText('by key');
    await view.deleteButton.click();
    const removal = page.waitForRequest((r) => r.method() === 'DELETE');
    await page.getByTestId('delete-dialog-confirm').click();
    expect((await removal).url()).toMatch(new RegExp(`/api/user/files/${file.id}$`));
    await expect(view.statusPage).toHaveAttribute('data-status', 'deleted');
  });
});
