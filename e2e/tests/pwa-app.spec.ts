import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { API_PORT, APP_SANDBOX_PORT } from '../playwright.config';
import { AppPage, type WebAppManifest } from '../pages/app-page';
import { PublicEditorPage } from '../pages/public-editor-page';
import { PublicPastePage } from '../pages/public-paste-page';
import { ShellPage } from '../pages/shell-page';
import { UploadPage } from '../pages/upload-page';
import { adminToken } from '../support/api';
import { DeploySandbox } from '../support/deploy-sandbox';
import {
  clipboardContents,
  MANIFEST_TEXTS,
  openUnderServiceWorker,
  photo,
  releaseInstalledApp,
  SUBTITLE_V1,
  SUBTITLE_V2,
} from '../support/installed-app';
import { createPaste } from '../support/public-api';
import { useAdminSession } from '../support/public-session';
import { waitForServiceWorker } from '../support/service-worker';

// Cloudclip as an installed app, against a deployment of its own (every package released from its
// build as 1.0.0, like the deploy tests) whose gateway the tests stop to be offline for real.

// Each test loads pages, waits for the service worker and may stop and start the gateway.
test.describe.configure({ mode: 'serial', timeout: 90_000 });
test.use({ locale: 'en-US', baseURL: `http://127.0.0.1:${APP_SANDBOX_PORT}`, serviceWorkers: 'allow' });

let sandbox: DeploySandbox;
let token: string;

test.beforeAll(async () => {
  // Releasing every package (a copy and a digest of each file) takes a while on a busy machine.
  test.setTimeout(120_000);
  sandbox = new DeploySandbox(APP_SANDBOX_PORT, API_PORT);
  await releaseInstalledApp(sandbox);
  token = await adminToken();
});

// A test that failed while offline leaves the gateway stopped: the next one starts online.
test.afterEach(async () => {
  if (!sandbox.running) await sandbox.startGateway();
});

test.afterAll(async () => {
  await sandbox?.dispose();
});

test('the app is installable: no installability errors; a manifest in both languages with icons, shortcuts and a share target', async ({
  playwright,
  launchOptions,
  headless,
  request,
}) => {
  // Chromium never offers to install from an incognito profile, which every new Playwright context
  // is: this check runs in a browser with a profile of its own.
  const profile = mkdtempSync(path.join(os.tmpdir(), 'cloudclip-pwa-profile-'));
  const context = await playwright.chromium.launchPersistentContext(profile, {
    ...launchOptions,
    headless,
    baseURL: sandbox.baseURL,
    locale: 'en-US',
    serviceWorkers: 'allow',
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await new ShellPage(page).goto('/');
    await waitForServiceWorker(page, { precached: false });
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', /^\/manifest\.webmanifest(\?lang=en-US)?$/);
    const cdp = await context.newCDPSession(page);
    await expect.poll(async () => (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors, { timeout: 20_000 }).toEqual([]);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }

  const icons = new Set<string>();
  for (const lang of ['en-US', 'zh-CN'] as const) {
    const response = await request.get(`/manifest.webmanifest?lang=${lang}`);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('application/manifest+json');
    const manifest = (await response.json()) as WebAppManifest;
    const texts = MANIFEST_TEXTS[lang]!;
    expect(manifest).toMatchObject({ name: texts.name, short_name: texts.shortName, lang, display: 'standalone' });
    expect(manifest.start_url).toMatch(/^\//);
    const sizes = (manifest.icons ?? []).map((icon) => icon.sizes);
    expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect((manifest.icons ?? []).some((icon) => (icon.purpose ?? '').split(/\s+/).includes('maskable'))).toBe(true);
    expect((manifest.shortcuts ?? []).map((shortcut) => [shortcut.name, new URL(shortcut.url, sandbox.baseURL).pathname])).toEqual([
      [texts.shortcuts.paste.name, '/'],
      [texts.shortcuts.upload.name, '/upload'],
    ]);
    expect(manifest.share_target).toMatchObject({ action: '/share-target', enctype: 'multipart/form-data' });
    expect(manifest.share_target?.method?.toUpperCase()).toBe('POST');
    for (const icon of manifest.icons ?? []) icons.add(icon.src);
    for (const shortcut of manifest.shortcuts ?? []) for (const icon of shortcut.icons ?? []) icons.add(icon.src);
  }
  expect(MANIFEST_TEXTS['zh-CN']!.name).not.toBe(MANIFEST_TEXTS['en-US']!.name);
  for (const src of icons) {
    const icon = await request.get(new URL(src, sandbox.baseURL).pathname);
    expect(icon.status(), src).toBe(200);
    expect(icon.headers()['content-type'], src).toContain('image/png');
  }
});

test('after a reload a service worker controls the page, and it has precached the pinned releases', async ({ page, request }) => {
  const shell = await ShellPage.open(page, '/');
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration('/');
          return registration?.active ? new URL(registration.active.scriptURL).pathname : null;
        }),
      { timeout: 20_000 },
    )
    .toBe('/sw.js');
  const response = await page.reload();
  await expect(shell.header).toBeVisible();
  expect(response?.fromServiceWorker()).toBe(true);
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  const status = await waitForServiceWorker(page);
  const appCache = (await (await request.get('/app-cache.json')).json()) as { key: string };
  expect(status.key).toBe(appCache.key);
});

