import { expect, type Locator, type Page } from '@playwright/test';
import { AreaPageObject, withTestIds } from './page-object';

export interface ShareOptions {
  remark?: string;
  password?: string;
  expiry?: '1h' | '1d' | '7d' | '30d' | 'never';
  maxViews?: string;
  slug?: string;
}

/** The Markdown editor home (`/`) of mfe-public. */
export class PublicEditorPage extends withTestIds(AreaPageObject, {
  preview: 'editor-preview',
  stats: 'editor-stats',
  draftStatus: 'draft-status',
  saveButton: 'editor-save',
  previewToggle: 'editor-preview-toggle',
  importInput: 'editor-import-input',
  importMessage: 'import-message',
  downloadButton: 'editor-download',
  clearButton: 'editor-clear',
  remark: 'share-remark',
  password: 'share-password-input',
  expiry: 'share-expiry',
  maxViews: 'share-max-views',
  slug: 'share-slug',
  submit: 'share-submit',
  accessNotice: 'share-access-notice',
  result: 'share-result',
  shareLink: 'share-link',
  rawLink: 'raw-link',
  resultPassword: 'share-result-password',
}) {
  readonly codeMirror = this.page.locator('.cp-md-editor .CodeMirror');
  readonly qr = this.result.getByTestId('qr-code');

  constructor(page: Page) {
    super(page, 'public', 'home');
  }

  async goto(): Promise<void> {
    await this.gotoArea('/');
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
