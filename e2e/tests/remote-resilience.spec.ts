import { expect, test } from '@playwright/test';
import { ShellPage } from '../pages/shell-page';
import { BROKEN_GATEWAY_PORT } from '../playwright.config';

test.use({ locale: 'en-US' });

test('a remote whose files cannot be fetched shows a retry in its slot while the rest works', async ({ page }) => {
  await page.route('**/remotes/mfe-upload/**', (route) => route.abort('connectionrefused'));
  const shell = await ShellPage.open(page, '/upload');

  await expect(shell.remoteFailure).toBeVisible({ timeout: 20_000 });
  await expect(shell.remoteFailure).toHaveAttribute('data-remote', 'cloudclip_upload');
  await expect(shell.retryButton).toHaveText('Retry');
  await expect(shell.header).toBeVisible();
  await expect(shell.footer).toBeVisible();

  // Other areas keep working.
  await shell.navLink('Home').click();
  await shell.expectArea('public', 'home');
  await shell.navLink('Mount Explorer').click();
  await shell.expectArea('explorer');

  // Once the files are reachable again, retry loads the remote.
  await shell.navLink('Upload').click();
  await expect(shell.remoteFailure).toBeVisible({ timeout: 20_000 });
  await page.unroute('**/remotes/mfe-upload/**');
  await shell.retryButton.click();
  await shell.expectArea('upload');
  await expect(shell.remoteFailure).toHaveCount(0);
});

test('a remote pinned to a version that does not exist fails in its slot only', async ({ page }) => {
  const shell = new ShellPage(page);
  const origin = `http://127.0.0.1:${BROKEN_GATEWAY_PORT}`;
  await shell.goto(`${origin}/upload`);
  await expect(shell.remoteFailure).toBeVisible({ timeout: 20_000 });
  await shell.retryButton.click();
  await expect(shell.remoteFailure).toBeVisible({ timeout: 20_000 });

  await shell.navLink('Home').click();
  await shell.expectArea('public', 'home');
  await shell.navLink('Admin').click();
  await shell.expectArea('admin');
});

test('host and remotes share one React, one kernel and one bus', async ({ page }) => {
  const shell = await ShellPage.open(page, '/');
  await shell.expectArea('public');
  for (const [link, area] of [
    ['Upload', 'upload'],
    ['Mount Explorer', 'explorer'],
    ['Admin', 'admin'],
  ] as const) {
    await shell.navLink(link).click();
    await shell.expectArea(area);
  }
  const report = await page.evaluate(() => {
    type Entry = { app: string; react: unknown; kernelModuleId: string; bus: unknown };
    const apps = (window as unknown as { __CLOUDCLIP_APPS__?: Entry[] }).__CLOUDCLIP_APPS__ ?? [];
    const host = apps.find((entry) => entry.app === 'cloudclip_host');
    return {
      apps: apps.map((entry) => entry.app).sort(),
      sameReact: apps.every((entry) => !!host && entry.react === host.react),
      kernelIds: [...new Set(apps.map((entry) => entry.kernelModuleId))],
      sameBus: apps.every((entry) => !!host && entry.bus !== null && entry.bus === host.bus),
    };
  });
  expect(report.apps).toEqual(['cloudclip_admin', 'cloudclip_explorer', 'cloudclip_host', 'cloudclip_public', 'cloudclip_upload']);
  expect(report.sameReact).toBe(true);
  expect(report.kernelIds).toHaveLength(1);
  expect(report.sameBus).toBe(true);
});