test('offline, / opens with the editor and the draft typed before; other routes show the offline page in the shell', async ({ page }) => {
  const shell = new ShellPage(page);
  const editor = new PublicEditorPage(page);
  const app = new AppPage(page);
  await openUnderServiceWorker(page, '/');
  await expect(editor.codeMirror).toBeVisible();
  await editor.type('# Offline draft\n\nwritten before the network went away');
  await expect(editor.draftStatus).toHaveAttribute('data-status', 'autosaved');
  const draft = await editor.content();
  expect(draft).toContain('written before the network went away');

  await sandbox.stopGateway();
  await page.reload();
  // The service worker answered with the offline shell.
  await expect(page.locator('meta[name="cloudclip-offline"]')).toHaveAttribute('content', '1');
  await expect(editor.area).toBeVisible({ timeout: 20_000 });
  await expect(editor.codeMirror).toBeVisible();
  await expect.poll(() => editor.content()).toBe(draft);
  await expect(app.offlinePage).toHaveCount(0);

  // A route whose remote is not in the cache: the offline page, inside the shell.
  await shell.navLink('Admin').click();
  await expect(app.offlinePage).toBeVisible({ timeout: 20_000 });
  await expect(app.offlinePage.getByRole('heading', { name: 'You are offline' })).toBeVisible();
  await expect(shell.header).toBeVisible();
  await expect(shell.remoteFailure).toHaveCount(0);
  await expect(page).toHaveURL((url) => url.pathname === '/admin');

  // A fresh page load of another route: the same, not the browser's error page.
  await page.goto('/upload');
  await expect(app.offlinePage).toBeVisible({ timeout: 20_000 });
  await expect(shell.header).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === '/upload');

  // Back online, "Try again" loads the page.
  await sandbox.startGateway();
  await app.offlinePage.getByTestId('offline-retry').click();
  await shell.expectArea('upload');
  await expect(app.offlinePage).toHaveCount(0);
});

test('a paste opened online stays readable offline, marked as the saved copy', async ({ page }) => {
  const { slug } = await createPaste(token, { content: '# Packing list\n\n- passport\n- phone charger' });
  const view = new PublicPastePage(page);
  const app = new AppPage(page);
  await view.goto(slug);
  await view.rendered();
  await waitForServiceWorker(page, { precached: false });
  await page.reload();
  await view.rendered();
  await waitForServiceWorker(page);
  await expect(app.offlineCopyNotice).toHaveCount(0);

  await sandbox.stopGateway();
  await page.reload();
  await expect(app.offlineCopyNotice).toBeVisible({ timeout: 20_000 });
  await expect(app.offlineCopyNotice).toContainText('You are offline. This is the copy saved on');
  await expect(view.content.locator('h1')).toHaveText('Packing list');
  await expect(view.content).toContainText('phone charger');
  await expect(app.offlinePage).toHaveCount(0);
});

