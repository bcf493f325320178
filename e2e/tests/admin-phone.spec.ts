import type { Locator, Page } from '@playwright/test';
import { ADMIN_MODULES, type AdminModule } from '../../shared-kernel/src/admin-modules';
import { test, expect } from '../support/admin-test';
import { AdminApi } from '../support/admin-api';
import { createS3rverConfig, removeConfig } from '../support/upload-fixtures';

/**
 * The admin panel on a phone (issue 40): at 390×844, in both languages and both themes, every
 * module's page title is whole (wrapped, never cut), and a table row's actions are on screen next
 * to its name, pinned while the table scrolls sideways, and can be pressed.
 */
const PHONE = { width: 390, height: 844 };
const run = Date.now().toString(36);

/**
 * The seeded row of each module with a table: text of its name cell, a harmless action that opens a
 * dialog, and whether its other actions are in a "more" menu on phones (the share tables).
 */
const SEEDED: Partial<Record<AdminModule, { name: string; open: string; moreMenu?: true }>> = {
  'text-management': { name: `phone-paste-${run}`, open: 'row-preview', moreMenu: true },
  'file-management': { name: `phone-file-${run}.txt`, open: 'row-preview', moreMenu: true },
  'storage-config': { name: `phone storage ${run}`, open: 'row-edit' },
  'mount-management': { name: `phone-mount-${run}`, open: 'row-edit' },
  'key-management': { name: `phone key ${run}`, open: 'row-edit' },
};

let seeded: { configId: string; mountId: string; keyId: string; pasteId: string; fileId: string } | undefined;

async function seed(api: AdminApi): Promise<NonNullable<typeof seeded>> {
  const paste = await api.createPaste({ content: 'seen on a phone', slug: SEEDED['text-management']!.name });
  const file = await api.uploadFile(SEEDED['file-management']!.name, 'seen on a phone');
  const configId = await createS3rverConfig(api, SEEDED['storage-config']!.name);
  const mount = await api.post<{ id: string }>('/api/admin/mounts', {
    name: SEEDED['mount-management']!.name,
    storage_type: 'S3',
    storage_config_id: configId,
    mount_path: `/phone-${run}`,
  });
  const key = await api.createKey({ name: SEEDED['key-management']!.name, text_permission: true });
  return { configId, mountId: mount.id, keyId: key.id, pasteId: paste.id, fileId: file.id };
}

test.afterAll(async () => {
  if (!seeded) return;
  const api = await AdminApi.login();
  try {
    await api.delete(`/api/admin/mounts/${seeded.mountId}`).catch(() => undefined);
    await api.delete(`/api/admin/api-keys/${seeded.keyId}`).catch(() => undefined);
    await api.delete(`/api/admin/pastes/${seeded.pasteId}`).catch(() => undefined);
    await api.delete(`/api/admin/files/${seeded.fileId}`).catch(() => undefined);
    await removeConfig(api, seeded.configId);
  } finally {
    await api.dispose();
  }
});

/** Every element from the title up to its header row: none is narrower than its text, none ends in an ellipsis over hidden text. */
async function expectWholeTitle(title: Locator): Promise<void> {
  await expect(title).toBeVisible();
  await expect(title).not.toHaveText('');
  const clipped = await title.evaluate((element) => {
    const problems: string[] = [];
    for (let node: Element | null = element; node && !node.classList.contains('ant-page-header'); node = node.parentElement) {
      const style = getComputedStyle(node);
      const name = `${node.tagName.toLowerCase()}.${node.className.toString().split(' ').join('.')}`;
      if (node.scrollWidth > node.clientWidth) problems.push(`${name}: scrollWidth ${node.scrollWidth} > clientWidth ${node.clientWidth}`);
      if (style.textOverflow === 'ellipsis' && style.whiteSpace === 'nowrap' && style.overflowX !== 'visible')
        problems.push(`${name}: one line cut with an ellipsis`);
    }
    return problems;
  });
  expect(clipped).toEqual([]);
  const box = (await title.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
}

/** Whether a box lies within the phone's width. */
async function expectOnScreen(locator: Locator, what: string): Promise<void> {
  await locator.scrollIntoViewIfNeeded();
  const box = await locator.boundingBox();
  expect(box, what).not.toBeNull();
  expect(box!.x, `${what}: left edge`).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, `${what}: right edge`).toBeLessThanOrEqual(PHONE.width);
}

