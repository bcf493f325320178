import { expect, type Locator, type Page } from '@playwright/test';
import { AreaPageObject, withTestIds } from './page-object';
import { seedCredentialOnce, type SeededCredential } from '../support/seed-credential';

/** The mount explorer remote (`/mount-explorer/...`). */
export class ExplorerPage extends withTestIds(AreaPageObject, {
  list: 'file-list',
  rows: 'file-row',
  breadcrumbs: 'breadcrumbs',
  notices: 'notice',
  preview: 'preview-panel',
  deleteDialog: 'delete-dialog',
}) {
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

  /** Renames an item through its dialog, which opens with the item's name filled in. */
  async rename(name: string, newName: string): Promise<void> {
    await this.action(name, 'rename');
    const input = this.page.getByTestId('rename-dialog-input');
    await expect(input).toHaveValue(name);
    await input.fill(newName);
    await this.page.getByTestId('rename-dialog-submit').click();
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

  /** Deletes a file through its dialog, then checks the "deleted" notice and that its row is gone. */
  async deleteFile(name: string): Promise<void> {
    await this.confirmDelete(name);
    await expect(this.notice(`${name} deleted`)).toBeVisible();
    await expect(this.row(name)).toHaveCount(0);
  }

  /** Deletes a folder through its dialog, which says everything in it goes too, then checks that its row is gone. */
  async deleteFolder(name: string): Promise<void> {
    await this.confirmDelete(name, 'and everything in it');
    await expect(this.row(name)).toHaveCount(0);
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
