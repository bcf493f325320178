import { expect, type Locator, type Page } from '@playwright/test';
import { AreaPageObject } from './page-object';

export interface FilePayload {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** The upload page (`/upload`) of mfe-upload. */
export class UploadPage extends AreaPageObject {
  readonly root = this.page.locator('.cu-root[data-remote="cloudclip_upload"]');
  readonly accessNotice = this.testId('upload-access-notice');
  readonly loginButton = this.testId('upload-login');
  readonly limit = this.testId('upload-limit');
  readonly storage = this.testId('option-storage');
  readonly slug = this.testId('option-slug');
  readonly path = this.testId('option-path');
  readonly remark = this.testId('option-remark');
  readonly password = this.testId('option-password');
  readonly expiry = this.testId('option-expiry');
  readonly maxViews = this.testId('option-max-views');
  readonly fileInput = this.testId('file-input');
  readonly chooseButton = this.testId('choose-files');
  readonly selectedFiles = this.testId('selected-file');
  readonly startButton = this.testId('start-upload');
  readonly items = this.testId('upload-item');
  readonly recent = this.testId('recent-uploads');
  readonly recentItems = this.testId('recent-item');
  readonly filesTab = this.testId('tab-files');
  readonly urlTab = this.testId('tab-url');
  readonly urlInput = this.testId('url-input');
  readonly urlInfoButton = this.testId('url-info');
  readonly urlInfoCard = this.testId('url-info-card');
  readonly urlStart = this.testId('url-start');
  readonly urlCancel = this.testId('url-cancel');
  readonly urlProgress = this.testId('url-progress');
  readonly urlError = this.testId('url-error');
  readonly urlParallel = this.testId('url-parallel');

  constructor(page: Page) {
    super(page, 'upload');
  }

  async goto(): Promise<void> {
    await this.gotoArea('/upload', 20_000);
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
    return this.named('upload-item', name);
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
