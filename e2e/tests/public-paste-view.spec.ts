import { expect, test, type Page } from '@playwright/test';
import { PublicPastePage } from '../pages/public-paste-page';
import { adminToken } from '../support/api';
import { createApiKey, createPaste } from '../support/public-api';
import { readClipboard, useAdminSession, useApiKeySession } from '../support/public-session';

test.use({ locale: 'en-US', permissions: ['clipboard-read', 'clipboard-write'] });

const LONG_DOC = [
  '# Handbook',
  'Intro text.',
  ...Array.from(
    { length: 12 },
    (_, i) =>
      `## Chapter ${i + 1}\n\n${'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(30)}\n\n### Details ${i + 1}\n\nMore text.`,
  ),
  '## Appendix',
  'The end.',
].join('\n\n');

/** The credential of every request for the paste (each one counts a view), as the page sends them. */
function pasteRequestCredentials(page: Page, slug: string): string[] {
  const sent: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === `/api/paste/${slug}`) sent.push(request.headers()['authorization'] ?? 'no credential');
  });
  return sent;
}

/** Opens a paste's page and waits until the whole document is in it. */
async function openRenderedPaste(page: Page, slug: string): Promise<PublicPastePage> {
  const view = new PublicPastePage(page);
  await view.goto(slug);
  await view.rendered();
  return view;
}

