import { expect, type Locator, type Page } from '@playwright/test';

/** The host shell: header, nav, theme, language, slots, notices, env switcher. */
export class ShellPage {
  readonly header: Locator;
  readonly footer: Locator;
  readonly themeToggle: Locator;
  readonly languageSwitch: Locator;
  readonly menuToggle: Locator;
  readonly slot: Locator;
  readonly areaPage: Locator;
  readonly remoteFailure: Locator;
  readonly retryButton: Locator;
  readonly sessionNotice: Locator;
  readonly envSwitcher: Locator;

  constructor(readonly page: Page) {
    this.header = page.getByTestId('site-header');
    this.footer = page.getByTestId('site-footer');
    this.themeToggle = page.getByTestId('theme-toggle');
    this.languageSwitch = page.getByTestId('language-switch');
    this.menuToggle = page.getByTestId('menu-toggle');
    this.slot = page.getByTestId('remote-slot');
    this.areaPage = page.getByTestId('area-page');
    this.remoteFailure = page.getByTestId('remote-failure');
    this.retryButton = page.getByTestId('remote-retry');
    this.sessionNotice = page.getByTestId('session-notice');
    this.envSwitcher = page.getByTestId('env-switcher');
  }

  async goto(path: string): Promise<void> {
    await this.page.goto(path);
    await expect(this.header).toBeVisible();
  }

  navLink(name: string | RegExp): Locator {
    return this.header.getByRole('link', { name, exact: typeof name === 'string' });
  }

  /** Waits until the remote of an area has rendered its page. */
  async expectArea(area: 'public' | 'upload' | 'admin' | 'explorer', page?: string): Promise<void> {
    const locator = this.page.locator(`[data-testid="area-page"][data-area="${area}"]`);
    await expect(locator).toBeVisible();
    if (page) await expect(locator).toHaveAttribute('data-page', page);
  }

  async storage(key: string): Promise<string | null> {
    return this.page.evaluate((k) => window.localStorage.getItem(k), key);
  }

  async themeAttribute(): Promise<string | null> {
    return this.page.evaluate(() => document.documentElement.dataset.theme ?? null);
  }
}
