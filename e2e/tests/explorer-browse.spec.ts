import { expect, test } from '@playwright/test';
import { ExplorerPage } from '../pages/explorer-page';
import { ExplorerApi, uniqueName, type Mount } from '../support/explorer-api';

test.use({ locale: 'en-US' });

const api = ExplorerApi.adminForSpecFile();
let mount: Mount;

test.beforeAll(async () => {
  mount = await api.createLocalMount(`/${uniqueName('browse')}`);
  const root = `${mount.mountPath}/`;
  await api.mkdir(`${root}docs/`);
  await api.mkdir(`${root}docs/deep/`);
  await api.writeText(`${root}docs/deep/note.txt`, 'deep note');
  await api.writeText(`${root}small.txt`, 'x');
  await api.writeText(`${root}big.txt`, 'y'.repeat(5000));
  await api.writeText(`${root}Alpha.md`, '# Alpha\n');
  await api.mkdir(`${root}empty/`);
});

test('shows mounts as top-level folders and browses into them with breadcrumbs', async ({ page }) => {
  const explorer = new ExplorerPage(page);
  await explorer.seedCredential({ adminToken: api.credential });
  await explorer.open('/');
  await explorer.expectDirectory('/');
  const mountName = mount.mountPath.slice(1);
  await expect(explorer.row(mountName)).toHaveAttribute('data-kind', 'folder');
  await expect(page.getByTestId('open-upload')).toBeDisabled();

  await explorer.openItem(mountName);
  await expect(page).toHaveURL(new RegExp(`/mount-explorer/${mountName}$`));
  await explorer.expectDirectory(`${mount.mountPath}/`);
  // Folders first, then files by name.
  expect(await explorer.rowNames()).toEqual(['docs', 'empty', 'Alpha.md', 'big.txt', 'small.txt']);
  // Folder sizes are known: docs holds the 9-byte note.
  await expect(explorer.row('docs').getByTestId('row-size')).toHaveText('9 B');
  await expect(explorer.row('big.txt').getByTestId('row-size')).toHaveText('4.88 KB');
  await expect(explorer.row('big.txt').getByTestId('row-date')).not.toBeEmpty();

  await explorer.openItem('docs');
  await explorer.openItem('deep');
  await explorer.expectDirectory(`${mount.mountPath}/docs/deep/`);
  await expect(explorer.breadcrumbs.getByTestId('breadcrumb-current')).toHaveText('deep');
  await expect(explorer.breadcrumbs.getByTestId('breadcrumb')).toHaveText(['Root', mountName, 'docs']);
  await expect(explorer.row('note.txt')).toBeVisible();

  // Back and forward follow the address.
  await page.goBack();
  await explorer.expectDirectory(`${mount.mountPath}/docs/`);
  await page.goForward();
  await explorer.expectDirectory(`${mount.mountPath}/docs/deep/`);

  // A deep link survives a reload; a breadcrumb goes up.
  await page.reload();
  await explorer.expectDirectory(`${mount.mountPath}/docs/deep/`);
  await expect(explorer.row('note.txt')).toBeVisible();
  await explorer.breadcrumbs.getByRole('link', { name: mountName }).click();
  await explorer.expectDirectory(`${mount.mountPath}/`);
});

