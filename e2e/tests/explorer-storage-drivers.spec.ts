import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { ExplorerPage } from '../pages/explorer-page';
import { ExplorerApi, uniqueName, type Mount } from '../support/explorer-api';
import { PNG } from '../support/explorer-files';
import { pauseSftp, resumeSftp } from '../support/storage-servers';

// The explorer on mounts of the WebDAV and SFTP drivers, against real servers (rclone serve webdav,
// OpenSSH's sshd; started by playwright.config.ts): every operation a user does, in the browser.
test.use({ locale: 'en-US' });

const api = ExplorerApi.adminForSpecFile();
const mounts: Partial<Record<'webdav' | 'sftp', Mount>> = {};

test.beforeAll(async () => {
  mounts.webdav = await api.createWebDavMount(`/${uniqueName('davx')}`);
  mounts.sftp = await api.createSftpMount(`/${uniqueName('sftpx')}`);
});

/** A fresh folder on the mount, with text files. */
async function folder(mount: Mount, name: string, files: Record<string, string> = {}): Promise<string> {
  const directory = `${mount.mountPath}/${uniqueName(name)}/`;
  await api.mkdir(directory);
  for (const [file, content] of Object.entries(files)) await api.writeText(`${directory}${file}`, content);
  return directory;
}

async function openExplorer(page: Page, directory: string, language?: string): Promise<ExplorerPage> {
  const explorer = new ExplorerPage(page);
  await explorer.seedCredential({ adminToken: api.credential }, language ? { language } : {});
  await explorer.open(directory);
  await explorer.expectDirectory(directory);
  return explorer;
}

for (const driver of ['webdav', 'sftp'] as const) {
  test.describe(`${driver} driver`, () => {
    const mount = (): Mount => mounts[driver]!;

    test('lists a seeded folder, creates a folder, uploads a file with its progress and downloads it', async ({ page }) => {
      const directory = await folder(mount(), 'basics', { 'readme.txt': 'seeded on the server' });
      await api.mkdir(`${directory}photos/`);
      const explorer = await openExplorer(page, directory);
      await expect.poll(() => explorer.rowNames()).toEqual(['photos', 'readme.txt']);
      await expect(explorer.row('photos')).toHaveAttribute('data-kind', 'folder');

      await explorer.mkdir('reports 2025');
      await expect(explorer.notice('Folder reports 2025 created')).toBeVisible();
      await expect(explorer.row('reports 2025')).toHaveAttribute('data-kind', 'folder');

      const content = `uploaded to ${driver} ${uniqueName('body')}\n`;
      const panel = await explorer.openUpload();
      await panel.getByTestId('upload-input').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from(content) });
      await expect(explorer.uploadItem('notes.txt')).toHaveAttribute('data-state', 'success');
      await expect(explorer.uploadItem('notes.txt').getByTestId('upload-progress')).toHaveAttribute('value', '100');
      await expect(explorer.row('notes.txt')).toBeVisible();
      expect(await api.names(directory)).toEqual(['notes.txt', 'photos', 'readme.txt', 'reports 2025']);
      expect((await api.read(`${directory}notes.txt`)).toString()).toBe(content);

      const download = page.waitForEvent('download');
      await explorer.action('notes.txt', 'download');
      const file = await download;
      expect(file.suggestedFilename()).toBe('notes.txt');
      expect(readFileSync((await file.path())!, 'utf8')).toBe(content);
    });

    test('previews a text file and an image', async ({ page }) => {
      const directory = await folder(mount(), 'preview', { 'plain.txt': 'hello from the remote storage\nsecond line\n' });
      await api.upload(directory, 'pixel.png', PNG, 'image/png');
      const explorer = await openExplorer(page, directory);

      await explorer.openItem('plain.txt');
      await expect(page).toHaveURL(/\?preview=plain\.txt$/);
      await expect(page.getByTestId('file-text')).toContainText('hello from the remote storage');
      await expect(page.getByTestId('file-text')).toContainText('second line');

      await explorer.openItem('pixel.png');
      await expect(explorer.preview).toHaveAttribute('data-kind', 'image');
      const image = page.getByTestId('preview-image');
      await expect(image).toBeVisible();
      await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth)).toBe(2);
    });

    test('renames (moves) a file and a folder with its content, copies a file, deletes after confirmation', async ({ page }) => {
      const directory = await folder(mount(), 'ops', { 'draft.txt': 'draft text', 'gone.txt': 'g' });
      await api.mkdir(`${directory}old/`);
      await api.writeText(`${directory}old/inner.txt`, 'inner text');
      const target = await folder(mount(), 'target');
      const explorer = await openExplorer(page, directory);

      await explorer.rename('draft.txt', 'final.txt');
      await expect(explorer.notice('Renamed draft.txt to final.txt')).toBeVisible();
      await expect(explorer.row('draft.txt')).toHaveCount(0);
      await explorer.rename('old', 'new');
      await expect(explorer.row('new')).toHaveAttribute('data-kind', 'folder');
      await expect(explorer.row('old')).toHaveCount(0);
      expect(await api.names(directory)).toEqual(['final.txt', 'gone.txt', 'new']);
      expect((await api.read(`${directory}final.txt`)).toString()).toBe('draft text');
      expect((await api.read(`${directory}new/inner.txt`)).toString()).toBe('inner text');

      await explorer.action('final.txt', 'copy');
      const dialog = page.getByTestId('copy-dialog');
      await dialog.getByRole('button', { name: 'Root' }).click();
      for (const segment of target.split('/').filter(Boolean))
        await dialog.locator(`[data-testid="copy-folder"][data-name="${segment}"]`).click();
      await page.getByTestId('copy-start').click();
      await expect(explorer.notice('Copy finished: 1 copied, 0 skipped, 0 failed')).toBeVisible();
      expect((await api.read(`${target}final.txt`)).toString()).toBe('draft text');
      expect((await api.read(`${directory}final.txt`)).toString()).toBe('draft text');

      await explorer.cancelDelete('gone.txt', 'The file gone.txt will be deleted permanently');
      await explorer.deleteFile('gone.txt');
      await explorer.deleteFolder('new');
      expect(await api.names(directory)).toEqual(['final.txt']);
      expect(await api.status(`${directory}gone.txt`)).toBe(404);
    });
  });
}

test('an SFTP server that stops answering gives a clear error in the user language in time, and works again after resume', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const directory = await folder(mounts.sftp!, 'paused', { 'still-here.txt': 'kept' });
  const explorer = new ExplorerPage(page);
  await explorer.seedCredential({ adminToken: api.credential }, { language: 'zh-CN' });
  await pauseSftp();
  try {
    await explorer.open(directory);
    // The driver's timeouts (connect 15 s, operation 30 s) end the wait: an error, never an endless spinner.
    await expect(page.getByTestId('list-error')).toContainText('暂时无法连接存储，请稍后重试', { timeout: 90_000 });
    await expect(page.getByTestId('list-loading')).toHaveCount(0);
  } finally {
    await resumeSftp();
  }
  await page.getByTestId('list-retry').click();
  await expect(explorer.row('still-here.txt')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('list-error')).toHaveCount(0);
});
