import { expect, test, type Locator, type Page } from '@playwright/test';
import { ExplorerPage } from '../pages/explorer-page';
import { AdminPage } from '../pages/admin-page';
import { ExplorerApi, uniqueName, type Mount } from '../support/explorer-api';
import { MountIndexApi } from '../support/mount-index-api';

/**
 * Mount search (issue 16) against the real gateway and api-server: the index is crawled after the
 * mount is created, kept current by every write, searched below the folder the explorer shows (never
 * outside a key's basic path), and managed from the admin's mount table; on a phone the search is a
 * button that opens a full-width field.
 */
test.use({ locale: 'en-US' });

const admin = ExplorerApi.adminForSpecFile();
let index: MountIndexApi;
let mount: Mount;
let root: string;

test.beforeAll(async () => {
  index = await MountIndexApi.admin(admin.credential);
  mount = await admin.createLocalMount(`/${uniqueName('msearch')}`);
  root = mount.mountPath;
  for (const folder of ['docs/', 'docs/a/', 'docs/a/b/', 'docs/a/reports-archive/', 'docs/other/']) await admin.mkdir(`${root}/${folder}`);
  await admin.writeText(`${root}/docs/a/b/report-2026.txt`, 'annual report 2026');
  await admin.writeText(`${root}/docs/a/b/notes.txt`, 'notes');
  await admin.writeText(`${root}/docs/a/report-draft.md`, '# draft');
  await admin.writeText(`${root}/docs/other/report-elsewhere.txt`, 'elsewhere');
  await admin.writeText(`${root}/docs/季度报告-汇总.txt`, '季度');
  await admin.writeText(`${root}/top-report.txt`, 'top');
  await index.waitUntilReady(mount.id);
});

test.afterAll(async () => {
  await index.dispose();
});

function searchInput(page: Page): Locator {
  return page.getByRole('searchbox', { name: 'Search by name below this folder' });
}

function hit(page: Page, path: string): Locator {
  return page.locator(`[data-testid="search-hit"][data-path="${path}"]`);
}

/** Types a query into the (cleared) field and waits for its results to be shown. */
async function search(page: Page, query: string): Promise<Locator> {
  const input = searchInput(page);
  await input.fill('');
  await input.fill(query);
  const results = page.getByTestId('search-results');
  await expect(results).toHaveAttribute('data-state', 'ready');
  return results;
}

async function hitPaths(page: Page): Promise<string[]> {
  return page.getByTestId('search-hit').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-path') ?? ''));
}

test('finds a file by part of its name, opens its folder and its preview, and follows every write at once', async ({ page }) => {
  test.setTimeout(90_000);
  const explorer = new ExplorerPage(page);
  await explorer.seedCredential({ adminToken: admin.credential });
  await explorer.open(`${root}/docs`);
  await explorer.expectDirectory(`${root}/docs/`);
  await expect(page.getByTestId('mount-search-input')).toBeVisible();

  // Part of the name: the hit shows with its folder, folders first then by path.
  const results = await search(page, 'report');
  await expect(page.getByTestId('search-hit')).toHaveCount(4);
  expect(await hitPaths(page)).toEqual([
    `${root}/docs/a/reports-archive/`,
    `${root}/docs/a/b/report-2026.txt`,
    `${root}/docs/a/report-draft.md`,
    `${root}/docs/other/report-elsewhere.txt`,
  ]);
  await expect(hit(page, `${root}/docs/a/reports-archive/`)).toHaveAttribute('data-kind', 'folder');
  await expect(page.getByTestId('search-incomplete')).toHaveCount(0);
  await expect(results).toContainText(`4 found below ${root}/docs/`);
  // Nothing outside the folder shown (the mount root's top-report.txt).
  await expect(hit(page, `${root}/top-report.txt`)).toHaveCount(0);

  await search(page, 'rt-2026');
  const report = hit(page, `${root}/docs/a/b/report-2026.txt`);
  await expect(page.getByTestId('search-hit')).toHaveCount(1);
  await expect(report).toHaveAttribute('data-kind', 'file');
  await expect(report.getByTestId('search-hit-open')).toHaveText('report-2026.txt');
  await expect(report.getByTestId('search-hit-parent')).toHaveText(`${root}/docs/a/b/`);

  // The parent opens that folder's listing.
  await report.getByTestId('search-hit-parent').click();
  await explorer.expectDirectory(`${root}/docs/a/b/`);
  await expect(page).toHaveURL(new RegExp(`/mount-explorer${root}/docs/a/b$`));
  expect(await explorer.rowNames()).toEqual(['notes.txt', 'report-2026.txt']);
  await expect(page.getByTestId('search-results')).toHaveCount(0);

  // The file opens its preview.
  await explorer.open(`${root}/docs`);
  await explorer.expectDirectory(`${root}/docs/`);
  await search(page, 'rt-2026');
  await hit(page, `${root}/docs/a/b/report-2026.txt`).getByTestId('search-hit-open').click();
  await expect(explorer.preview).toBeVisible();
  await expect(explorer.preview.locator('#ce-preview-title')).toHaveText('report-2026.txt');
  await expect(explorer.preview).toContainText('annual report 2026');
  await explorer.preview.getByTestId('preview-close').click();

  // Written through the fs API: found at once; renamed: found by its new name only; deleted: gone.
  await admin.writeText(`${root}/docs/a/b/report-2027.txt`, 'next year');
  await search(page, '2027');
  await expect(hit(page, `${root}/docs/a/b/report-2027.txt`)).toBeVisible();
  await index.rename(`${root}/docs/a/b/report-2027.txt`, `${root}/docs/a/b/summary-2027.txt`);
  await search(page, '2027');
  await expect(hit(page, `${root}/docs/a/b/summary-2027.txt`)).toBeVisible();
  await expect(hit(page, `${root}/docs/a/b/report-2027.txt`)).toHaveCount(0);
  await index.remove(`${root}/docs/a/b/summary-2027.txt`);
  await search(page, '2027');
  await expect(page.getByTestId('search-empty')).toBeVisible();
  await expect(page.getByTestId('search-hit')).toHaveCount(0);

  // Uploaded through the explorer: found at once.
  await page.getByTestId('mount-search-clear').click();
  await expect(searchInput(page)).toHaveValue('');
  await explorer.openItem('a');
  await explorer.expectDirectory(`${root}/docs/a/`);
  const panel = await explorer.openUpload();
  await panel
    .getByTestId('upload-input')
    .setInputFiles({ name: 'uploaded-ledger.txt', mimeType: 'text/plain', buffer: Buffer.from('ledger') });
  await expect(explorer.uploadItem('uploaded-ledger.txt')).toHaveAttribute('data-state', 'success');
  await search(page, 'ledger');
  await expect(page.getByTestId('search-hit')).toHaveCount(1);
  await expect(hit(page, `${root}/docs/a/uploaded-ledger.txt`)).toBeVisible();
  const viaApi = await index.search('ledger', `${root}/`);
  expect(viaApi.items.map((item) => item.path)).toEqual([`${root}/docs/a/uploaded-ledger.txt`]);
  await index.remove(`${root}/docs/a/uploaded-ledger.txt`);
});

