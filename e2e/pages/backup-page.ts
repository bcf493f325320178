import { expect, type Download, type Locator, type Page } from '@playwright/test';
import type { AdminPage } from './admin-page';

/** The admin panel's Backup module (`/admin/backup`): its cards, as a user sees them. */
export class BackupPage {
  readonly root: Locator;
  readonly overview: Locator;
  readonly downloadCard: Locator;
  readonly restoreCard: Locator;
  readonly scheduleCard: Locator;
  readonly runs: Locator;
  readonly downloadButton: Locator;
  readonly runNowButton: Locator;
  readonly chooseFileButton: Locator;

  constructor(
    readonly page: Page,
    readonly admin: AdminPage,
  ) {
    this.root = page.getByTestId('backup');
    this.overview = page.getByTestId('backup-overview');
    this.downloadCard = page.getByTestId('backup-download');
    this.restoreCard = page.getByTestId('backup-restore');
    this.scheduleCard = page.getByTestId('backup-schedule');
    this.runs = page.getByTestId('backup-runs');
    this.downloadButton = page.getByTestId('backup-download-button');
    this.runNowButton = page.getByTestId('backup-run-now');
    this.chooseFileButton = page.getByTestId('restore-choose');
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
