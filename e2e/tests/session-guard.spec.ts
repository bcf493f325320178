import { expect, test } from '@playwright/test';
import { ShellPage } from '../pages/shell-page';
import { adminToken } from '../support/api';

test.use({ locale: 'en-US' });

test('the admin guard clears a rejected token and announces the expiry', async ({ page }) => {
  const shell = await ShellPage.open(page, '/');
  await shell.expectArea('public');
  await page.evaluate(() => window.localStorage.setItem('admin_token', 'not-a-valid-token'));

  await shell.navLink('Admin').click();
  await expect(shell.sessionNotice).toBeVisible();
  await expect(shell.sessionNotice).toHaveAttribute('data-notice', 'adminExpired');
  await expect(shell.sessionNotice).toContainText('admin session has expired');
  expect(await shell.storage('admin_token')).toBeNull();
  // Navigation proceeds anyway.
  await expect(page).toHaveURL(/\/admin$/);
  await shell.expectArea('admin');
});

test('the admin guard keeps a valid token', async ({ page }) => {
  const token = await adminToken();
  const shell = await ShellPage.open(page, '/');
  await page.evaluate((value) => window.localStorage.setItem('admin_token', value), token);
  const check = page.waitForResponse((response) => response.url().endsWith('/api/test/admin-token'));
  await shell.navLink('Admin').click();
  expect((await check).status()).toBe(200);
  await shell.expectArea('admin');
  expect(await shell.storage('admin_token')).toBe(token);
  await expect(shell.sessionNotice).toHaveCount(0);
});

test('a stale token found at start-up is cleared on any page', async ({ page }) => {
  const shell = await ShellPage.open(page, '/');
  await page.evaluate(() => window.localStorage.setItem('admin_token', 'expired-token'));
  await page.reload();
  await expect(shell.sessionNotice).toBeVisible();
  expect(await shell.storage('admin_token')).toBeNull();
});

test.describe('environment switcher', () => {
  test.use({ locale: 'zh-CN' });

  test('is hidden without an admin token or without the query parameter', async ({ page }) => {
    const shell = await ShellPage.open(page, '/?showEnvSwitcher');
    await shell.expectArea('public');
    await expect(shell.envSwitcher).toHaveCount(0);

    const token = await adminToken();
    await page.evaluate((value) => window.localStorage.setItem('admin_token', value), token);
    await shell.goto('/');
    await shell.expectArea('public');
    await expect(shell.envSwitcher).toHaveCount(0);
  });

  test('switches the API base address and reloads', async ({ page, baseURL }) => {
    const token = await adminToken();
    const shell = await ShellPage.open(page, '/');
    await page.evaluate((value) => window.localStorage.setItem('admin_token', value), token);
    await shell.goto('/?showEnvSwitcher');

    await expect(shell.envSwitcher).toBeVisible();
    await expect(shell.envSwitcher.getByRole('heading')).toHaveText('API环境切换');
    await expect(page.getByTestId('env-current')).toHaveText(baseURL!);
    // The page's own address matches no preset: the custom field opens prefilled with it.
    const input = page.getByTestId('env-custom-input');
    await expect(input).toHaveValue(baseURL!);
    await expect(input).toHaveAttribute('placeholder', '输入API基础URL');

    // Blank input: an error, no reload, nothing saved.
    await input.fill('   ');
    await page.getByTestId('env-apply').click();
    await expect(shell.envSwitcher.getByRole('alert')).toBeVisible();
    expect(await shell.storage('vite-api-base-url')).toBeNull();

    // Custom address, trimmed, saved, reloaded.
    const custom = `${baseURL}`;
    await input.fill(`  ${custom}  `);
    await Promise.all([page.waitForEvent('load'), page.getByTestId('env-apply').click()]);
    expect(await shell.storage('vite-api-base-url')).toBe(custom);
    await expect(page.getByTestId('env-current')).toHaveText(custom);

    // A preset saves its address and reloads; the panel then shows it as current.
    await Promise.all([page.waitForEvent('load'), page.getByTestId('env-preset-local').click()]);
    expect(await shell.storage('vite-api-base-url')).toBe('http://localhost:8787');
    await expect(page.getByTestId('env-current')).toHaveText('http://localhost:8787');
    await expect(page.getByTestId('env-custom-input')).toHaveCount(0);

    await page.evaluate(() => window.localStorage.removeItem('vite-api-base-url'));
  });
});
