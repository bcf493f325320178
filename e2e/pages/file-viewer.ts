import { expect, type Locator, type Page } from '@playwright/test';

/**
 * The file-viewers layer's frame, the same on the share page (`/file/{slug}`) and in the explorer's
 * preview panel: `[data-testid="file-viewer"]` with the kind it shows (`data-viewer`), and the
 * download fallback with its one-line reason when the file cannot be shown.
 */
export class FileViewerFrame {
  readonly root: Locator;
  readonly loading: Locator;
  readonly fallback: Locator;
  readonly fallbackReason: Locator;
  readonly fallbackDownload: Locator;
  readonly archive: Locator;

  constructor(
    readonly page: Page,
    scope: Locator = page.locator('body'),
  ) {
    // The outermost frame: an archive's entry opens in a frame of its own inside it.
    this.root = scope.locator('[data-testid="file-viewer"]').first();
    this.loading = this.root.getByTestId('viewer-loading');
    this.fallback = this.root.getByTestId('viewer-fallback');
    this.fallbackReason = this.root.getByTestId('viewer-fallback-reason');
    this.fallbackDownload = this.root.getByTestId('viewer-fallback-download');
    this.archive = this.root.getByTestId('viewer-archive').first();
  }

  /** Waits until the file is shown with `text` visible in the frame (no fallback, no spinner). */
  async expectShows(text: string, timeout = 30_000): Promise<void> {
    // Visible matches only: the same words may also sit in a closed menu (an e-book's contents on a phone).
    await expect(this.root.getByText(text, { exact: false }).filter({ visible: true }).first()).toBeVisible({ timeout });
    await expect(this.fallback).toHaveCount(0);
  }

  /** Opens a folder, then a file, in the archive viewer's listing. */
  async openArchiveEntry(folder: string, file: string): Promise<void> {
    await this.archive.locator('button[data-kind="folder"]', { hasText: folder }).first().click();
    await this.archive.locator('button[data-kind="file"]', { hasText: file }).first().click();
  }

  /** The frame's text colour (the theme's `--cc-text`). */
  async textColor(): Promise<string> {
    return this.root.evaluate((element) => getComputedStyle(element).color);
  }
}

/** Whether the page scrolls sideways (wider than its viewport). */
export async function pageOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}
