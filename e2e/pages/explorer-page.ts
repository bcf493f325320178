import { expect, type Locator, type Page } from '@playwright/test';
import { AreaPageObject } from './page-object';
import { seedCredentialOnce, type SeededCredential } from '../support/seed-credential';

/** The mount explorer remote (`/mount-explorer/...`). */
export class ExplorerPage extends AreaPageObject {
  readonly list = this.testId('file-list');
  readonly rows = this.testId('file-row');
  readonly breadcrumbs = this.testId('breadcrumbs');
  readonly notices = this.testId('notice');
  readonly preview = this.testId('preview-panel');
  readonly deleteDialog = this.testId('delete-dialog');

  constructor(page: Page) {
    super(page, 'explorer');
  }

  /** Stores the credential before the first page script runs (once per tab, see seedCredentialOnce). */
  async seedCredential(credential: SeededCredential, extra: Record<string, string> = {}): Promise<void> {
    await seedCredentialOnce(this.page, credential, { extra, keyName: 'e2e key' });
  }

  /** Opens a directory (`/m/a/` → `/mount-explorer/m/a`) and waits for its listing. */
  async open(directory: string, query = ''): Promise<void> {
    const route = directory.split('/').filter(Boolean).map(encodeURIComponent).join('/');
    await this.gotoArea(`/mount-explorer${route ? `/${route}` : ''}${query}`, 30_000);
  }

  async expectDirectory(directory: string): Promise<void> {
    await expect(this.page.getByTestId('explorer')).toHaveAttribute('data-directory', directory);
    await expect(this.page.getByTestId('list-loading')).toHaveCount(0);
  }

  row(name: string): Locator {
    return this.named('file-row', name);
  }

  async rowNames(): Promise<string[]> {
    return this.rows.evaluateAll((rows) => rows.map((row) => row.getAttribute('data-name') ?? ''));
  }

  async openItem(name: string): Promise<void> {
    await this.row(name).getByTestId('row-open').click();
  }

  async action(name: string, action: 'open' | 'download' | 'link' | 'edit' | 'rename' | 'copy' | 'delete'): Promise<void> {
    await this.row(name).getByTestId('row-actions').click();
    await this.page.getByTestId(`action-${action}`).click();
  }

  /** Opens an item's delete dialog, expects `text` in it, cancels, and checks that the dialog closed and the item stayed. */
  async cancelDelete(name: string, text: string): Promise<void> {
    await this.action(name, 'delete');
    await expect(this.deleteDialog).toContainText(text);
    await this.page.getByRole('button', { name: 'Cancel' }).click();
    await expect(this.deleteDialog).toHaveCount(0);
    await expect(this.row(name)).toBeVisible();
  }

  /** Opens an item's delete dialog and confirms it (once `text`, when given, shows in the dialog). */
  async confirmDelete(name: string, text?: string): Promise<void> {
    await this.action(name, 'delete');
    if (text !== undefined) await expect(this.deleteDialog).toContainText(text);
    await this.page.getByTestId('delete-dialog-confirm').click();
  }

  async select(...names: string[]): Promise<void> {
    for (const name of names) await this.row(name).getByTestId('row-select').check();
  }

  notice(text: string | RegExp): Locator {
    return this.notices.filter({ hasText: text });
  }

  async mkdir(name: string): Promise<void> {
    await this.page.getByTestId('open-mkdir').click();
    await this.page.getByTestId('mkdir-dialog-input').fill(name);
    await this.page.getByTestId('mkdir-dialog-submit').click();
  }

  async openUpload(method?: 'presigned' | 'direct' | 'multipart'): Promise<Locator> {
    await this.page.getByTestId('open-upload').click();
    const panel = this.page.getByTestId('upload-panel');
    await expect(panel).toBeVisible();
    if (method) await panel.getByTestId('upload-method').selectOption(method);
    return panel;
  }

  uploadItem(name: string): Locator {
    return this.named('upload-item', name);
  }
}
