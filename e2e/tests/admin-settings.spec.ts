import { ADMIN } from '../playwright.config';
import { expect, test } from '../support/admin-test';

test.use({ locale: 'en-US' });

test('max upload size needs a positive integer; size, unit, WebDAV mode and guest pastes are saved', async ({ page, api, admin }) => {
  test.setTimeout(90_000);
  await admin.gotoAsAdmin(api.token, '/admin/settings');
  const card = page.getByTestId('settings-system');
  const size = card.getByLabel('Max upload size');
  const save = card.getByRole('button', { name: 'Save' });
  await expect(size).toHaveValue(/\d+/);

  await size.fill('');
  await save.click();
  await admin.expectFieldError('Please enter the maximum upload size');
  for (const value of ['0', '-1', '1.5', 'abc']) {
    await size.fill(value);
    await save.click();
    await admin.expectFieldError('The maximum upload size must be a positive whole number');
  }
  await size.fill('1023');
  await admin.choose('Size unit', 'KB', card);
  await save.click();
  await admin.expectFieldError('The maximum upload size cannot be less than 1 MB');

  await size.fill('2');
  await admin.choose('Size unit', 'GB', card);
  await card.getByTestId('webdav-multipart').click();
  const guest = card.getByRole('switch', { name: 'Let visitors create text shares' });
  const wasOn = (await guest.getAttribute('aria-checked')) === 'true';
  await guest.click();
  await save.click();
  await expect(admin.toast('System settings saved')).toBeVisible();
  const values = Object.fromEntries((await api.settings()).map((row) => [row.key, row.value]));
  expect(values.max_upload_size).toBe('2048');
  expect(values.webdav_upload_mode).toBe('multipart');
  expect(values.allow_guest_pastes).toBe(String(!wasOn));
  expect((await (await page.request.get('/api/system/max-upload-size')).json()).data.max_upload_size).toBe(2048);

  await page.reload();
  await expect(page.getByTestId('settings-system').getByLabel('Max upload size')).toHaveValue('2');
  await expect(page.getByTestId('settings-system').getByTestId('size-unit')).toContainText('GB');

  await api.put('/api/admin/system-settings', { max_upload_size: 100, webdav_upload_mode: 'auto', allow_guest_pastes: false });
});

test('shows the WebDAV address of this site with who signs in there, copies it, and explains each upload mode', async ({
  page,
  api,
  admin,
  context,
  baseURL,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await admin.gotoAsAdmin(api.token, '/admin/settings');
  const card = page.getByTestId('settings-system');
  const address = card.getByLabel('WebDAV address');
  await expect(address).toHaveValue(`${baseURL}/dav/`);
  await expect(
    card.getByText(/with the administrator username and password, or with an API key that has the mount permission/),
  ).toBeVisible();
  await card.getByRole('button', { name: 'Copy address' }).click();
  await expect(admin.toast('Copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/dav/`);

  // The address is the WebDAV server, through the gateway: a challenge without credentials, the
  // mounts' listing (207) with the administrator's.
  const anonymous = await page.request.fetch(`${baseURL}/dav/`, { method: 'PROPFIND', headers: { depth: '0' } });
  expect(anonymous.status()).toBe(401);
  expect(anonymous.headers()['www-authenticate']).toMatch(/^Basic realm="Cloudclip WebDAV"/);
  const basic = `Basic ${Buffer.from(`${ADMIN.username}:${ADMIN.password}`).toString('base64')}`;
  const listing = await page.request.fetch(await address.inputValue(), {
    method: 'PROPFIND',
    headers: { depth: '0', authorization: basic },
  });
  expect(listing.status()).toBe(207);
  expect(await listing.text()).toContain('multistatus');
  for (const mode of [
    'Auto One request below 10 MB, S3 multipart above',
    'Proxy The server stores the whole file first, then uploads it; for clients that send no length',
    'Multipart Always S3 multipart, part by part',
    'Direct One streamed request straight to the storage',
  ]) {
    await expect(card.getByRole('radio', { name: mode })).toBeAttached();
  }
});

test.describe('on a phone-sized screen', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the WebDAV address with its copy button and the upload modes fit the screen', async ({ page, api, admin, baseURL }) => {
    await admin.gotoAsAdmin(api.token, '/admin/settings');
    const card = page.getByTestId('settings-system');
    const address = card.getByLabel('WebDAV address');
    await expect(address).toHaveValue(`${baseURL}/dav/`);
    // The whole address shows: the copy button goes below it rather than squeezing it.
    expect(await address.evaluate((input) => input.scrollWidth <= input.clientWidth)).toBe(true);
    const copy = await card.getByRole('button', { name: 'Copy address' }).boundingBox();
    expect(copy && copy.x + copy.width).toBeLessThanOrEqual(390);
    const proxyMode = await card.locator('label', { has: page.getByTestId('webdav-proxy') }).boundingBox();
    expect(proxyMode && proxyMode.x + proxyMode.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});

test('clears the caches after a confirmation', async ({ page, api, admin }) => {
  await admin.gotoAsAdmin(api.token, '/admin/settings');
  await page.getByTestId('cache-clear').click();
  await expect(admin.confirmTitle()).toHaveText('Clear every cache?');
  await admin.confirmCacheClear();
});

test('the account form requires the current password, a change, and a different new password', async ({ page, api, admin }) => {
  await admin.gotoAsAdmin(api.token, '/admin/settings');
  const card = page.getByTestId('settings-account');
  const submit = card.getByRole('button', { name: 'Change account' });
  await submit.click();
  await admin.expectFieldError('Please enter your current password');
  await admin.expectFieldError('Enter at least a new password or a new username');

  await card.getByLabel('Current password').fill('same-password');
  await card.getByLabel('New password').fill('same-password');
  await submit.click();
  await admin.expectFieldError('The new password must be different from the current one');

  // A wrong current password is refused by the server; the session stays.
  await card.getByLabel('New password').fill('another-password-1');
  await submit.click();
  await expect(page.locator('.ant-message-notice-error')).toBeVisible();
  await admin.expectPanel();
  expect(await page.evaluate(() => window.localStorage.getItem('admin_token'))).toBe(api.token);
});
