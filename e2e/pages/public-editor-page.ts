import { expect, type Locator, type Page } from '@playwright/test';

export interface ShareOptions {
  remark?: string;
  password?: string;
  expiry?: '1h' | '1d' | '7d' | '30d' | 'never';
  maxViews?: string;
  slug?: string;
}

/** The Markdown editor home (`/`) of mfe-public. */
export class PublicEditorPage {
  readonly area: Locator;
  readonly codeMirror: Locator;
  readonly preview: Locator;
  readonly stats: Locator;
  readonly draftStatus: Locator;
  readonly saveButton: Locator;
  readonly previewToggle: Locator;
  readonly importButton: Locator;
  readonly importInput: Locator;
  readonly importMessage: Locator;
  readonly downloadButton: Locator;
  readonly clearButton: Locator;
  readonly remark: Locator;
  readonly password: Locator;
  readonly expiry: Locator;
  readonly maxViews: Locator;
  readonly slug: Locator;
  readonly submit: Locator;
  readonly accessNotice: Locator;
  readonly result: Locator;
  readonly shareLink: Locator;
  readonly rawLink: Locator;
  readonly resultPassword: Locator;
  readonly qr: Locator;

  constructor(readonly page: Page) {
    this.area = page.locator('[data-testid="area-page"][data-area="public"][data-page="home"]');
    this.codeMirror = page.locator('.cp-md-editor .CodeMirror');
    this.preview = page.getByTestId('editor-preview');
    this.stats = page.getByTestId('editor-stats');
    this.draftStatus = page.getByTestId('draft-status');
    this.saveButton = page.getByTestId('editor-save');
    this.previewToggle = page.getByTestId('editor-preview-toggle');
    this.importButton = page.getByTestId('editor-import');
    this.importInput = page.getByTestId('editor-import-input');
    this.importMessage = page.getByTestId('import-message');
    this.downloadButton = page.getByTestId('editor-download');
    this.clearButton = page.getByTestId('editor-clear');
    this.remark = page.getByTestId('share-remark');
    this.password = page.getByTestId('share-password-input');
    this.expiry = page.getByTestId('share-expiry');
    this.maxViews = page.getByTestId('share-max-views');
    this.slug = page.getByTestId('share-slug');
    this.submit = page.getByTestId('share-submit');
    this.accessNotice = page.getByTestId('share-access-notice');
    this.result = page.getByTestId('share-result');
    this.shareLink = page.getByTestId('share-link');
    this.rawLink = page.getByTestId('raw-link');
    this.resultPassword = page.getByTestId('share-result-password');
    this.qr = this.result.getByTestId('qr-code');
  }

  async goto(): Promise<void> {
    await this.page.goto('/');
    await expect(this.area).toBeVisible();
    await expect(this.codeMirror).toBeVisible();
  }

  /** Replaces the whole document through CodeMirror (fires the editor's change event). */
  async setContent(text: string): Promise<void> {
    await this.page.evaluate((value) => {
      const host = document.querySelector('.cp-md-editor .CodeMirror') as (Element & { CodeMirror?: { setValue(v: string): void } }) | null;
      if (!host?.CodeMirror) throw new Error('CodeMirror not found');
      host.CodeMirror.setValue(value);
    }, text);
  }

  async content(): Promise<string> {
    return this.page.evaluate(() => {
      const host = document.querySelector('.cp-md-editor .CodeMirror') as (Element & { CodeMirror?: { getValue(): string } }) | null;
      return host?.CodeMirror?.getValue() ?? '';
    });
  }

  /** Types like a user (keyboard into CodeMirror). */
  async type(text: string): Promise<void> {
    await this.codeMirror.click();
    await this.page.keyboard.type(text);
  }

  async fillShare(options: ShareOptions): Promise<void> {
    if (options.remark !== undefined) await this.remark.fill(options.remark);
    if (options.password !== undefined) await this.password.fill(options.password);
    if (options.expiry !== undefined) await this.expiry.selectOption(options.expiry);
    if (options.maxViews !== undefined) await this.maxViews.fill(options.maxViews);
    if (options.slug !== undefined) await this.slug.fill(options.slug);
  }

  /** Shares the current document and waits for the result; returns the share link. */
  async share(options: ShareOptions = {}): Promise<string> {
    await this.fillShare(options);
    await this.submit.click();
    await expect(this.result).toBeVisible();
    return (await this.shareLink.textContent()) ?? '';
  }

  fieldError(field: 'slug' | 'max-views'): Locator {
    return this.page.locator(`[data-testid$="-${field}-error"]`);
  }
}
