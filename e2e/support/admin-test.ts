import { test as base } from '@playwright/test';
import { AdminPage } from '../pages/admin-page';
import { AdminApi } from './admin-api';

/**
 * Playwright's `test` for the admin panel's specs, with two more fixtures: `api`, the admin's API
 * session (logged in before the test, disposed after it, failed or not), and `admin`, the page object.
 */
export const test = base.extend<{ api: AdminApi; admin: AdminPage }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern: none.
  api: async ({}, use) => {
    const api = await AdminApi.login();
    await use(api);
    await api.dispose();
  },
  admin: async ({ page }, use) => {
    await use(new AdminPage(page));
  },
});

export { expect } from '@playwright/test';
