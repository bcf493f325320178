import { expect, test } from '@playwright/test';
import { appendFileSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { brotliCompressSync } from 'node:zlib';
import { API_PORT, PINS_SANDBOX_PORT } from '../playwright.config';
import { ShellPage } from '../pages/shell-page';
import { DeploySandbox } from '../support/deploy-sandbox';
import { waitForServiceWorker } from '../support/service-worker';

// Releases, pins and rollbacks as an operator does them, against a gateway of their own, with the
// app's service worker active: it must not keep a page on a release the environment no longer pins,
// nor bypass the integrity check or the isolated retry of a remote.
const SANDBOX_PORT = PINS_SANDBOX_PORT;
const SUBTITLE_V1 = 'Write Markdown with a live preview and share it by link.';
const SUBTITLE_V2 = 'Release two: Markdown with a live preview, shared by link.';

// Each test loads pages, releases or pins, and waits for the service worker.
test.describe.configure({ mode: 'serial', timeout: 60_000 });
test.use({ locale: 'en-US', baseURL: `http://127.0.0.1:${SANDBOX_PORT}`, serviceWorkers: 'allow' });

let sandbox: DeploySandbox;

test.beforeAll(async () => {
  // Releasing every package (a copy and a digest of each file) takes a while on a busy machine.
  test.setTimeout(120_000);
  sandbox = new DeploySandbox(SANDBOX_PORT, API_PORT);
  for (const result of sandbox.releaseAll('1.0.0')) expect(result.code, `${result.pkg}: ${result.output}`).toBe(0);
  // Version 1.1.0 of mfe-public differs visibly: its home page subtitle.
  const v2 = sandbox.variantOf('mfe-public', 'v2', (_file, text) => text.split(SUBTITLE_V1).join(SUBTITLE_V2));
  const released = sandbox.release('mfe-public', '1.1.0', v2);
  expect(released.code, released.output).toBe(0);
  sandbox.writeEnvironment('1.0.0');
  await sandbox.startGateway();
});

test.afterAll(async () => {
  await sandbox?.dispose();
});

test('a new pin shows at the next page load without touching the host, and rollback returns to v1', async ({ page }) => {
  const remoteScripts: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/remotes/mfe-public/')) remoteScripts.push(new URL(request.url()).pathname);
  });
  const shell = new ShellPage(page);
  const gatewayPid = sandbox.gatewayPid;

  await shell.goto('/');
  await expect(page.getByTestId('area-page').getByText(SUBTITLE_V1)).toBeVisible();
  expect(remoteScripts.every((address) => address.startsWith('/remotes/mfe-public/1.0.0/'))).toBe(true);
  // From here on every load runs under the service worker, which has cached release 1.0.0.
  await waitForServiceWorker(page);

  const pinned = sandbox.cli('pins.mjs', ['pin', 'sandbox', 'mfe-public', '1.1.0', '--reason', 'ship the new subtitle']);
  expect(pinned.code, pinned.output).toBe(0);
  remoteScripts.length = 0;
  await page.reload();
  await expect(page.getByTestId('area-page').getByText(SUBTITLE_V2)).toBeVisible();
  await expect(page.getByText(SUBTITLE_V1)).toHaveCount(0);
  expect(remoteScripts.some((address) => address.startsWith('/remotes/mfe-public/1.1.0/'))).toBe(true);
  expect(remoteScripts.filter((address) => !address.startsWith('/remotes/mfe-public/1.1.0/'))).toEqual([]);
  expect(sandbox.environment().host.version).toBe('1.0.0');
  expect(sandbox.gatewayPid).toBe(gatewayPid);

  const rolledBack = sandbox.cli('pins.mjs', ['rollback', 'sandbox', 'mfe-public', '--reason', 'subtitle reads badly']);
  expect(rolledBack.code, rolledBack.output).toBe(0);
  remoteScripts.length = 0;
  await page.reload();
  await expect(page.getByTestId('area-page').getByText(SUBTITLE_V1)).toBeVisible();
  await expect(page.getByText(SUBTITLE_V2)).toHaveCount(0);
  expect(remoteScripts.filter((address) => !address.startsWith('/remotes/mfe-public/1.0.0/'))).toEqual([]);
  expect(sandbox.environment().remotes.cloudclip_public?.version).toBe('1.0.0');

  const history = sandbox.cli('pins.mjs', ['history', 'sandbox']);
  expect(history.output).toContain('pin      mfe-public     1.0.0 → 1.1.0  by e2e: ship the new subtitle');
  expect(history.output).toContain('rollback mfe-public     1.1.0 → 1.0.0  by e2e: subtitle reads badly');
});

