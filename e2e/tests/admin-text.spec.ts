import { expect, test } from '@playwright/test';
import { AdminPage } from '../pages/admin-page';
import { AdminApi } from '../support/admin-api';

test.use({ locale: 'en-US' });

const run = `t${Date.now().toString(36)}`;

async function openTextManagement(page: import('@playwright/test').Page, api: AdminApi): Promise<AdminPage> {
  const admin = new AdminPage(page);
  await admin.seedCredential({ adminToken: api.token });
  await admin.goto('/admin/text-management');
  await expect(admin.module('text-management')).toBeVisible();
  return admin;
}

test('lists page 1 with 10 rows, pages on the server and searches the page', async ({ page }) => {
  const api = await AdminApi.login();
  for (let index = 0; index < 12; index += 1)
    await api.createPaste({ content: `list paste ${index}`, slug: `${run}-list-${index}`, remark: `${run} remark ${index}` });
  const first = page.waitForRequest((request) => request.url().includes('/api/admin/pastes?'));
  const admin = await openTextManagement(page, api);
  const url = new URL((await first).url());
  expect(url.searchParams.get('page')).toBe('1');
  expect(url.searchParams.get('limit')).toBe('10');
  await expect(admin.rows()).toHaveCount(10);
  await expect(admin.row(`${run}-list-11`)).toBeVisible();

  const second = page.waitForRequest((request) => request.url().includes('/api/admin/pastes?') && request.url().includes('page=2'));
  await admin.toPage(2);
  await second;
  // list-1 alone: a bare substring would also match list-10 and list-11 while page 1 is still shown.
  await expect(admin.row(new RegExp(`${run}-list-1(?!\\d)`))).toBeVisible();
  await expect(admin.row(`${run}-list-11`)).toHaveCount(0);

  await admin.toPage(1);
  await expect(admin.row(`${run}-list-11`)).toBeVisible();
  // Our server offers search: the keyword goes to the server as q (the whole list, not the page shown).
  const searched = page.waitForRequest((request) => request.url().includes('/api/admin/pastes?') && request.url().includes('q='));
  await page.getByTestId('table-search').fill(`${run} remark 10`);
  await page.getByTestId('table-search').press('Enter');
  expect(new URL((await searched).url()).searchParams.get('q')).toBe(`${run} remark 10`);
  await expect(admin.rows()).toHaveCount(1);
  await expect(admin.row(`${run}-list-10`)).toBeVisible();
  await api.dispose();
});

test('previews, edits (with validation), copies the link and shows the QR code', async ({ page, context, baseURL }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const api = await AdminApi.login();
  const slug = `${run}-edit`;
  const created = await api.createPaste({ content: 'original content\nsecond line', slug, remark: 'before' });
  const admin = await openTextManagement(page, api);

  await admin.rowAction(slug, 'Preview');
  const preview = page.getByTestId('paste-preview');
  await expect(preview).toContainText('original content');
  await expect(preview).toContainText('before');
  await page.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();

  await admin.rowAction(slug, 'Edit');
  const dialog = admin.dialog('Edit text share');
  await expect(dialog.getByLabel('Content')).toHaveValue('original content\nsecond line');
  await admin.expectShareLimitsRefused(dialog, 'bad suffix!', '-1');
  await dialog.getByLabel('Max views').fill('1.5');
  await admin.expectFieldError('Max views must be a whole number');

  await dialog.getByLabel('Content').fill('edited content');
  await dialog.getByLabel('Remark').fill('after');
  await dialog.getByLabel('Link suffix').fill(`${slug}-new`);
  await dialog.getByLabel('Max views').fill('5');
  await admin.choose('Expiry', 'In 7 days', dialog);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(admin.toast(`Saved (link suffix: ${slug}-new)`)).toBeVisible();
  await expect(admin.row(`${slug}-new`)).toBeVisible();

  const detail = await api.get<{ content: string; remark: string; max_views: number; expires_at: string; slug: string }>(
    `/api/admin/pastes/${created.id}`,
  );
  expect(detail).toMatchObject({ content: 'edited content', remark: 'after', max_views: 5, slug: `${slug}-new` });
  const days = (new Date(detail.expires_at).getTime() - Date.now()) / 86_400_000;
  expect(days).toBeGreaterThan(6.9);
  expect(days).toBeLessThan(7.1);

  await admin.rowAction(`${slug}-new`, 'Copy link');
  await expect(admin.toast('Link copied to the clipboard')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/paste/${slug}-new`);

  await admin.rowAction(`${slug}-new`, 'QR code');
  const qr = page.getByTestId('qr-code');
  await expect(qr.locator('canvas')).toBeVisible();
  await expect(qr).toContainText(`${baseURL}/paste/${slug}-new`);
  await api.dispose();
});

test('deletes one paste and a batch, each after a confirmation', async ({ page }) => {
  const api = await AdminApi.login();
  const one = await api.createPaste({ content: 'to delete', slug: `${run}-del-1` });
  const two = await api.createPaste({ content: 'to batch delete', slug: `${run}-del-2` });
  const three = await api.createPaste({ content: 'to batch delete too', slug: `${run}-del-3` });
  const admin = await openTextManagement(page, api);

  await admin.rowAction(one.slug, 'Delete');
  await expect(admin.confirmTitle()).toHaveText('Delete this text share?');
  await page.getByTestId('confirm-cancel').click();
  await expect(admin.row(one.slug)).toBeVisible();
  await admin.rowAction(one.slug, 'Delete');
  await admin.confirm();
  await expect(admin.toast('Text share deleted')).toBeVisible();
  await expect(admin.row(one.slug)).toHaveCount(0);

  await admin.row(two.slug).getByRole('checkbox').check();
  await admin.row(three.slug).getByRole('checkbox').check();
  await expect(page.getByText('2 selected')).toBeVisible();
  await page.getByTestId('batch-delete').click();
  await expect(admin.confirmTitle()).toHaveText('Delete the 2 selected text shares?');
  await admin.confirm();
  await expect(admin.toast('2 text shares deleted')).toBeVisible();
  await expect(admin.row(two.slug)).toHaveCount(0);
  await expect(admin.row(three.slug)).toHaveCount(0);

  const remaining = (await api.adminPastes(1, 100)).data.map((paste) => paste.slug);
  expect(remaining).not.toContain(one.slug);
  expect(remaining).not.toContain(two.slug);
  expect(remaining).not.toContain(three.slug);
  await api.dispose();
});

test('clears the expired pastes after a confirmation', async ({ page }) => {
  const api = await AdminApi.login();
  const expired = await api.createPaste({
    content: 'already expired',
    slug: `${run}-expired`,
    expiresAt: new Date(Date.now() - 60_000).toISOString(),
  });
  const alive = await api.createPaste({
    content: 'still alive',
    slug: `${run}-alive`,
    expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
  });
  const admin = await openTextManagement(page, api);
  await expect(admin.row(expired.slug).getByText('Expired', { exact: true })).toBeVisible();

  await page.getByTestId('clear-expired').click();
  await expect(admin.confirmTitle()).toHaveText('Clear every expired text share?');
  await admin.confirm();
  await expect(admin.row(expired.slug)).toHaveCount(0);
  await expect(admin.row(alive.slug)).toBeVisible();
  const slugs = (await api.adminPastes(1, 100)).data.map((paste) => paste.slug);
  expect(slugs).not.toContain(expired.slug);
  expect(slugs).toContain(alive.slug);
  await api.dispose();
});
