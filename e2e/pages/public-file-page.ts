import type { Page } from '@playwright/test';
import { PublicSharePage } from './public-share-page';

/** The file view (`/file/{slug}`) of mfe-public. */
export class PublicFilePage extends PublicSharePage {
  readonly name = this.testId('file-name');
  readonly info = this.testId('file-info');
  readonly preview = this.testId('file-preview');
  readonly download = this.testId('file-download');
  readonly shareLink = this.testId('file-share-link');
  readonly directLink = this.testId('file-direct-link');
  readonly qr = this.testId('qr-code');

  constructor(page: Page) {
    super(page, 'file');
  }
}
