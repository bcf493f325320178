import { expect, test } from '@playwright/test';
import { PublicEditorPage } from '../pages/public-editor-page';
import { PublicPastePage } from '../pages/public-paste-page';
import { adminToken } from '../support/api';
import { createApiKey, createPaste, setGuestPastes } from '../support/public-api';
import { readClipboard, useAdminSession, useApiKeySession } from '../support/public-session';
import { expectedQrPath } from '../support/qr';

test.use({ locale: 'en-US', permissions: ['clipboard-read', 'clipboard-write'] });

const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

test.describe('sharing from the editor', () => {
  test('shares with a password: links, copy buttons, QR code of the link, password shown; the view needs it', async ({
    page,
    browser,
    baseURL,
  }) => {
    await useAdminSession(page);
    const editor = new PublicEditorPage(page);
    await editor.goto();
    await editor.setContent('# Secret plan\n\nMeet at **noon**.');
    const created = page.waitForResponse((response) => response.url().endsWith('/api/paste') && response.request().method() === 'POST');
    const link = await editor.share({ password: 'open-sesame', remark: 'plan' });
    const body = (await (await created).request().postDataJSON()) as Record<string, unknown>;
    expect(body).toMatchObject({ content: '# Secret plan\n\nMeet at **noon**.', password: 'open-sesame', remark: 'plan' });

    const slug = (await editor.result.getAttribute('data-slug'))!;
    expect(link).toBe(`${baseURL}/paste/${slug}`);
    await expect(editor.rawLink).toHaveText(`${baseURL}/api/raw/${slug}?password=open-sesame`);
    await expect(editor.resultPassword).toHaveText('open-sesame');

    // QR code: present, and its modules are exactly those of the share link.
    await expect(editor.qr).toHaveAttribute('data-qr-value', link);
    const drawn = await editor.qr.locator('svg path').last().getAttribute('d');
    expect(drawn).toBe(expectedQrPath(link, 168));

    // Copy buttons put the links on the clipboard.
    await page.getByTestId('copy-share-link').click();
    await expect(page.getByTestId('copy-share-link')).toHaveText('Copied');
    expect(await readClipboard(page)).toBe(link);
    await page.getByTestId('copy-raw-link').click();
    expect(await readClipboard(page)).toBe(`${baseURL}/api/raw/${slug}?password=open-sesame`);
    await page.getByTestId('copy-password').click();
    expect(await readClipboard(page)).toBe('open-sesame');

    // A visitor (no session) needs the password.
    const visitor = await browser.newPage({ locale: 'en-US', baseURL });
    const view = new PublicPastePage(visitor);
    await view.goto(slug);
    await expect(view.passwordInput).toBeVisible();
    await view.unlock('wrong');
    await expect(view.passwordError).toBeVisible();
    await expect(view.content).toHaveCount(0);
    await view.unlock('open-sesame');
    await expect(view.content.locator('h1')).toHaveText('Secret plan');
    await expect(view.rawLink).toHaveAttribute('href', `${baseURL}/api/raw/${slug}?password=open-sesame`);
    const raw = await visitor.request.get(`/api/raw/${slug}?password=open-sesame`);
    expect(await raw.text()).toBe('# Secret plan\n\nMeet at **noon**.');
    await visitor.close();
  });

  test('sends the chosen expiry as an absolute time and none for never; offers the five choices', async ({ page }) => {
    await useAdminSession(page);
    const editor = new PublicEditorPage(page);
    await editor.goto();
    await expect(editor.expiry.locator('option')).toHaveText(['1 hour', '1 day', '7 days', '30 days', 'Never']);
    await editor.setContent('expires soon');
    const request = page.waitForRequest((r) => r.url().endsWith('/api/paste') && r.method() === 'POST');
    const started = Date.now();
    await editor.share({ expiry: '1h' });
    const sent = (await request).postDataJSON() as { expiresAt: string };
    const delta = Date.parse(sent.expiresAt) - started;
    expect(delta).toBeGreaterThan(59 * 60 * 1000);
    expect(delta).toBeLessThan(61 * 60 * 1000);

    const slug = (await editor.result.getAttribute('data-slug'))!;
    const view = new PublicPastePage(page);
    await view.goto(slug);
    await expect(view.expires).not.toHaveText('Never');

    await editor.goto();
    const neverRequest = page.waitForRequest((r) => r.url().endsWith('/api/paste') && r.method() === 'POST');
    await editor.share({ expiry: 'never' });
    expect((await neverRequest).postDataJSON()).not.toHaveProperty('expiresAt');
    await view.goto((await editor.result.getAttribute('data-slug'))!);
    await expect(view.expires).toHaveText('Never');
  });

  test('max views: the last allowed view says so, the next visit finds nothing', async ({ page, browser, baseURL }) => {
    await useAdminSession(page);
    const editor = new PublicEditorPage(page);
    await editor.goto();
    await editor.setContent('only twice');
    await editor.share({ maxViews: '2' });
    const slug = (await editor.result.getAttribute('data-slug'))!;

    const visitor = await browser.newPage({ locale: 'en-US', baseURL });
    const view = new PublicPastePage(visitor);
    await view.goto(slug);
    await expect(view.content).toContainText('only twice');
    await expect(view.views).toHaveText('1 of 2');
    await expect(view.lastView).toHaveCount(0);
    await view.goto(slug);
    await expect(view.views).toHaveText('2 of 2');
    await expect(view.lastView).toBeVisible();
    await view.goto(slug);
    await expect(view.statusPage).toHaveAttribute('data-status', 'not-found');
    await expect(view.statusPage).toContainText('Share not found');
    await visitor.close();
  });

  test('a taken custom suffix shows the conflict at the field; another suffix then works', async ({ page, baseURL }) => {
    const token = await useAdminSession(page);
    const taken = unique('taken');
    await createPaste(token, { content: 'first', slug: taken });
    const editor = new PublicEditorPage(page);
    await editor.goto();
    await editor.setContent('second');
    await editor.fillShare({ slug: taken });
    await editor.submit.click();
    await expect(editor.fieldError('slug')).toBeVisible();
    await expect(editor.slug).toHaveAttribute('aria-invalid', 'true');
    await expect(editor.result).toHaveCount(0);

    const free = unique('free');
    await editor.slug.fill(free);
    await expect(editor.fieldError('slug')).toHaveCount(0);
    expect(await editor.share()).toBe(`${baseURL}/paste/${free}`);
  });

  test('checks the suffix and max views inline before anything is sent', async ({ page }) => {
    await useAdminSession(page);
    const editor = new PublicEditorPage(page);
    await editor.goto();
    await editor.setContent('text');
    let posted = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/paste') && request.method() === 'POST') posted += 1;
    });
    await editor.slug.fill('has space');
    await expect(editor.fieldError('slug')).toHaveText('The link suffix may only contain letters, digits, hyphens (-) and underscores (_)');
    await editor.slug.fill('   ');
    await editor.submit.click();
    await expect(editor.fieldError('slug')).toHaveText('Invalid link suffix format');
    await editor.slug.fill('');
    await editor.maxViews.fill('-3');
    await expect(editor.fieldError('max-views')).toHaveText('Max views cannot be negative (0 means unlimited)');
    await editor.submit.click();
    await editor.setContent('');
    await editor.maxViews.fill('');
    await editor.submit.click();
    await expect(page.getByTestId('share-content-error')).toHaveText('Write something to share first');
    expect(posted).toBe(0);
  });

  test('anonymous: a refused share keeps the draft and links to login; with guest pastes on it works', async ({ page }) => {
    const token = await adminToken();
    await setGuestPastes(token, false);
    const editor = new PublicEditorPage(page);
    await editor.goto();
    await expect(page.getByText('sharing works only if this server allows guest pastes')).toBeVisible();
    await editor.type('# guest draft');
    await editor.submit.click();
    await expect(editor.accessNotice).toHaveAttribute('data-reason', 'login');
    await expect(editor.accessNotice).toContainText('Your draft is kept in this browser.');
    await page.reload();
    await expect(editor.codeMirror).toBeVisible();
    expect(await editor.content()).toBe('# guest draft');
    await editor.submit.click();
    await page.getByTestId('share-login-link').click();
    await expect(page).toHaveURL(/\/admin$/);

    await setGuestPastes(token, true);
    try {
      await editor.goto();
      expect(await editor.content()).toBe('# guest draft');
      await editor.share();
      await expect(editor.shareLink).toContainText('/paste/');
    } finally {
      await setGuestPastes(token, false);
    }
  });

  test('a key without the text permission is told what is needed; a key with it can share', async ({ page, browser, baseURL }) => {
    const token = await adminToken();
    const fileOnly = await createApiKey(token, { file: true });
    await useApiKeySession(page, fileOnly, { text: false, file: true });
    const editor = new PublicEditorPage(page);
    await editor.goto();
    await expect(editor.accessNotice).toHaveAttribute('data-reason', 'permission');
    await expect(editor.submit).toBeDisabled();

    const writer = await createApiKey(token, { text: true });
    const other = await browser.newPage({ locale: 'en-US', baseURL });
    await useApiKeySession(other, writer, { text: true, file: false });
    const withText = new PublicEditorPage(other);
    await withText.goto();
    await withText.setContent('from a key');
    await withText.share();
    await other.close();
  });
});
