import { expect, type Locator } from '@playwright/test';
import { areaLocator, PageObject, type AreaName } from './page-object';

/** The host shell: header, nav, theme, language, slots, notices, env switcher. */
export class ShellPage extends PageObject {
  readonly header = this.testId('site-header');
  readonly footer = this.testId('site-footer');
  readonly themeToggle = this.testId('theme-toggle');
  readonly languageSwitch = this.testId('language-switch');
  readonly menuToggle = this.testId('menu-toggle');
  readonly slot = this.testId('remote-slot');
  readonly areaPage = this.testId('area-page');
  readonly remoteFailure = this.testId('remote-failure');
  readonly retryButton = this.testId('remote-retry');
  readonly sessionNotice = this.testId('session-notice');
  readonly envSwitcher = this.testId('env-switcher');

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
