import { expect, test } from '@playwright/test';
import { ExplorerPage } from '../pages/explorer-page';
import { ExplorerApi, uniqueName, type Mount } from '../support/explorer-api';
import { expectedQrPath } from '../support/qr';

test.use({ locale: 'en-US' });

const api = ExplorerApi.adminForSpecFile();
let mount: Mount;

test.beforeAll(async () => {
  mount = await api.createLocalMount(`/${uniqueName('ops')}`);
});

/** A fresh folder per test, with files. */
async function folder(name: string, files: Record<string, string> = {}): Promise<string> {
  const directory = `${mount.mountPath}/${uniqueName(name)}/`;
  await api.mkdir(directory);
  for (const [file, content] of Object.entries(files)) await api.writeText(`${directory}${file}`, content);
  return directory;
}

test('creates a folder, refusing bad names before sending', async ({ page }) => {
  const directory = await folder('mkdir');
  const explorer = new ExplorerPage(page);
  await explorer.seedCredential({ adminToken: api.credential });
  await explorer.open(directory);
  await explorer.expectDirectory(directory);
  await page.getByTestId('open-mkdir').click();
  await page.getByTestId('mkdir-dialog-input').fill('a/b');
  await page.getByTestId('mkdir-dialog-submit').click();
  await expect(page.getByTestId('mkdir-dialog-error')).toHaveText('A name cannot contain / or \\');
  await page.getByTestId('mkdir-dialog-input').fill('reports 2025');
  await page.getByTestId('mkdir-dialog-submit').click();
  await expect(explorer.notice('Folder reports 2025 created')).toBeVisible();
  await expect(explorer.row('reports 2025')).toHaveAttribute('data-kind', 'folder');
  expect(await api.names(directory)).toEqual(['reports 2025']);
});

test('a server refusal is shown in the user language and the listing is refreshed', async ({ page }) => {
  const directory = await folder('conflict');
  const explorer = new ExplorerPage(page);
  await explorer.seedCredential({ adminToken: api.credential }, { language: 'zh-CN' });
  await explorer.open(directory);
  await explorer.expectDirectory(directory);
  // Someone else creates the folder after the listing was loaded: the server answers 409.
  await api.mkdir(`${directory}shared/`);
  await page.getByTestId('open-mkdir').click();
  await page.getByTestId('mkdir-dialog-input').fill('shared');
  await page.getByTestId('mkdir-dialog-submit').click();
  const error = page.getByTestId('mkdir-dialog-error');
  await expect(error).toBeVisible();
  expect(await error.textContent()).toMatch(/[\u4e00-\u9fff]/);
  await page.keyboard.press('Escape');
  await expect(explorer.row('shared')).toBeVisible();
});

test('renames a file and a folder', async ({ page }) => {
  const directory = await folder('rename', { 'draft.txt': 'text' });
  await api.mkdir(`${directory}old/`);
  const explorer = new ExplorerPage(page);
  await explorer.seedCredential({ adminToken: api.credential });
  await explorer.open(directory);
  await explorer.rename('draft.txt', 'final.txt');
  await expect(explorer.notice('Renamed draft.txt to final.txt')).toBeVisible();
  await expect(explorer.row('final.txt')).toBeVisible();
  await expect(explorer.row('draft.txt')).toHaveCount(0);

  await explorer.rename('old', 'new');
  await expect(explorer.row('new')).toHaveAttribute('data-kind', 'folder');
  expect(await api.names(directory)).toEqual(['final.txt', 'new']);
  expect((await api.read(`${directory}final.txt`)).toString()).toBe('text');
});

test('deletes a file and a folder after confirmation; cancel keeps it', async ({ page }) => {
  const directory = await folder('delete', { 'keep.txt': 'k', 'gone.txt': 'g' });
  await api.mkdir(`${directory}sub/`);
  await api.writeText(`${directory}sub/inner.txt`, 'i');
  const explorer = new ExplorerPage(page);
  await explorer.seedCredential({ adminToken: api.credential });
  await explorer.open(directory);

  await explorer.cancelDelete('keep.txt', 'The file keep.txt will be deleted permanently');

  await explorer.deleteFile('gone.txt');
  await explorer.deleteFolder('sub');
  expect(await api.names(directory)).toEqual(['keep.txt']);
});

test('deletes several selected entries in one batch', async ({ page }) => {
  const directory = await folder('batch', { 'a.txt': 'a', 'b.txt': 'b', 'c.txt': 'c' });
  await api.mkdir(`${directory}d/`);
  const explorer = new ExplorerPage(page);
  await explorer.seedCredential({ adminToken: api.credential });
  await explorer.open(directory);
  await explorer.select('a.txt', 'c.txt', 'd');
  await expect(page.getByTestId('selection-bar')).toContainText('3 selected');
  const batch = page.waitForRequest((request) => request.url().includes('/api/admin/fs/batch-remove'));
  await page.getByTestId('batch-delete').click();
  await expect(page.getByTestId('delete-dialog')).toContainText('3 items');
  await page.getByTestId('delete-dialog-confirm').click();
  expect((await batch).postDataJSON()).toEqual({ paths: [`${directory}d/`, `${directory}a.txt`, `${directory}c.txt`] });
  await expect(explorer.notice('3 items deleted')).toBeVisible();
  await expect.poll(() => explorer.rowNames()).toEqual(['b.txt']);
  await expect(page.getByTestId('selection-bar')).toHaveCount(0);

  // Select all, then deselect all.
  await page.getByTestId('select-all').check();
  await expect(page.getByTestId('selection-bar')).toContainText('1 selected');
  await page.getByTestId('select-all').uncheck();
  await expect(page.getByTestId('selection-bar')).toHaveCount(0);
  expect(await api.names(directory)).toEqual(['b.txt']);
});