/** Scrolls a table's content box sideways (0: start, 1: end). */
async function scrollTable(row: Locator, to: 0 | 1): Promise<void> {
  await row.evaluate((element, end) => {
    const box = element.closest('.ant-table-content, .ant-table-body') as HTMLElement | null;
    if (box) box.scrollLeft = end ? box.scrollWidth : 0;
  }, to);
}

/** The seeded row: its name and actions on screen at both ends of the sideways scroll; each action takes a click; one opens its dialog. */
async function expectRowActions(page: Page, scope: Locator, row: { name: string; open: string; moreMenu?: true }): Promise<void> {
  const line = scope.locator('.ant-table-tbody .ant-table-row', { hasText: row.name }).first();
  await expect(line).toBeVisible({ timeout: 15_000 });
  const name = line.locator('td.ant-table-cell-fix-left').filter({ hasText: row.name });
  const actions = line.locator('td.ant-table-cell-fix-right').getByRole('button');
  expect(await actions.count()).toBeGreaterThan(0);
  for (const end of [1, 0] as const) {
    await scrollTable(line, end);
    await expectOnScreen(name, `name of ${row.name} (scrolled to the ${end ? 'end' : 'start'})`);
    for (const action of await actions.all()) {
      await expectOnScreen(action, `action ${await action.getAttribute('aria-label')} (scrolled to the ${end ? 'end' : 'start'})`);
      await expect(action).toBeEnabled();
      // Playwright's actionability checks: visible, stable, enabled and the target of a click at its centre.
      await action.click({ trial: true });
    }
  }
  await line.getByTestId(row.open).click();
  await closeOpenDialog(page);
  if (row.moreMenu) await expectMoreMenu(page, line);
}

/** A dialog (modal or drawer) is open; it is closed by its own close button (the paste preview dialog does not close on Escape). */
async function closeOpenDialog(page: Page): Promise<void> {
  const dialog = page.locator('.ant-modal-content, .ant-drawer-content').filter({ visible: true }).first();
  await expect(dialog).toBeVisible();
  const close = dialog.locator('.ant-modal-close, .ant-drawer-close').first();
  if (await close.count()) await close.click();
  else await page.keyboard.press('Escape');
  await expect(page.locator('.ant-modal-content, .ant-drawer-content').filter({ visible: true })).toHaveCount(0);
}

/**
 * The share row's "more" menu: opens from its button with copy link, QR code and delete, each item
 * on screen; its QR code item opens the QR code dialog.
 */
async function expectMoreMenu(page: Page, line: Locator): Promise<void> {
  await line.getByTestId('row-more').click();
  const menu = page.locator('.ant-dropdown:not(.ant-dropdown-hidden) [role="menu"]');
  await expect(menu).toBeVisible();
  const items = menu.getByRole('menuitem');
  await expect(items).toHaveCount(3);
  for (const item of await items.all()) await expectOnScreen(item, `menu item ${await item.textContent()}`);
  // In order: copy link, QR code, delete (the delete asks first; copying needs clipboard permission).
  await items.nth(1).click();
  await expect(page.getByTestId('qr-code')).toBeVisible();
  await closeOpenDialog(page);
}

test.describe('the admin panel on a phone', () => {
  test.use({ viewport: PHONE });
  // Eight modules in each of the four combinations.
  test.describe.configure({ timeout: 240_000 });

  for (const language of ['en-US', 'zh-CN'] as const) {
    for (const theme of ['light', 'dark'] as const) {
      test(`titles are whole and row actions reachable (${language}, ${theme})`, async ({ page, api, admin }) => {
        seeded ??= await seed(api);
        await admin.seedCredential({ adminToken: api.token });
        await page.addInitScript(
          ({ lang, mode }) => {
            window.localStorage.setItem('language', lang);
            window.localStorage.setItem('themeMode', mode);
          },
          { lang: language, mode: theme },
        );
        for (const module of ADMIN_MODULES) {
          await test.step(module, async () => {
            await admin.goto(`/admin/${module}`);
            const scope = admin.module(module);
            await expect(scope).toBeVisible({ timeout: 30_000 });
            await expect(page.locator('html')).toHaveAttribute('lang', language);
            await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
            await expectWholeTitle(scope.locator('.cc-admin-title'));
            const row = SEEDED[module];
            if (row) await expectRowActions(page, scope, row);
            await page.screenshot({ path: test.info().outputPath(`${language}-${theme}-${module}.png`) });
          });
        }
      });
    }
  }
});
