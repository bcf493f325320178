import { expect, test, type Page, type Request } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ExplorerPage } from '../pages/explorer-page';
import { ExplorerApi, uniqueName, type Mount } from '../support/explorer-api';

test.use({ locale: 'en-US' });

const MiB = 1024 * 1024;
const api = ExplorerApi.adminForSpecFile();
let local: Mount;
let s3: Mount;
let tmp: string;
let big: string;
let bigBytes: Buffer;

test.beforeAll(async () => {
  local = await api.createLocalMount(`/${uniqueName('up')}`);
  s3 = await api.createS3Mount(`/${uniqueName('s3up')}`);
  // Large files live in a temporary directory, never in the repository.
  tmp = mkdtempSync(path.join(os.tmpdir(), 'cloudclip-e2e-explorer-'));
  bigBytes = randomBytes(30 * MiB);
  big = path.join(tmp, 'big-30mb.bin');
  writeFileSync(big, bigBytes);
});

test.afterAll(async () => {
  rmSync(tmp, { recursive: true, force: true });
});

function smallFile(name: string, content: string): string {
  const file = path.join(tmp, name);
  writeFileSync(file, content);
  return file;
}

async function openFolder(page: Page, mount: Mount, name: string): Promise<{ explorer: ExplorerPage; directory: string }> {
  const directory = `${mount.mountPath}/${uniqueName(name)}/`;
  await api.mkdir(directory);
  const explorer = new ExplorerPage(page);
  await explorer.seedCredential({ adminToken: api.credential });
  await explorer.open(directory);
  await explorer.expectDirectory(directory);
  return { explorer, directory };
}

for (const [driver, mountOf] of [
  ['local', () => local],
  ['S3', () => s3],
] as const) {
  test.describe(`${driver} driver`, () => {
    for (const method of ['presigned', 'direct'] as const) {
      test(`uploads several files ${method}, each with its progress`, async ({ page }) => {
        const { explorer, directory } = await openFolder(page, mountOf(), method);
        const panel = await explorer.openUpload(method);
        const requests: string[] = [];
        page.on('request', (request) => request.url().includes('/fs/') && requests.push(new URL(request.url()).pathname));
        await panel
          .getByTestId('upload-input')
          .setInputFiles([smallFile(`one-${method}.txt`, 'first file'), smallFile(`two-${method}.txt`, 'second file')]);
        for (const name of [`one-${method}.txt`, `two-${method}.txt`]) {
          await expect(explorer.uploadItem(name)).toHaveAttribute('data-state', 'success');
          await expect(explorer.uploadItem(name).getByTestId('upload-progress')).toHaveAttribute('value', '100');
          await expect(explorer.row(name)).toBeVisible();
        }
        expect((await api.read(`${directory}two-${method}.txt`)).toString()).toBe('second file');
        if (method === 'presigned') expect(requests.filter((url) => url.endsWith('/fs/presign/commit'))).toHaveLength(2);
        else expect(requests.filter((url) => url.endsWith('/fs/upload'))).toHaveLength(2);
      });
    }

    test('uploads 30 MB in 5 MiB parts (multipart) and the file arrives intact', async ({ page }) => {
      test.setTimeout(120_000);
      const { explorer, directory } = await openFolder(page, mountOf(), 'multipart');
      const panel = await explorer.openUpload('multipart');
      const partRequests: Request[] = [];
      page.on('request', (request) => request.url().includes('/fs/multipart/part') && partRequests.push(request));
      await panel.getByTestId('upload-input').setInputFiles(big);
      await expect(explorer.uploadItem('big-30mb.bin')).toHaveAttribute('data-state', 'success', { timeout: 90_000 });
      const parts = await Promise.all(
        partRequests.map(async (request) => {
          const query = new URL(request.url()).searchParams;
          return [query.get('partNumber'), query.get('isLastPart'), Number(await request.headerValue('content-length'))];
        }),
      );
      expect(parts).toEqual([
        ['1', 'false', 5 * MiB],
        ['2', 'false', 5 * MiB],
        ['3', 'false', 5 * MiB],
        ['4', 'false', 5 * MiB],
        ['5', 'false', 5 * MiB],
        ['6', 'true', 5 * MiB],
      ]);
      await expect(explorer.row('big-30mb.bin').getByTestId('row-size')).toHaveText('30 MB');
      expect((await api.read(`${directory}big-30mb.bin`)).equals(bigBytes)).toBe(true);
    });
  });
}