test('searching below a subfolder returns nothing outside it', async ({ page }) => {
  const explorer = new ExplorerPage(page);
  await explorer.seedCredential({ adminToken: admin.credential });
  await explorer.open(`${root}/docs/a`);
  await explorer.expectDirectory(`${root}/docs/a/`);
  await search(page, 'report');
  await expect(page.getByTestId('search-hit')).toHaveCount(3);
  expect(await hitPaths(page)).toEqual([
    `${root}/docs/a/reports-archive/`,
    `${root}/docs/a/b/report-2026.txt`,
    `${root}/docs/a/report-draft.md`,
  ]);
  await expect(hit(page, `${root}/docs/other/report-elsewhere.txt`)).toHaveCount(0);

  // A folder hit opens that folder.
  await hit(page, `${root}/docs/a/reports-archive/`).getByTestId('search-hit-open').click();
  await explorer.expectDirectory(`${root}/docs/a/reports-archive/`);
});

test('a Chinese file name is found by a 2-character term', async ({ page }) => {
  const explorer = new ExplorerPage(page);
  await explorer.seedCredential({ adminToken: admin.credential });
  await explorer.open(root);
  await explorer.expectDirectory(`${root}/`);
  await search(page, '报告');
  await expect(page.getByTestId('search-hit')).toHaveCount(1);
  const chinese = hit(page, `${root}/docs/季度报告-汇总.txt`);
  await expect(chinese.getByTestId('search-hit-open')).toHaveText('季度报告-汇总.txt');
  await expect(chinese.getByTestId('search-hit-parent')).toHaveText(`${root}/docs/`);
});

