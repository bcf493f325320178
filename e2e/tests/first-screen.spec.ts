import { expect, test, type Locator, type Page } from '@playwright/test';
import { ShellPage } from '../pages/shell-page';

/**
 * The boot page paints the top of a page (its first screen, rendered from the remote's own
 * components at build time) before any remote code has run; the remote's page then takes its place
 * in the same spot (shared-kernel/build/first-screen.cjs, host-shell/src/features/remote-slot/first-screen.ts).
 */

/** Holds the upload remote's entry script until the returned function is called. */
async function holdUploadRemote(page: Page): Promise<() => void> {
  let release = () => undefined as void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/remotes/mfe-upload/**/remoteEntry.js', async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/**
 * Opens /upload with the upload remote held and waits for the first screen's page heading (`name`);
 * returns the first screen, that heading and the release of the remote.
 */
async function openUploadFirstScreen(page: Page, name: string): Promise<{ release: () => void; firstScreen: Locator; heading: Locator }> {
  const release = await holdUploadRemote(page);
  await page.goto('/upload');
  const firstScreen = page.locator('#cc-first-screen');
  const heading = firstScreen.getByRole('heading', { name, level: 1 });
  await expect(heading).toBeVisible();
  return { release, firstScreen, heading };
}

test.describe('first screen, en-US', () => {
  test.use({ locale: 'en-US' });

  test("shows the page's heading and login notice before the remote runs, then the remote's page takes the same place", async ({
    page,
  }) => {
    const shell = new ShellPage(page);
    const { release, firstScreen, heading } = await openUploadFirstScreen(page, 'File upload');
    await expect(shell.header).toBeVisible();
    await expect(firstScreen.getByText('Log in to upload')).toBeVisible();
    // Nothing of the remote yet, and the footer waits below the page that is not there.
    await expect(page.locator('[data-area="upload"]')).toHaveCount(0);
    await expect(shell.footer).toBeHidden();
    const before = await heading.boundingBox();

    release();
    await shell.expectArea('upload');
    await expect(firstScreen).toHaveCount(0);
    const headings = page.getByRole('heading', { name: 'File upload', level: 1 });
    await expect(headings).toHaveCount(1);
    expect(await headings.boundingBox()).toEqual(before);
    await expect(page.getByTestId('upload-access-notice')).toBeVisible();
    await expect(shell.footer).toBeVisible();
  });

  test('is dropped when the visitor leaves the address before the remote has loaded', async ({ page }) => {
    await holdUploadRemote(page);
    const shell = await ShellPage.open(page, '/upload');
    await expect(page.locator('#cc-first-screen').getByText('Log in to upload')).toBeVisible();

    await shell.navLink('Home').click();
    await shell.expectArea('public', 'home');
    await expect(page.locator('#cc-first-screen')).toHaveCount(0);
    await expect(page.getByText('Log in to upload')).toHaveCount(0);
    await expect(shell.footer).toBeVisible();
  });
});

test.describe('first screen, zh-CN, dark, phone, signed in', () => {
  test.use({ locale: 'zh-CN', viewport: { width: 390, height: 844 } });

  test("a visitor with a stored credential gets the heading without the visitors' login notice, in the theme's colours", async ({
    page,
  }) => {
    await page.addInitScript(() => {
      window.localStorage.setItem('themeMode', 'dark');
      window.localStorage.setItem('api_key', 'ck_not_checked_yet');
    });
    const { release, firstScreen, heading } = await openUploadFirstScreen(page, '文件上传');
    await expect(firstScreen.getByText('登录后才能上传')).toBeHidden();
    await expect(firstScreen.getByText('Log in to upload')).toBeHidden();
    // The dark theme's text colour (shared-kernel theme tokens), before the kernel has run its theme.
    expect(await heading.evaluate((element) => getComputedStyle(element).color)).toBe('rgb(230, 237, 243)');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    release();
    await expect(page.locator('[data-area="upload"]')).toBeVisible();
    await expect(firstScreen).toHaveCount(0);
  });
});
