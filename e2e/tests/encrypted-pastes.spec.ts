import { expect, test, type APIResponse, type Browser, type BrowserContextOptions, type Page, type Request } from '@playwright/test';
import { AdminPage } from '../pages/admin-page';
import { PublicEditorPage } from '../pages/public-editor-page';
import { PublicPastePage } from '../pages/public-paste-page';
import { AdminApi } from '../support/admin-api';
import { adminToken } from '../support/api';
import { bytesContain, liveDatabaseBytes } from '../support/e2e-database';
import { createPaste } from '../support/public-api';
import { useAdminSession } from '../support/public-session';

/**
 * End-to-end encrypted pastes and burn after reading (issue 15), in Chromium against the real
 * gateway and api-server: what leaves the browser, what the server stores and answers, what a reader
 * with and without the key (and password) sees, and that a burning paste is delivered exactly once.
 */

const ENCRYPTION = 'aes-256-gcm/v1';
const KEY = /^[A-Za-z0-9_-]{43}$/;

/** A word found nowhere else: plaintext that must never reach the server. */
const marker = (prefix: string) => `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;

interface Envelope {
  v: number;
  alg: string;
  iv: string;
  ct: string;
  kdf?: { name: string; iterations: number; salt: string };
}

interface SharedEncrypted {
  slug: string;
  /** The full link, `…/paste/{slug}#{key}`. */
  link: string;
  key: string;
  /** The POST /api/paste request as Chromium sent it. */
  request: Request;
}

/**
 * Shares the editor's document with "Encrypt in the browser" (and `burn`, `password` when given),
 * recording the POST /api/paste request through page.on('request').
 */
async function shareEncrypted(
  page: Page,
  markdown: string,
  options: { password?: string; burn?: boolean; remark?: string } = {},
): Promise<SharedEncrypted> {
  const editor = new PublicEditorPage(page);
  await editor.goto();
  await editor.setContent(markdown);
  const sent: Request[] = [];
  const record = (request: Request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/paste') sent.push(request);
  };
  page.on('request', record);
  await page.getByTestId('share-encrypt').check();
  if (options.burn) await page.getByTestId('share-burn').check();
  await editor.fillShare({ password: options.password, remark: options.remark });
  const link = await editor.share();
  page.off('request', record);
  expect(sent).toHaveLength(1);
  const slug = (await editor.result.getAttribute('data-slug'))!;
  const [address, key = ''] = link.split('#');
  expect(address).toMatch(new RegExp(`/paste/${slug}$`));
  expect(key).toMatch(KEY);
  return { slug, link, key, request: sent[0]! };
}

/** A new page in a context of its own (no session), like a reader who was sent the link. */
async function readerPage(browser: Browser, options: BrowserContextOptions): Promise<Page> {
  const context = await browser.newContext(options);
  return context.newPage();
}

/** The key with its first character changed (the first carries 6 bits of the key; the last only 4). */
function changedKey(key: string): string {
  return `${key[0] === 'A' ? 'B' : 'A'}${key.slice(1)}`;
}

