import { expect, test } from '@playwright/test';
import { AdminPage } from '../pages/admin-page';
import { ShellPage } from '../pages/shell-page';
import { AdminApi } from '../support/admin-api';

test.describe('languages and theme', () => {
  test.use({ locale: 'en-US' });

  test('follows the language switch of the host, antd texts included', async ({ page }) => {
    const api = await AdminApi.login();
    await api.createPaste({ content: 'language check' });
    const admin = new AdminPage(page);
    const shell = new ShellPage(page);
    await admin.seedCredential({ adminToken: api.token });
    await api.dispose();
    await admin.goto('/admin/text-management');
    await expect(page.getByRole('heading', { level: 1, name: 'Text management' })).toBeVisible();
    await expect(page.locator('.ant-pagination-options')).toContainText('/ page');
    await expect(page.getByRole('columnheader', { name: 'Link suffix' })).toBeVisible();

    await shell.languageSwitch.selectOption('zh-CN');
    await expect(page.getByRole('heading', { level: 1, name: '文本管理' })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: '链接后缀' })).toBeVisible();
    await expect(page.locator('.ant-pagination-options')).toContainText('条/页');
    await expect(page.getByTestId('menu-key-management')).toHaveText('密钥管理');
    await expect(page).toHaveTitle('文本管理 - Cloudclip');

    await shell.languageSwitch.selectOption('en-US');
    await expect(page.getByRole('heading', { level: 1, name: 'Text management' })).toBeVisible();
  });

  test('switches antd to the dark algorithm with the host theme toggle', async ({ page }) => {
    const api = await AdminApi.login();
    const admin = new AdminPage(page);
    const shell = new ShellPage(page);
    await page.addInitScript(() => {
      if (!window.sessionStorage.getItem('cc-e2e-theme')) {
        window.sessionStorage.setItem('cc-e2e-theme', '1');
        window.localStorage.setItem('themeMode', 'light');
      }
    });
    await admin.seedCredential({ adminToken: api.token });
    await api.dispose();
    await admin.goto('/admin/key-management');
    const table = page.locator('.ant-table').first();
    await expect(table).toBeVisible();
    const luminance = () =>
      table.evaluate((element) => {
        const [r, g, b] = getComputedStyle(element).backgroundColor.match(/\d+/g)!.map(Number) as [number, number, number];
        return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
      });
    await expect(admin.area).toHaveAttribute('data-dark', 'false');
    expect(await luminance()).toBeGreaterThan(0.8);

    // light → dark
    await shell.themeToggle.click();
    await expect(admin.area).toHaveAttribute('data-dark', 'true');
    await expect.poll(luminance).toBeLessThan(0.2);
    await expect(page.getByRole('heading', { level: 1, name: 'Key management' })).toBeVisible();
  });
});

test.describe('antd stays out of the other pages', () => {
  test.use({ locale: 'en-US' });

  test('the admin remote (antd, pro-components) loads only when /admin is opened', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    const shell = await ShellPage.open(page, '/');
    await shell.expectArea('public');
    await shell.navLink('Upload').click();
    await shell.expectArea('upload');
    // Its entry may arrive while the browser is idle (a few KB); antd and pro-components may not.
    expect(scripts.filter((url) => url.includes('/mfe-admin/') && !url.endsWith('/remoteEntry.js'))).toEqual([]);

    await shell.navLink('Admin').click();
    // First visit: the remote with antd and pro-components is downloaded now.
    await expect(new AdminPage(page).area).toBeVisible({ timeout: 30_000 });
    await expect(page.locator('[data-testid="admin-login"], .ant-pro-layout').first()).toBeVisible();
    expect(scripts.filter((url) => url.includes('/mfe-admin/') && !url.endsWith('/remoteEntry.js')).length).toBeGreaterThan(0);
  });
});

test.describe('on a phone-sized screen', () => {
  test.use({ locale: 'en-US', viewport: { width: 390, height: 844 } });

  test('the side menu collapses into a drawer and nothing overflows', async ({ page }) => {
    const api = await AdminApi.login();
    await api.createPaste({ content: 'phone check' });
    const admin = new AdminPage(page);
    await admin.seedCredential({ adminToken: api.token });
    await api.dispose();
    await admin.goto('/admin');
    await expect(admin.module('dashboard')).toBeVisible();
    await expect(page.getByTestId('menu-text-management')).toBeHidden();

    await page.locator('.ant-pro-global-header-collapsed-button').click();
    await expect(page.getByTestId('menu-text-management')).toBeVisible();
    await page.getByTestId('menu-text-management').click();
    await expect(admin.module('text-management')).toBeVisible();
    await expect(page.getByTestId('menu-text-management')).toBeHidden();
    await expect(admin.rows().first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await page.locator('.ant-pro-global-header-collapsed-button').click();
    await page.getByTestId('menu-settings').click();
    await expect(page.getByTestId('settings-system')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  test('the login page fits the screen', async ({ page }) => {
    const admin = new AdminPage(page);
    await admin.goto('/admin');
    await admin.expectLogin();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
