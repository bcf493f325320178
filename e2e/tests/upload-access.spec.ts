import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { UploadPage } from '../pages/upload-page';
import { ShellPage } from '../pages/shell-page';
import { AdminApi } from '../support/admin-api';
import { useAdminSession, useApiKeySession } from '../support/public-session';
import { failFirstLocalPut, fileRecordStatus, localConfigForSpecFile, textFile, withMaxUploadSize } from '../support/upload-fixtures';

const run = Date.now().toString(36);
const disk = localConfigForSpecFile(`upload e2e access ${run}`);

/** Serious and critical violations inside the upload remote. */
async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).include('[data-remote="cloudclip_upload"]').analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({ id: violation.id, targets: violation.nodes.map((node) => node.target.join(' ')).slice(0, 5) }));
}

test.describe('who may upload', () => {
  test.use({ locale: 'en-US' });

  test('a visitor is told what is needed and the login button opens the admin login', async ({ page }) => {
    const upload = new UploadPage(page);
    await upload.goto();
    await expect(upload.accessNotice).toHaveAttribute('data-reason', 'anonymous');
    await expect(upload.accessNotice).toContainText('Uploading needs an administrator login or an API key with file permission.');
    await expect(upload.fileInput).toHaveCount(0);
    await upload.loginButton.click();
    await expect(page).toHaveURL(/\/admin$/);
  });

  test('a key without file permission is told that it lacks file permission', async ({ page }) => {
    const key = await disk.api.createKey({ name: `upload text only ${run}`, text_permission: true, file_permission: false });
    await useApiKeySession(page, key, { text: true, file: false });
    const upload = new UploadPage(page);
    await upload.goto();
    await expect(upload.accessNotice).toHaveAttribute('data-reason', 'key-without-file-permission');
    await expect(page.getByRole('heading', { name: 'Your API key has no file permission' })).toBeVisible();
    await expect(upload.fileInput).toHaveCount(0);
    await disk.api.delete(`/api/admin/api-keys/${key.id}`);
  });

  test('a key with file permission uploads; its failed upload is cleaned up with the user delete', async ({ page }) => {
    const key = await disk.api.createKey({ name: `upload file key ${run}`, file_permission: true });
    await useApiKeySession(page, key, { text: false, file: true });
    const upload = new UploadPage(page);
    await failFirstLocalPut(page, 503, 'busy');
    await upload.goto();
    await upload.chooseStorage(disk.configId);
    const presign = page.waitForResponse((response) => response.url().includes('/api/s3/presign'));
    const cleanup = page.waitForRequest((request) => request.method() === 'DELETE' && /\/api\/user\/files\//.test(request.url()));
    await upload.upload([textFile('by-key.txt', 'uploaded by a key')]);
    const fileId = ((await (await presign).json()) as { data: { file_id: string } }).data.file_id;
    expect((await cleanup).url()).toContain(`/api/user/files/${fileId}`);
    await upload.expectState('by-key.txt', 'error');
    await expect.poll(() => fileRecordStatus(disk.api, fileId)).toBe(404);
    await upload.item('by-key.txt').getByTestId('item-retry').click();
    await upload.expectState('by-key.txt', 'success');
    const mine = await (await AdminApi.asKey(key.key)).get<{ files: Array<{ filename: string }> }>('/api/user/files');
    expect(mine.files.map((file) => file.filename)).toContain('by-key.txt');
    await disk.api.delete(`/api/admin/api-keys/${key.id}`);
  });
});

test.describe('input', () => {
  test.use({ locale: 'en-US' });

  test('files come in by keyboard (choose), drag and drop, and paste', async ({ page }) => {
    await useAdminSession(page, disk.api.token);
    const upload = new UploadPage(page);
    await upload.goto();
    await upload.chooseStorage(disk.configId);

    // Keyboard: focus the button and press Enter: the file chooser opens.
    await upload.chooseButton.focus();
    const chooser = page.waitForEvent('filechooser');
    await page.keyboard.press('Enter');
    await (await chooser).setFiles([textFile('typed.txt', 'chosen with the keyboard')]);
    await expect(upload.selectedFiles).toHaveCount(1);

    // Drag and drop onto the zone.
    const dropped = await page.evaluateHandle(() => {
      const transfer = new DataTransfer();
      transfer.items.add(new File(['dropped bytes'], 'dropped.txt', { type: 'text/plain' }));
      return transfer;
    });
    await page.getByTestId('drop-zone').dispatchEvent('drop', { dataTransfer: dropped });
    await expect(upload.selectedFiles).toHaveCount(2);

    // Paste from the clipboard (e.g. a screenshot).
    await page.evaluate(() => {
      const transfer = new DataTransfer();
      transfer.items.add(new File(['pasted bytes'], 'pasted.png', { type: 'image/png' }));
      document.body.dispatchEvent(new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true }));
    });
    await expect(upload.selectedFiles).toHaveCount(3);

    await upload.startButton.click();
    for (const name of ['typed.txt', 'dropped.txt', 'pasted.png']) await upload.expectState(name, 'success');
    const slug = UploadPage.slugOf(await upload.shareLink('dropped.txt'));
    expect(await (await page.request.get(`/api/file-download/${slug}`)).text()).toBe('dropped bytes');
  });

  test('on a 390 px wide phone the page fits the screen and uploads', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await useAdminSession(page, disk.api.token);
    const upload = new UploadPage(page);
    await upload.goto();
    await upload.chooseStorage(disk.configId);
    await upload.upload([textFile('a-file-with-a-rather-long-name-that-must-not-widen-the-page.txt', 'phone')]);
    await upload.expectState('a-file-with-a-rather-long-name-that-must-not-widen-the-page.txt', 'success');
    await upload.openUrlTab();
    await upload.filesTab.click();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    for (const locator of [upload.storage, upload.chooseButton, upload.items.first().getByTestId('copy-link')]) {
      const box = (await locator.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
    }
  });
});

