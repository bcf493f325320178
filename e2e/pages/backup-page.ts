import { expect, type Download, type Locator, type Page } from '@playwright/test';
import type { AdminPage } from './admin-page';
import { PageObject, withTestIds } from './page-object';

/** The admin panel's Backup module (`/admin/backup`): its cards, as a user sees them. */
export class BackupPage extends withTestIds(PageObject, {
  root: 'backup',
  overview: 'backup-overview',
  restoreCard: 'backup-restore',
  scheduleCard: 'backup-schedule',
  runs: 'backup-runs',
  downloadButton: 'backup-download-button',
  runNowButton: 'backup-run-now',
  chooseFileButton: 'restore-choose',
}) {
  constructor(
    page: Page,
    readonly admin: AdminPage,
  ) {
    super(page);
  }

  /** Waits until the module shows its data (the overview card and the schedule form). */
  async ready(): Promise<void> {
    await expect(this.admin.module('backup')).toBeVisible({ timeout: 30_000 });
    await expect(this.overview).toBeVisible({ timeout: 30_000 });
    await expect(this.scheduleCard).toBeVisible();
  }

  /** Presses "Download backup" and returns the browser's download. */
  async download(options: { objects?: boolean } = {}): Promise<Download> {
    if (options.objects) await this.page.getByTestId('download-objects').check();
    const download = this.page.waitForEvent('download', { timeout: 120_000 });
    await this.downloadButton.click();
    return download;
  }

  /** Chooses an archive in the restore card (its bytes under `name`) and waits for the server's check. */
  async check(name: string, buffer: Buffer): Promise<Locator> {
    await this.restoreCard.locator('input[type="file"]').setInputFiles({ name, mimeType: 'application/gzip', buffer });
    const preview = this.page.getByTestId('restore-preview');
    await expect(preview).toBeVisible({ timeout: 120_000 });
    return preview;
  }

  /** The recent runs' row of a run id. */
  run(id: string): Locator {
    return this.runs.locator(`tr[data-row-key="${id}"]`);
  }
}
