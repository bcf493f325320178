import { expect, test } from '@playwright/test';
import { ShellPage } from '../pages/shell-page';

test.use({ locale: 'en-US' });

test('nav links open each area in its remote', async ({ page }) => {
  const shell = await ShellPage.open(page, '/');
  await shell.expectArea('public', 'home');

  await shell.navLink('Upload').click();
  await expect(page).toHaveURL(/\/upload$/);
  await shell.expectArea('upload');

  await shell.navLink('Mount Explorer').click();
  await expect(page).toHaveURL(/\/mount-explorer$/);
  await shell.expectArea('explorer');

  await shell.navLink('Admin').click();
  await expect(page).toHaveURL(/\/admin$/);
  await shell.expectArea('admin', 'home');

  await shell.navLink('Home').click();
  await expect(page).toHaveURL(/\/$/);
  await shell.expectArea('public', 'home');
});

test('a page arrives with its own code preloaded, and a hovered nav link fetches its remote before the click, once', async ({ page }) => {
  const requests: string[] = [];
  page.on('request', (request) => requests.push(new URL(request.url()).pathname));
  // A visitor who saves data: no idle prefetch, so only the hover can fetch the remote.
  await page.addInitScript(() => Object.defineProperty(navigator, 'connection', { value: { saveData: true }, configurable: true }));
  const shell = await ShellPage.open(page, '/paste/AbC123');
  await shell.expectArea('public', 'paste');
  // The gateway announced the paste page's lazy chunk in the HTML (page-chunks.json).
  const preloads = await page
    .locator('head link[rel="preload"][as="script"]')
    .evaluateAll((links) => links.map((link) => new URL((link as HTMLLinkElement).href).pathname));
  expect(preloads.some((address) => /\/remotes\/mfe-public\/[^/]+\/page-paste\.[0-9a-f]+\.js$/.test(address))).toBe(true);
  expect(preloads.some((address) => address.includes('/remotes/mfe-upload/'))).toBe(false);

  const uploadEntry = (address: string) => /\/remotes\/mfe-upload\/[^/]+\/remoteEntry\.js$/.test(address);
  expect(requests.some(uploadEntry)).toBe(false);
  await shell.navLink('Upload').hover();
  await expect.poll(() => requests.filter(uploadEntry).length).toBe(1);
  await shell.navLink('Upload').click();
  await shell.expectArea('upload');
  expect(requests.filter(uploadEntry)).toHaveLength(1);
});

test("once the first page is up, the other areas' remotes are fetched while the browser is idle", async ({ page }) => {
  const requests: string[] = [];
  page.on('request', (request) => requests.push(new URL(request.url()).pathname));
  const shell = await ShellPage.open(page, '/upload');
  await shell.expectArea('upload');
  const entryOf = (pkg: string) => (address: string) => new RegExp(`/remotes/${pkg}/[^/]+/remoteEntry\\.js$`).test(address);
  for (const pkg of ['mfe-public', 'mfe-explorer', 'mfe-admin']) {
    await expect.poll(() => requests.filter(entryOf(pkg)).length, { timeout: 15_000 }).toBe(1);
  }
  // Entries only (the admin area's antd is not downloaded), and nothing of them runs.
  expect(
    requests.filter(
      (address) =>
        address.includes('/remotes/mfe-admin/') && !address.endsWith('/remoteEntry.js') && !address.endsWith('/mf-manifest.json'),
    ),
  ).toEqual([]);
  await expect(shell.areaPage).toHaveCount(1);
  await shell.navLink('Mount Explorer').click();
  await shell.expectArea('explorer');
  expect(requests.filter(entryOf('mfe-explorer'))).toHaveLength(1);
});

test('deep links render the matching page of the remote', async ({ page }) => {
  const shell = await ShellPage.open(page, '/paste/AbC123');
  await shell.expectArea('public', 'paste');
  await expect(shell.areaPage).toContainText('AbC123');

  await shell.goto('/mount-explorer/photos/2024');
  await shell.expectArea('explorer');
  await expect(shell.areaPage).toContainText('/photos/2024');
});

test('unknown paths redirect to the home page', async ({ page }) => {
  const shell = await ShellPage.open(page, '/definitely/not/a/page');
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  await shell.expectArea('public', 'home');
});

test('an unknown admin module falls back to the dashboard', async ({ page }) => {
  await ShellPage.open(page, '/admin/not-a-module');
  await expect(page).toHaveURL(/\/admin$/);
});

test('document titles follow the route', async ({ page }) => {
  const shell = new ShellPage(page);
  const cases: Array<[string, string]> = [
    ['/', 'Online clipboard - Cloudclip'],
    ['/upload', 'File upload - Cloudclip'],
    ['/paste/x1', 'View text share - Cloudclip'],
    ['/file/x1', 'File preview - Cloudclip'],
    ['/mount-explorer', 'Mount explorer - Cloudclip'],
    ['/admin', 'Dashboard - Cloudclip'],
    ['/admin/key-management', 'Key management - Cloudclip'],
  ];
  for (const [path, title] of cases) {
    await shell.goto(path);
    await expect(page).toHaveTitle(title);
  }
});

test('navigating inside an area keeps the remote mounted and updates the title', async ({ page }) => {
  const shell = await ShellPage.open(page, '/paste/one');
  await shell.expectArea('public', 'paste');
  await page.evaluate(() => {
    (document.querySelector('.cc-remote[data-remote="cloudclip_public"]') as HTMLElement).dataset.marker = 'kept';
  });
  await shell.navLink('Home').click();
  await shell.expectArea('public', 'home');
  await expect(page.locator('.cc-remote[data-remote="cloudclip_public"][data-marker="kept"]')).toHaveCount(1);
  await expect(page).toHaveTitle('Online clipboard - Cloudclip');
});

test('the footer shows the copyright with the current year and the header links to the source', async ({ page }) => {
  const shell = await ShellPage.open(page, '/');
  await expect(shell.footer).toContainText(`© ${new Date().getFullYear()} Cloudclip`);
  await expect(page.getByTestId('source-link')).toHaveAttribute('href', /^https:\/\//);
});

test('the skip link is the first stop of the keyboard, is named for what it does, and moves focus to the main content', async ({
  page,
}) => {
  const shell = await ShellPage.open(page, '/');
  await shell.expectArea('public', 'home');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content', exact: true });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('main#cc-main')).toBeFocused();
  // It no longer shares its name with the nav link to the home page.
  await expect(page.getByRole('link', { name: 'Home', exact: true })).toHaveCount(1);
});

test.describe('in Chinese', () => {
  test.use({ locale: 'zh-CN' });

  test('the skip link reads 跳到主要内容', async ({ page }) => {
    await ShellPage.open(page, '/');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: '跳到主要内容', exact: true })).toBeFocused();
  });
});

test.describe('on a phone-sized screen', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the nav collapses into a menu that opens and closes', async ({ page }) => {
    const shell = await ShellPage.open(page, '/');
    const uploadLink = shell.navLink('Upload');
    await expect(uploadLink).toBeHidden();
    await shell.menuToggle.click();
    await expect(shell.menuToggle).toHaveAttribute('aria-expanded', 'true');
    await expect(uploadLink).toBeVisible();
    await uploadLink.click();
    await shell.expectArea('upload');
    await expect(uploadLink).toBeHidden();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
  });
});
