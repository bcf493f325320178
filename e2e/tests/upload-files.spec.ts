import { expect, test } from '@playwright/test';
import { UploadPage } from '../pages/upload-page';
import { useAdminSession } from '../support/public-session';
import {
  createLocalConfig,
  failFirstLocalPut,
  fileRecordStatus,
  localConfigForSpecFile,
  patternBytes,
  removeConfig,
  tempDir,
  textFile,
  withMaxUploadSize,
  writeBigFile,
} from '../support/upload-fixtures';

test.use({ locale: 'en-US' });

const run = Date.now().toString(36);
const disk = localConfigForSpecFile(`upload e2e disk ${run}`);

test.beforeEach(async ({ page }) => {
  await useAdminSession(page, disk.api.token);
});

test('uploads several files at once; each gets its own row and a working share link', async ({ page }) => {
  const upload = new UploadPage(page);
  await upload.goto();
  await upload.chooseStorage(disk.configId);
  await upload.remark.fill('several at once');
  await upload.upload([textFile('one.txt', 'first file'), textFile('two.txt', 'second file, longer'), textFile('three.txt', 'third')]);
  for (const name of ['one.txt', 'two.txt', 'three.txt']) await upload.expectState(name, 'success');
  await expect(upload.items).toHaveCount(3);

  const link = await upload.shareLink('two.txt');
  expect(link).toMatch(/\/file\/[A-Za-z0-9_-]+$/);
  const info = await disk.api.get<{ filename: string; size: number; remark: string }>(`/api/public/files/${UploadPage.slugOf(link)}`);
  expect(info).toMatchObject({ filename: 'two.txt', size: 'second file, longer'.length, remark: 'several at once' });
  const download = await page.request.get(`/api/file-download/${UploadPage.slugOf(link)}`);
  expect(await download.text()).toBe('second file, longer');

  // The share link opens the file page of the public remote.
  await page.goto(link);
  await expect(page.getByTestId('file-name')).toHaveText('two.txt');
});

test('a custom link, password, expiry and view limit reach the share; the result shows the password and a QR code', async ({ page }) => {
  const upload = new UploadPage(page);
  await upload.goto();
  await upload.chooseStorage(disk.configId);
  const slug = `e2e-${run}`;
  await upload.slug.fill(slug);
  await upload.password.fill('s3cret');
  await upload.expiry.selectOption('1d');
  await upload.maxViews.fill('5');
  await upload.upload([textFile('secret.txt', 'protected content')]);
  await upload.expectState('secret.txt', 'success');
  const item = upload.item('secret.txt');
  expect(await upload.shareLink('secret.txt')).toMatch(new RegExp(`/file/${slug}$`));
  await expect(item.getByTestId('share-password')).toHaveText('Password: s3cret');
  await item.getByRole('button', { name: 'Show QR code' }).click();
  await expect(item.getByTestId('qr-code')).toHaveAttribute('data-qr-value', new RegExp(`/file/${slug}$`));
  await expect(item.getByTestId('qr-code').locator('svg')).toBeVisible();

  const files = await disk.api.get<{ files: Array<{ slug: string; has_password: unknown; max_views: number; expires_at: string | null }> }>(
    `/api/admin/files?limit=100&s3_config_id=${disk.configId}`,
  );
  const row = files.files.find((file) => file.slug === slug)!;
  expect(row.max_views).toBe(5);
  expect(row.has_password).toBeTruthy();
  const hours = (new Date(row.expires_at!).getTime() - Date.now()) / 3_600_000;
  expect(hours).toBeGreaterThan(23);
  expect(hours).toBeLessThanOrEqual(24);
});

test('invalid options are shown at their fields and nothing is sent', async ({ page }) => {
  const upload = new UploadPage(page);
  const presigns: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/s3/presign')) presigns.push(request.url());
  });
  await upload.goto();
  await upload.chooseStorage(disk.configId);
  await upload.slug.fill('bad link!');
  await upload.maxViews.fill('-2');
  await upload.upload([textFile('x.txt', 'x')]);
  await expect(page.getByTestId('cu-slug-error')).toHaveText(
    'The link suffix may only contain letters, digits, hyphens (-) and underscores (_)',
  );
  await expect(page.getByTestId('cu-max-views-error')).toHaveText('Max views cannot be negative (0 means unlimited)');
  await expect(upload.slug).toBeFocused();
  await expect(upload.items).toHaveCount(0);
  expect(presigns).toEqual([]);
});

test('a 200 MB file shows its progress while it uploads, then its link', async ({ page }) => {
  test.setTimeout(180_000);
  const tmp = tempDir();
  // The default limit is 100 MB: allow this file for the duration of the test.
  try {
    await withMaxUploadSize(disk.api, 300, async () => {
      const size = 200 * 1024 * 1024;
      const big = await writeBigFile(tmp.dir, 'big-200mb.bin', size);
      const upload = new UploadPage(page);
      await upload.goto();
      await upload.chooseStorage(disk.configId);
      await upload.chooseFiles([big]);
      await upload.recordProgress();
      await upload.startButton.click();
      await upload.expectState('big-200mb.bin', 'uploading');
      await upload.expectState('big-200mb.bin', 'success', 150_000);
      const seen = await upload.recordedProgress();
      // Progress was displayed on the way, not only at the end.
      expect(seen.some((value) => value > 0 && value < 100)).toBe(true);
      expect(seen.at(-1)).toBe(100);
      const slug = UploadPage.slugOf(await upload.shareLink('big-200mb.bin'));
      expect((await disk.api.get<{ size: number }>(`/api/public/files/${slug}`)).size).toBe(size);
    });
  } finally {
    tmp.remove();
  }
});

