import { expect, test, type Page } from '@playwright/test';
import { ExplorerPage } from '../pages/explorer-page';
import { ExplorerApi, uniqueName, type Mount } from '../support/explorer-api';

test.use({ locale: 'en-US' });

const api = ExplorerApi.adminForSpecFile();
let local: Mount;
let s3: Mount;

test.beforeAll(async () => {
  local = await api.createLocalMount(`/${uniqueName('copy')}`);
  s3 = await api.createS3Mount(`/${uniqueName('s3copy')}`);
});

/** Source folder with two files and a sub-folder holding one; and an empty target folder. */
async function seed(sourceMount: Mount, targetMount: Mount, name: string) {
  const source = `${sourceMount.mountPath}/${uniqueName(`${name}-src`)}/`;
  const target = `${targetMount.mountPath}/${uniqueName(`${name}-dst`)}/`;
  await api.mkdir(source);
  await api.mkdir(target);
  await api.writeText(`${source}one.txt`, 'one');
  await api.writeText(`${source}two.md`, '# two');
  await api.mkdir(`${source}pics/`);
  await api.writeText(`${source}pics/inner.txt`, 'inner');
  return { source, target };
}

/** In the copy dialog: go to the root, then down the segments of `directory`. */
async function pickTarget(page: Page, directory: string): Promise<void> {
  const dialog = page.getByTestId('copy-dialog');
  await dialog.getByRole('button', { name: 'Root' }).click();
  for (const segment of directory.split('/').filter(Boolean))
    await dialog.locator(`[data-testid="copy-folder"][data-name="${segment}"]`).click();
  await expect(dialog.getByTestId('copy-current')).toHaveText(directory.split('/').filter(Boolean).pop()!);
}

async function openSource(page: Page, source: string): Promise<ExplorerPage> {
  const explorer = new ExplorerPage(page);
  await explorer.seedCredential({ adminToken: api.credential });
  await explorer.open(source);
  await explorer.expectDirectory(source);
  return explorer;
}

test('copies files and a folder to another folder of the same mount on the server', async ({ page }) => {
  const { source, target } = await seed(local, local, 'same');
  const explorer = await openSource(page, source);
  const commits: string[] = [];
  page.on('request', (request) => request.url().includes('batch-copy-commit') && commits.push(request.url()));
  await explorer.select('one.txt', 'two.md', 'pics');
  await page.getByTestId('batch-copy').click();
  await pickTarget(page, target);
  const copy = page.waitForRequest((request) => request.url().endsWith('/api/admin/fs/batch-copy'));
  await page.getByTestId('copy-start').click();
  expect((await copy).postDataJSON()).toEqual({
    items: [
      { sourcePath: `${source}pics/`, targetPath: `${target}pics/` },
      { sourcePath: `${source}one.txt`, targetPath: `${target}one.txt` },
      { sourcePath: `${source}two.md`, targetPath: `${target}two.md` },
    ],
    skipExisting: true,
  });
  await expect(explorer.notice('Copy finished: 3 copied, 0 skipped, 0 failed')).toBeVisible();
  expect(commits).toEqual([]);
  expect(await api.names(target)).toEqual(['one.txt', 'pics', 'two.md']);
  expect((await api.read(`${target}pics/inner.txt`)).toString()).toBe('inner');
  // The source is untouched and the selection is cleared.
  expect(await api.names(source)).toEqual(['one.txt', 'pics', 'two.md']);
  await expect(page.getByTestId('selection-bar')).toHaveCount(0);

  // Copying again skips what exists.
  await explorer.action('one.txt', 'copy');
  await pickTarget(page, target);
  await page.getByTestId('copy-start').click();
  await expect(explorer.notice('Copy finished: 0 copied, 1 skipped, 0 failed')).toBeVisible();
});

for (const [from, to] of [
  ['local', 'S3'],
  ['S3', 'local'],
] as const) {
  test(`copies across mounts (${from} → ${to}) in the browser, then commits`, async ({ page }) => {
    const { source, target } = await seed(from === 'local' ? local : s3, to === 'local' ? local : s3, 'cross');
    const explorer = await openSource(page, source);
    const storagePuts: string[] = [];
    page.on('request', (request) => request.method() === 'PUT' && storagePuts.push(request.url()));
    await explorer.select('one.txt', 'two.md', 'pics');
    await page.getByTestId('batch-copy').click();
    await pickTarget(page, target);
    const commit = page.waitForRequest((request) => request.url().endsWith('/api/admin/fs/batch-copy-commit'));
    await page.getByTestId('copy-start').click();
    const body = (await commit).postDataJSON() as { targetMountId: string; files: Array<{ s3Path: string; fileSize: number }> };
    expect(body.targetMountId).toBe((to === 'local' ? local : s3).id);
    expect(body.files.map((file) => [file.s3Path.split('/').pop(), file.fileSize]).sort()).toEqual([
      ['inner.txt', 5],
      ['one.txt', 3],
      ['two.md', 5],
    ]);
    expect(storagePuts).toHaveLength(3);
    await expect(explorer.notice('3 files copied across storages')).toBeVisible();
    expect(await api.names(target)).toEqual(['one.txt', 'pics', 'two.md']);
    expect((await api.read(`${target}two.md`)).toString()).toBe('# two');
    expect((await api.read(`${target}pics/inner.txt`)).toString()).toBe('inner');
  });
}

test('a client-side copy can be cancelled: nothing is copied and the user is told', async ({ page }) => {
  const { source, target } = await seed(local, s3, 'cancel');
  const explorer = await openSource(page, source);
  let held!: () => void;
  const putHeld = new Promise<void>((resolve) => (held = resolve));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.searchParams.has('X-Amz-Signature') && url.pathname.endsWith('/one.txt'),
    async (route) => {
      if (route.request().method() !== 'PUT') return route.continue();
      held();
      await released;
      await route.abort().catch(() => undefined);
    },
  );
  await explorer.action('one.txt', 'copy');
  await pickTarget(page, target);
  await page.getByTestId('copy-start').click();
  await putHeld;
  await expect(page.getByTestId('copy-progress')).toContainText('0 of 1 files processed');
  await page.getByTestId('copy-cancel').click();
  await expect(page.getByTestId('copy-error')).toHaveText('Copy cancelled');
  release();
  expect(await api.names(target)).toEqual([]);
});

test("an empty folder across mounts says 'no files found to copy'; failing downloads say no file was copied", async ({ page }) => {
  const { source, target } = await seed(local, s3, 'messages');
  await api.mkdir(`${source}void/`);
  const explorer = await openSource(page, source);
  await explorer.action('void', 'copy');
  await pickTarget(page, target);
  await page.getByTestId('copy-start').click();
  await expect(page.getByTestId('copy-error')).toHaveText('No files found to copy');
  await page.getByTestId('copy-dialog').getByRole('button', { name: 'Close' }).click();

  await page.route('**/api/storage/local/**', (route) =>
    route.request().method() === 'GET' ? route.fulfill({ status: 403, body: 'denied' }) : route.continue(),
  );
  await explorer.select('one.txt', 'two.md');
  await page.getByTestId('batch-copy').click();
  await pickTarget(page, target);
  await page.getByTestId('copy-start').click();
  await expect(page.getByTestId('copy-error')).toHaveText('No files were copied');
  expect(await api.names(target)).toEqual([]);
});
