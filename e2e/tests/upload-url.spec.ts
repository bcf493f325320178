import { expect, test } from '@playwright/test';
import { UploadPage } from '../pages/upload-page';
import { AdminApi } from '../support/admin-api';
import { useAdminSession } from '../support/public-session';
import {
  createLocalConfig,
  fileRecordStatus,
  holdPartUploads,
  patternBytes,
  removeConfig,
  sha256,
  startSourceServer,
  type SourceServer,
  withMaxUploadSize,
} from '../support/upload-fixtures';

test.use({ locale: 'en-US' });

const MB = 1024 * 1024;
const NOTES = Buffer.from('notes served without CORS\n'.repeat(40));
const TRICKLE = patternBytes(3 * MB, 11);
const LARGE = patternBytes(30 * MB, 5);
const SLOW = patternBytes(4 * MB, 9);

let api: AdminApi;
let configId: string;
let source: SourceServer;
let allowPrivateBefore: string | undefined;

test.beforeAll(async () => {
  api = await AdminApi.login();
  configId = await createLocalConfig(api, `upload e2e url ${Date.now().toString(36)}`);
  allowPrivateBefore = (await api.settings()).find((row) => row.key === 'url_import_allow_private')?.value;
  // The source is a loopback server: let URL import reach private addresses for these tests only.
  await api.put('/api/admin/system-settings', { url_import_allow_private: true });
  source = await startSourceServer({
    'notes.txt': { body: NOTES, type: 'text/plain' },
    'trickle.bin': { body: TRICKLE, cors: true, trickle: { bytes: 64 * 1024, pauseMs: 15 } },
    'large.bin': { body: LARGE, cors: true },
    'slow.bin': { body: SLOW, cors: true, trickle: { bytes: 8 * 1024, pauseMs: 50 } },
    'two-mb.bin': { body: patternBytes(2 * MB), cors: true },
  });
});

test.afterAll(async () => {
  await api.put('/api/admin/system-settings', { url_import_allow_private: allowPrivateBefore === 'true' });
  await source.close();
  await removeConfig(api, configId);
  await api.dispose();
});

async function openUrlUpload(page: import('@playwright/test').Page): Promise<UploadPage> {
  await useAdminSession(page, api.token);
  const upload = new UploadPage(page);
  await upload.goto();
  await upload.chooseStorage(configId);
  await upload.openUrlTab();
  return upload;
}

async function downloaded(page: import('@playwright/test').Page, link: string): Promise<Buffer> {
  return (await page.request.get(`/api/file-download/${UploadPage.slugOf(link)}`)).body();
}

test('only http(s) URLs are accepted; the info comes first; a source without CORS goes through the server proxy', async ({ page }) => {
  const upload = await openUrlUpload(page);
  await upload.urlInfo('ftp://example.com/file.zip');
  await expect(page.getByTestId('cu-url-error')).toHaveText('Please enter a valid HTTP or HTTPS URL');
  await expect(upload.urlInfoCard).toHaveCount(0);

  await upload.urlInfo(source.url('notes.txt'));
  await expect(page.getByTestId('url-info-name')).toHaveText('notes.txt');
  await expect(page.getByTestId('url-info-size')).toHaveText('1.02 KB');
  await expect(page.getByTestId('url-info-type')).toHaveText(/text\/plain/);
  await expect(upload.urlProgress).toHaveCount(0);

  await upload.urlStart.click();
  await expect(upload.urlProgress).toHaveAttribute('data-state', 'success', { timeout: 30_000 });
  await expect(upload.urlProgress).toHaveAttribute('data-percent', '100');
  await expect(page.getByText('The source does not allow cross-origin reads: downloaded through the server proxy')).toBeVisible();
  const link = await page.getByTestId('url-upload-panel').getByTestId('share-link').inputValue();
  expect(await downloaded(page, link)).toEqual(NOTES);
  await expect(page.getByTestId('url-upload-panel').getByTestId('qr-code')).toBeVisible();
  await expect(upload.recentItems.first()).toContainText('notes.txt');
});

test('a CORS source is downloaded by the browser: progress fills 0–49 % while downloading, then 50–99 %', async ({ page }) => {
  const upload = await openUrlUpload(page);
  await upload.urlInfo(source.url('trickle.bin'));
  await expect(page.getByTestId('url-info-size')).toHaveText('3 MB');
  await upload.recordProgress();
  await upload.urlStart.click();
  await expect(upload.urlProgress).toHaveAttribute('data-state', 'success', { timeout: 30_000 });
  const seen = await upload.recordedProgress();
  expect(seen.some((value) => value > 0 && value <= 49)).toBe(true);
  expect(seen.some((value) => value >= 50 && value <= 99)).toBe(true);
  expect(seen).toEqual([...seen].sort((a, b) => a - b));
  expect(seen.at(-1)).toBe(100);
  await expect(page.getByText('downloaded through the server proxy')).toHaveCount(0);
  const link = await page.getByTestId('url-upload-panel').getByTestId('share-link').inputValue();
  expect(sha256(await downloaded(page, link))).toBe(sha256(TRICKLE));
});