test.describe('sharing an encrypted paste (en-US)', () => {
  test.use({ locale: 'en-US' });

  test('no plaintext leaves the browser: not in the request, the API answers, the raw link or the database', async ({ page, request }) => {
    const secret = marker('PlainSecret');
    const markdown = `# Launch plan ${secret}\n\nThe code word is **${secret}-body**.`;
    await useAdminSession(page);
    const shared = await shareEncrypted(page, markdown, { remark: 'visible remark' });

    // The request body: the envelope and the mark, no plaintext.
    const body = shared.request.postData() ?? '';
    expect(body).not.toContain(secret);
    const sent = JSON.parse(body) as { content: string; encryption?: string; remark?: string };
    expect(sent.encryption).toBe(ENCRYPTION);
    expect(sent.remark).toBe('visible remark');
    const envelope = JSON.parse(sent.content) as Envelope;
    expect(envelope).toMatchObject({ v: 1, alg: 'AES-256-GCM' });
    expect(envelope.kdf).toBeUndefined();
    expect(sent.content).not.toContain(shared.key);
    const created = await shared.request.response();
    expect(created?.status()).toBeLessThan(300);
    const createdText = (await created?.text()) ?? '';
    expect(createdText).not.toContain(secret);
    expect(JSON.parse(createdText)).toMatchObject({ slug: shared.slug, encryption: ENCRYPTION });

    // The public answer: the envelope as sent.
    const view = await request.get(`/api/paste/${shared.slug}`);
    expect(view.status()).toBe(200);
    const viewText = await view.text();
    expect(viewText).not.toContain(secret);
    expect(JSON.parse(viewText)).toMatchObject({ content: sent.content, encryption: ENCRYPTION });

    // The raw link serves the envelope and says so.
    const raw = await request.get(`/api/raw/${shared.slug}`);
    expect(raw.status()).toBe(200);
    expect(raw.headers()['content-type']).toMatch(/^application\/json/);
    expect(raw.headers()['x-cloudclip-encryption']).toBe(ENCRYPTION);
    expect(await raw.text()).toBe(sent.content);

    // What the admin sees: the envelope, no preview.
    const admin = await AdminApi.login();
    try {
      const rows = await admin.get<Array<{ id: string; slug: string; content_preview: string; encryption?: string }>>(
        '/api/admin/pastes?page=1&limit=100',
      );
      const row = rows.find((item) => item.slug === shared.slug);
      expect(row).toMatchObject({ content_preview: '', encryption: ENCRYPTION });
      const detail = await admin.raw(`/api/admin/pastes/${row!.id}`);
      expect(JSON.stringify(detail)).not.toContain(secret);
      expect(detail).toMatchObject({ data: { content: sent.content, encryption: ENCRYPTION } });
      expect(JSON.stringify(rows)).not.toContain(secret);
    } finally {
      await admin.dispose();
    }

    // The database file on disk holds the ciphertext, never the text.
    const database = await liveDatabaseBytes(envelope.ct);
    expect(bytesContain(database.files, secret)).toBe(false);
    expect(bytesContain(database.files, shared.key)).toBe(false);
  });
});