test('sorts by name, size and date, switches to grid, and remembers both after a reload', async ({ page }) => {
  const explorer = new ExplorerPage(page);
  await explorer.seedCredential({ adminToken: api.credential });
  await explorer.open(mount.mountPath);
  await explorer.expectDirectory(`${mount.mountPath}/`);
  await page.getByTestId('sort-field').selectOption('size');
  expect(await explorer.rowNames()).toEqual(['empty', 'docs', 'small.txt', 'Alpha.md', 'big.txt']);
  await page.getByTestId('sort-order').click();
  expect(await explorer.rowNames()).toEqual(['docs', 'empty', 'big.txt', 'Alpha.md', 'small.txt']);
  await page.getByTestId('view-grid').click();
  await expect(explorer.list).toHaveAttribute('data-view', 'grid');

  await page.reload();
  await explorer.expectDirectory(`${mount.mountPath}/`);
  await expect(explorer.list).toHaveAttribute('data-view', 'grid');
  await expect(page.getByTestId('sort-field')).toHaveValue('size');
  await expect(page.getByTestId('sort-order')).toHaveAttribute('data-order', 'desc');
  expect(await explorer.rowNames()).toEqual(['docs', 'empty', 'big.txt', 'Alpha.md', 'small.txt']);
  expect(
    await page.evaluate(() => [
      localStorage.getItem('file_explorer_view_mode'),
      localStorage.getItem('file_explorer_sort_field'),
      localStorage.getItem('file_explorer_sort_order'),
    ]),
  ).toEqual(['grid', 'size', 'desc']);

  await page.getByTestId('sort-field').selectOption('modified');
  await page.getByTestId('sort-order').click();
  await page.getByTestId('view-list').click();
  await expect(explorer.list).toHaveAttribute('data-view', 'list');
});

test('shows the empty state of an empty folder and keyboard moves between entries', async ({ page }) => {
  const explorer = new ExplorerPage(page);
  await explorer.seedCredential({ adminToken: api.credential });
  await explorer.open(`${mount.mountPath}/empty`);
  await expect(page.getByTestId('list-empty')).toContainText('This folder is empty');

  await explorer.open(mount.mountPath);
  await explorer.expectDirectory(`${mount.mountPath}/`);
  await explorer.row('docs').getByTestId('row-open').focus();
  await page.keyboard.press('ArrowDown');
  await expect(explorer.row('empty').getByTestId('row-open')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(explorer.row('Alpha.md').getByTestId('row-open')).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(explorer.row('empty').getByTestId('row-open')).toBeFocused();
  await page.keyboard.press('Enter');
  await explorer.expectDirectory(`${mount.mountPath}/empty/`);
});

test('a listing error is shown with a retry that recovers', async ({ page }) => {
  const explorer = new ExplorerPage(page);
  await explorer.seedCredential({ adminToken: api.credential });
  let fail = true;
  await page.route('**/api/admin/fs/list?*', (route) =>
    fail
      ? route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ code: 500, message: 'storage offline', success: false, data: null }),
        })
      : route.continue(),
  );
  await explorer.open(mount.mountPath);
  await expect(page.getByTestId('list-error')).toContainText('storage offline');
  fail = false;
  await page.getByTestId('list-retry').click();
  await expect(explorer.row('docs')).toBeVisible();
});

test('visitors without a login are told what is needed, with a login link, in Chinese too', async ({ page }) => {
  const explorer = new ExplorerPage(page);
  await explorer.open('/photos/2024');
  const notice = page.getByTestId('access-notice');
  await expect(notice).toContainText('Login required');
  await expect(page.getByTestId('requested-path')).toHaveText('/photos/2024');
  await page.getByTestId('login-link').click();
  await expect(page).toHaveURL(/\/admin$/);

  await page.evaluate(() => localStorage.setItem('language', 'zh-CN'));
  await explorer.open('/photos');
  await expect(page.getByTestId('access-notice')).toContainText('需要登录');
  await expect(page.getByTestId('login-link')).toHaveText('前往登录');
});

test('the interface follows the language: Chinese listing texts', async ({ page }) => {
  const explorer = new ExplorerPage(page);
  await explorer.seedCredential({ adminToken: api.credential }, { language: 'zh-CN' });
  await explorer.open(mount.mountPath);
  await explorer.expectDirectory(`${mount.mountPath}/`);
  await expect(page.getByTestId('open-upload')).toHaveText('上传');
  await expect(page.getByTestId('open-mkdir')).toHaveText('新建文件夹');
  await expect(explorer.breadcrumbs.getByTestId('breadcrumb').first()).toHaveText('根目录');
  await expect(page.getByTestId('list-count')).toContainText('5 项');
});