test('a file over the server limit is refused before sending, with the limit in the message', async ({ page }) => {
  await withMaxUploadSize(disk.api, 1, async () => {
    const upload = new UploadPage(page);
    const presigns: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/s3/presign')) presigns.push(request.url());
    });
    await upload.goto();
    await expect(upload.limit).toHaveText('Maximum 1 MB per file');
    await upload.chooseStorage(disk.configId);
    await upload.upload([
      { name: 'too-big.bin', mimeType: 'application/octet-stream', buffer: patternBytes(1024 * 1024 + 1) },
      textFile('fits.txt', 'small enough'),
    ]);
    await upload.expectState('too-big.bin', 'error');
    await expect(upload.item('too-big.bin').getByTestId('item-error')).toHaveText('File size exceeds the limit, maximum allowed is 1 MB');
    await expect(upload.item('too-big.bin').getByTestId('item-retry')).toHaveCount(0);
    await upload.expectState('fits.txt', 'success');
    expect(presigns).toHaveLength(1);
  });
});

test('the insufficient-storage message names the file size, the remaining space and the capacity', async ({ page }) => {
  const small = await createLocalConfig(disk.api, `upload e2e tiny ${run}`, { total_storage_bytes: 1024 });
  try {
    const upload = new UploadPage(page);
    await upload.goto();
    await upload.chooseStorage(small);
    await upload.upload([{ name: 'roomy.bin', mimeType: 'application/octet-stream', buffer: patternBytes(2048) }]);
    await upload.expectState('roomy.bin', 'error');
    await expect(upload.item('roomy.bin').getByTestId('item-error')).toHaveText(
      'Insufficient storage: the file is 2 KB, 1 KB remaining, capacity 1 KB',
    );
    expect((await disk.api.get<{ files: unknown[] }>(`/api/admin/files?limit=10&s3_config_id=${small}`)).files).toEqual([]);
  } finally {
    await removeConfig(disk.api, small);
  }
});

test('a failed transfer deletes the half-created record; retry then succeeds', async ({ page }) => {
  const upload = new UploadPage(page);
  // The first PUT to storage fails in the browser (as a broken connection would); the next ones go through.
  await failFirstLocalPut(page, 500, 'storage unavailable');
  await upload.goto();
  await upload.chooseStorage(disk.configId);
  const presigned = page.waitForResponse((response) => response.url().includes('/api/s3/presign'));
  await upload.upload([textFile('flaky.txt', 'try, try again')]);
  const firstId = ((await (await presigned).json()) as { data: { file_id: string } }).data.file_id;
  await upload.expectState('flaky.txt', 'error');
  await expect(upload.item('flaky.txt').getByTestId('item-error')).toHaveText(/HTTP error 500/);
  await expect.poll(() => fileRecordStatus(disk.api, firstId)).toBe(404);

  await upload.item('flaky.txt').getByRole('button', { name: 'Retry the upload of flaky.txt' }).click();
  await upload.expectState('flaky.txt', 'success');
  const slug = UploadPage.slugOf(await upload.shareLink('flaky.txt'));
  expect(await (await page.request.get(`/api/file-download/${slug}`)).text()).toBe('try, try again');
});

test('a network failure and a cancel each show their own message', async ({ page }) => {
  const upload = new UploadPage(page);
  await page.route('**/api/storage/local/**', (route) =>
    route.request().method() === 'PUT' ? route.abort('connectionreset') : route.continue(),
  );
  await upload.goto();
  await upload.chooseStorage(disk.configId);
  await upload.upload([textFile('offline.txt', 'x')]);
  await upload.expectState('offline.txt', 'error');
  await expect(upload.item('offline.txt').getByTestId('item-error')).toHaveText('Network error, check your connection and retry');
  await page.unroute('**/api/storage/local/**');

  // A PUT that never answers: cancel stops it at once.
  await page.route('**/api/storage/local/**', () => undefined);
  await upload.upload([textFile('stuck.txt', 'y')]);
  await upload.expectState('stuck.txt', 'uploading');
  await expect(upload.item('stuck.txt')).toHaveAttribute('data-phase', 'uploading');
  await upload.item('stuck.txt').getByRole('button', { name: 'Cancel the upload of stuck.txt' }).click();
  await upload.expectState('stuck.txt', 'cancelled');
  await expect(upload.item('stuck.txt').getByTestId('item-error')).toHaveText('Upload cancelled');
});

test('the last 3 uploads are listed and still there after a reload', async ({ page }) => {
  const upload = new UploadPage(page);
  await upload.goto();
  await upload.chooseStorage(disk.configId);
  await upload.upload([textFile('r1.txt', '1'), textFile('r2.txt', '2'), textFile('r3.txt', '3'), textFile('r4.txt', '4')]);
  for (const name of ['r1.txt', 'r2.txt', 'r3.txt', 'r4.txt']) await upload.expectState(name, 'success');
  await expect(upload.recentItems).toHaveCount(3);
  const before = await upload.recentItems.evaluateAll((items) => items.map((item) => item.getAttribute('data-slug')));

  await page.reload();
  await expect(upload.area).toBeVisible();
  await expect(upload.recentItems).toHaveCount(3);
  expect(await upload.recentItems.evaluateAll((items) => items.map((item) => item.getAttribute('data-slug')))).toEqual(before);
  const link = await upload.recentItems.first().getByTestId('share-link').inputValue();
  expect(before).toContain(UploadPage.slugOf(link));
});
