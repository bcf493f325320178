import { expect, test } from '@playwright/test';
import { AdminPage } from '../pages/admin-page';
import { AdminApi } from '../support/admin-api';

test.use({ locale: 'en-US' });

test('the dashboard shows the counts, the storage usage and the last 7 days of activity', async ({ page }) => {
  const api = await AdminApi.login();
  await api.createPaste({ content: `dashboard paste ${Date.now()}` });
  const stats = await api.get<{
    totalPastes: number;
    totalFiles: number;
    totalApiKeys: number;
    totalS3Configs: number;
    s3Buckets: Array<{ name: string; usagePercent: number }>;
    lastWeekPastes: number[];
    lastWeekFiles: number[];
  }>('/api/admin/dashboard/stats');
  const admin = new AdminPage(page);
  await admin.seedCredential({ adminToken: api.token });
  await api.dispose();

  await admin.goto('/admin');
  await expect(admin.module('dashboard')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByTestId('stat-pastes')).toContainText(String(stats.totalPastes));
  await expect(page.getByTestId('stat-files')).toContainText(String(stats.totalFiles));
  await expect(page.getByTestId('stat-keys')).toContainText(String(stats.totalApiKeys));
  await expect(page.getByTestId('stat-configs')).toContainText(String(stats.totalS3Configs));

  const usage = page.getByTestId('storage-usage-item');
  await expect(usage).toHaveCount(stats.s3Buckets.length);
  await expect(usage.first()).toContainText(stats.s3Buckets[0]!.name);
  await expect(usage.first().getByTestId('storage-usage-text')).toContainText(/used of/);
  await expect(usage.first().getByRole('progressbar')).toBeVisible();

  const chart = page.getByTestId('activity-chart');
  await expect(chart.getByRole('img')).toHaveAccessibleName(/shares created in the last 7 days/);
  const todayPastes = chart.locator('[data-series="pastes"]').last();
  await expect(todayPastes).toHaveAttribute('data-value', String(stats.lastWeekPastes[6]));
  await expect(chart.locator('[data-series="files"]')).toHaveCount(7);
});

test('refresh reloads the statistics', async ({ page }) => {
  const api = await AdminApi.login();
  const admin = new AdminPage(page);
  await admin.seedCredential({ adminToken: api.token });
  await admin.goto('/admin');
  await expect(page.getByTestId('stat-pastes')).toBeVisible();
  const before = Number((await page.getByTestId('stat-pastes').locator('.ant-statistic-content-value').innerText()).replace(/\D/g, ''));
  await api.createPaste({ content: 'one more for the dashboard' });
  await api.dispose();
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(page.getByTestId('stat-pastes')).toContainText(String(before + 1));
});
