import type { Page } from '@playwright/test';
import { withTestIds } from './page-object';
import { PublicSharePage } from './public-share-page';

/** The file view (`/file/{slug}`) of mfe-public. */
export class PublicFilePage extends withTestIds(PublicSharePage, {
  name: 'file-name',
  info: 'file-info',
  preview: 'file-preview',
  download: 'file-download',
  shareLink: 'file-share-link',
  directLink: 'file-direct-link',
  qr: 'qr-code',
}) {
  constructor(page: Page) {
    super(page, 'file');
  }
}
