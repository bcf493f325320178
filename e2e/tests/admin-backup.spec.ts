import { gunzipSync } from 'node:zlib';
import { readFile } from 'node:fs/promises';
import type { BackupOverview } from '@cloudclip/contract';
import { ADMIN } from '../playwright.config';
import { BackupPage } from '../pages/backup-page';
import type { AdminApi } from '../support/admin-api';
import { expect, test } from '../support/admin-test';

const overview = (api: AdminApi) => api.get<BackupOverview>('/api/admin/backup');

/** The default storage configuration (the local one the server creates at start), by id and name. */
async function defaultStorage(api: AdminApi): Promise<{ id: string; name: string }> {
  const id = await api.defaultConfigId();
  const config = (await api.configs()).find((candidate) => candidate.id === id);
  if (!config) throw new Error('no default storage configuration');
  return { id: config.id, name: config.name };
}

/** A schedule that never fires by itself during the suite (disabled), keeping the storage for Run now. */
async function quietSchedule(api: AdminApi): Promise<void> {
  const storage = await defaultStorage(api);
  await api.put('/api/admin/backup/schedule', {
    enabled: false,
    frequency: 'daily',
    hour: 3,
    weekday: 0,
    keep: 7,
    storageConfigId: storage.id,
    folder: 'cloudclip-backups',
    objects: false,
  });
}