test('edits a text file in place and saves it; unsaved changes need a confirmation to discard', async ({ page }) => {
  const directory = await folder('edit', { 'todo.md': '# Todo\n- one\n' });
  const explorer = new ExplorerPage(page);
  await explorer.seedCredential({ adminToken: api.credential });
  await explorer.open(directory, '?preview=todo.md');
  await expect(page.getByTestId('preview-markdown')).toContainText('one');
  await page.getByTestId('preview-edit').click();
  const editor = page.getByTestId('editor-text');
  await expect(editor).toHaveValue('# Todo\n- one\n');
  await editor.fill('# Todo\n- one\n- two\n');
  await page.getByTestId('editor-save').click();
  await expect(page.getByTestId('editor-status')).toHaveText('Saved');
  expect((await api.read(`${directory}todo.md`)).toString()).toBe('# Todo\n- one\n- two\n');

  await editor.fill('unsaved');
  await page.getByTestId('editor-close').click();
  await expect(page.getByTestId('discard-dialog')).toBeVisible();
  await page.getByTestId('discard-dialog-confirm').click();
  await expect(page.getByTestId('editor-dialog')).toHaveCount(0);
  // The preview shows the saved text.
  await expect(page.getByTestId('preview-markdown').locator('li')).toHaveText(['one', 'two']);
  expect((await api.read(`${directory}todo.md`)).toString()).toBe('# Todo\n- one\n- two\n');

  // Also from the row actions.
  await explorer.action('todo.md', 'edit');
  await expect(page.getByTestId('editor-text')).toHaveValue('# Todo\n- one\n- two\n');
});

test('downloads a file from its row', async ({ page }) => {
  const directory = await folder('download', { 'report.csv': 'a,b\n1,2\n' });
  const explorer = new ExplorerPage(page);
  await explorer.seedCredential({ adminToken: api.credential });
  await explorer.open(directory);
  const download = page.waitForEvent('download');
  await explorer.action('report.csv', 'download');
  const file = await download;
  expect(file.suggestedFilename()).toBe('report.csv');
  const path = await file.path();
  expect(path).toBeTruthy();
  const { readFileSync } = await import('node:fs');
  expect(readFileSync(path!, 'utf8')).toBe('a,b\n1,2\n');
});

test('creates a direct link with the default 7-day expiry, copies it, shows its QR code; force download and a custom expiry', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const directory = await folder('link', { 'share.txt': 'shared content' });
  const explorer = new ExplorerPage(page);
  await explorer.seedCredential({ adminToken: api.credential });
  await explorer.open(directory);
  await explorer.action('share.txt', 'link');
  await expect(page.getByTestId('link-expiry')).toHaveValue('604800');
  const firstCall = page.waitForRequest((request) => request.url().includes('/fs/file-link'));
  await page.getByTestId('link-create').click();
  const query = new URL((await firstCall).url()).searchParams;
  expect([query.get('expires_in'), query.get('force_download')]).toEqual(['604800', 'false']);
  const url = await page.getByTestId('link-url').inputValue();
  const response = await page.request.get(url);
  expect(response.status()).toBe(200);
  expect(await response.text()).toBe('shared content');
  expect(response.headers()['content-disposition'] ?? '').not.toMatch(/^attachment/);
  await page.getByTestId('link-copy').click();
  await expect(page.getByTestId('link-copied')).toHaveText('Link copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  const qr = page.getByTestId('link-qr');
  await expect(qr).toHaveAttribute('data-qr-value', url);
  expect(await qr.locator('svg path').last().getAttribute('d')).toBe(expectedQrPath(url, 168));

  await page.getByTestId('link-expiry').fill('0');
  await page.getByTestId('link-create').click();
  await expect(page.getByTestId('link-error')).toContainText('from 1 to 604800');
  await page.getByTestId('link-preset-1h').click();
  await page.getByTestId('link-force-download').check();
  const secondCall = page.waitForRequest((request) => request.url().includes('/fs/file-link'));
  await page.getByTestId('link-create').click();
  const second = new URL((await secondCall).url()).searchParams;
  expect([second.get('expires_in'), second.get('force_download')]).toEqual(['3600', 'true']);
  await expect(page.getByTestId('link-expires')).toContainText('downloads when opened');
  const forced = await page.request.get(await page.getByTestId('link-url').inputValue());
  expect(forced.headers()['content-disposition']).toMatch(/^attachment/);
});
