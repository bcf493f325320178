import { expect, type Page } from '@playwright/test';
import { PublicSharePage } from './public-share-page';

/** The paste view (`/paste/{slug}`) of mfe-public. */
export class PublicPastePage extends PublicSharePage {
  readonly content = this.testId('paste-content');
  readonly outline = this.testId('paste-outline');
  readonly meta = this.testId('paste-meta');
  readonly views = this.testId('paste-views');
  readonly expires = this.testId('paste-expires');
  /** "Copy as Markdown" (the paste's Markdown as plain text). */
  readonly copyContent = this.testId('copy-content');
  /** "Copy as formatted text" (the rendered HTML, with a plain-text alternative). */
  readonly copyFormatted = this.testId('copy-formatted');
  readonly copyLink = this.testId('copy-paste-link');
  readonly rawLink = this.testId('raw-link');
  readonly deleteDialog = this.testId('delete-dialog');
  readonly lastView = this.testId('paste-last-view');

  constructor(page: Page) {
    super(page, 'paste');
  }

  /** Waits until the whole document is in the page. */
  async rendered(): Promise<void> {
    await expect(this.content).toHaveAttribute('data-rendered', 'true', { timeout: 30_000 });
  }
}
