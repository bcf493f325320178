import { expect, test } from '@playwright/test';
import { S3RVER } from '../playwright.config';
import { UploadPage } from '../pages/upload-page';
import { AdminApi } from '../support/admin-api';
import { useAdminSession } from '../support/public-session';
import {
  createS3rverConfig,
  fileRecordStatus,
  patternBytes,
  removeConfig,
  sha256,
  tempDir,
  writeBigFile,
} from '../support/upload-fixtures';

/** The S3 driver: presigned PUTs go from the browser straight to s3rver (a real S3 endpoint). */
test.use({ locale: 'en-US' });

const run = Date.now().toString(36);
let api: AdminApi;
let configId: string;
let mountId: string;
const mountPath = `/upload-e2e-${run}`;

test.beforeAll(async () => {
  api = await AdminApi.login();
  configId = await createS3rverConfig(api, `upload e2e s3rver ${run}`);
  // A mount on the same bucket lets the test look at the objects themselves (fs/get).
  const mount = await api.post<{ id: string }>('/api/admin/mounts', {
    name: `upload-e2e-${run}`,
    storage_type: 'S3',
    storage_config_id: configId,
    mount_path: mountPath,
  });
  mountId = mount.id;
});

test.afterAll(async () => {
  await api.delete(`/api/admin/mounts/${mountId}`).catch(() => undefined);
  await removeConfig(api, configId);
  await api.dispose();
});

test.beforeEach(async ({ page }) => {
  await useAdminSession(page, api.token);
});

async function objectStatus(storagePath: string): Promise<number> {
  try {
    await api.get(`/api/admin/fs/get?path=${encodeURIComponent(`${mountPath}/${storagePath}`)}`);
    return 200;
  } catch (error) {
    return Number(/failed: (\d{3})/.exec(String(error))?.[1] ?? 0);
  }
}

test('several files go to the S3 bucket through presigned PUTs and download intact', async ({ page }) => {
  const upload = new UploadPage(page);
  const puts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PUT') puts.push(new URL(request.url()).origin);
  });
  await upload.goto();
  await upload.chooseStorage(configId);
  const files = [
    { name: 'alpha.bin', mimeType: 'application/octet-stream', buffer: patternBytes(300 * 1024, 1) },
    { name: 'beta.txt', mimeType: 'text/plain', buffer: Buffer.from('beta on s3rver') },
  ];
  const presigned: Array<{ storage_path: string }> = [];
  page.on('response', async (response) => {
    if (response.url().includes('/api/s3/presign')) presigned.push(((await response.json()) as { data: { storage_path: string } }).data);
  });
  await upload.upload(files);
  for (const file of files) await upload.expectState(file.name, 'success');
  // The bytes went to the bucket, not through the api-server.
  expect(puts.length).toBe(2);
  expect(new Set(puts)).toEqual(new Set([new URL(S3RVER.endpoint).origin]));
  for (const file of files) {
    const slug = UploadPage.slugOf(await upload.shareLink(file.name));
    const body = await (await page.request.get(`/api/file-download/${slug}`)).body();
    expect(sha256(body)).toBe(sha256(file.buffer));
  }
  expect(presigned).toHaveLength(2);
  for (const entry of presigned) expect(await objectStatus(entry.storage_path)).toBe(200);
});

test('cancel mid-upload leaves neither a record nor an object', async ({ page }) => {
  test.setTimeout(120_000);
  const tmp = tempDir();
  try {
    const file = await writeBigFile(tmp.dir, 'cancel-me.bin', 40 * 1024 * 1024);
    const upload = new UploadPage(page);
    await upload.goto();
    await upload.chooseStorage(configId);
    await upload.chooseFiles([file]);
    // Slow the browser's uploads down so the cancel lands in the middle of the transfer.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 2 * 1024 * 1024,
    });
    const presign = page.waitForResponse((response) => response.url().includes('/api/s3/presign'));
    await upload.startButton.click();
    const { file_id: fileId, storage_path: storagePath } = (
      (await (await presign).json()) as { data: { file_id: string; storage_path: string } }
    ).data;
    await expect(upload.item('cancel-me.bin')).toHaveAttribute('data-percent', /^([1-9]|[1-8]\d)$/, { timeout: 30_000 });
    const cleanup = page.waitForRequest((request) => request.method() === 'DELETE' && request.url().includes(`/api/admin/files/${fileId}`));
    await upload.item('cancel-me.bin').getByRole('button', { name: 'Cancel the upload of cancel-me.bin' }).click();
    await upload.expectState('cancel-me.bin', 'cancelled');
    await expect(upload.item('cancel-me.bin').getByTestId('item-error')).toHaveText('Upload cancelled');
    await cleanup;
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await expect.poll(() => fileRecordStatus(api, fileId)).toBe(404);
    await expect.poll(() => objectStatus(storagePath)).toBe(404);
    const listed = await api.get<{ files: Array<{ filename: string }> }>(`/api/admin/files?limit=100&s3_config_id=${configId}`);
    expect(listed.files.map((row) => row.filename)).not.toContain('cancel-me.bin');

    // Retry after the cancel uploads the whole file.
    await upload.item('cancel-me.bin').getByRole('button', { name: 'Retry the upload of cancel-me.bin' }).click();
    await upload.expectState('cancel-me.bin', 'success', 90_000);
    const slug = UploadPage.slugOf(await upload.shareLink('cancel-me.bin'));
    expect((await api.get<{ size: number }>(`/api/public/files/${slug}`)).size).toBe(40 * 1024 * 1024);
  } finally {
    tmp.remove();
  }
});
