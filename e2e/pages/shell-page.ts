import { expect, type Locator, type Page } from '@playwright/test';
import { areaLocator, PageObject, type AreaName, withTestIds } from './page-object';

/** The host shell: header, nav, theme, language, slots, notices, env switcher. */
export class ShellPage extends withTestIds(PageObject, {
  header: 'site-header',
  footer: 'site-footer',
  themeToggle: 'theme-toggle',
  languageSwitch: 'language-switch',
  menuToggle: 'menu-toggle',
  areaPage: 'area-page',
  remoteFailure: 'remote-failure',
  retryButton: 'remote-retry',
  sessionNotice: 'session-notice',
  envSwitcher: 'env-switcher',
}) {
  /** A shell page object with `path` open (see goto). */
  static async open(page: Page, path: string): Promise<ShellPage> {
    const shell = new ShellPage(page);
    await shell.goto(path);
    return shell;
  }

  /** Opens `path` and waits until the shell's header shows. */
  async goto(path: string): Promise<void> {
    await this.page.goto(path);
    await expect(this.header).toBeVisible();
  }

  navLink(name: string | RegExp): Locator {
    return this.header.getByRole('link', { name, exact: typeof name === 'string' });
  }

  /** Waits until the remote of an area has rendered its page. */
  async expectArea(area: AreaName, page?: string): Promise<void> {
    const locator = areaLocator(this.page, area);
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