test.describe('reading an encrypted paste at 390 px (en-US)', () => {
  test.use({ locale: 'en-US', viewport: { width: 390, height: 844 } });

  test('the full link shows the text; without the key or with a changed key: a message and no text', async ({ page, browser, baseURL }) => {
    const secret = marker('KeyedSecret');
    await useAdminSession(page);
    const shared = await shareEncrypted(page, `# Keyed ${secret}\n\nOnly with the key: ${secret}-body`);
    const options = { locale: 'en-US', baseURL, viewport: { width: 390, height: 844 } };

    const reader = await readerPage(browser, options);
    const view = new PublicPastePage(reader);
    await reader.goto(shared.link);
    await expect(view.content.locator('h1')).toHaveText(`Keyed ${secret}`);
    await expect(view.content).toContainText(`${secret}-body`);
    await expect(reader.getByTestId('paste-encrypted-badge')).toHaveText('End-to-end encrypted');
    expect(await reader.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
    await reader.context().close();

    const withoutKey = await readerPage(browser, options);
    await withoutKey.goto(`/paste/${shared.slug}`);
    const missing = withoutKey.getByTestId('paste-decrypt-error');
    await expect(missing).toHaveAttribute('data-reason', 'missingKey');
    await expect(missing).toContainText('This paste is end-to-end encrypted, and the link has no key (the part after #).');
    await expect(withoutKey.getByTestId('paste-content')).toHaveCount(0);
    await expect(withoutKey.locator('body')).not.toContainText(secret);
    expect(await withoutKey.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
    await withoutKey.context().close();

    const badKey = await readerPage(browser, options);
    await badKey.goto(`/paste/${shared.slug}#${changedKey(shared.key)}`);
    const wrong = badKey.getByTestId('paste-decrypt-error');
    await expect(wrong).toHaveAttribute('data-reason', 'badKey');
    await expect(wrong).toContainText('The key in the link does not open this paste');
    await expect(badKey.getByTestId('paste-content')).toHaveCount(0);
    await expect(badKey.locator('body')).not.toContainText(secret);
    await badKey.context().close();
  });
});

test.describe('an encrypted paste with a password (zh-CN)', () => {
  test.use({ locale: 'zh-CN' });

  test('needs the password and the key: the password form, then the text; a wrong password is refused', async ({
    page,
    browser,
    baseURL,
  }) => {
    const secret = marker('密文');
    await useAdminSession(page);
    const shared = await shareEncrypted(page, `# 机密 ${secret}\n\n只有密码和密钥才能看到。`, { password: 'zh-口令-42' });
    const sent = JSON.parse(shared.request.postData() ?? '{}') as { content: string; password?: string; encryption?: string };
    expect(sent).toMatchObject({ encryption: ENCRYPTION, password: 'zh-口令-42' });
    // The key is stretched with the password: the envelope says how.
    expect((JSON.parse(sent.content) as Envelope).kdf).toMatchObject({ name: 'PBKDF2-SHA-256', iterations: 600000 });
    expect(shared.request.postData()).not.toContain(secret);

    const options = { locale: 'zh-CN', baseURL };
    const reader = await readerPage(browser, options);
    const view = new PublicPastePage(reader);
    await reader.goto(shared.link);
    await expect(view.passwordInput).toBeVisible();
    await expect(reader.locator('body')).not.toContainText(secret);
    await view.unlock('wrong-password');
    await expect(view.passwordError).toBeVisible();
    await expect(view.content).toHaveCount(0);
    await view.unlock('zh-口令-42');
    await expect(view.content.locator('h1')).toHaveText(`机密 ${secret}`);
    await expect(reader.getByTestId('paste-encrypted-badge')).toHaveText('端到端加密');
    await reader.context().close();

    // The password alone is not enough.
    const withoutKey = await readerPage(browser, options);
    const noKeyView = new PublicPastePage(withoutKey);
    await withoutKey.goto(`/paste/${shared.slug}`);
    await noKeyView.unlock('zh-口令-42');
    const missing = withoutKey.getByTestId('paste-decrypt-error');
    await expect(missing).toHaveAttribute('data-reason', 'missingKey');
    await expect(missing).toContainText('这份分享已端到端加密，但链接中没有密钥（# 之后的部分）。');
    await expect(noKeyView.content).toHaveCount(0);
    await expect(withoutKey.locator('body')).not.toContainText(secret);
    await withoutKey.context().close();
  });
});

test.describe('burn after reading (dark theme, en-US)', () => {
  test.use({ locale: 'en-US', colorScheme: 'dark' });

  test('the first reader gets the text and the notice, the second the not-found page; the admin list no longer has it', async ({
    page,
    browser,
    baseURL,
  }) => {
    const secret = marker('BurnSecret');
    await useAdminSession(page);
    const shared = await shareEncrypted(page, `# Burn ${secret}\n\nRead once.`, { burn: true });
    expect(JSON.parse(shared.request.postData() ?? '{}')).toMatchObject({ encryption: ENCRYPTION, burnAfterReading: true });
    await expect(page.getByTestId('share-burn-warning')).toHaveText('Opening this link yourself will delete it.');

    const options = { locale: 'en-US', baseURL, colorScheme: 'dark' as const };
    const first = await readerPage(browser, options);
    const firstView = new PublicPastePage(first);
    await first.goto(shared.link);
    // Opening the page burns nothing yet: the reader is asked first (a link preview never gets further).
    await expect(first.getByTestId('paste-burn-confirm')).toBeVisible();
    await expect(firstView.content).toHaveCount(0);
    await first.getByRole('button', { name: 'Open and delete' }).click();
    await expect(firstView.content.locator('h1')).toHaveText(`Burn ${secret}`);
    await expect(first.getByTestId('paste-burned-notice')).toBeVisible();
    await expect(first.locator('.cp-root')).toHaveAttribute('data-dark', 'true');

    const second = await readerPage(browser, options);
    const secondView = new PublicPastePage(second);
    await second.goto(shared.link);
    await expect(secondView.statusPage).toHaveAttribute('data-status', 'not-found');
    await expect(secondView.statusPage).toContainText('Share not found');
    await expect(second.locator('body')).not.toContainText(secret);
    await expect(second.locator('.cp-root')).toHaveAttribute('data-dark', 'true');

    // The first reader's page still holds the only copy.
    await expect(firstView.content.locator('h1')).toHaveText(`Burn ${secret}`);
    await first.context().close();
    await second.context().close();

    const admin = await AdminApi.login();
    try {
      const rows = await admin.get<Array<{ slug: string }>>('/api/admin/pastes?page=1&limit=100');
      expect(rows.map((row) => row.slug)).not.toContain(shared.slug);
    } finally {
      await admin.dispose();
    }
  });
});

test.describe('burn after reading under concurrent reads', () => {
  /** Sends `read` 20 times at once; checks that exactly one answer delivered the content and 19 were 404. */
  async function raceOf(read: () => Promise<APIResponse>, content: string, secret: string): Promise<void> {
    const answers = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const response = await read();
        return { status: response.status(), text: await response.text() };
      }),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, ...Array<number>(19).fill(404)]);
    const delivered = answers.find((answer) => answer.status === 200)!;
    expect(JSON.parse(delivered.text)).toMatchObject({ content, burnAfterReading: true, burned: true });
    for (const answer of answers.filter((item) => item.status === 404)) expect(answer.text).not.toContain(secret);
  }

  test('20 parallel first reads through the API: exactly one gets the content, 19 get 404', async ({ request }) => {
    const secret = marker('RaceSecret');
    const { slug } = await createPaste(await adminToken(), { content: `race ${secret}`, burnAfterReading: true });
    await raceOf(() => request.get(`/api/paste/${slug}`), `race ${secret}`, secret);
    expect((await request.get(`/api/paste/${slug}`)).status()).toBe(404);
  });

  test('asking first burns nothing; then 20 parallel confirmed opens: exactly one gets the content, 19 get 404', async ({ request }) => {
    const secret = marker('ConfirmRace');
    const { slug } = await createPaste(await adminToken(), { content: `confirm ${secret}`, burnAfterReading: true });
    for (let round = 0; round < 2; round += 1) {
      const pending = await request.get(`/api/paste/${slug}?burn=ask`);
      expect(pending.status()).toBe(200);
      const pendingText = await pending.text();
      expect(pendingText).not.toContain(secret);
      expect(JSON.parse(pendingText)).toMatchObject({ slug, requiresConfirmation: true, burnAfterReading: true });
    }
    await raceOf(() => request.post(`/api/paste/${slug}`, { data: { confirmBurn: true } }), `confirm ${secret}`, secret);
    expect((await request.get(`/api/paste/${slug}?burn=ask`)).status()).toBe(404);
  });
});

