import { expect, type Locator, type Page } from '@playwright/test';

export interface FilePayload {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** The upload page (`/upload`) of mfe-upload. */
export class UploadPage {
  readonly area: Locator;
  readonly root: Locator;
  readonly accessNotice: Locator;
  readonly loginButton: Locator;
  readonly limit: Locator;
  readonly storage: Locator;
  readonly slug: Locator;
  readonly path: Locator;
  readonly remark: Locator;
  readonly password: Locator;
  readonly expiry: Locator;
  readonly maxViews: Locator;
  readonly fileInput: Locator;
  readonly chooseButton: Locator;
  readonly selectedFiles: Locator;
  readonly startButton: Locator;
  readonly items: Locator;
  readonly recent: Locator;
  readonly recentItems: Locator;
  readonly filesTab: Locator;
  readonly urlTab: Locator;
  readonly urlInput: Locator;
  readonly urlInfoButton: Locator;
  readonly urlInfoCard: Locator;
  readonly urlStart: Locator;
  readonly urlCancel: Locator;
  readonly urlProgress: Locator;
  readonly urlError: Locator;
  readonly urlParallel: Locator;

  constructor(readonly page: Page) {
    this.root = page.locator('.cu-root[data-remote="cloudclip_upload"]');
    this.area = page.locator('[data-testid="area-page"][data-area="upload"]');
    this.accessNotice = page.getByTestId('upload-access-notice');
    this.loginButton = page.getByTestId('upload-login');
    this.limit = page.getByTestId('upload-limit');
    this.storage = page.getByTestId('option-storage');
    this.slug = page.getByTestId('option-slug');
    this.path = page.getByTestId('option-path');
    this.remark = page.getByTestId('option-remark');
    this.password = page.getByTestId('option-password');
    this.expiry = page.getByTestId('option-expiry');
    this.maxViews = page.getByTestId('option-max-views');
    this.fileInput = page.getByTestId('file-input');
    this.chooseButton = page.getByTestId('choose-files');
    this.selectedFiles = page.getByTestId('selected-file');
    this.startButton = page.getByTestId('start-upload');
    this.items = page.getByTestId('upload-item');
    this.recent = page.getByTestId('recent-uploads');
    this.recentItems = page.getByTestId('recent-item');
    this.filesTab = page.getByTestId('tab-files');
    this.urlTab = page.getByTestId('tab-url');
    this.urlInput = page.getByTestId('url-input');
    this.urlInfoButton = page.getByTestId('url-info');
    this.urlInfoCard = page.getByTestId('url-info-card');
    this.urlStart = page.getByTestId('url-start');
    this.urlCancel = page.getByTestId('url-cancel');
    this.urlProgress = page.getByTestId('url-progress');
    this.urlError = page.getByTestId('url-error');
    this.urlParallel = page.getByTestId('url-parallel');
  }

  async goto(): Promise<void> {
    await this.page.goto('/upload');
    await expect(this.area).toBeVisible({ timeout: 20_000 });
  }

  /** Waits until the storage configurations are loaded and selects one by id. */
  async chooseStorage(configId: string): Promise<void> {
    await expect(this.storage.locator(`option[value="${configId}"]`)).toHaveCount(1);
    await this.storage.selectOption(configId);
  }

  async chooseFiles(files: Array<FilePayload | string>): Promise<void> {
    await this.fileInput.setInputFiles(files as never);
    await expect(this.selectedFiles).toHaveCount(files.length);
  }

  async upload(files: Array<FilePayload | string>): Promise<void> {
    await this.chooseFiles(files);
    await this.startButton.click();
  }

  item(name: string): Locator {
    return this.page.locator(`[data-testid="upload-item"][data-name="${name}"]`);
  }

  async expectState(name: string, state: 'pending' | 'uploading' | 'success' | 'error' | 'cancelled', timeout = 30_000): Promise<void> {
    await expect(this.item(name)).toHaveAttribute('data-state', state, { timeout });
  }

  /** The share link of a finished item. */
  async shareLink(name: string): Promise<string> {
    return this.item(name).getByTestId('share-link').inputValue();
  }

  /** The slug at the end of a share link `…/file/{slug}`. */
  static slugOf(link: string): string {
    return decodeURIComponent(new URL(link).pathname.replace(/^\/file\//, ''));
  }

  /**
   * Records every value the progress bars show from now on (a MutationObserver in the page), so a
   * test can check that intermediate progress was displayed without racing the transfer.
   */
  async recordProgress(): Promise<void> {
    await this.page.evaluate(() => {
      const seen: number[] = [];
      (window as unknown as { __uploadProgress: number[] }).__uploadProgress = seen;
      const observer = new MutationObserver((mutations) => {
        for (const mutation of mutations) {
          const target = mutation.target as HTMLElement;
          if (target.getAttribute?.('role') === 'progressbar') seen.push(Number(target.getAttribute('aria-valuenow')));
        }
      });
      observer.observe(document.body, { subtree: true, attributes: true, attributeFilter: ['aria-valuenow'] });
    });
  }

  async recordedProgress(): Promise<number[]> {
    return this.page.evaluate(() => (window as unknown as { __uploadProgress?: number[] }).__uploadProgress ?? []);
  }

  async openUrlTab(): Promise<void> {
    await this.urlTab.click();
    await expect(this.urlInput).toBeVisible();
  }

  async urlInfo(url: string): Promise<void> {
    await this.urlInput.fill(url);
    await this.urlInfoButton.click();
  }
}
