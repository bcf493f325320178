import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { PublicFilePage } from '../pages/public-file-page';
import { UploadPage, type FilePayload } from '../pages/upload-page';
import { AdminApi } from '../support/admin-api';
import { useAdminSession } from '../support/public-session';
import { sftpConfigBody, webDavConfigBody } from '../support/storage-servers';
import { patternBytes, removeConfig, sha256 } from '../support/upload-fixtures';

// The upload page into WebDAV (rclone serve webdav) and SFTP (sshd) storages, real servers started
// by playwright.config.ts: the file is stored there, its share link opens and downloads it intact.
test.use({ locale: 'en-US' });

const run = Date.now().toString(36);
let api: AdminApi;
const configs: Partial<Record<'webdav' | 'sftp', string>> = {};

test.beforeAll(async () => {
  api = await AdminApi.login();
  const webdav = webDavConfigBody(`upload e2e webdav ${run}`, `e2e/upload-${run}`, { is_public: true });
  configs.webdav = (await api.post<{ id: string }>('/api/s3-configs', webdav)).id;
  const sftp = sftpConfigBody(`upload e2e sftp ${run}`, `upload-${run}`, { is_public: true });
  configs.sftp = (await api.post<{ id: string }>('/api/s3-configs', sftp)).id;
});

test.afterAll(async () => {
  for (const id of Object.values(configs)) await removeConfig(api, id);
  await api.dispose();
});

test.beforeEach(async ({ page }) => {
  await useAdminSession(page, api.token);
});

/** Uploads `file` into the storage `configId` on the upload page and returns its share link. */
async function uploadInto(page: Page, configId: string, file: FilePayload): Promise<string> {
  const upload = new UploadPage(page);
  await upload.goto();
  await upload.chooseStorage(configId);
  await upload.upload([file]);
  await upload.expectState(file.name, 'success');
  await expect(upload.item(file.name)).toHaveAttribute('data-percent', '100');
  return upload.shareLink(file.name);
}

/** Opens the share link, downloads the file from its page and returns the bytes. */
async function downloadFromSharePage(page: Page, link: string, name: string): Promise<Buffer> {
  await page.goto(link);
  const view = new PublicFilePage(page);
  await expect(view.area).toBeVisible();
  await expect(view.name).toHaveText(name);
  const download = page.waitForEvent('download');
  await view.download.click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(name);
  return readFileSync((await file.path())!);
}

/** The share's row in the admin's file list: it lives in the storage that was chosen. */
async function storedIn(configId: string, name: string): Promise<boolean> {
  const listed = await api.get<{ files: Array<{ filename: string }> }>(`/api/admin/files?limit=100&s3_config_id=${configId}`);
  return listed.files.some((row) => row.filename === name);
}

for (const driver of ['webdav', 'sftp'] as const) {
  test(`a file uploaded into a ${driver} storage is shared and downloads intact`, async ({ page }) => {
    const file = { name: `${driver}-report.bin`, mimeType: 'application/octet-stream', buffer: patternBytes(700 * 1024, driver.length) };
    const link = await uploadInto(page, configs[driver]!, file);
    expect(link).toMatch(/\/file\/[A-Za-z0-9_-]+$/);
    expect(await storedIn(configs[driver]!, file.name)).toBe(true);
    const body = await downloadFromSharePage(page, link, file.name);
    expect(sha256(body)).toBe(sha256(file.buffer));
    const info = await api.get<{ filename: string; size: number }>(`/api/public/files/${UploadPage.slugOf(link)}`);
    expect(info).toMatchObject({ filename: file.name, size: file.buffer.length });
  });
}

test.describe('Chinese', () => {
  test.use({ locale: 'zh-CN' });

  test('uploading into the SFTP storage in Chinese: states in Chinese, the share downloads intact', async ({ page }) => {
    const file = { name: '报告.txt', mimeType: 'text/plain', buffer: Buffer.from(`存在 SFTP 上的文件 ${run}\n`) };
    const link = await uploadInto(page, configs.sftp!, file);
    const upload = new UploadPage(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('文件上传');
    await expect(upload.item(file.name).getByTestId('item-state')).toHaveText('已完成');
    await expect(upload.item(file.name).getByTestId('copy-link')).toHaveText('复制链接');
    const body = await downloadFromSharePage(page, link, file.name);
    expect(body.toString('utf8')).toBe(file.buffer.toString('utf8'));
  });
});