test('cancelling a 30 MB multipart upload aborts it on the server and stores nothing', async ({ page }) => {
  const { explorer, directory } = await openFolder(page, local, 'cancel');
  const panel = await explorer.openUpload('multipart');
  let partHeld!: () => void;
  const held = new Promise<void>((resolve) => (partHeld = resolve));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/fs\/multipart\/part\?.*partNumber=3(&|$)/, async (route) => {
    partHeld();
    await released;
    await route.abort().catch(() => undefined);
  });
  const abort = page.waitForResponse((response) => response.url().includes('/api/admin/fs/multipart/abort'));
  await panel.getByTestId('upload-input').setInputFiles(big);
  await held;
  await expect(explorer.uploadItem('big-30mb.bin')).toHaveAttribute('data-state', 'uploading');
  await explorer.uploadItem('big-30mb.bin').getByTestId('upload-cancel').click();
  const aborted = await abort;
  release();
  expect(aborted.request().postDataJSON()).toMatchObject({ path: directory, uploadId: expect.any(String), key: expect.any(String) });
  expect(await aborted.json()).toMatchObject({ success: true });
  await expect(explorer.uploadItem('big-30mb.bin')).toHaveAttribute('data-state', 'cancelled');
  await expect(explorer.uploadItem('big-30mb.bin').getByTestId('upload-error')).toHaveText('Upload cancelled');
  expect(await api.names(directory)).toEqual([]);
  expect(await api.status(`${directory}big-30mb.bin`)).toBe(404);
});

// On the local driver: s3rver (the S3 test double) does not implement AbortMultipartUpload.
test('a failed part is named in the error and the multipart upload is aborted', async ({ page }) => {
  const { explorer, directory } = await openFolder(page, local, 'partfail');
  const panel = await explorer.openUpload('multipart');
  await page.route(/\/fs\/multipart\/part\?.*partNumber=2(&|$)/, (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ success: false, message: 'disk full', code: 500 }),
    }),
  );
  const abort = page.waitForResponse((response) => response.url().includes('/fs/multipart/abort'));
  await panel
    .getByTestId('upload-input')
    .setInputFiles({ name: 'twelve.bin', mimeType: 'application/octet-stream', buffer: Buffer.alloc(12 * MiB, 7) });
  expect(await (await abort).json()).toMatchObject({ success: true });
  await expect(explorer.uploadItem('twelve.bin')).toHaveAttribute('data-state', 'error');
  await expect(explorer.uploadItem('twelve.bin').getByTestId('upload-error')).toHaveText('Upload of part 2 failed: disk full');
  expect(await api.names(directory)).toEqual([]);
});

test('files dropped on the page or on the drop zone are uploaded; a pending file can be cancelled', async ({ page }) => {
  const { explorer, directory } = await openFolder(page, local, 'drop');
  const drop = async (target: string, names: string[]) => {
    const dataTransfer = await page.evaluateHandle((list) => {
      const transfer = new DataTransfer();
      for (const name of list) transfer.items.add(new File([`content of ${name}`], name, { type: 'text/plain' }));
      return transfer;
    }, names);
    await page.getByTestId(target).dispatchEvent('drop', { dataTransfer });
  };
  await drop('explorer', ['dropped-a.txt', 'dropped-b.txt']);
  await expect(page.getByTestId('upload-panel')).toBeVisible();
  await expect(explorer.uploadItem('dropped-b.txt')).toHaveAttribute('data-state', 'success');
  await drop('upload-dropzone', ['dropped-c.txt']);
  await expect(explorer.uploadItem('dropped-c.txt')).toHaveAttribute('data-state', 'success');
  expect(await api.names(directory)).toEqual(['dropped-a.txt', 'dropped-b.txt', 'dropped-c.txt']);

  // Queue two files while the first is held: cancel the waiting one, it never starts.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/admin/fs/presign', async (route) => {
    await released;
    await route.continue();
  });
  await page.getByTestId('upload-input').setInputFiles([smallFile('first.txt', '1'), smallFile('second.txt', '2')]);
  await expect(explorer.uploadItem('second.txt')).toHaveAttribute('data-state', 'pending');
  await explorer.uploadItem('second.txt').getByTestId('upload-cancel').click();
  await expect(explorer.uploadItem('second.txt')).toHaveAttribute('data-state', 'cancelled');
  release();
  await expect(explorer.uploadItem('first.txt')).toHaveAttribute('data-state', 'success');
  expect(await api.names(directory)).toEqual(['dropped-a.txt', 'dropped-b.txt', 'dropped-c.txt', 'first.txt']);
});

test('uploading over an existing file asks first; cancel keeps the old file and still uploads the new ones', async ({ page }) => {
  const { explorer, directory } = await openFolder(page, local, 'replace');
  await api.writeText(`${directory}same.txt`, 'old content');
  await page.getByTestId('refresh').click();
  await expect(explorer.row('same.txt')).toBeVisible();
  const panel = await explorer.openUpload('direct');
  await panel.getByTestId('upload-input').setInputFiles([smallFile('same.txt', 'new content'), smallFile('other.txt', 'other')]);
  await expect(page.getByTestId('replace-dialog')).toContainText('same.txt already exist');
  await page.getByTestId('replace-dialog').getByRole('button', { name: 'Cancel' }).click();
  await expect(explorer.uploadItem('other.txt')).toHaveAttribute('data-state', 'success');
  await expect(explorer.uploadItem('same.txt')).toHaveCount(0);
  expect((await api.read(`${directory}same.txt`)).toString()).toBe('old content');

  await panel.getByTestId('upload-input').setInputFiles(smallFile('same.txt', 'new content'));
  await page.getByTestId('replace-dialog-confirm').click();
  await expect(explorer.uploadItem('same.txt')).toHaveAttribute('data-state', 'success');
  expect((await api.read(`${directory}same.txt`)).toString()).toBe('new content');
});
