import { expect, type Locator, type Page } from '@playwright/test';
import { AreaPageObject, withTestIds } from './page-object';

export interface FilePayload {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** The upload page (`/upload`) of mfe-upload. */
export class UploadPage extends withTestIds(AreaPageObject, {
  accessNotice: 'upload-access-notice',
  loginButton: 'upload-login',
  limit: 'upload-limit',
  storage: 'option-storage',
  slug: 'option-slug',
  path: 'option-path',
  remark: 'option-remark',
  password: 'option-password',
  expiry: 'option-expiry',
  maxViews: 'option-max-views',
  fileInput: 'file-input',
  chooseButton: 'choose-files',
  selectedFiles: 'selected-file',
  startButton: 'start-upload',
  items: 'upload-item',
  recentItems: 'recent-item',
  filesTab: 'tab-files',
  urlTab: 'tab-url',
  urlInput: 'url-input',
  urlInfoButton: 'url-info',
  urlInfoCard: 'url-info-card',
  urlStart: 'url-start',
  urlCancel: 'url-cancel',
  urlProgress: 'url-progress',
  urlError: 'url-error',
  urlParallel: 'url-parallel',
}) {
  readonly root = this.page.locator('.cu-root[data-remote="cloudclip_upload"]');

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