test('a key holder finds only entries below its basic path; the API refuses a path outside it', async ({ page, request }) => {
  const basePath = `${root}/docs/a`;
  const key = await admin.createKey({
    name: uniqueName('msearch-key'),
    file_permission: true,
    mount_permission: true,
    basic_path: basePath,
  });
  const explorer = new ExplorerPage(page);
  await explorer.seedCredential({ apiKey: key, permissions: { text: false, file: true, mount: true }, basicPath: basePath });
  const searchCalls: string[] = [];
  page.on('request', (sent) => sent.url().includes('/fs/search') && searchCalls.push(new URL(sent.url()).pathname));
  await explorer.open(basePath);
  await explorer.expectDirectory(`${basePath}/`);
  await search(page, 'report');
  await expect(page.getByTestId('search-hit')).toHaveCount(3);
  const paths = await hitPaths(page);
  expect(paths.every((path) => path.startsWith(`${basePath}/`))).toBe(true);
  await expect(hit(page, `${root}/docs/other/report-elsewhere.txt`)).toHaveCount(0);
  await expect(hit(page, `${root}/top-report.txt`)).toHaveCount(0);
  expect(searchCalls.length).toBeGreaterThan(0);
  expect(searchCalls.every((path) => path === '/api/user/fs/search')).toBe(true);

  // Through the gateway: asked at or above the basic path, 200 with only its entries; a sibling folder, 403.
  const headers = { Authorization: `ApiKey ${key}` };
  for (const folder of [`${basePath}/`, `${root}/docs/`, `${root}/`]) {
    const answer = await request.get('/api/user/fs/search', { params: { q: 'report', path: folder }, headers });
    expect(answer.status(), folder).toBe(200);
    const found = ((await answer.json()) as { data: { items: Array<{ path: string }> } }).data.items.map((item) => item.path);
    expect(found, folder).toEqual([`${basePath}/reports-archive/`, `${basePath}/b/report-2026.txt`, `${basePath}/report-draft.md`]);
  }
  const refused = await request.get('/api/user/fs/search', { params: { q: 'report', path: `${root}/docs/other/` }, headers });
  expect(refused.status()).toBe(403);
});

test('the mount table shows the index ready with its entries, and a confirmed rebuild returns to ready', async ({ page }) => {
  test.setTimeout(90_000);
  const before = await index.waitUntilReady(mount.id);
  const name = mount.mountPath.slice(1);
  const adminPage = new AdminPage(page);
  await adminPage.gotoAsAdmin(admin.credential, '/admin/mount-management');
  const row = adminPage.row(name);
  const cell = row.getByTestId('mount-index');
  await expect(cell).toHaveAttribute('data-status', 'ready');
  await expect(cell.getByTestId('mount-index-status')).toHaveText('Ready');
  await expect(cell.getByTestId('mount-index-detail')).toContainText(`${new Intl.NumberFormat('en-US').format(before.entries)} entries`);
  expect(before.entries).toBeGreaterThan(0);

  // Cancelled: nothing is rebuilt.
  const rebuild = row.getByRole('button', { name: `Rebuild the index of ${name}` });
  await expect(rebuild).toHaveAttribute('data-testid', 'mount-index-rebuild');
  await rebuild.click();
  await expect(adminPage.confirmTitle()).toHaveText(`Rebuild the index of ${name}?`);
  await page.getByTestId('confirm-cancel').click();
  await expect(page.getByTestId('confirm-cancel')).toBeHidden();
  expect((await index.state(mount.id)).finished_at).toBe(before.finished_at);

  // Confirmed: the rebuild is asked for (202) and the cell comes back to ready with the same entries.
  await rebuild.click();
  const rebuilt = page.waitForResponse(
    (response) => response.url().endsWith(`/api/admin/mounts/${mount.id}/index/rebuild`) && response.request().method() === 'POST',
  );
  await adminPage.confirm();
  expect((await rebuilt).status()).toBe(202);
  await expect(cell).toHaveAttribute('data-status', 'ready', { timeout: 30_000 });
  const after = await index.waitUntilReady(mount.id);
  expect(after.entries).toBe(before.entries);
  expect(after.finished_at).not.toBe(before.finished_at);
  await expect(cell.getByTestId('mount-index-detail')).toContainText(`${new Intl.NumberFormat('en-US').format(after.entries)} entries`);
});

test.describe('dark theme at 390×844', () => {
  test.use({ colorScheme: 'dark', viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the toggle opens the field full width, the results show, nothing scrolls sideways', async ({ page }) => {
    const explorer = new ExplorerPage(page);
    await explorer.seedCredential({ adminToken: admin.credential }, { themeMode: 'dark' });
    await explorer.open(`${root}/docs`);
    await explorer.expectDirectory(`${root}/docs/`);
    await expect(page.locator('.ce-root')).toHaveAttribute('data-dark', 'true');

    const input = page.getByTestId('mount-search-input');
    await expect(input).toBeHidden();
    await page.getByTestId('mount-search-toggle').tap();
    await expect(input).toBeVisible();
    await expect(input).toBeFocused();
    await expect(page.getByTestId('mount-search-toggle')).toBeHidden();
    // The opened search takes the toolbar's whole content width.
    const widths = await page.getByTestId('mount-search').evaluate((element) => {
      const parent = element.parentElement!;
      const style = getComputedStyle(parent);
      return {
        search: element.getBoundingClientRect().width,
        available: parent.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight),
      };
    });
    expect(Math.abs(widths.search - widths.available)).toBeLessThanOrEqual(1);

    await input.fill('report');
    await expect(page.getByTestId('search-results')).toHaveAttribute('data-state', 'ready');
    await expect(page.getByTestId('search-hit')).toHaveCount(4);
    for (const row of await page.getByTestId('search-hit').all()) await expect(row).toBeVisible();
    await expect(hit(page, `${root}/docs/a/b/report-2026.txt`)).toBeInViewport();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
