import { expect, type Page } from '@playwright/test';
import { withTestIds } from './page-object';
import { PublicSharePage } from './public-share-page';

/** The paste view (`/paste/{slug}`) of mfe-public. */
export class PublicPastePage extends withTestIds(PublicSharePage, {
  content: 'paste-content',
  outline: 'paste-outline',
  meta: 'paste-meta',
  views: 'paste-views',
  expires: 'paste-expires',
  /** "Copy as Markdown" (the paste's Markdown as plain text). */
  copyContent: 'copy-content',
  /** "Copy as formatted text" (the rendered HTML, with a plain-text alternative). */
  copyFormatted: 'copy-formatted',
  copyLink: 'copy-paste-link',
  rawLink: 'raw-link',
  deleteDialog: 'delete-dialog',
  lastView: 'paste-last-view',
}) {
  constructor(page: Page) {
    super(page, 'paste');
  }

  /** Waits until the whole document is in the page. */
  async rendered(): Promise<void> {
    await expect(this.content).toHaveAttribute('data-rendered', 'true', { timeout: 30_000 });
  }
}
