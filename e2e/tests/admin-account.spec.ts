import { expect, test } from '@playwright/test';
import { ADMIN } from '../playwright.config';
import { AdminPage } from '../pages/admin-page';
import { AdminApi, loginToken } from '../support/admin-api';
import { request } from '@playwright/test';
import { API_PORT } from '../playwright.config';

test.use({ locale: 'en-US' });

const CHANGED = { username: `${ADMIN.username}-renamed`, password: `${ADMIN.password}-changed` };

/** Puts the one admin account back as the other specs expect it (idempotent). */
async function restoreAccount(): Promise<void> {
  let token: string;
  try {
    token = await loginToken(CHANGED);
  } catch {
    return; // not changed (or already restored)
  }
  const api = await request.newContext({ baseURL: `http://127.0.0.1:${API_PORT}`, extraHTTPHeaders: { Authorization: `Bearer ${token}` } });
  const response = await api.post('/api/admin/change-password', {
    data: { currentPassword: CHANGED.password, newUsername: ADMIN.username, newPassword: ADMIN.password },
  });
  await api.dispose();
  if (!response.ok()) throw new Error(`could not restore the admin account: ${response.status()} ${await response.text()}`);
}

test.afterEach(restoreAccount);

test('changing the username and password logs out after 3 seconds, with a countdown', async ({ page }) => {
  test.setTimeout(60_000);
  const api = await AdminApi.login();
  const admin = new AdminPage(page);
  await admin.seedCredential({ adminToken: api.token });
  await admin.goto('/admin/settings');
  const card = page.getByTestId('settings-account');
  await card.getByLabel('Current password').fill(ADMIN.password);
  await card.getByLabel('New username').fill(CHANGED.username);
  await card.getByLabel('New password').fill(CHANGED.password);
  await card.getByRole('button', { name: 'Change account' }).click();

  const countdown = page.getByTestId('account-countdown');
  await expect(countdown).toContainText('You will be logged out in 3 s');
  const changedAt = Date.now();
  await expect(countdown).toContainText(/logged out in [12] s/);
  await admin.expectLogin();
  const elapsed = Date.now() - changedAt;
  expect(elapsed).toBeGreaterThan(1_500);
  expect(elapsed).toBeLessThan(6_000);
  expect(await page.evaluate(() => window.localStorage.getItem('admin_token'))).toBeNull();
  // Every token of the admin was revoked by the server.
  expect((await page.request.get('/api/test/admin-token', { headers: { Authorization: `Bearer ${api.token}` } })).status()).toBe(401);
  await api.dispose();

  // The old credentials are refused, the new ones work.
  await admin.loginAsAdmin(ADMIN.username, ADMIN.password);
  await expect(admin.loginError).toBeVisible();
  await admin.loginAsAdmin(CHANGED.username, CHANGED.password);
  await admin.expectPanel();
});
