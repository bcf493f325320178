import { expect, type Locator, type Page } from '@playwright/test';

/** The file view (`/file/{slug}`) of mfe-public. */
export class PublicFilePage {
  readonly area: Locator;
  readonly name: Locator;
  readonly info: Locator;
  readonly preview: Locator;
  readonly download: Locator;
  readonly shareLink: Locator;
  readonly directLink: Locator;
  readonly qr: Locator;
  readonly passwordInput: Locator;
  readonly passwordSubmit: Locator;
  readonly passwordError: Locator;
  readonly statusPage: Locator;
  readonly editButton: Locator;
  readonly deleteButton: Locator;
  readonly editForm: Locator;

  constructor(readonly page: Page) {
    this.area = page.locator('[data-testid="area-page"][data-area="public"][data-page="file"]');
    this.name = page.getByTestId('file-name');
    this.info = page.getByTestId('file-info');
    this.preview = page.getByTestId('file-preview');
    this.download = page.getByTestId('file-download');
    this.shareLink = page.getByTestId('file-share-link');
    this.directLink = page.getByTestId('file-direct-link');
    this.qr = page.getByTestId('qr-code');
    this.passwordInput = page.getByTestId('password-input');
    this.passwordSubmit = page.getByTestId('password-submit');
    this.passwordError = page.getByTestId('password-error');
    this.statusPage = page.getByTestId('status-page');
    this.editButton = page.getByTestId('file-edit');
    this.deleteButton = page.getByTestId('file-delete');
    this.editForm = page.getByTestId('file-edit-form');
  }

  async goto(slug: string): Promise<void> {
    await this.page.goto(`/file/${encodeURIComponent(slug)}`);
    await expect(this.area).toBeVisible();
    await expect(this.area).not.toHaveAttribute('data-state', 'loading');
  }
}
