import { type Locator } from '@playwright/test';
import { expect, test } from '../support/admin-test';

test.use({ locale: 'en-US' });

const run = Date.now().toString(36);

async function clearSelect(dialog: Locator, label: string): Promise<void> {
  const select = dialog
    .getByLabel(label, { exact: true })
    .locator('xpath=ancestor::div[contains(concat(" ", normalize-space(@class), " "), " ant-select ")][1]');
  await select.hover();
  await select.locator('.ant-select-clear').click();
}

test('the mount form shows every validation message of spec §5', async ({ page, api, admin }) => {
  test.setTimeout(90_000);
  await admin.gotoAsAdmin(api.token, '/admin/mount-management');
  await page.getByTestId('mount-create').click();
  const dialog = admin.dialog('Add a mount point');
  const submit = () => dialog.getByRole('button', { name: 'Create' }).click();
  const expectError = async (field: string, value: string, message: string) => {
    await dialog.getByLabel(field, { exact: true }).fill(value);
    await submit();
    await admin.expectFieldError(message);
  };

  await clearSelect(dialog, 'Storage type');
  await clearSelect(dialog, 'S3 configuration');
  await submit();
  await admin.expectFieldError('Please enter a mount name');
  await admin.expectFieldError('Please select a storage type');
  await admin.expectFieldError('Please select an S3 configuration');
  await admin.expectFieldError('Please enter a mount path');

  // One wrong value at a time, each with its message.
  const invalidValues: Array<[field: string, value: string, message: string]> = [
    ['Name', 'x'.repeat(51), 'The mount name cannot be longer than 50 characters'],
    ['Mount path', 'photos', 'The mount path must start with /'],
    [
      'Mount path',
      '/my photos',
      'The mount path may only contain letters (Chinese and other scripts included), digits, underscores, hyphens and slashes',
    ],
    ['Mount path', '/a//b', 'The mount path cannot contain consecutive slashes (//)'],
    ['Mount path', '/a/', 'The mount path cannot end with / (except the root path /)'],
    ['Mount path', '/api/files', '/api is a reserved system path: it cannot be used as a mount path, nor can any path under it'],
    ['Cache TTL (seconds)', '1.5', 'The cache TTL must be a whole number of seconds'],
    ['Cache TTL (seconds)', '-1', 'The cache TTL cannot be negative'],
    ['Cache TTL (seconds)', '86401', 'The cache TTL cannot exceed 86400 seconds'],
    ['Sort order', 'first', 'The sort order must be a whole number'],
  ];
  for (const [field, value, message] of invalidValues) await expectError(field, value, message);

  // Chinese characters are allowed in a path.
  await dialog.getByLabel('Mount path', { exact: true }).fill('/照片/2024');
  await expect(admin.fieldErrors().filter({ hasText: /mount path/ })).toHaveCount(0);
});

test('creates, edits, deactivates, activates and deletes a mount', async ({ page, api, admin }) => {
  await admin.gotoAsAdmin(api.token, '/admin/mount-management');

  const name = `mount ${run}`;
  await page.getByTestId('mount-create').click();
  const dialog = admin.dialog('Add a mount point');
  await dialog.getByLabel('Name', { exact: true }).fill(name);
  await dialog.getByLabel('Mount path', { exact: true }).fill(`/e2e-${run}`);
  await dialog.getByLabel('Remark', { exact: true }).fill('created by e2e');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(admin.toast('Mount point added')).toBeVisible();
  const row = admin.row(name);
  await expect(row).toContainText(`/e2e-${run}`);
  const mounts =
    await api.get<Array<{ id: string; name: string; is_active: number; cache_ttl: number; remark: string }>>('/api/admin/mounts');
  const created = mounts.find((mount) => mount.name === name)!;
  expect(created).toMatchObject({ is_active: 1, cache_ttl: 300, remark: 'created by e2e' });

  await row.getByTestId('mount-active').click();
  await expect(admin.toast(`Mount point ${name} deactivated`)).toBeVisible();
  await expect(row.getByTestId('mount-active')).toHaveAttribute('aria-checked', 'false');
  expect((await api.get<{ is_active: number }>(`/api/admin/mounts/${created.id}`)).is_active).toBe(0);
  await row.getByTestId('mount-active').click();
  await expect(admin.toast(`Mount point ${name} activated`)).toBeVisible();
  expect((await api.get<{ is_active: number }>(`/api/admin/mounts/${created.id}`)).is_active).toBe(1);

  await admin.rowAction(name, 'Edit');
  const edit = admin.dialog('Edit mount point');
  await expect(edit.getByLabel('Mount path', { exact: true })).toHaveValue(`/e2e-${run}`);
  await edit.getByLabel('Cache TTL (seconds)', { exact: true }).fill('600');
  await edit.getByLabel('Sort order', { exact: true }).fill('-2');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(admin.toast('Mount point saved')).toBeVisible();
  expect(await api.get<{ cache_ttl: number; sort_order: number }>(`/api/admin/mounts/${created.id}`)).toMatchObject({
    cache_ttl: 600,
    sort_order: -2,
  });

  await admin.rowAction(name, 'Delete');
  await expect(admin.confirmTitle()).toHaveText('Delete this mount point?');
  await admin.confirm();
  await expect(admin.toast('Mount point deleted')).toBeVisible();
  await expect(admin.row(name)).toHaveCount(0);
});

test('clears every cache from the mount page after a confirmation', async ({ page, api, admin }) => {
  await admin.gotoAsAdmin(api.token, '/admin/mount-management');
  await page.getByTestId('mount-clear-cache').click();
  await admin.confirmCacheClear();
});
