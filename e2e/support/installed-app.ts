/**
 * Support of the installed-app tests (tests/pwa-app.spec.ts): the deployment they run against (every
 * package released as 1.0.0, a visibly different mfe-public 1.1.0 and a second host release), the
 * manifest's texts, and pages opened under the service worker.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import type { PageFile } from '../pages/app-page';
import { ShellPage } from '../pages/shell-page';
import { repoRoot, type DeploySandbox } from './deploy-sandbox';
import { pngImage } from './public-api';
import { waitForServiceWorker } from './service-worker';

export const SUBTITLE_V1 = 'Write Markdown with a live preview and share it by link.';
export const SUBTITLE_V2 = 'Release two: Markdown with a live preview, shared by link.';
/** The manifest's names, in both languages (the texts the gateway's manifest is written from). */
export const MANIFEST_TEXTS = JSON.parse(
  readFileSync(path.join(repoRoot, 'shared-kernel/src/pwa/app-manifest-texts.json'), 'utf8'),
) as Record<string, { name: string; shortName: string; shortcuts: { paste: { name: string }; upload: { name: string } } }>;

/**
 * Releases into `sandbox` every package as 1.0.0, mfe-public 1.1.0 (its subtitle SUBTITLE_V2) and
 * host-shell 1.0.1; pins 1.0.0 and starts the gateway.
 */
export async function releaseInstalledApp(sandbox: DeploySandbox): Promise<void> {
  for (const result of sandbox.releaseAll('1.0.0')) expect(result.code, `${result.pkg}: ${result.output}`).toBe(0);
  // A visibly different mfe-public (its home page subtitle), and a second host release.
  const v2 = sandbox.variantOf('mfe-public', 'v2', (_file, text) => text.split(SUBTITLE_V1).join(SUBTITLE_V2));
  const released = sandbox.release('mfe-public', '1.1.0', v2);
  expect(released.code, released.output).toBe(0);
  const host = sandbox.release('host-shell', '1.0.1');
  expect(host.code, host.output).toBe(0);
  sandbox.writeEnvironment('1.0.0');
  await sandbox.startGateway();
}

export function photo(name: string): PageFile {
  return { name, type: 'image/png', bytes: pngImage(24, 16) };
}

/**
 * Opens a page, waits until the service worker controls it, and loads it once more so that every
 * file of the page has gone through the worker; then waits until the worker has precached.
 */
export async function openUnderServiceWorker(page: Page, address: string): Promise<void> {
  const shell = new ShellPage(page);
  await shell.goto(address);
  await waitForServiceWorker(page, { precached: false });
  await page.reload();
  await expect(shell.header).toBeVisible();
  await waitForServiceWorker(page);
}

export async function clipboardContents(page: Page): Promise<Record<string, string>> {
  return page.evaluate(async () => {
    const contents: Record<string, string> = {};
    for (const item of await navigator.clipboard.read()) {
      for (const type of item.types) contents[type] = await (await item.getType(type)).text();
    }
    return contents;
  });
}