test.describe('backup module (en-US)', () => {
  test.use({ locale: 'en-US' });

  test('the admin signs in and opens Backup from the menu', async ({ page, admin }) => {
    await admin.goto('/admin');
    await admin.expectLogin();
    await admin.loginAsAdmin(ADMIN.username, ADMIN.password);
    await admin.expectPanel();
    await admin.open('backup');
    const backup = new BackupPage(page, admin);
    await backup.ready();
    await expect(page).toHaveURL(/\/admin\/backup$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Backup' })).toBeVisible();
    for (const heading of ['Overview', 'Download a backup now', 'Restore from a backup', 'Schedule', 'Recent runs'])
      await expect(backup.root.getByRole('heading', { name: heading, exact: true })).toBeVisible();
    await expect(backup.runs).toContainText('The last 10 runs only.');
  });

  test('downloads a backup, and restoring it with Merge reports every row as already there', async ({ page, api, admin }) => {
    test.setTimeout(300_000);
    const remark = `backup e2e ${Date.now()}`;
    await api.createPaste({ content: 'kept through a backup', remark });
    const backup = new BackupPage(page, admin);
    await admin.gotoAsAdmin(api.token, '/admin/backup');
    await backup.ready();

    const download = await backup.download();
    expect(download.suggestedFilename()).toMatch(/^cloudclip-backup-\d{8}-\d{6}\.tar\.gz$/);
    const path = await download.path();
    const archive = await readFile(path);
    expect(archive.length).toBeGreaterThan(0);
    // A gzip stream (magic bytes 1f 8b) that unpacks to a tar holding the manifest.
    expect([archive[0], archive[1]]).toEqual([0x1f, 0x8b]);
    expect(gunzipSync(archive).includes(Buffer.from('manifest.json'))).toBe(true);

    const preview = await backup.check(download.suggestedFilename(), archive);
    await expect(page.getByTestId('restore-row-counts')).toContainText('pastes');
    // This instance holds data: replace is not offered, merge is chosen.
    await expect(preview.getByRole('radio', { name: /Replace \(the instance must be empty\)/ })).toBeDisabled();
    await expect(preview.getByRole('radio', { name: /Merge: add what is missing, keep existing rows/ })).toBeChecked();
    await expect(page.getByTestId('restore-not-empty')).toBeVisible();

    await page.getByTestId('restore-start').click();
    await expect(admin.confirmTitle()).toHaveText('Restore from this backup?');
    await expect(page.getByTestId('restore-confirm-body')).toContainText(
      /What is missing of the backup's \d+ rows \(\d+ tables\) is added/,
    );
    await admin.confirm();

    const result = page.getByTestId('restore-result');
    await expect(result).toBeVisible({ timeout: 120_000 });
    await expect(page.getByTestId('restore-inserted')).toBeVisible();
    // Everything in the archive is already here: conflicts, nothing overwritten.
    await expect(page.getByTestId('restore-conflicts')).toHaveAttribute('data-count', /^[1-9]\d*$/);
    await expect(page.getByTestId('restore-conflicts')).toContainText('Conflicts (already there, not overwritten)');
    await expect(page.getByTestId('restore-sign-in-again')).toBeVisible();
    // The paste is still there, once: merge added nothing that was already here.
    expect((await api.adminPastes()).data.filter((paste) => paste.remark === remark)).toHaveLength(1);
  });

  test('saves a weekly schedule that keeps 3 in the default storage, and shows it again after a reload', async ({ page, api, admin }) => {
    test.setTimeout(120_000);
    const storage = await defaultStorage(api);
    const backup = new BackupPage(page, admin);
    await admin.gotoAsAdmin(api.token, '/admin/backup');
    await backup.ready();
    const card = backup.scheduleCard;

    await card.getByRole('radio', { name: 'Weekly' }).check();
    await expect(card.getByRole('combobox', { name: 'Weekday' })).toBeVisible();
    await card.getByLabel('Keep the last').fill('0');
    await card.getByRole('button', { name: /Save/ }).click();
    await admin.expectFieldError('Keep must be a whole number from 1 to 90');

    await card.getByLabel('Keep the last').fill('3');
    await admin.choose('Storage configuration', storage.name, card);
    const saved = page.waitForResponse(
      (response) => response.url().endsWith('/api/admin/backup/schedule') && response.request().method() === 'PUT',
    );
    await card.getByRole('button', { name: /Save/ }).click();
    expect((await saved).status()).toBe(200);
    await expect(admin.toast('Backup schedule saved')).toBeVisible();
    expect((await overview(api)).schedule).toMatchObject({ frequency: 'weekly', keep: 3, storageConfigId: storage.id });

    await page.reload();
    await backup.ready();
    await expect(backup.scheduleCard.getByRole('radio', { name: 'Weekly' })).toBeChecked();
    await expect(backup.scheduleCard.getByLabel('Keep the last')).toHaveValue('3');
    await expect(backup.scheduleCard.getByTestId('schedule-storage')).toContainText(storage.name);
    await quietSchedule(api);
  });

  test('Run now writes a backup into the storage and the run shows as OK', async ({ page, api, admin }) => {
    test.setTimeout(300_000);
    await quietSchedule(api);
    const before = new Set((await overview(api)).runs.map((run) => run.id));
    const backup = new BackupPage(page, admin);
    await admin.gotoAsAdmin(api.token, '/admin/backup');
    await backup.ready();

    const started = page.waitForResponse((response) => response.url().endsWith('/api/admin/backup/run'));
    await backup.runNowButton.click();
    expect((await started).status()).toBe(202);
    await expect(admin.toast('The backup has started')).toBeVisible();

    let runId = '';
    await expect
      .poll(
        async () => {
          const run = (await overview(api)).runs.find((candidate) => !before.has(candidate.id));
          runId = run?.id ?? '';
          return run?.status ?? 'none';
        },
        { timeout: 180_000, intervals: [1_000, 2_000, 3_000] },
      )
      .toBe('ok');
    // The page refreshes by itself while the run goes on: no reload needed.
    await expect(backup.run(runId).getByTestId('run-status')).toHaveAttribute('data-status', 'ok', { timeout: 60_000 });
    await expect(backup.overview.getByTestId('run-status')).toHaveAttribute('data-status', 'ok');
    await expect(backup.overview.getByTestId('last-run-size')).toHaveText(/\d+(\.\d+)? (B|KB|MB|GB)/);
  });
});

test.describe('backup module for a key holder (en-US)', () => {
  test.use({ locale: 'en-US' });

  test('a key with every permission has no Backup in its menu and is refused at /admin/backup', async ({ page, api, admin }) => {
    const key = await api.createKey({
      name: `backup-e2e-${Date.now()}`,
      text_permission: true,
      file_permission: true,
      mount_permission: true,
    });
    await admin.seedCredential({ apiKey: key.key, permissions: { text: true, file: true, mount: true }, name: key.name });
    await admin.goto('/admin/backup');
    await admin.expectPanel();
    await expect(page.getByTestId('menu-settings')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('menu-backup')).toHaveCount(0);
    await expect(admin.permissionDenied).toBeVisible();
    await expect(page.getByTestId('backup')).toHaveCount(0);
  });
});

test.describe('backup module (zh-CN)', () => {
  test.use({ locale: 'zh-CN' });

  test('shows the module in Chinese', async ({ page, api, admin }) => {
    const backup = new BackupPage(page, admin);
    await admin.gotoAsAdmin(api.token, '/admin/backup');
    await backup.ready();
    await expect(page.getByRole('heading', { level: 1, name: '备份' })).toBeVisible();
    await expect(page.getByTestId('menu-backup')).toHaveText('备份');
    for (const heading of ['概况', '立即下载备份', '从备份恢复', '定时备份', '最近的备份'])
      await expect(backup.root.getByRole('heading', { name: heading, exact: true })).toBeVisible();
    await expect(backup.downloadButton).toContainText('下载备份');
    await expect(backup.runNowButton).toContainText('立即备份');
  });
});

test.describe('backup module on a phone-sized screen', () => {
  test.use({ locale: 'en-US', viewport: { width: 390, height: 844 } });

  test('the title and the buttons are visible and nothing is wider than the screen', async ({ page, api, admin }) => {
    const backup = new BackupPage(page, admin);
    await admin.gotoAsAdmin(api.token, '/admin/backup');
    await backup.ready();
    await expect(page.getByRole('heading', { level: 1, name: 'Backup' })).toBeVisible();
    for (const button of [backup.downloadButton, backup.chooseFileButton, backup.runNowButton, page.getByTestId('schedule-save')]) {
      await button.scrollIntoViewIfNeeded();
      await expect(button).toBeVisible();
      const box = await button.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    }
    // The runs table scrolls inside its card; the page itself does not scroll sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