test.describe('paste view', () => {
  test('renders the paste with remark, created time, views and expiry; copy and raw link work', async ({ page, baseURL }) => {
    const token = await adminToken();
    const { slug } = await createPaste(token, {
      content: '# Title\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n```js\nconst x = 1;\n```',
      remark: 'My remark',
    });
    const view = await openRenderedPaste(page, slug);
    await expect(page.getByRole('heading', { level: 1, name: 'My remark' })).toBeVisible();
    await expect(view.meta).toContainText('Remark');
    await expect(view.meta).toContainText('Created');
    await expect(view.views).toHaveText('1');
    await expect(view.expires).toHaveText('Never');
    await expect(view.content.locator('table td').first()).toHaveText('1');
    await expect(view.content.locator('pre code.hljs')).toBeVisible();
    await view.copyContent.click();
    expect(await readClipboard(page)).toBe('# Title\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n```js\nconst x = 1;\n```');
    await view.copyLink.click();
    expect(await readClipboard(page)).toBe(`${baseURL}/paste/${slug}`);
    await expect(view.rawLink).toHaveAttribute('href', `${baseURL}/api/raw/${slug}`);
    await expect(view.views).toHaveText('1');
  });

  test('has an outline for long documents; a click scrolls to the heading', async ({ page }) => {
    const token = await adminToken();
    const { slug } = await createPaste(token, { content: LONG_DOC });
    const view = await openRenderedPaste(page, slug);
    const links = view.outline.getByTestId('outline-link');
    await expect(links).toHaveCount(1 + 12 * 2 + 1);
    await expect(links.first()).toHaveText('Handbook');
    const target = view.content.locator('h2', { hasText: 'Chapter 10' });
    await expect(target).not.toBeInViewport();
    await view.outline.getByRole('link', { name: 'Chapter 10', exact: true }).click();
    await expect(target).toBeInViewport();
    await expect(target).toBeFocused();
  });

  test('a short document has no outline', async ({ page }) => {
    const { slug } = await createPaste(await adminToken(), { content: '# One heading\n\ntext' });
    const view = await openRenderedPaste(page, slug);
    await expect(view.outline).toHaveCount(0);
  });

  test('a protected paste asks for the password and reveals the text without a reload', async ({ page }) => {
    const { slug } = await createPaste(await adminToken(), { content: '# Hidden\n\nbehind a password', password: 'pw-1' });
    const view = new PublicPastePage(page);
    await view.goto(slug);
    await expect(page.getByRole('heading', { name: 'This share is password-protected' })).toBeVisible();
    await view.unlock('nope');
    await expect(view.passwordError).toHaveText(/.+/);
    let navigations = 0;
    page.on('framenavigated', () => (navigations += 1));
    await view.unlock('pw-1');
    await expect(view.content.locator('h1')).toHaveText('Hidden');
    expect(navigations).toBe(0);
  });

  test('the gateway asks for the paste itself, once: a one-view paste opens, and is gone after', async ({ page }) => {
    const token = await adminToken();
    const { slug } = await createPaste(token, { content: '# Once\n\nread only once', maxViews: 1 });
    const sent = pasteRequestCredentials(page, slug);
    const view = await openRenderedPaste(page, slug);
    await expect(view.content).toContainText('read only once');
    await expect(view.views).toHaveText('1 of 1');
    // Sent by the gateway with the page (its answer is in the HTML), and not again by the browser.
    expect(sent).toEqual([]);
    expect(await page.evaluate(() => Object.keys(window).includes('__cloudclipEarlyResponses'))).toBe(true);
    // Its one view is used up: the contract's 404.
    await page.reload();
    await expect(view.statusPage).toHaveAttribute('data-status', 'not-found');
  });

  test('a signed-in visitor gets the same one answer: the browser sends no second request for the paste', async ({ page }) => {
    const token = await useAdminSession(page);
    const { slug } = await createPaste(token, { content: 'for the admin', maxViews: 2 });
    const sent = pasteRequestCredentials(page, slug);
    const view = await openRenderedPaste(page, slug);
    await expect(view.views).toHaveText('1 of 2');
    expect(sent).toEqual([]);
  });

  test('expired and missing pastes show a clear page', async ({ page }) => {
    const token = await adminToken();
    const { slug } = await createPaste(token, { content: 'old', expiresAt: new Date(Date.now() - 60_000).toISOString() });
    const view = new PublicPastePage(page);
    await view.goto(slug);
    await expect(view.statusPage).toHaveAttribute('data-status', 'gone');
    await expect(view.statusPage).toContainText('This share has expired or reached its view limit.');
    await view.goto('does-not-exist-42');
    await expect(view.statusPage).toHaveAttribute('data-status', 'not-found');
    await expect(page.getByTestId('status-path')).toHaveText('/paste/does-not-exist-42');
    await expect(view.statusPage.getByRole('link')).toHaveAttribute('href', '/');
  });

  test('an admin edits content, remark, expiry and max views, then deletes the paste', async ({ page }) => {
    const token = await useAdminSession(page);
    const { slug } = await createPaste(token, { content: '# Before\n\ntext', remark: 'old remark' });
    const view = await openRenderedPaste(page, slug);
    await view.editButton.click();
    await expect(view.editForm).toBeVisible();
    await expect(page.locator('[data-testid="paste-edit-editor"] .CodeMirror')).toBeVisible();
    await page.evaluate(() => {
      const host = document.querySelector('[data-testid="paste-edit-editor"] .CodeMirror') as Element & {
        CodeMirror: { setValue(v: string): void };
      };
      host.CodeMirror.setValue('# After\n\nnew text');
    });
    await page.getByTestId('edit-remark').fill('new remark');
    await page.getByTestId('edit-expiry').selectOption('7d');
    await page.getByTestId('edit-max-views').fill('-1');
    await expect(view.editForm.getByRole('alert')).toHaveText('Max views cannot be negative (0 means unlimited)');
    await page.getByTestId('edit-max-views').fill('9');
    const put = page.waitForRequest((r) => r.method() === 'PUT' && r.url().endsWith(`/api/admin/pastes/${slug}`));
    await page.getByTestId('paste-edit-save').click();
    const body = (await put).postDataJSON() as Record<string, unknown>;
    expect(body).toMatchObject({ content: '# After\n\nnew text', remark: 'new remark', maxViews: 9 });
    expect(Date.parse(body.expiresAt as string)).toBeGreaterThan(Date.now() + 6 * 24 * 3600 * 1000);
    await expect(page.getByTestId('paste-saved')).toBeVisible();
    await expect(view.content.locator('h1')).toHaveText('After');
    await expect(view.views).toHaveText('1 of 9');

    // What was saved is what visitors get.
    const fresh = await page.request.get(`/api/paste/${slug}`);
    expect(await fresh.json()).toMatchObject({ content: '# After\n\nnew text', remark: 'new remark', maxViews: 9 });

    await view.deleteButton.click();
    await expect(view.deleteDialog).toContainText('Delete this share?');
    await page.getByTestId('delete-dialog-confirm').click();
    await expect(view.statusPage).toHaveAttribute('data-status', 'deleted');
    expect((await page.request.get(`/api/paste/${slug}`)).status()).toBe(404);
  });

  test('the key that created a paste may manage it; another key and visitors may not', async ({ page, browser, baseURL }) => {
    const token = await adminToken();
    const owner = await createApiKey(token, { text: true });
    const ownerApi = await page.request.post(`/api/paste`, {
      data: { content: 'owned by a key' },
      headers: { Authorization: `ApiKey ${owner.key}` },
    });
    const { slug } = (await ownerApi.json()) as { slug: string };

    await useApiKeySession(page, owner, { text: true, file: false });
    const view = new PublicPastePage(page);
    await view.goto(slug);
    await expect(view.editButton).toBeVisible();
    await view.deleteButton.click();
    const removal = page.waitForRequest((r) => r.method() === 'DELETE');
    await page.getByTestId('delete-dialog-confirm').click();
    expect((await removal).url()).toMatch(/\/api\/user\/pastes\/[0-9a-f-]{36}$/);
    await expect(view.statusPage).toHaveAttribute('data-status', 'deleted');

    const other = await createApiKey(token, { text: true });
    const { slug: second } = await createPaste(token, { content: 'admin paste' });
    const stranger = await browser.newPage({ baseURL, locale: 'en-US' });
    await useApiKeySession(stranger, other, { text: true, file: false });
    const strangerView = new PublicPastePage(stranger);
    await strangerView.goto(second);
    await expect(strangerView.content).toContainText('admin paste');
    await expect(strangerView.editButton).toHaveCount(0);
    await expect(strangerView.deleteButton).toHaveCount(0);
    await stranger.close();
  });

  test('viewing a paste does not download the editor', async ({ page }) => {
    const { slug } = await createPaste(await adminToken(), { content: '# Light\n\n```js\nlet a = 1;\n```\n' });
    const scripts: string[] = [];
    page.on('response', async (response) => {
      if (response.request().resourceType() === 'script' && response.url().includes('/remotes/mfe-public/'))
        scripts.push(await response.text());
    });
    const view = await openRenderedPaste(page, slug);
    await expect(view.content.locator('code.hljs')).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(scripts.length).toBeGreaterThan(0);
    for (const source of scripts) {
      expect(source).not.toContain('CodeMirror-scroll');
      expect(source).not.toContain('bytemd-toolbar');
    }
  });

  test('the HTML parser is only downloaded for a paste with HTML that the page renders itself', async ({ page }) => {
    // parse5 (rehype-raw) is ~37 KB compressed; one of its error codes marks its chunk.
    const PARSE5_MARKER = 'abrupt-closing-of-empty-comment';
    const token = await adminToken();
    const html = '# With HTML\n\n<details><summary>More</summary>\n\nHidden *text*\n\n</details>\n\nPress <kbd>Ctrl</kbd>.';
    const plain = await createPaste(token, { content: '# Plain\n\n| a | b |\n|---|---|\n| 1 < 2 | x |\n' });
    const withHtml = await createPaste(token, { content: html });
    const locked = await createPaste(token, { content: html, password: 'html-pw' });
    const scripts: string[] = [];
    page.on('response', async (response) => {
      if (response.request().resourceType() === 'script' && response.url().includes('/remotes/mfe-public/'))
        scripts.push(await response.text().catch(() => ''));
    });
    const view = await openRenderedPaste(page, plain.slug);
    await expect(view.content.locator('table td').first()).toHaveText('1 < 2');
    await page.waitForLoadState('networkidle');
    expect(scripts.some((source) => source.includes(PARSE5_MARKER))).toBe(false);

    // A public paste comes rendered by the server: its HTML is there, and the page adopts it.
    await view.goto(withHtml.slug);
    await view.rendered();
    await expect(view.content.locator('details > summary')).toHaveText('More');
    await expect(view.content.locator('kbd')).toHaveText('Ctrl');
    await page.waitForLoadState('networkidle');
    expect(scripts.some((source) => source.includes(PARSE5_MARKER))).toBe(false);

    // A protected one is rendered by the page once unlocked: now the parser comes.
    await view.goto(locked.slug);
    await view.unlock('html-pw');
    await view.rendered();
    await expect(view.content.locator('details > summary')).toHaveText('More');
    await expect(view.content.locator('kbd')).toHaveText('Ctrl');
    expect(scripts.some((source) => source.includes(PARSE5_MARKER))).toBe(true);
  });
});
