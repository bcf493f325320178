import { expect, type Locator, type Page } from '@playwright/test';

/** The paste view (`/paste/{slug}`) of mfe-public. */
export class PublicPastePage {
  readonly area: Locator;
  readonly content: Locator;
  readonly outline: Locator;
  readonly meta: Locator;
  readonly views: Locator;
  readonly expires: Locator;
  readonly passwordInput: Locator;
  readonly passwordSubmit: Locator;
  readonly passwordError: Locator;
  readonly statusPage: Locator;
  /** "Copy as Markdown" (the paste's Markdown as plain text). */
  readonly copyContent: Locator;
  /** "Copy as formatted text" (the rendered HTML, with a plain-text alternative). */
  readonly copyFormatted: Locator;
  readonly copyLink: Locator;
  readonly rawLink: Locator;
  readonly editButton: Locator;
  readonly deleteButton: Locator;
  readonly editForm: Locator;
  readonly deleteDialog: Locator;
  readonly lastView: Locator;

  constructor(readonly page: Page) {
    this.area = page.locator('[data-testid="area-page"][data-area="public"][data-page="paste"]');
    this.content = page.getByTestId('paste-content');
    this.outline = page.getByTestId('paste-outline');
    this.meta = page.getByTestId('paste-meta');
    this.views = page.getByTestId('paste-views');
    this.expires = page.getByTestId('paste-expires');
    this.passwordInput = page.getByTestId('password-input');
    this.passwordSubmit = page.getByTestId('password-submit');
    this.passwordError = page.getByTestId('password-error');
    this.statusPage = page.getByTestId('status-page');
    this.copyContent = page.getByTestId('copy-content');
    this.copyFormatted = page.getByTestId('copy-formatted');
    this.copyLink = page.getByTestId('copy-paste-link');
    this.rawLink = page.getByTestId('raw-link');
    this.editButton = page.getByTestId('paste-edit');
    this.deleteButton = page.getByTestId('paste-delete');
    this.editForm = page.getByTestId('paste-edit-form');
    this.deleteDialog = page.getByTestId('delete-dialog');
    this.lastView = page.getByTestId('paste-last-view');
  }

  async goto(slug: string): Promise<void> {
    await this.page.goto(`/paste/${encodeURIComponent(slug)}`);
    await expect(this.area).toBeVisible();
    await expect(this.area).not.toHaveAttribute('data-state', 'loading');
  }

  /** Waits until the whole document is in the page. */
  async rendered(): Promise<void> {
    await expect(this.content).toHaveAttribute('data-rendered', 'true', { timeout: 30_000 });
  }

  async unlock(password: string): Promise<void> {
    await this.passwordInput.fill(password);
    await this.passwordSubmit.click();
  }
}
