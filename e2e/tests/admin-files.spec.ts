import { expect, test } from '../support/admin-test';

test.use({ locale: 'en-US' });

const run = Date.now().toString(36);

test('lists files (limit 50, offset 0), previews, edits with validation, copies the link and shows the QR code', async ({
  page,
  api,
  admin,
  context,
  baseURL,
}) => {
  test.setTimeout(60_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const file = await api.uploadFile(`notes-${run}.txt`, 'hello from the e2e tests', { remark: 'first remark' });
  const image = await api.uploadFile(
    `dot-${run}.svg`,
    '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8" fill="teal"/></svg>',
    { password: 'pw-123' },
  );
  await admin.seedCredential({ adminToken: api.token });
  const list = page.waitForRequest((request) => request.url().includes('/api/admin/files?'));
  await admin.goto('/admin/file-management');
  const url = new URL((await list).url());
  expect(url.searchParams.get('limit')).toBe('50');
  expect(url.searchParams.get('offset')).toBe('0');
  await expect(admin.row(`notes-${run}.txt`)).toBeVisible();
  await expect(admin.row(`dot-${run}.svg`).getByLabel('Password protected')).toBeVisible();

  await admin.rowAction(`dot-${run}.svg`, 'Preview');
  const preview = page.getByTestId('file-preview');
  await expect(preview.getByRole('img', { name: `dot-${run}.svg` })).toBeVisible();
  await expect(preview).toContainText('pw-123');
  await page.locator('.ant-drawer-close').click();

  await admin.rowAction(`notes-${run}.txt`, 'Edit');
  const dialog = admin.dialog(`Edit file: notes-${run}.txt`);
  await expect(dialog.getByLabel('Remark')).toHaveValue('first remark');
  await admin.expectShareLimitsRefused(dialog, 'no spaces allowed', '-3');

  await dialog.getByLabel('Remark').fill('second remark');
  await dialog.getByLabel('Link suffix').fill(`f-${run}`);
  await dialog.getByLabel('Max views').fill('3');
  await admin.choose('Expiry', 'In 1 day', dialog);
  await dialog.getByLabel('New password').fill('file-pass');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(admin.toast('File details saved')).toBeVisible();
  const detail = await api.get<{
    remark: string;
    slug: string;
    max_views: number;
    expires_at: string;
    has_password: number | boolean;
    plain_password?: string;
  }>(`/api/admin/files/${file.id}`);
  expect(detail).toMatchObject({ remark: 'second remark', slug: `f-${run}`, max_views: 3 });
  expect(Boolean(detail.has_password)).toBe(true);
  expect((new Date(detail.expires_at).getTime() - Date.now()) / 3_600_000).toBeCloseTo(24, 0);

  await admin.rowAction(`notes-${run}.txt`, 'Copy link');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/file/f-${run}`);
  await admin.rowAction(`notes-${run}.txt`, 'QR code');
  await expect(page.getByTestId('qr-code').locator('canvas')).toBeVisible();
  await expect(page.getByTestId('qr-code')).toContainText(`${baseURL}/file/f-${run}`);
  await page.keyboard.press('Escape');
  expect(image.slug).toBeTruthy();
});

test('deletes one file and a batch, each after a confirmation', async ({ page, api, admin }) => {
  const one = await api.uploadFile(`one-${run}.txt`, '1');
  const two = await api.uploadFile(`two-${run}.txt`, '2');
  const three = await api.uploadFile(`three-${run}.txt`, '3');
  await admin.seedCredential({ adminToken: api.token });
  await admin.goto('/admin/file-management');

  await admin.rowAction(`one-${run}.txt`, 'Delete');
  await expect(admin.confirmTitle()).toHaveText('Delete this file?');
  await admin.confirm();
  await expect(admin.toast('File deleted')).toBeVisible();
  await expect(admin.row(`one-${run}.txt`)).toHaveCount(0);

  await admin.row(`two-${run}.txt`).getByRole('checkbox').check();
  await admin.row(`three-${run}.txt`).getByRole('checkbox').check();
  await page.getByTestId('batch-delete').click();
  await expect(admin.confirmTitle()).toHaveText('Delete the 2 selected files?');
  await admin.confirm();
  await expect(admin.toast('2 files deleted')).toBeVisible();
  await expect(admin.row(`two-${run}.txt`)).toHaveCount(0);
  await expect(admin.row(`three-${run}.txt`)).toHaveCount(0);
  for (const id of [one.id, two.id, three.id]) {
    expect((await page.request.get(`/api/admin/files/${id}`, { headers: { Authorization: `Bearer ${api.token}` } })).status()).toBe(404);
  }
});
