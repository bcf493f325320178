import { expect, test } from '@playwright/test';
import { ShellPage } from '../pages/shell-page';

test.describe('theme', () => {
  test.use({ locale: 'en-US', colorScheme: 'light' });

  test('cycles auto → light → dark and survives a reload', async ({ page }) => {
    const shell = await ShellPage.open(page, '/');
    await expect(shell.themeToggle).toHaveAttribute('data-mode', 'auto');
    expect(await shell.themeAttribute()).toBe('light');

    await shell.themeToggle.click();
    await expect(shell.themeToggle).toHaveAttribute('data-mode', 'light');
    await shell.themeToggle.click();
    await expect(shell.themeToggle).toHaveAttribute('data-mode', 'dark');
    expect(await shell.themeAttribute()).toBe('dark');
    expect(await shell.storage('themeMode')).toBe('dark');
    // The mounted remote sees the same theme.
    await expect(page.locator('.cc-remote[data-remote="cloudclip_public"]')).toHaveAttribute('data-dark', 'true');

    await page.reload();
    await expect(shell.themeToggle).toHaveAttribute('data-mode', 'dark');
    expect(await shell.themeAttribute()).toBe('dark');

    await shell.themeToggle.click();
    await expect(shell.themeToggle).toHaveAttribute('data-mode', 'auto');
    expect(await shell.themeAttribute()).toBe('light');
  });
});

test.describe('theme in auto mode', () => {
  test.use({ colorScheme: 'dark' });

  test('follows a dark operating system', async ({ page }) => {
    const shell = await ShellPage.open(page, '/');
    await expect(shell.themeToggle).toHaveAttribute('data-mode', 'auto');
    expect(await shell.themeAttribute()).toBe('dark');
  });
});

test.describe('language detection', () => {
  const cases = [
    { browser: 'a Chinese browser', locale: 'zh-TW', language: 'zh-CN', home: '首页', title: '在线剪贴板 - Cloudclip' },
    { browser: 'a German browser', locale: 'de-DE', language: 'en-US', home: 'Home', title: 'Online clipboard - Cloudclip' },
  ];
  for (const { browser, locale, language, home, title } of cases) {
    test.describe(browser, () => {
      test.use({ locale });
      test(`gets ${language}`, async ({ page }) => {
        const shell = await ShellPage.open(page, '/');
        await expect(shell.navLink(home)).toBeVisible();
        await expect(shell.languageSwitch).toHaveValue(language);
        await expect(page).toHaveTitle(title);
        await expect(page.locator('html')).toHaveAttribute('lang', language);
      });
    });
  }
});

test.describe('language switch', () => {
  test.use({ locale: 'en-US' });

  test('switches the shell and the mounted remote, and is remembered', async ({ page }) => {
    const shell = await ShellPage.open(page, '/upload');
    await shell.expectArea('upload');
    await expect(shell.areaPage.getByRole('heading')).toHaveText('File upload');

    await shell.languageSwitch.selectOption('zh-CN');
    await expect(shell.navLink('上传')).toBeVisible();
    await expect(shell.areaPage.getByRole('heading')).toHaveText('文件上传');
    await expect(page).toHaveTitle('文件上传 - Cloudclip');
    expect(await shell.storage('language')).toBe('zh-CN');

    await page.reload();
    await expect(shell.navLink('上传')).toBeVisible();

    await shell.goto('/admin/settings');
    await expect(page).toHaveTitle('系统设置 - Cloudclip');
  });
});