test('the share sheet: a text with a link continues in the editor, a photo in the upload queue', async ({ page }) => {
  await useAdminSession(page, token);
  const editor = new PublicEditorPage(page);
  const upload = new UploadPage(page);
  const app = new AppPage(page);
  await openUnderServiceWorker(page, '/');

  await app.submitShare({ title: 'Trip notes', text: 'Meet at the station at nine.', url: 'https://example.com/trip' });
  await expect(app.sharedContentNotice).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL((url) => url.pathname === '/' && !url.searchParams.has('share'));
  await expect.poll(() => editor.content()).toBe('# Trip notes\n\nMeet at the station at nine.\n\nhttps://example.com/trip');
  // Taken once: a reload does not bring the hand-off back.
  await page.reload();
  await expect(editor.codeMirror).toBeVisible();
  await expect(app.sharedContentNotice).toHaveCount(0);

  await app.submitShare({}, [photo('holiday-photo.png')]);
  await expect(app.sharedFilesNotice).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL((url) => url.pathname === '/upload' && !url.searchParams.has('share'));
  await expect(upload.selectedFiles).toHaveCount(1);
  await expect(upload.selectedFiles).toContainText('holiday-photo.png');
});

test.describe('without a service worker', () => {
  test.use({ serviceWorkers: 'block' });

  test('the share sheet posting while no worker runs: the editor asks to share again', async ({ page }) => {
    const shell = new ShellPage(page);
    const app = new AppPage(page);
    await shell.goto('/');
    await app.submitShare({ text: 'lost on the way' });
    const notice = app.sharedContentNotice;
    await expect(notice).toBeVisible({ timeout: 20_000 });
    await expect(notice).toContainText('Sharing needs the app to be opened once while online. Please share again.');
    await expect(page).toHaveURL((url) => url.pathname === '/');
  });
});

test('an image pasted on /upload is queued', async ({ page }) => {
  await useAdminSession(page, token);
  const upload = new UploadPage(page);
  const app = new AppPage(page);
  await upload.goto();
  await expect(upload.chooseButton).toBeVisible();
  expect(await app.pasteFiles([photo('screenshot-from-clipboard.png')])).toBe(true);
  await expect(upload.selectedFiles).toHaveCount(1);
  await expect(upload.selectedFiles).toContainText('screenshot-from-clipboard.png');
});

test('an image pasted into the editor by the admin is uploaded and its Markdown inserted; the preview shows it', async ({ page }) => {
  await useAdminSession(page, token);
  const editor = new PublicEditorPage(page);
  const app = new AppPage(page);
  await editor.goto();
  await editor.setContent('Before the picture\n');
  await editor.codeMirror.click();
  await page.keyboard.press('Control+End');
  await app.pasteFiles([photo('pasted-chart.png')], 'focused');

  await expect.poll(() => editor.content(), { timeout: 20_000 }).toMatch(/!\[pasted-chart\.png\]\((?!\))[^)\s]+\)/);
  const text = await editor.content();
  expect(text).toContain('Before the picture');
  expect(text).not.toContain('![Uploading');
  const image = editor.preview.locator('img');
  await expect(image).toBeVisible({ timeout: 20_000 });
  await expect.poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth)).toBe(24);
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('an image pasted into the editor by a visitor who may not upload: a message says why, the text stays as it was', async ({ page }) => {
  const editor = new PublicEditorPage(page);
  const app = new AppPage(page);
  await editor.goto();
  await editor.setContent('Keep this text');
  await editor.codeMirror.click();
  await app.pasteFiles([photo('not-allowed.png')], 'focused');

  const alert = page.getByRole('alert').filter({ hasText: 'to paste images' });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText('Sign in with an API key that may upload files, or as the administrator, to paste images.');
  expect(await editor.content()).toBe('Keep this text');
});