test('a large source uses the multipart flow with at most 3 parts in flight and arrives intact', async ({ page }) => {
  test.setTimeout(120_000);
  const upload = await openUrlUpload(page);
  // Every part PUT is held until the test lets it through, one at a time: the number held is the
  // number of parallel parts.
  const { held, peak, requested } = await holdPartUploads(page);

  await upload.urlInfo(source.url('large.bin'));
  await expect(page.getByTestId('url-info-size')).toHaveText('30 MB');
  await expect(upload.urlParallel).toHaveValue('3');
  const init = page.waitForResponse((response) => response.url().includes('/api/url/multipart/init'));
  await upload.urlStart.click();
  const partCount = ((await (await init).json()) as { data: { part_count: number } }).data.part_count;
  expect(partCount).toBe(6);
  for (let released = 0; released < partCount; released += 1) {
    await expect.poll(() => held.length, { timeout: 30_000 }).toBe(Math.min(3, partCount - released));
    await held.shift()!.continue();
  }
  await expect(upload.urlProgress).toHaveAttribute('data-state', 'success', { timeout: 60_000 });
  await expect(page.getByTestId('url-mode')).toHaveText('Multipart upload');
  expect(requested()).toBe(6);
  expect(peak()).toBe(3);
  const link = await page.getByTestId('url-upload-panel').getByTestId('share-link').inputValue();
  const info = await api.get<{ size: number }>(`/api/public/files/${UploadPage.slugOf(link)}`);
  expect(info.size).toBe(LARGE.length);
  expect(sha256(await downloaded(page, link))).toBe(sha256(LARGE));
});

test('the number of parallel parts is configurable', async ({ page }) => {
  test.setTimeout(120_000);
  const upload = await openUrlUpload(page);
  const { held, peak } = await holdPartUploads(page);
  await upload.urlInfo(source.url('large.bin'));
  await upload.urlParallel.selectOption('1');
  await upload.urlStart.click();
  for (let released = 0; released < 6; released += 1) {
    await expect.poll(() => held.length, { timeout: 30_000 }).toBe(1);
    await held.shift()!.continue();
  }
  await expect(upload.urlProgress).toHaveAttribute('data-state', 'success', { timeout: 60_000 });
  expect(peak()).toBe(1);
});

test('cancel during the download stops it and the reserved share is removed on the server', async ({ page }) => {
  const upload = await openUrlUpload(page);
  await upload.urlInfo(source.url('slow.bin'));
  await expect(page.getByTestId('url-info-name')).toHaveText('slow.bin');
  const presign = page.waitForResponse((response) => response.url().includes('/api/url/presign'));
  await upload.urlStart.click();
  const fileId = ((await (await presign).json()) as { data: { file_id: string } }).data.file_id;
  await expect(upload.urlProgress).toHaveAttribute('data-phase', 'downloading');
  await expect(upload.urlProgress).toHaveAttribute('data-percent', /^([1-9]|[1-4]\d)$/);
  const cancelCall = page.waitForRequest((request) => request.url().includes('/api/url/cancel'));
  await upload.urlCancel.click();
  await expect(upload.urlProgress).toHaveAttribute('data-state', 'cancelled');
  await expect(upload.urlError).toHaveText('Download cancelled');
  expect((await cancelCall).postDataJSON()).toEqual({ file_id: fileId });
  await expect.poll(() => fileRecordStatus(api, fileId)).toBe(404);
  // Retry is offered and works.
  await expect(upload.urlStart).toHaveText('Retry');
});

test('cancel during a multipart upload aborts it on the server and leaves no record', async ({ page }) => {
  test.setTimeout(120_000);
  const upload = await openUrlUpload(page);
  // Parts are held in the browser so the cancel lands while they are in flight.
  await page.route('**/api/storage/local/**', (route) => (route.request().url().includes('partNumber=') ? undefined : route.continue()));
  await upload.urlInfo(source.url('large.bin'));
  await expect(page.getByTestId('url-info-size')).toHaveText('30 MB');
  await upload.urlParallel.selectOption('2');
  const init = page.waitForResponse((response) => response.url().includes('/api/url/multipart/init'));
  await upload.urlStart.click();
  const { file_id: fileId, upload_id: uploadId } = ((await (await init).json()) as { data: { file_id: string; upload_id: string } }).data;
  await expect(upload.urlProgress).toHaveAttribute('data-phase', 'uploading', { timeout: 60_000 });
  const abort = page.waitForRequest((request) => request.url().includes('/api/url/multipart/abort'));
  await upload.urlCancel.click();
  await expect(upload.urlProgress).toHaveAttribute('data-state', 'cancelled');
  await expect(upload.urlError).toHaveText('Upload cancelled');
  expect((await abort).postDataJSON()).toEqual({ file_id: fileId, upload_id: uploadId });
  await expect.poll(() => fileRecordStatus(api, fileId)).toBe(404);
});

test('a source over the size limit is refused before anything is sent', async ({ page }) => {
  await withMaxUploadSize(api, 1, async () => {
    const upload = await openUrlUpload(page);
    const reservations: string[] = [];
    page.on('request', (request) => {
      if (/\/api\/url\/(presign|multipart\/init)/.test(request.url())) reservations.push(request.url());
    });
    await upload.urlInfo(source.url('two-mb.bin'));
    await expect(page.getByTestId('url-refusal')).toHaveText('File size exceeds the limit, maximum allowed is 1 MB');
    await expect(upload.urlStart).toHaveCount(0);
    expect(reservations).toEqual([]);
  });
});