test('re-releasing a version, and pinning an incompatible or tampered release, are refused', async ({ page }) => {
  const again = sandbox.release('mfe-public', '1.0.0');
  expect(again.code).not.toBe(0);
  expect(again.output).toContain('mfe-public@1.0.0 is already released');

  // A build that needs React 19, which the pinned host does not provide.
  const needsReact19 = sandbox.variantOf('mfe-public', 'react19', (file, text) => {
    if (file !== 'mf-manifest.json') return text;
    const manifest = JSON.parse(text) as { shared: { name: string; requiredVersion: string }[] };
    for (const shared of manifest.shared) if (shared.name === 'react') shared.requiredVersion = '^19.0.0';
    return JSON.stringify(manifest);
  });
  expect(sandbox.release('mfe-public', '1.2.0', needsReact19).code).toBe(0);
  const incompatible = sandbox.cli('pins.mjs', ['pin', 'sandbox', 'mfe-public', '1.2.0']);
  expect(incompatible.code).toBe(2);
  expect(incompatible.output).toContain('react: the host provides 18.3.1, the release needs ^19.0.0');

  // A release whose entry was changed in the store after it was released.
  expect(sandbox.release('mfe-public', '1.3.0').code).toBe(0);
  appendFileSync(sandbox.storeFile('mfe-public', '1.3.0', 'remoteEntry.js'), '\nwindow.__tampered = true;');
  const tampered = sandbox.cli('pins.mjs', ['pin', 'sandbox', 'mfe-public', '1.3.0']);
  expect(tampered.code).toBe(2);
  expect(tampered.output).toContain('remoteEntry.js does not match its recorded digest');

  expect(sandbox.environment().remotes.cloudclip_public?.version).toBe('1.0.0');
  await new ShellPage(page).goto('/');
  await expect(page.getByTestId('area-page').getByText(SUBTITLE_V1)).toBeVisible();
});

test('a pinned remote whose files are gone, or were changed after pinning, gets the retry slot; the rest works', async ({ page }) => {
  const shell = new ShellPage(page);
  // Both changes are made before this (fresh) browser has loaded either remote: a service worker that
  // already verified a good copy of a release may legitimately keep serving it.
  rmSync(sandbox.storeFile('mfe-upload', '1.0.0', 'remoteEntry.js'));
  // The browser refuses an entry script that no longer matches its pinned digest (integrity),
  // whichever copy the gateway sends (browsers that accept br get the build's Brotli copy).
  const entry = sandbox.storeFile('mfe-explorer', '1.0.0', 'remoteEntry.js');
  const changed = `${readFileSync(entry, 'utf8')}\n/* changed after release */`;
  writeFileSync(entry, changed);
  writeFileSync(`${entry}.br`, brotliCompressSync(Buffer.from(changed)));

  await shell.goto('/upload');
  await expect(shell.remoteFailure).toBeVisible({ timeout: 20_000 });
  await expect(shell.remoteFailure).toHaveAttribute('data-remote', 'cloudclip_upload');
  // The rest of this test runs under the service worker.
  await waitForServiceWorker(page, { precached: false });
  await shell.navLink('Home').click();
  await shell.expectArea('public', 'home');

  await shell.navLink('Mount Explorer').click();
  await expect(shell.remoteFailure).toBeVisible({ timeout: 20_000 });
  await expect(shell.remoteFailure).toHaveAttribute('data-remote', 'cloudclip_explorer');
  await shell.navLink('Home').click();
  await shell.expectArea('public', 'home');
});
