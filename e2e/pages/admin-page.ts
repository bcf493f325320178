import { expect, type Locator, type Page } from '@playwright/test';
import type { AdminModule } from '../../shared-kernel/src/admin-modules';
import { AreaPageObject, withTestIds } from './page-object';
import { seedCredentialOnce, type SeededCredential } from '../support/seed-credential';

/** An admin module, from the product's one list (the host routes them, mfe-admin renders them). */
export type AdminModuleName = AdminModule;

/** The admin remote (`/admin`, `/admin/{module}`): login, layout, tables, dialogs. */
export class AdminPage extends withTestIds(AreaPageObject, {
  login: 'admin-login',
  loginError: 'login-error',
  logoutButton: 'logout-button',
  permissionDenied: 'permission-denied',
  sessionNotice: 'session-notice',
}) {
  constructor(page: Page) {
    super(page, 'admin');
  }

  /** Stores a credential for the next page load only (see seedCredentialOnce). */
  async seedCredential(credential: SeededCredential): Promise<void> {
    await seedCredentialOnce(this.page, credential);
  }

  /** Seeds the admin's token for the next page load (see seedCredential) and opens `path` with it. */
  async gotoAsAdmin(adminToken: string, path: string): Promise<void> {
    await this.seedCredential({ adminToken });
    await this.goto(path);
  }

  async goto(path = '/admin'): Promise<void> {
    await this.gotoArea(path, 30_000);
  }

  /** Waits for a module page (inside the layout). */
  module(name: AdminModuleName): Locator {
    return this.page.locator(`[data-testid="admin-module"][data-module="${name}"]`);
  }

  async expectPanel(): Promise<void> {
    await expect(this.area).toHaveAttribute('data-view', 'panel');
  }

  async expectLogin(): Promise<void> {
    await expect(this.area).toHaveAttribute('data-view', 'login');
    await expect(this.login).toBeVisible();
  }

  async loginAsAdmin(username: string, password: string): Promise<void> {
    await this.field(/^(Username|用户名)$/).fill(username);
    await this.field(/^(Password|密码)$/).fill(password);
    await this.submitLogin(/(Log in|登\s*录)$/);
  }

  async loginWithKey(key: string): Promise<void> {
    await this.page.getByRole('tab', { name: /API key login|API 密钥登录/ }).click();
    await this.field(/^(API key|API 密钥)$/).fill(key);
    await this.submitLogin(/(Verify and log in|验证并登录)$/);
  }

  /** Clicks the login form's submit button once a previous submission has settled. */
  async submitLogin(name: RegExp): Promise<void> {
    const button = this.login.getByRole('button', { name });
    await expect(button).not.toHaveClass(/ant-btn-loading/);
    await button.click();
  }

  /** A form control by its label (exact). */
  field(label: string | RegExp): Locator {
    return this.page.getByLabel(label, { exact: typeof label === 'string' });
  }

  /** Opens a module from the side menu (from the drawer on narrow screens). */
  async open(name: AdminModuleName): Promise<void> {
    const item = this.page.getByTestId(`menu-${name}`);
    const drawerButton = this.page.locator('.ant-pro-global-header-collapsed-button');
    // The panel is a chunk of its own: wait until the layout shows its menu or its drawer button.
    await expect(item.or(drawerButton).first()).toBeVisible({ timeout: 30_000 });
    if (!(await item.isVisible())) await drawerButton.click();
    await item.click();
    await expect(this.module(name)).toBeVisible();
  }

  /** The table row that contains a text. */
  row(text: string | RegExp): Locator {
    return this.page.locator('.ant-table-row', { hasText: text });
  }

  rows(): Locator {
    return this.page.locator('.ant-table-tbody .ant-table-row');
  }

  /** A row action button (by its accessible name). */
  async rowAction(text: string | RegExp, action: string | RegExp): Promise<void> {
    await this.row(text)
      .getByRole('button', { name: action, exact: typeof action === 'string' })
      .click();
  }

  /** The open confirmation dialog: confirm it. */
  async confirm(): Promise<void> {
    const ok = this.page.getByTestId('confirm-ok');
    // A click while the dialog is still zooming in can be lost under load: click again until it
    // closes. A second click cannot confirm twice: antd's button ignores clicks while its action
    // runs, and a closing dialog takes no pointer events.
    await expect(async () => {
      if (await ok.isVisible()) await ok.click({ timeout: 2_000 });
      await expect(ok).toBeHidden({ timeout: 3_000 });
    }).toPass({ timeout: 20_000 });
  }

  /**
   * Confirms the open "clear the caches" dialog, then checks that POST /api/admin/cache/clear
   * answered 200 and the success toast shows.
   */
  async confirmCacheClear(): Promise<void> {
    const cleared = this.page.waitForResponse((response) => response.url().endsWith('/api/admin/cache/clear'));
    await this.confirm();
    expect((await cleared).status()).toBe(200);
    await expect(this.toast(/Cache cleared/)).toBeVisible();
  }

  /** Title of the open confirmation dialog. */
  confirmTitle(): Locator {
    return this.page.locator('.ant-modal-confirm-title');
  }

  /** The visible modal or drawer with a title. */
  dialog(title: string | RegExp): Locator {
    return this.page
      .locator('.ant-modal-content, .ant-drawer-content')
      .filter({ has: this.page.locator('.ant-modal-title, .ant-drawer-title', { hasText: title }) });
  }

  /** A toast of antd's message API. */
  toast(text: string | RegExp): Locator {
    return this.page.locator('.ant-message-notice', { hasText: text });
  }

  /**
   * Picks an option of an antd Select found by its label (inside `scope`, the page by default), and
   * waits until the select shows it. `search` is typed into a searchable select first, as a user
   * would: its dropdown is a virtual list that renders only the options in view.
   */
  async choose(label: string | RegExp, option: string, scope: Locator | Page = this.page, search?: string): Promise<void> {
    // The labelled combobox is the select's (transparent) search input: click its selector box.
    const input = scope.getByLabel(label, { exact: typeof label === 'string' }).and(this.page.getByRole('combobox'));
    const select = input.locator('xpath=ancestor::div[contains(concat(" ", normalize-space(@class), " "), " ant-select ")][1]');
    const item = this.page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first();
    // A click that lands while the dropdown (or the drawer around it) is still moving in can be lost:
    // open it again and pick again until the select shows the option.
    await expect(async () => {
      if ((await input.getAttribute('aria-expanded')) !== 'true') await select.click();
      if (search !== undefined) await input.fill(search);
      await item.click({ timeout: 5_000 });
      await expect(select.locator('.ant-select-selection-item')).toContainText(option, { timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
  }

  /** Goes to page `n` of the table's pagination. */
  async toPage(n: number): Promise<void> {
    await this.page.locator(`.ant-pagination-item-${n}`).first().click();
  }

  /** Validation messages shown under form fields. */
  fieldErrors(): Locator {
    return this.page.locator('.ant-form-item-explain-error');
  }

  async expectFieldError(text: string): Promise<void> {
    await expect(this.fieldErrors().filter({ hasText: text }).first()).toBeVisible();
  }

  /**
   * In a share's edit dialog (text or file): saves with `suffix` as the link suffix and `maxViews`
   * (negative) as the view limit, and expects both fields' messages.
   */
  async expectShareLimitsRefused(dialog: Locator, suffix: string, maxViews: string): Promise<void> {
    await dialog.getByLabel('Link suffix').fill(suffix);
    await dialog.getByLabel('Max views').fill(maxViews);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await this.expectFieldError('The link suffix may only contain letters, digits, hyphens (-) and underscores (_)');
    await this.expectFieldError('Max views cannot be negative (0 means unlimited)');
  }
}
