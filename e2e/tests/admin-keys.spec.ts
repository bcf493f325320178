import { expect, test } from '../support/admin-test';

test.use({ locale: 'en-US' });

const run = Date.now().toString(36);

test('creating a key checks every rule of spec §5, then creates it and copies the full key', async ({ page, api, admin, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await admin.seedCredential({ adminToken: api.token });
  await admin.goto('/admin/key-management');

  await page.getByTestId('key-create').click();
  const dialog = admin.dialog('Create an API key');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await admin.expectFieldError('Please enter a key name');

  await dialog.getByRole('switch', { name: 'Custom key' }).click();
  await dialog.getByRole('button', { name: 'Create' }).click();
  await admin.expectFieldError('Please enter the custom key');
  await dialog.getByLabel('Key value').fill('bad key!');
  await admin.expectFieldError('The custom key may only contain letters, digits, hyphens (-) and underscores (_)');

  await dialog.getByRole('checkbox', { name: /Mount/ }).check();
  await admin.expectFieldError('The mount permission also requires the file permission');
  await dialog.getByRole('checkbox', { name: /File/ }).check();
  await expect(admin.fieldErrors().filter({ hasText: 'The mount permission also requires the file permission' })).toHaveCount(0);

  await admin.choose('Valid for', 'Custom', dialog);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await admin.expectFieldError('Please choose the custom expiration date');
  const picker = dialog.getByLabel('Expires at');
  await picker.fill('2020-01-01 00:00:00');
  await picker.press('Enter');
  await admin.expectFieldError('The expiration date must be in the future');

  await admin.choose('Valid for', '30 days', dialog);
  const name = `key ${run}`;
  const customKey = `e2e_${run}-key`;
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Key value').fill(customKey);
  await dialog.getByLabel('Base path').fill('/docs');
  await dialog.getByRole('button', { name: 'Create' }).click();

  await expect(page.getByTestId('created-key')).toHaveText(customKey);
  await page.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
  const row = admin.row(name);
  await expect(row.getByTestId('key-masked')).toHaveText(`${customKey.slice(0, 6)}...`);
  await expect(row).not.toContainText(customKey);
  await expect(row).toContainText('Text');
  await expect(row).toContainText('File');
  await expect(row).toContainText('Mount');
  await row.getByTestId('key-copy').click();
  await expect(admin.toast('Full key copied to the clipboard')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(customKey);

  const stored = (await api.keys()).find((key) => key.name === name)!;
  expect(stored).toMatchObject({ key: customKey, basic_path: '/docs' });
  expect(Boolean(stored.mount_permission) && Boolean(stored.file_permission) && Boolean(stored.text_permission)).toBe(true);
  const days = (new Date(stored.expires_at).getTime() - Date.now()) / 86_400_000;
  expect(days).toBeGreaterThan(29.9);
  expect(days).toBeLessThan(30.1);
});

test('editing a key checks its rules, saves and deletes after a confirmation', async ({ api, admin }) => {
  const key = await api.createKey({ name: `edit ${run}`, text_permission: true });
  await admin.seedCredential({ adminToken: api.token });
  await admin.goto('/admin/key-management');

  await admin.rowAction(key.name, 'Edit');
  const dialog = admin.dialog(`Edit key: ${key.name}`);
  await dialog.getByLabel('Name').fill('');
  await admin.choose('Valid for', 'Custom', dialog);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await admin.expectFieldError('Please enter a key name');
  await admin.expectFieldError('Please choose the custom expiration date');
  await dialog.getByRole('checkbox', { name: /Mount/ }).check();
  await admin.expectFieldError('The mount permission also requires the file permission');
  await dialog.getByRole('checkbox', { name: /Mount/ }).uncheck();

  await dialog.getByLabel('Name').fill(`${key.name} renamed`);
  await admin.choose('Valid for', '7 days', dialog);
  await dialog.getByRole('checkbox', { name: /File/ }).check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(admin.toast('API key saved')).toBeVisible();
  await expect(admin.row(`${key.name} renamed`)).toBeVisible();
  const stored = (await api.keys()).find((entry) => entry.id === key.id)!;
  expect(stored.name).toBe(`${key.name} renamed`);
  expect(Boolean(stored.file_permission)).toBe(true);
  expect((new Date(stored.expires_at).getTime() - Date.now()) / 86_400_000).toBeCloseTo(7, 0);

  await admin.rowAction(`${key.name} renamed`, 'Delete');
  await expect(admin.confirmTitle()).toHaveText('Delete this API key?');
  await admin.confirm();
  await expect(admin.toast('API key deleted')).toBeVisible();
  await expect(admin.row(`${key.name} renamed`)).toHaveCount(0);
  expect((await api.keys()).some((entry) => entry.id === key.id)).toBe(false);
});
