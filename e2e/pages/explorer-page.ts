import { expect, type Locator, type Page } from '@playwright/test';
import { seedCredentialOnce, type SeededCredential } from '../support/seed-credential';

/** The mount explorer remote (`/mount-explorer/...`). */
export class ExplorerPage {
  readonly area: Locator;
  readonly list: Locator;
  readonly rows: Locator;
  readonly breadcrumbs: Locator;
  readonly notices: Locator;
  readonly preview: Locator;

  constructor(readonly page: Page) {
    this.area = page.locator('[data-testid="area-page"][data-area="explorer"]');
    this.list = page.getByTestId('file-list');
    this.rows = page.getByTestId('file-row');
    this.breadcrumbs = page.getByTestId('breadcrumbs');
    this.notices = page.getByTestId('notice');
    this.preview = page.getByTestId('preview-panel');
  }

  /** Stores the credential before the first page script runs (once per tab, see seedCredentialOnce). */
  async seedCredential(credential: SeededCredential, extra: Record<string, string> = {}): Promise<void> {
    await seedCredentialOnce(this.page, credential, { extra, keyName: 'e2e key' });
  }

  /** Opens a directory (`/m/a/` → `/mount-explorer/m/a`) and waits for its listing. */
  async open(directory: string, query = ''): Promise<void> {
    const route = directory.split('/').filter(Boolean).map(encodeURIComponent).join('/');
    await this.page.goto(`/mount-explorer${route ? `/${route}` : ''}${query}`);
    await expect(this.area).toBeVisible({ timeout: 30_000 });
  }

  async expectDirectory(directory: string): Promise<void> {
    await expect(this.page.getByTestId('explorer')).toHaveAttribute('data-directory', directory);
    await expect(this.page.getByTestId('list-loading')).toHaveCount(0);
  }

  row(name: string): Locator {
    return this.page.locator(`[data-testid="file-row"][data-name="${name}"]`);
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
    return this.page.locator(`[data-testid="upload-item"][data-name="${name}"]`);
  }
}