test.describe('the admin panel and an encrypted paste (en-US)', () => {
  test.use({ locale: 'en-US' });

  test('lists it as encrypted without a preview; its remark is edited while the content stays as it was, still readable with the key', async ({
    page,
    browser,
    baseURL,
  }) => {
    const secret = marker('AdminSecret');
    const token = await useAdminSession(page);
    const shared = await shareEncrypted(page, `# Admin view ${secret}`, { remark: 'before' });

    const admin = new AdminPage(page);
    await admin.seedCredential({ adminToken: token });
    await admin.goto('/admin/text-management');
    await expect(admin.module('text-management')).toBeVisible();
    const row = admin.row(shared.slug);
    await expect(row.getByText('End-to-end encrypted')).toBeVisible();
    await expect(row.getByText('Encrypted content')).toBeVisible();
    await expect(row).not.toContainText(secret);
    await expect(row).not.toContainText('AES-256-GCM');

    await admin.rowAction(shared.slug, 'Edit');
    const dialog = admin.dialog('Edit text share');
    await expect(dialog.getByLabel('Content')).toHaveAttribute('readonly', '');
    await expect(dialog.getByText('The server cannot read or change encrypted content.')).toBeVisible();
    await dialog.getByLabel('Remark').fill('after');
    const saved = page.waitForRequest(
      (request) => request.method() === 'PUT' && request.url().includes(`/api/admin/pastes/${shared.slug}`),
    );
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(admin.toast(`Saved (link suffix: ${shared.slug})`)).toBeVisible();
    expect(JSON.stringify((await saved).postDataJSON())).not.toContain(secret);

    const reader = await readerPage(browser, { locale: 'en-US', baseURL });
    const view = new PublicPastePage(reader);
    await reader.goto(shared.link);
    await expect(view.content.locator('h1')).toHaveText(`Admin view ${secret}`);
    await expect(view.meta).toContainText('after');
    await reader.context().close();
  });
});
