import { expect, test } from '../support/admin-test';
import { S3RVER } from '../playwright.config';

test.use({ locale: 'en-US' });

const run = Date.now().toString(36);

test('creates an S3 config (secrets masked), tests it step by step, sets it default, edits it and deletes it', async ({
  page,
  api,
  admin,
}) => {
  const previousDefault = (await api.configs()).find((config) => config.is_default === 1);
  await admin.gotoAsAdmin(api.token, '/admin/storage-config');
  await expect(admin.module('storage-config')).toBeVisible();

  await page.getByTestId('storage-create').click();
  const drawer = admin.dialog('Add a storage configuration');
  await drawer.getByRole('button', { name: 'Create' }).click();
  for (const message of [
    'Please enter a name',
    'Please enter the endpoint URL',
    'Please enter the bucket name',
    'Please enter the access key ID',
    'Please enter the secret access key',
  ]) {
    await admin.expectFieldError(message);
  }
  await drawer.getByLabel('Endpoint URL').fill('not a url');
  await admin.expectFieldError('Please enter a valid HTTP or HTTPS address');

  const name = `s3rver ${run}`;
  await drawer.getByLabel('Name').fill(name);
  await drawer.getByLabel('Endpoint URL').fill(S3RVER.endpoint);
  await drawer.getByLabel('Bucket').fill(S3RVER.bucket);
  await drawer.getByLabel('Access key ID').fill(S3RVER.accessKeyId);
  await drawer.getByLabel('Secret access key').fill(S3RVER.secretAccessKey);
  await drawer.getByLabel('Default folder').fill('e2e');
  await drawer.getByRole('button', { name: 'Create' }).click();
  await expect(admin.toast('Storage configuration added')).toBeVisible();
  const row = admin.row(name);
  await expect(row).toBeVisible();
  await expect(row).toContainText('••••••••');
  await expect(row).not.toContainText(S3RVER.secretAccessKey);
  const created = (await api.configs()).find((config) => config.name === name)!;
  expect(created).toBeTruthy();
  expect(JSON.stringify(created)).not.toContain('secret_access_key');

  // Test: every step's result.
  await admin.rowAction(name, 'Test connection');
  const report = page.getByTestId('storage-test-report');
  await expect(report).toBeVisible({ timeout: 30_000 });
  await expect(report).toHaveAttribute('data-success', 'true');
  for (const step of ['read', 'write', 'cors', 'upload-step1', 'upload-step2', 'upload-step3']) {
    await expect(page.getByTestId(`test-step-${step}`)).toHaveAttribute('data-status', 'success');
  }
  await expect(report).toContainText('Every check passed');
  await page.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();

  // Set default.
  await admin.rowAction(name, 'Set as default');
  await expect(admin.toast(`${name} is now the default storage`)).toBeVisible();
  await expect(row.getByText('Default', { exact: true })).toBeVisible();
  expect((await api.configs()).find((config) => config.id === created.id)?.is_default).toBe(1);
  await expect(row.getByRole('button', { name: 'Set as default' })).toBeDisabled();

  // Edit: blank secrets keep the stored ones (the test still passes).
  await admin.rowAction(name, 'Edit');
  const edit = admin.dialog('Edit storage configuration');
  await expect(edit.getByLabel('Secret access key')).toHaveValue('');
  await edit.getByLabel('Name').fill(`${name} edited`);
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(admin.toast('Storage configuration saved')).toBeVisible();
  await expect(admin.row(`${name} edited`)).toBeVisible();
  await admin.rowAction(`${name} edited`, 'Test connection');
  await expect(page.getByTestId('storage-test-report')).toHaveAttribute('data-success', 'true', { timeout: 30_000 });
  await page.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();

  // Give the default back, then delete.
  if (previousDefault) await api.put(`/api/s3-configs/${previousDefault.id}/set-default`);
  await page.getByTestId('table-refresh').click();
  await admin.rowAction(`${name} edited`, 'Delete');
  await expect(admin.confirmTitle()).toHaveText('Delete this storage configuration?');
  await admin.confirm();
  await expect(admin.toast('Storage configuration deleted')).toBeVisible();
  await expect(admin.row(`${name} edited`)).toHaveCount(0);
});

test('creates a local-disk config without endpoint or credentials, and a failing S3 test shows the failed steps', async ({
  page,
  api,
  admin,
}) => {
  await admin.gotoAsAdmin(api.token, '/admin/storage-config');

  await page.getByTestId('storage-create').click();
  const drawer = admin.dialog('Add a storage configuration');
  await admin.choose('Provider', 'Local storage', drawer);
  await expect(page.getByTestId('local-storage-hint')).toBeVisible();
  await expect(drawer.getByLabel('Endpoint URL')).toHaveCount(0);
  await drawer.getByLabel('Name').fill(`disk ${run}`);
  await drawer.getByRole('button', { name: 'Create' }).click();
  await expect(admin.toast('Storage configuration added')).toBeVisible();
  await expect(admin.row(`disk ${run}`)).toContainText('Local');
  const local = (await api.configs()).find((config) => config.name === `disk ${run}`)!;
  expect(local.driver ?? local.provider_type).toMatch(/local/i);

  // An S3 config pointing at a bucket that does not exist: the test reports the failed steps.
  const broken = await api.post<{ id: string }>('/api/s3-configs', {
    name: `broken ${run}`,
    provider_type: 'Other',
    endpoint_url: S3RVER.endpoint,
    bucket_name: 'no-such-bucket',
    access_key_id: S3RVER.accessKeyId,
    secret_access_key: S3RVER.secretAccessKey,
    path_style: true,
  });
  await page.getByTestId('table-refresh').click();
  await admin.rowAction(`broken ${run}`, 'Test connection');
  const report = page.getByTestId('storage-test-report');
  await expect(report).toHaveAttribute('data-success', 'false', { timeout: 30_000 });
  await expect(page.getByTestId('test-step-read')).toHaveAttribute('data-status', 'error');
  await expect(report).toContainText('Some checks failed');
  await page.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();

  for (const label of [`disk ${run}`, `broken ${run}`]) {
    await admin.rowAction(label, 'Delete');
    await admin.confirm();
    await expect(admin.row(label)).toHaveCount(0);
  }
  await api.delete(`/api/s3-configs/${broken.id}`).catch(() => undefined);
});
