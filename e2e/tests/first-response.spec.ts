import { expect, test, type Page } from '@playwright/test';
import { ADMIN } from '../playwright.config';
import { PublicPastePage } from '../pages/public-paste-page';
import { PublicEditorPage } from '../pages/public-editor-page';
import { AdminPage } from '../pages/admin-page';
import { adminToken } from '../support/api';
import { api, createPaste, uploadFile } from '../support/public-api';

/**
 * The first response carries the content: a plain paste's text and a file share's details come
 * rendered in the HTML (the gateway sends the page's first API request itself and writes its answer
 * into the page, deploy/gateway/share-prerender.mjs), and the editor and the admin login are real
 * controls before any remote code has run. The page then takes over what is there.
 */

const SECTIONS = ['Getting started', 'Configuration', 'Third section', 'Appendix'];
const DOCUMENT = SECTIONS.map(
  (title, index) => `## ${title}\n\n${`Paragraph ${index + 1} of the handbook, long enough to scroll. `.repeat(40)}\n\n- item a\n- item b`,
).join('\n\n');

/** Holds a remote's entry script (`/remotes/<name>/…/remoteEntry.js`) until the returned function is called. */
async function holdRemote(page: Page, name: string): Promise<() => void> {
  let release = () => undefined as void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(`**/remotes/${name}/**/remoteEntry.js`, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** The HTML of a page address as a browser's navigation gets it (only a navigation is answered with content). */
async function pageHtml(page: Page, pathname: string): Promise<{ text: string; cacheControl: string | undefined }> {
  const response = await page.request.get(pathname, { headers: { 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' } });
  expect(response.status()).toBe(200);
  return { text: await response.text(), cacheControl: response.headers()['cache-control'] };
}

/** Every request the browser sends for `pathname` (each would count a view). */
function browserRequests(page: Page, pathname: string): string[] {
  const sent: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === pathname) sent.push(request.method());
  });
  return sent;
}

async function pasteViews(id: string): Promise<number> {
  const context = await api(await adminToken());
  try {
    const response = await context.get(`/api/admin/pastes/${id}`);
    expect(response.ok()).toBe(true);
    const body = (await response.json()) as { data: { views: number } };
    return body.data.views;
  } finally {
    await context.dispose();
  }
}

/**
 * Opens a plain paste with the public remote held back, selects its third section's heading in the
 * server's markup, lets the code in and returns where that heading and the selection were before
 * and after the page took over.
 */
async function takeOverWithSelection(page: Page) {
  const paste = await createPaste(await adminToken(), { content: DOCUMENT });
  const release = await holdRemote(page, 'mfe-public');
  await page.goto(`/paste/${paste.slug}`);
  const third = page.locator('#cc-first-screen').getByRole('heading', { name: 'Third section' });
  await expect(third).toBeVisible();
  await expect(page.locator('[data-area="public"]')).toHaveCount(0);

  await third.scrollIntoViewIfNeeded();
  const before = await page.evaluate(() => {
    const heading = Array.from(document.querySelectorAll('#cc-first-screen h2')).find((h) => h.textContent === 'Third section')!;
    const range = document.createRange();
    range.selectNodeContents(heading);
    const selection = window.getSelection()!;
    selection.removeAllRanges();
    selection.addRange(range);
    return { scrollY: window.scrollY, top: heading.getBoundingClientRect().top, selected: selection.toString() };
  });
  expect(before.selected).toBe('Third section');
  expect(before.scrollY).toBeGreaterThan(0);

  release();
  const view = new PublicPastePage(page);
  await expect(view.area).toBeVisible();
  await view.rendered();
  await expect(page.locator('#cc-first-screen')).toHaveCount(0);
  const after = await page.evaluate(() => {
    const heading = Array.from(document.querySelectorAll('[data-testid="paste-content"] h2')).find(
      (h) => h.textContent === 'Third section',
    )!;
    return { scrollY: window.scrollY, top: heading.getBoundingClientRect().top, selected: window.getSelection()!.toString() };
  });
  return { view, before, after };
}

test.describe('a plain paste in the first response (en-US)', () => {
  test.use({ locale: 'en-US' });

  test('the HTML carries the rendered document, not cached by shared caches, and exactly one view is counted', async ({ page }) => {
    const paste = await createPaste(await adminToken(), { content: DOCUMENT, remark: 'Handbook' });
    const { text, cacheControl } = await pageHtml(page, `/paste/${paste.slug}`);
    expect(cacheControl).toBe('private, no-store');
    expect(text).toContain('data-server-rendered="paste"');
    expect(text).toContain('Third section');
    expect(await pasteViews(paste.id)).toBe(1);

    const sent = browserRequests(page, `/api/paste/${paste.slug}`);
    const view = new PublicPastePage(page);
    await view.goto(paste.slug);
    await view.rendered();
    await expect(view.views).toHaveText('2');
    expect(sent).toEqual([]);
    expect(await pasteViews(paste.id)).toBe(2);
  });

  test('before the code arrives the third section is readable and selectable; scroll and selection survive the take-over', async ({
    page,
  }) => {
    const { view, before, after } = await takeOverWithSelection(page);
    expect(after).toEqual(before);
    // The page's own features work on the adopted content: the outline jumps to a section.
    await view.outline.getByRole('link', { name: 'Appendix' }).click();
    await expect(page.locator('[data-testid="paste-content"] h2', { hasText: 'Appendix' })).toBeInViewport();
  });
});

test.describe('a plain paste in the first response (zh-CN, dark, phone)', () => {
  test.use({ locale: 'zh-CN', viewport: { width: 390, height: 844 }, colorScheme: 'dark' });

  test('the server markup lays out as the page does: nothing moves at the take-over, the selection stays', async ({ page }) => {
    const { before, after } = await takeOverWithSelection(page);
    expect(after).toEqual(before);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
  });
});

test.describe('shares the server does not render (zh-CN)', () => {
  test.use({ locale: 'zh-CN' });

  test('a password paste: no content in the HTML, no view counted until unlocked, then one', async ({ page }) => {
    const paste = await createPaste(await adminToken(), { content: '## 机密章节\n\n内容', password: 'pw-39' });
    const { text } = await pageHtml(page, `/paste/${paste.slug}`);
    expect(text).not.toContain('机密章节');
    expect(text).not.toContain('data-server-rendered');
    const view = new PublicPastePage(page);
    await view.goto(paste.slug);
    await view.unlock('pw-39');
    await view.rendered();
    await expect(view.content.getByRole('heading', { name: '机密章节' })).toBeVisible();
    expect(await pasteViews(paste.id)).toBe(1);
  });

  test('a burn-after-reading paste: announced only, burned when the reader opens it', async ({ page }) => {
    const paste = await createPaste(await adminToken(), { content: '## 阅后即焚\n\n一次', burnAfterReading: true });
    const { text } = await pageHtml(page, `/paste/${paste.slug}`);
    expect(text).not.toContain('阅后即焚</');
    expect(text).not.toContain('data-server-rendered');
    // Loading the page twice burns nothing.
    await page.goto(`/paste/${paste.slug}`);
    const api2 = await api();
    try {
      const pending = await api2.get(`/api/paste/${paste.slug}?burn=ask`);
      expect(await pending.json()).toMatchObject({ requiresConfirmation: true });
    } finally {
      await api2.dispose();
    }
  });

  test('an encrypted paste: the ciphertext is never rendered by the server', async ({ page }) => {
    const paste = await createPaste(await adminToken(), {
      content: JSON.stringify({
        v: 1,
        alg: 'AES-256-GCM',
        iv: Buffer.alloc(12, 7).toString('base64url'),
        ct: Buffer.from('## not the plaintext, ciphertext bytes').toString('base64url'),
      }),
      encryption: 'aes-256-gcm/v1',
    });
    const { text } = await pageHtml(page, `/paste/${paste.slug}`);
    expect(text).not.toContain('data-server-rendered');
    expect(text).not.toContain('not the plaintext');
  });
});

test.describe('a file share in the first response (zh-CN)', () => {
  test.use({ locale: 'zh-CN' });

  test('the details come in the HTML and one view is counted', async ({ page }) => {
    const file = await uploadFile(await adminToken(), { name: 'first-response-手册.txt', content: 'hello first response' });
    const { text } = await pageHtml(page, `/file/${file.slug}`);
    expect(text).toContain('data-server-rendered="file"');
    expect(text).toContain('first-response-手册.txt');
    const sent = browserRequests(page, `/api/public/files/${file.slug}`);
    await page.goto(`/file/${file.slug}`);
    await expect(page.locator('[data-area="public"]')).toBeVisible();
    await expect(page.getByText('first-response-手册.txt').first()).toBeVisible();
    expect(sent).toEqual([]);
  });
});

test.describe('forms before the code (en-US)', () => {
  test.use({ locale: 'en-US' });

  test('text typed into the editor before the code arrives is kept when the editor takes over', async ({ page }) => {
    const release = await holdRemote(page, 'mfe-public');
    await page.goto('/');
    const early = page.locator('#cc-first-screen textarea[data-early-field="paste-content"]:visible');
    await expect(early).toBeEnabled();
    await early.click();
    await page.keyboard.type('# Typed before the code\n\nstill here');
    release();
    const editor = new PublicEditorPage(page);
    await expect(page.locator('#cc-first-screen')).toHaveCount(0);
    await expect(editor.codeMirror).toBeVisible();
    expect(await editor.content()).toBe('# Typed before the code\n\nstill here');
    // Typing goes on where it stopped.
    await page.keyboard.type('!');
    expect(await editor.content()).toBe('# Typed before the code\n\nstill here!');
  });

  test('the admin login typed and submitted before the code is sent once when the code arrives', async ({ page }) => {
    const release = await holdRemote(page, 'mfe-admin');
    const logins: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/admin/login') logins.push(request.method());
    });
    await page.goto('/admin');
    const form = page.locator('#cc-first-screen form[data-early-form="admin-login"]:visible');
    await form.locator('[data-early-field="admin-username"]').fill(ADMIN.username);
    const password = form.locator('[data-early-field="admin-password"]');
    await expect(password).toBeEnabled();
    await password.fill(ADMIN.password);
    await password.press('Enter');
    // Nothing left the page: the native submit was held back, the address is the same.
    expect(new URL(page.url()).pathname).toBe('/admin');
    release();
    const admin = new AdminPage(page);
    await admin.expectPanel();
    expect(logins).toEqual(['POST']);
  });
});