test('files dropped on any page are offered for upload, then queued on /upload', async ({ page }) => {
  await useAdminSession(page, token);
  const shell = new ShellPage(page);
  const upload = new UploadPage(page);
  const app = new AppPage(page);
  await shell.goto('/');
  await shell.expectArea('public', 'home');

  const drag = await app.dragFilesOver([photo('dropped-photo.png'), { name: 'dropped-notes.txt', type: 'text/plain', bytes: 'notes' }]);
  await expect(app.fileDropOverlay).toBeVisible();
  await app.drop(drag);
  await expect(app.fileDropOverlay).toHaveCount(0);
  await expect(app.fileDropConfirm).toBeVisible();
  await expect(app.fileDropConfirm.getByRole('heading')).toHaveText('Upload 2 files?');
  await expect(app.fileDropConfirm.getByRole('listitem')).toHaveText(['dropped-photo.png', 'dropped-notes.txt']);
  const confirm = app.fileDropConfirm.getByRole('button', { name: 'Upload', exact: true });
  await expect(confirm).toBeFocused();
  await confirm.click();

  await expect(page).toHaveURL((url) => url.pathname === '/upload' && !url.searchParams.has('share'), { timeout: 20_000 });
  await expect(upload.selectedFiles).toHaveCount(2);
  await expect(upload.selectedFiles.nth(0)).toContainText('dropped-photo.png');
  await expect(upload.selectedFiles.nth(1)).toContainText('dropped-notes.txt');
  await expect(app.fileDropConfirm).toHaveCount(0);
});

test('a paste page copies its Markdown, or its formatted text (HTML) for a mail or a document', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: sandbox.baseURL });
  const markdown = '# Shopping list\n\nBuy **fresh bread** and milk.';
  const { slug } = await createPaste(token, { content: markdown });
  const view = new PublicPastePage(page);
  await view.goto(slug);
  await view.rendered();

  await page.evaluate(() => navigator.clipboard.writeText('nothing copied yet'));
  await view.copyContent.click();
  await expect(view.copyContent).toHaveAttribute('data-state', 'copied');
  await expect.poll(async () => (await clipboardContents(page))['text/plain']).toBe(markdown);

  await page.evaluate(() => navigator.clipboard.writeText('nothing copied yet'));
  await view.copyFormatted.click();
  await expect(view.copyFormatted).toHaveAttribute('data-state', 'copied');
  await expect.poll(async () => Object.keys(await clipboardContents(page)).sort()).toEqual(['text/html', 'text/plain']);
  const copied = await clipboardContents(page);
  expect(copied['text/html']).toContain('<h1');
  expect(copied['text/html']).toContain('Shopping list');
  expect(copied['text/html']).toContain('<strong>fresh bread</strong>');
  expect(copied['text/html']).not.toContain('<script');
  expect(copied['text/plain']).toContain('fresh bread');
});

test('under the service worker, a new pin runs at the next load with only its files, and a rollback goes back', async ({ page }) => {
  const requested: string[] = [];
  page.on('request', (request) => {
    const address = new URL(request.url()).pathname;
    if (address.startsWith('/remotes/mfe-public/')) requested.push(address);
  });
  const shell = new ShellPage(page);
  await openUnderServiceWorker(page, '/');
  await expect(page.getByTestId('area-page').getByText(SUBTITLE_V1)).toBeVisible();

  const pinned = sandbox.cli('pins.mjs', ['pin', 'sandbox', 'mfe-public', '1.1.0', '--reason', 'the app under its worker']);
  expect(pinned.code, pinned.output).toBe(0);
  requested.length = 0;
  const next = await page.reload();
  expect(next?.fromServiceWorker()).toBe(true);
  await expect(page.getByTestId('area-page').getByText(SUBTITLE_V2)).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(SUBTITLE_V1)).toHaveCount(0);
  expect(requested.length).toBeGreaterThan(0);
  expect(requested.filter((address) => !address.startsWith('/remotes/mfe-public/1.1.0/'))).toEqual([]);

  const rolledBack = sandbox.cli('pins.mjs', ['rollback', 'sandbox', 'mfe-public', '--reason', 'back to one']);
  expect(rolledBack.code, rolledBack.output).toBe(0);
  requested.length = 0;
  await page.reload();
  await expect(page.getByTestId('area-page').getByText(SUBTITLE_V1)).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(SUBTITLE_V2)).toHaveCount(0);
  expect(requested.filter((address) => !address.startsWith('/remotes/mfe-public/1.0.0/'))).toEqual([]);
  await expect(shell.remoteFailure).toHaveCount(0);
});