test.describe('Chinese', () => {
  test.use({ locale: 'zh-CN' });

  test('the page, states and messages are in Chinese, and follow a switch to English', async ({ page }) => {
    await useAdminSession(page, disk.api.token);
    const upload = new UploadPage(page);
    await withMaxUploadSize(disk.api, 1, async () => {
      await upload.goto();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('文件上传');
      await expect(upload.limit).toHaveText('单个文件最大 1 MB');
      await expect(upload.filesTab).toHaveText('上传文件');
      await upload.chooseStorage(disk.configId);
      await upload.upload([
        textFile('中文.txt', '你好'),
        { name: 'big.bin', mimeType: 'application/octet-stream', buffer: Buffer.alloc(1024 * 1024 + 1) },
      ]);
      await upload.expectState('中文.txt', 'success');
      await expect(upload.item('中文.txt').getByTestId('item-state')).toHaveText('已完成');
      await expect(upload.item('big.bin').getByTestId('item-error')).toHaveText('文件大小超过限制，最大允许 1 MB');
      await expect(upload.item('中文.txt').getByTestId('copy-link')).toHaveText('复制链接');
      await expect(page.getByRole('heading', { name: '最近上传' })).toBeVisible();

      await new ShellPage(page).languageSwitch.selectOption('en-US');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('File upload');
      await expect(upload.item('中文.txt').getByTestId('item-state')).toHaveText('Done');
      await expect(page.getByRole('heading', { name: 'Recent uploads' })).toBeVisible();
    });
  });
});

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`accessibility (${colorScheme})`, () => {
    test.use({ colorScheme, locale: 'en-US' });

    test('the page with results, errors, a QR code and the URL info has no serious or critical violations', async ({ page }) => {
      await useAdminSession(page, disk.api.token);
      const upload = new UploadPage(page);
      await upload.goto();
      await expect(upload.root).toHaveAttribute('data-dark', colorScheme === 'dark' ? 'true' : 'false');
      await upload.chooseStorage(disk.configId);
      await upload.upload([textFile('a11y.txt', 'accessible')]);
      await upload.expectState('a11y.txt', 'success');
      await upload.item('a11y.txt').getByRole('button', { name: 'Show QR code' }).click();
      await expect(upload.item('a11y.txt').getByTestId('qr-code')).toBeVisible();
      await upload.slug.fill('not valid!');
      await upload.upload([textFile('b.txt', 'b')]);
      await expect(page.getByTestId('cu-slug-error')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);

      await upload.openUrlTab();
      await upload.urlInfo('not a url');
      await expect(page.getByTestId('cu-url-error')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });

    test('the access notice has no serious or critical violations', async ({ page }) => {
      const upload = new UploadPage(page);
      await upload.goto();
      await expect(upload.accessNotice).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
}
