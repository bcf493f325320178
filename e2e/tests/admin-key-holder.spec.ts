import { expect, test } from '@playwright/test';
import { AdminPage } from '../pages/admin-page';
import { AdminApi } from '../support/admin-api';

test.use({ locale: 'en-US' });

test('a text-only key sees its own pastes, its account, and the permission-denied page elsewhere', async ({ page }) => {
  const admin = await AdminApi.login();
  const key = await admin.createKey({ name: `text-only-${Date.now()}`, text_permission: true });
  const other = await admin.createPaste({ content: 'admin paste the key must not see', remark: 'admin-only' });
  const asKey = await AdminApi.asKey(key.key);
  const own = await asKey.createPaste({ content: 'the key holder own paste', remark: 'mine' });
  await asKey.dispose();
  await admin.dispose();

  const panel = new AdminPage(page);
  await panel.seedCredential({ apiKey: key.key, permissions: { text: true, file: false, mount: false }, name: key.name });
  await panel.goto('/admin');
  await panel.expectPanel();
  // No dashboard rights: the permission-denied page, suggesting the admin login.
  await expect(panel.permissionDenied).toBeVisible();
  await expect(panel.permissionDenied).toContainText('Log in with the admin account');
  const menu = panel.area.locator('[data-testid^="menu-"]');
  await expect(menu).toHaveCount(2);
  await expect(page.getByTestId('menu-text-management')).toBeVisible();
  await expect(page.getByTestId('menu-settings')).toBeVisible();

  const userList = page.waitForRequest((request) => request.url().includes('/api/user/pastes?'));
  await panel.open('text-management');
  const listUrl = new URL((await userList).url());
  expect(listUrl.searchParams.get('limit')).toBe('10');
  expect(listUrl.searchParams.get('offset')).toBe('0');
  await expect(panel.row(own.slug)).toBeVisible();
  await expect(panel.row(other.slug)).toHaveCount(0);
  await expect(page.getByTestId('clear-expired')).toHaveCount(0);

  await panel.open('settings');
  await expect(page.getByTestId('settings-key-info')).toContainText(key.name);
  await expect(page.getByTestId('key-perm-text')).toHaveAttribute('data-on', 'true');
  await expect(page.getByTestId('key-perm-file')).toHaveAttribute('data-on', 'false');
  await expect(page.getByTestId('settings-cache')).toHaveCount(0);

  // Admin-only modules opened by URL: denied.
  await panel.goto('/admin/key-management');
  await expect(panel.permissionDenied).toBeVisible();
  await page.getByTestId('denied-admin-login').click();
  await panel.expectLogin();
  await expect(page.getByRole('tab', { name: 'Admin login', selected: true })).toBeVisible();
});

test('a key with file and mount permissions sees its files and mounts and clears its cache', async ({ page }) => {
  const admin = await AdminApi.login();
  const key = await admin.createKey({ name: `file-mount-${Date.now()}`, file_permission: true, mount_permission: true });
  await admin.dispose();

  const panel = new AdminPage(page);
  await panel.seedCredential({ apiKey: key.key, permissions: { text: false, file: true, mount: true }, name: key.name });
  await panel.goto('/admin/file-management');
  await expect(panel.module('file-management')).toHaveAttribute('data-access', 'user');
  await expect(panel.area.locator('[data-testid^="menu-"]')).toHaveCount(3);
  await expect(page.getByTestId('menu-text-management')).toHaveCount(0);

  await panel.open('mount-management');
  await expect(page.getByTestId('mount-create')).toHaveCount(0);
  const clear = page.waitForResponse((response) => response.url().endsWith('/api/user/cache/clear'));
  await page.getByTestId('mount-clear-cache').click();
  await panel.confirm();
  expect((await clear).status()).toBe(200);
  await expect(panel.toast(/Cache cleared/)).toBeVisible();

  await panel.open('settings');
  await expect(page.getByTestId('settings-cache')).toBeVisible();
  await page.getByRole('button', { name: 'Log out authorization' }).first().click();
  await panel.expectLogin();
});