test('under the service worker, a remote whose entry is gone gets the isolated retry; once it is back, Retry loads it', async ({
  page,
}) => {
  const shell = new ShellPage(page);
  const app = new AppPage(page);
  const entry = sandbox.storeFile('mfe-upload', '1.0.0', 'remoteEntry.js');
  const original = readFileSync(entry);
  // Removed before this browser ever loads the upload remote.
  rmSync(entry);
  try {
    await shell.goto('/');
    await shell.expectArea('public', 'home');
    await waitForServiceWorker(page);
    await page.goto('/upload');
    await expect(shell.remoteFailure).toBeVisible({ timeout: 20_000 });
    await expect(shell.remoteFailure).toHaveAttribute('data-remote', 'cloudclip_upload');
    await expect(app.offlinePage).toHaveCount(0);
    await shell.navLink('Home').click();
    await shell.expectArea('public', 'home');
    await shell.navLink('Upload').click();
    await expect(shell.remoteFailure).toBeVisible({ timeout: 20_000 });
  } finally {
    writeFileSync(entry, original);
  }
  await shell.retryButton.click();
  await shell.expectArea('upload');
  await expect(shell.remoteFailure).toHaveCount(0);
});

test.describe('on a phone, in Chinese', () => {
  test.use({ locale: 'zh-CN', viewport: { width: 390, height: 844 } });

  test('the drop confirmation and the offline page fit the screen', async ({ page }) => {
    const shell = new ShellPage(page);
    const app = new AppPage(page);
    await openUnderServiceWorker(page, '/');
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest?lang=zh-CN');

    const drag = await app.dragFilesOver([photo('IMG_20261128_235959_a-long-name-from-the-phone-camera.png'), photo('截图.png')]);
    await expect(app.fileDropOverlay).toBeVisible();
    expect(await app.scrollWidth()).toBeLessThanOrEqual(390);
    await app.drop(drag);
    await expect(app.fileDropConfirm).toBeVisible();
    await expect(app.fileDropConfirm.getByRole('heading')).toHaveText('上传 2 个文件？');
    expect(await app.scrollWidth()).toBeLessThanOrEqual(390);
    await app.fileDropConfirm.getByRole('button', { name: '取消' }).click();
    await expect(app.fileDropConfirm).toHaveCount(0);
    await expect(page).toHaveURL((url) => url.pathname === '/');

    await sandbox.stopGateway();
    await page.goto('/upload');
    await expect(app.offlinePage.getByRole('heading', { name: '当前处于离线状态' })).toBeVisible({ timeout: 20_000 });
    await expect(shell.header).toBeVisible();
    expect(await app.scrollWidth()).toBeLessThanOrEqual(390);
  });

  test('a new host release: a notice offers to reload, and the reload runs the new host', async ({ page }) => {
    const shell = new ShellPage(page);
    const app = new AppPage(page);
    await openUnderServiceWorker(page, '/');
    expect((await app.bootedEnvironment())?.host?.version).toBe('1.0.0');
    await expect(app.updateNotice).toHaveCount(0);

    const pinned = sandbox.cli('pins.mjs', ['pin', 'sandbox', 'host', '1.0.1', '--reason', 'a new host']);
    expect(pinned.code, pinned.output).toBe(0);
    // The host checks /env.json when the app comes back to the foreground.
    await expect(async () => {
      await app.becomeVisible();
      await expect(app.updateNotice).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    expect(await app.scrollWidth()).toBeLessThanOrEqual(390);

    await app.updateNotice.getByRole('button', { name: '重新加载' }).click();
    await expect.poll(async () => (await app.bootedEnvironment())?.host?.version, { timeout: 20_000 }).toBe('1.0.1');
    await expect(shell.header).toBeVisible();
    await expect(app.updateNotice).toHaveCount(0);
    const environment = await page.evaluate(() =>
      fetch('/env.json').then((response) => response.json() as Promise<{ host: { version: string } }>),
    );
    expect(environment.host.version).toBe('1.0.1');
  });
});
