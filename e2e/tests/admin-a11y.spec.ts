import { expect, test } from '@playwright/test';
import { ADMIN_MODULES } from '../../shared-kernel/src/admin-modules';
import { AdminPage } from '../pages/admin-page';
import { AdminApi } from '../support/admin-api';
import { A11Y_THEMES, seriousViolations } from '../support/a11y';

async function seed(): Promise<AdminApi> {
  const api = await AdminApi.login();
  await api.createPaste({ content: 'a11y paste', remark: 'a11y' });
  await api.createPaste({ content: 'a11y expired', expiresAt: new Date(Date.now() - 60_000).toISOString() });
  await api.uploadFile('a11y.txt', 'accessible', { password: 'pw' });
  await api.createKey({ name: `a11y-${Date.now()}`, text_permission: true });
  return api;
}

for (const [theme, locale] of A11Y_THEMES) {
  test.describe(`accessibility, ${theme} theme, ${locale}`, () => {
    test.use({ locale, colorScheme: theme });

    test('the login page has no serious or critical violations', async ({ page }) => {
      await page.addInitScript((mode) => window.localStorage.setItem('themeMode', mode), theme);
      const admin = new AdminPage(page);
      await admin.goto('/admin');
      await admin.expectLogin();
      expect(await seriousViolations(page)).toEqual([]);
    });

    test('every module has no serious or critical violations', async ({ page }) => {
      test.setTimeout(120_000);
      const api = await seed();
      await page.addInitScript((mode) => window.localStorage.setItem('themeMode', mode), theme);
      const admin = new AdminPage(page);
      await admin.seedCredential({ adminToken: api.token });
      await admin.goto('/admin');
      // Every admin module the product has: its one list, the one the host routes and mfe-admin renders.
      for (const module of ADMIN_MODULES) {
        await admin.open(module);
        await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
        await expect(page.locator('.ant-skeleton')).toHaveCount(0);
        expect({ module, violations: await seriousViolations(page) }).toEqual({ module, violations: [] });
      }
      // An open form dialog too.
      await admin.open('key-management');
      await page.getByTestId('key-create').click();
      await expect(page.locator('.ant-modal-content')).toBeVisible();
      // Wait for antd's zoom-in to end: mid-animation the dialog is translucent and axe would
      // measure the contrast of half-faded text.
      await page.waitForFunction(() =>
        document
          .getAnimations()
          .every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
      );
      await expect(page.locator('.ant-modal')).not.toHaveClass(/ant-zoom-(appear|enter)/);
      expect({ dialog: 'key-create', violations: await seriousViolations(page) }).toEqual({ dialog: 'key-create', violations: [] });
      await api.dispose();
    });
  });
}

test.describe('accessibility of the key holder view', () => {
  test.use({ locale: 'en-US' });

  test('the permission-denied page has no serious or critical violations', async ({ page }) => {
    const api = await AdminApi.login();
    const key = await api.createKey({ name: `a11y-key-${Date.now()}`, text_permission: true });
    await api.dispose();
    const admin = new AdminPage(page);
    await admin.seedCredential({ apiKey: key.key, permissions: { text: true, file: false, mount: false }, name: key.name });
    await admin.goto('/admin');
    await expect(admin.permissionDenied).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
