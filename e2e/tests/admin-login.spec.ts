import { expect, test } from '@playwright/test';
import { ADMIN } from '../playwright.config';
import { AdminPage } from '../pages/admin-page';
import { AdminApi, loginToken } from '../support/admin-api';

test.describe('admin login (en-US)', () => {
  test.use({ locale: 'en-US' });

  test('an admin logs in with username and password, and logs out', async ({ page }) => {
    const admin = new AdminPage(page);
    await admin.goto('/admin');
    await admin.expectLogin();
    await expect(admin.area).toHaveAttribute('data-page', 'home');

    await admin.loginAsAdmin(ADMIN.username, ADMIN.password);
    await admin.expectPanel();
    await expect(admin.module('dashboard')).toBeVisible();
    const token = await page.evaluate(() => window.localStorage.getItem('admin_token'));
    expect(token).toMatch(/^\S{16,}$/);

    const logout = page.waitForRequest((request) => request.url().endsWith('/api/admin/logout') && request.method() === 'POST');
    await admin.logoutButton.click();
    await logout;
    await admin.expectLogin();
    expect(await page.evaluate(() => window.localStorage.getItem('admin_token'))).toBeNull();
  });

  test('username and password are both required; the API key is required', async ({ page }) => {
    const admin = new AdminPage(page);
    await admin.goto('/admin');
    await page.getByRole('button', { name: 'Log in' }).click();
    await admin.expectFieldError('Please enter the username');
    await admin.expectFieldError('Please enter the password');

    await admin.field('Username').fill('someone');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(admin.fieldErrors().filter({ hasText: 'Please enter the username' })).toHaveCount(0);
    await admin.expectFieldError('Please enter the password');

    await page.getByRole('tab', { name: 'API key login' }).click();
    await page.getByRole('button', { name: 'Verify and log in' }).click();
    await admin.expectFieldError('Please enter your API key');
    await admin.expectLogin();
  });

  test('a wrong password is refused with the server message', async ({ page }) => {
    const admin = new AdminPage(page);
    await admin.goto('/admin');
    await admin.loginAsAdmin(ADMIN.username, 'not-the-password');
    await expect(admin.loginError).toBeVisible();
    await expect(admin.loginError).not.toHaveText('');
    await admin.expectLogin();
  });

  test('login errors: token not found, invalid response format, server error', async ({ page }) => {
    const admin = new AdminPage(page);
    await admin.goto('/admin');
    const answers = [
      {
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ code: 200, message: 'ok', data: { username: ADMIN.username } }),
        text: 'No token found in the login response',
      },
      { status: 200, contentType: 'text/html', body: '<html>gateway page</html>', text: 'Invalid response format' },
      {
        status: 502,
        contentType: 'application/json',
        body: JSON.stringify({ code: 502, message: 'bad gateway', success: false }),
        text: 'Server error, please try again later',
      },
    ];
    for (const answer of answers) {
      await page.route('**/api/admin/login', (route) =>
        route.fulfill({ status: answer.status, contentType: answer.contentType, body: answer.body }),
      );
      await admin.loginAsAdmin(ADMIN.username, ADMIN.password);
      await expect(admin.loginError).toHaveText(answer.text);
      await page.unroute('**/api/admin/login');
    }
    await admin.expectLogin();
    expect(await page.evaluate(() => window.localStorage.getItem('admin_token'))).toBeNull();
  });

  test("a key holder logs in with an API key and uses 'log out authorization'", async ({ page }) => {
    const api = await AdminApi.login();
    const key = await api.createKey({ name: `login-key-${Date.now()}`, text_permission: true });
    await api.dispose();

    const admin = new AdminPage(page);
    await admin.goto('/admin/text-management');
    await admin.loginWithKey(key.key);
    await admin.expectPanel();
    await expect(admin.area).toHaveAttribute('data-session', 'apiKey');
    await expect(admin.module('text-management')).toBeVisible();
    expect(await page.evaluate(() => window.localStorage.getItem('api_key'))).toBe(key.key);
    expect(JSON.parse((await page.evaluate(() => window.localStorage.getItem('api_key_permissions'))) ?? '{}')).toEqual({
      text: true,
      file: false,
      mount: false,
    });

    await expect(admin.logoutButton).toHaveText('Log out authorization');
    await admin.logoutButton.click();
    await admin.expectLogin();
    expect(await page.evaluate(() => window.localStorage.getItem('api_key'))).toBeNull();
  });

  test('key errors: validation failed, permissions not readable, server error', async ({ page }) => {
    const admin = new AdminPage(page);
    await admin.goto('/admin');
    await admin.loginWithKey('definitely-not-a-key');
    await expect(admin.loginError).toBeVisible();
    await expect(admin.loginError).not.toHaveText('');
    await admin.expectLogin();

    await page.route('**/api/test/api-key', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ code: 200, message: 'ok', data: { name: 'x' } }),
      }),
    );
    await admin.submitLogin(/Verify and log in$/);
    await expect(admin.loginError).toHaveText('Could not read the API key permissions');
    await page.unroute('**/api/test/api-key');

    await page.route('**/api/test/api-key', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ code: 500, message: 'boom', success: false }) }),
    );
    await admin.submitLogin(/Verify and log in$/);
    await expect(admin.loginError).toHaveText('Server error, please try again later');
    await admin.expectLogin();
    expect(await page.evaluate(() => window.localStorage.getItem('api_key'))).toBeNull();
  });

  test('an admin token that expires while the panel is open leads back to the login page', async ({ page }) => {
    const token = await loginToken();
    const admin = new AdminPage(page);
    await admin.seedCredential({ adminToken: token });
    // The module's first list call must be answered with the valid token: a list call sent after the
    // token is revoked would end the session by itself, and the menu would be gone before the click.
    const listed = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/admin/pastes');
    await admin.goto('/admin/text-management');
    await admin.expectPanel();
    await expect(admin.module('text-management')).toBeVisible();
    expect((await listed).ok()).toBe(true);

    // The server forgets the token (as when it expires): the next admin call answers 403, the
    // kernel re-checks the session (401), clears the token and announces the expiry.
    const response = await page.request.post('/api/admin/logout', { headers: { Authorization: `Bearer ${token}` } });
    expect(response.ok()).toBe(true);

    await page.getByTestId('menu-key-management').click();
    await admin.expectLogin();
    await expect(admin.sessionNotice).toHaveAttribute('data-notice', 'adminExpired');
    expect(await page.evaluate(() => window.localStorage.getItem('admin_token'))).toBeNull();
  });
});

test.describe('admin login (zh-CN)', () => {
  test.use({ locale: 'zh-CN' });

  test('shows the Chinese form and its validation messages', async ({ page }) => {
    const admin = new AdminPage(page);
    await admin.goto('/admin');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('管理面板登录');
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await admin.expectFieldError('请输入用户名');
    await admin.expectFieldError('请输入密码');
    await page.getByRole('tab', { name: 'API 密钥登录' }).click();
    await page.getByRole('button', { name: '验证并登录' }).click();
    await admin.expectFieldError('请输入 API 密钥');
  });
});
