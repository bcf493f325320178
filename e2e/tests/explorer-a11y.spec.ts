import { expect, test } from '@playwright/test';
import { ExplorerPage } from '../pages/explorer-page';
import { A11Y_THEMES, seriousViolations } from '../support/a11y';
import { ExplorerApi, uniqueName, type Mount } from '../support/explorer-api';
import { PNG } from '../support/explorer-files';

const api = ExplorerApi.adminForSpecFile();
let mount: Mount;

test.beforeAll(async () => {
  mount = await api.createLocalMount(`/${uniqueName('a11y')}`);
  await api.mkdir(`${mount.mountPath}/folder/`);
  await api.writeText(`${mount.mountPath}/code.ts`, 'export const answer: number = 42; // comment\nconst text = "string";\n');
  await api.writeText(
    `${mount.mountPath}/readme.md`,
    '# Title\n\nSome [link](https://example.com) and `code`.\n\n```ts\nconst x = 1;\n```\n',
  );
  await api.upload(`${mount.mountPath}/`, 'pixel.png', PNG, 'image/png');
});

for (const [theme, locale] of A11Y_THEMES) {
  test.describe(`accessibility, ${theme} theme, ${locale}`, () => {
    test.use({ locale, colorScheme: theme });

    test('listing, previews, dialogs and the upload panel have no serious or critical violations', async ({ page }) => {
      test.setTimeout(90_000);
      const explorer = new ExplorerPage(page);
      await explorer.seedCredential({ adminToken: api.credential }, { themeMode: theme });
      await explorer.open(mount.mountPath);
      await explorer.expectDirectory(`${mount.mountPath}/`);
      expect({ view: 'list', violations: await seriousViolations(page) }).toEqual({ view: 'list', violations: [] });

      await explorer.select('code.ts');
      await page.getByTestId('view-grid').click();
      expect({ view: 'grid', violations: await seriousViolations(page) }).toEqual({ view: 'grid', violations: [] });
      await page.getByTestId('view-list').click();

      for (const name of ['code.ts', 'readme.md', 'pixel.png']) {
        await explorer.openItem(name);
        await expect(explorer.preview).not.toHaveAttribute('data-kind', 'loading');
        await expect(page.locator('.ce-preview .ce-loading')).toHaveCount(0);
        await expect(explorer.preview.getByTestId('viewer-loading')).toHaveCount(0);
        expect({ preview: name, violations: await seriousViolations(page) }).toEqual({ preview: name, violations: [] });
      }

      await explorer.row('code.ts').getByTestId('row-actions').click();
      expect({ dialog: 'actions', violations: await seriousViolations(page) }).toEqual({ dialog: 'actions', violations: [] });
      await page.getByTestId('action-link').click();
      await page.getByTestId('link-create').click();
      await expect(page.getByTestId('link-qr')).toBeVisible();
      expect({ dialog: 'link', violations: await seriousViolations(page) }).toEqual({ dialog: 'link', violations: [] });
      await page.keyboard.press('Escape');

      await explorer.action('code.ts', 'delete');
      expect({ dialog: 'delete', violations: await seriousViolations(page) }).toEqual({ dialog: 'delete', violations: [] });
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('delete-dialog')).toHaveCount(0);

      await explorer.action('code.ts', 'copy');
      await expect(page.getByTestId('copy-folder').first()).toBeVisible();
      expect({ dialog: 'copy', violations: await seriousViolations(page) }).toEqual({ dialog: 'copy', violations: [] });
      await page.keyboard.press('Escape');

      const panel = await explorer.openUpload();
      await panel
        .getByTestId('upload-input')
        .setInputFiles({ name: `a11y-${theme}.txt`, mimeType: 'text/plain', buffer: Buffer.from('a11y') });
      await expect(explorer.uploadItem(`a11y-${theme}.txt`)).toHaveAttribute('data-state', 'success');
      expect({ panel: 'upload', violations: await seriousViolations(page) }).toEqual({ panel: 'upload', violations: [] });
    });
  });
}

test.describe('on a 390 px phone screen', () => {
  test.use({ viewport: { width: 390, height: 844 }, locale: 'en-US', hasTouch: true, isMobile: true });

  test('the explorer fits the width and every action stays reachable', async ({ page }) => {
    const explorer = new ExplorerPage(page);
    await explorer.seedCredential({ adminToken: api.credential });
    await explorer.open(mount.mountPath);
    await explorer.expectDirectory(`${mount.mountPath}/`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    for (const id of ['open-upload', 'open-mkdir', 'sort-field', 'view-grid']) await expect(page.getByTestId(id)).toBeInViewport();
    await explorer.row('code.ts').getByTestId('row-actions').tap();
    await expect(page.getByTestId('actions-dialog')).toBeInViewport();
    await page.getByTestId('action-open').tap();
    await expect(page.getByTestId('viewer-code')).toBeVisible();
    const previewOverflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(previewOverflow).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
