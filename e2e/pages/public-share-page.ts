import { expect, type Locator, type Page } from '@playwright/test';
import { AreaPageObject, withTestIds } from './page-object';

/**
 * What the two share views of mfe-public (`/file/{slug}`, `/paste/{slug}`) have in common: the
 * password gate, the status page (not found, expired…), and the owner's edit and delete buttons,
 * whose test ids start with the kind of share.
 */
export class PublicSharePage extends withTestIds(AreaPageObject, {
  passwordInput: 'password-input',
  passwordSubmit: 'password-submit',
  passwordError: 'password-error',
  statusPage: 'status-page',
}) {
  readonly editButton: Locator;
  readonly deleteButton: Locator;
  readonly editForm: Locator;

  constructor(
    page: Page,
    readonly kind: 'file' | 'paste',
  ) {
    super(page, 'public', kind);
    this.editButton = this.testId(`${kind}-edit`);
    this.deleteButton = this.testId(`${kind}-delete`);
    this.editForm = this.testId(`${kind}-edit-form`);
  }

  /** Opens the share and waits until it has loaded (its content, the password gate or the status page). */
  async goto(slug: string): Promise<void> {
    await this.gotoArea(`/${this.kind}/${encodeURIComponent(slug)}`);
    await expect(this.area).not.toHaveAttribute('data-state', 'loading');
  }

  async unlock(password: string): Promise<void> {
    await this.passwordInput.fill(password);
    await this.passwordSubmit.click();
  }
}
