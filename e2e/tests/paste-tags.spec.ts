import type { Locator, Page } from '@playwright/test';
import { AdminPage } from '../pages/admin-page';
import { PublicEditorPage } from '../pages/public-editor-page';
import { expect, test } from '../support/admin-test';
import { api as apiContext, createApiKey, createPaste, type CreatedKey, type CreatedPaste } from '../support/public-api';
import { useApiKeySession } from '../support/public-session';

/**
 * Paste tags (issue 16, contract rules/paste-tags.ts) in Chromium against the real gateway and
 * api-server: a key holder tags a paste in the editor on / while sharing it; the admin's text
 * management shows the tags, filters the list by a tag on the server (with the counts of the tags in
 * use), and edits them; the public view never carries them. Then the editor and the filter in
 * zh-CN, dark, at 390 px.
 */

const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
/** A tag found nowhere else in the e2e database (at most 32 characters). */
const tag = (prefix: string) => `${prefix}-${run}`;

interface Detail {
  id: string;
  slug: string;
  tags?: string[];
}

/** POST /api/paste as a key holder. */
async function createPasteAsKey(key: CreatedKey, body: Record<string, unknown>): Promise<CreatedPaste> {
  const context = await apiContext({ apiKey: key.key });
  try {
    const response = await context.post('/api/paste', { data: body });
    expect(response.status()).toBe(200);
    return (await response.json()) as CreatedPaste;
  } finally {
    await context.dispose();
  }
}

/** The request body of the next POST /api/paste of the page. */
function nextCreateBody(page: Page): Promise<Record<string, unknown>> {
  return page
    .waitForRequest((request) => request.url().endsWith('/api/paste') && request.method() === 'POST')
    .then((request) => request.postDataJSON() as Record<string, unknown>);
}

/** The next answer of the admin's text list whose `tag` parameter is `value` (null: none). */
function nextListWithTag(page: Page, value: string | null) {
  return page.waitForResponse((response) => {
    if (!response.url().includes('/api/admin/pastes?')) return false;
    return new URL(response.url()).searchParams.get('tag') === value;
  });
}

/** The texts of the editor's tag chips (without their remove buttons). */
function chipTexts(page: Page): Locator {
  return page.getByTestId('share-tags-chip').locator('.cp-tag-input__text');
}

/** The tags shown in a row of the text table. */
function rowTags(admin: AdminPage, slug: string): Locator {
  return admin.row(slug).getByTestId('paste-tag');
}

/** Opens the text management with the admin's token and waits until the tag filter is offered. */
async function openTextManagement(admin: AdminPage, token: string): Promise<Locator> {
  await admin.gotoAsAdmin(token, '/admin/text-management');
  await expect(admin.module('text-management')).toBeVisible();
  const filter = admin.page.getByTestId('paste-tag-filter');
  await expect(filter).toBeVisible();
  return filter;
}

test.describe('en-US', () => {
  test.use({ locale: 'en-US' });

  test('a key holder tags a paste while sharing it in the editor; the public view has no tags', async ({ page, api, browser, baseURL }) => {
    const key = await createApiKey(api.token, { text: true });
    await useApiKeySession(page, key, { text: true, file: false });
    const editor = new PublicEditorPage(page);
    await editor.goto();
    await editor.setContent('# Release notes\n\nTagged from the editor.');

    const input = page.getByTestId('share-tags-input');
    await expect(input).toBeVisible();
    const chips = chipTexts(page);
    // Enter adds a chip; a comma adds one; the same tag in another case is not added twice.
    await input.fill(tag('Release'));
    await input.press('Enter');
    await input.pressSequentially('urgent,');
    await input.fill(tag('release').toUpperCase());
    await input.press('Enter');
    await expect(chips).toHaveText([tag('Release'), 'urgent']);
    // A comma inside pasted text splits it; a chip's remove button takes it away.
    await input.fill('temp, keep');
    await expect(chips).toHaveText([tag('Release'), 'urgent', 'temp', 'keep']);
    await page.getByRole('button', { name: 'Remove tag temp' }).click();
    await expect(input).toBeFocused();
    // Too long: refused with the validator's message, the text stays in the box, nothing is sent.
    await input.fill('x'.repeat(33));
    await input.press('Enter');
    await expect(page.getByText('A tag can be at most 32 characters long')).toBeVisible();
    await expect(input).toHaveValue('x'.repeat(33));
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    // A tag still typed is sent with the share.
    await input.fill(' draft  notes ');

    const body = nextCreateBody(page);
    await editor.share();
    expect((await body).tags).toEqual([tag('Release'), 'urgent', 'keep', 'draft notes']);
    await expect(chips).toHaveText([tag('Release'), 'urgent', 'keep', 'draft notes']);
    const slug = (await editor.result.getAttribute('data-slug'))!;

    // The key holder's own list carries the tags as stored.
    const asKey = await apiContext({ apiKey: key.key });
    try {
      const own = (await (await asKey.get(`/api/user/pastes?tag=${encodeURIComponent(tag('RELEASE'))}`)).json()) as {
        data: Detail[];
      };
      expect(own.data.map((row) => [row.slug, row.tags])).toEqual([[slug, [tag('Release'), 'urgent', 'keep', 'draft notes']]]);
      const counts = (await (await asKey.get('/api/user/paste-tags')).json()) as { data: Array<{ tag: string; count: number }> };
      expect(counts.data).toEqual(
        expect.arrayContaining([
          { tag: tag('Release'), count: 1 },
          { tag: 'urgent', count: 1 },
        ]),
      );
    } finally {
      await asKey.dispose();
    }

    // A visitor's view of the paste: its content, and no tags anywhere.
    const visitor = await browser.newPage({ locale: 'en-US', baseURL });
    // The page's answer comes with the page (the gateway asks for it: #cc-early-answers).
    await visitor.goto(`/paste/${slug}`);
    const viewBody = await visitor.locator('#cc-early-answers').evaluate((block) => {
      // A JSON answer comes as its value (`json`), any other as its text (`body`).
      const answers = JSON.parse(block.textContent ?? '[]') as Array<{ url: string; body?: string; json?: unknown }>;
      const answer = answers.find((entry) => entry.url.includes('/api/paste/'));
      return answer ? (answer.body ?? JSON.stringify(answer.json)) : '';
    });
    expect(viewBody).toContain('Tagged from the editor.');
    expect(viewBody).not.toContain('urgent');
    expect(viewBody).not.toContain('"tags"');
    await expect(visitor.getByText('Tagged from the editor.')).toBeVisible();
    await expect(visitor.getByText(tag('Release'))).toHaveCount(0);
    await visitor.close();
  });

  test("the admin's text management shows tags, filters by a tag on the server, and edits them", async ({ page, api, admin }) => {
    const project = tag('Project');
    const key = await createApiKey(api.token, { text: true });
    const first = await createPaste(api.token, { content: 'first tagged', slug: `${run}-first`, tags: [project, 'alpha'] });
    const second = await createPasteAsKey(key, { content: 'second tagged', slug: `${run}-second`, tags: [project.toUpperCase()] });
    const other = await createPaste(api.token, { content: 'other tag', slug: `${run}-other`, tags: [tag('other')] });
    await createPaste(api.token, { content: 'no tags', slug: `${run}-plain` });

    const filter = await openTextManagement(admin, api.token);
    await expect(rowTags(admin, first.slug)).toHaveText([project, 'alpha']);
    await expect(rowTags(admin, second.slug)).toHaveText([project.toUpperCase()]);
    await expect(rowTags(admin, `${run}-plain`)).toHaveCount(0);

    // The options are the tags in use with their counts (one spelling per tag: the newest paste's).
    const filtered = nextListWithTag(page, project.toUpperCase());
    await admin.choose('Filter by tag', `${project.toUpperCase()} (2)`, page, project);
    const answer = (await (await filtered).json()) as { data: Detail[]; pagination: { total: number } };
    expect(answer.pagination.total).toBe(2);
    expect(answer.data.map((row) => row.slug)).toEqual([second.slug, first.slug]);
    await expect(admin.rows()).toHaveCount(2);
    await expect(admin.row(other.slug)).toHaveCount(0);
    await expect(filter).toContainText(project.toUpperCase());

    // The search combines with the tag on the server.
    const searched = page.waitForResponse((response) => {
      const params = new URL(response.url()).searchParams;
      return response.url().includes('/api/admin/pastes?') && params.get('q') === 'second' && params.get('tag') !== null;
    });
    await page.getByTestId('table-search').fill('second');
    const both = (await (await searched).json()) as { data: Detail[]; pagination: { total: number } };
    expect(both.pagination.total).toBe(1);
    await expect(admin.rows()).toHaveCount(1);
    await expect(admin.row(second.slug)).toBeVisible();
    await page.getByTestId('table-search').fill('');
    await expect(admin.rows()).toHaveCount(2);

    // Edit: remove one tag, add two (Enter and a comma), save; the filtered list follows.
    await admin.rowAction(first.slug, 'Edit');
    const dialog = admin.dialog('Edit text share');
    const tagsField = dialog.getByTestId('paste-edit-tag-field');
    await expect(tagsField.locator('.ant-select-selection-item')).toHaveText([project, 'alpha']);
    await tagsField.locator('.ant-select-selection-item', { hasText: 'alpha' }).locator('.ant-select-selection-item-remove').click();
    const box = dialog.getByRole('combobox', { name: 'Tags', exact: true });
    await box.fill(tag('edited'));
    await box.press('Enter');
    await box.pressSequentially('beta,');
    await expect(tagsField.locator('.ant-select-selection-item')).toHaveText([project, tag('edited'), 'beta']);
    const saved = page.waitForRequest((request) => request.url().includes(`/api/admin/pastes/${first.slug}`) && request.method() === 'PUT');
    await dialog.getByRole('button', { name: 'Save' }).click();
    expect(((await saved).postDataJSON() as { tags: string[] }).tags).toEqual([project, tag('edited'), 'beta']);
    await expect(admin.toast(`Saved (link suffix: ${first.slug})`)).toBeVisible();
    await expect(rowTags(admin, first.slug)).toHaveText([project, tag('edited'), 'beta']);
    expect((await api.get<Detail>(`/api/admin/pastes/${first.id}`)).tags).toEqual([project, tag('edited'), 'beta']);

    // Clearing the filter shows every paste again; the removed tag is gone from the counts.
    const all = nextListWithTag(page, null);
    await filter.locator('.ant-select-clear').click();
    await all;
    await expect(admin.row(other.slug)).toBeVisible();
    const counts = await api.get<Array<{ tag: string; count: number }>>('/api/admin/paste-tags');
    expect(counts).toEqual(expect.arrayContaining([{ tag: tag('edited'), count: 1 }]));
    expect(counts.find((count) => count.tag.toLowerCase() === project.toLowerCase())).toEqual({ tag: project, count: 2 });
  });
});

test.describe('zh-CN, dark theme at 390 px', () => {
  test.use({ locale: 'zh-CN', colorScheme: 'dark', viewport: { width: 390, height: 844 } });

  test('tags in the editor and the tag filter of the text management, without sideways scrolling', async ({ page, api, admin }) => {
    const editor = new PublicEditorPage(page);
    await page.addInitScript((token) => window.localStorage.setItem('admin_token', token), api.token);
    await editor.goto();
    await editor.setContent('手机上的标签测试');
    const input = page.getByTestId('share-tags-input');
    await input.fill(tag('手机'));
    await input.press('Enter');
    await input.fill('a,');
    await input.fill('标'.repeat(33));
    await input.press('Enter');
    await expect(page.getByText('每个标签最多 32 个字符')).toBeVisible();
    await input.fill('');
    await expect(chipTexts(page)).toHaveText([tag('手机'), 'a']);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const body = nextCreateBody(page);
    await editor.share();
    expect((await body).tags).toEqual([tag('手机'), 'a']);
    const slug = (await editor.result.getAttribute('data-slug'))!;

    const filter = await openTextManagement(admin, api.token);
    await expect(admin.area).toHaveAttribute('data-dark', 'true');
    await expect(filter).toBeInViewport();
    const filtered = nextListWithTag(page, tag('手机'));
    await admin.choose('按标签筛选', `${tag('手机')}（1）`, page, tag('手机'));
    expect(((await (await filtered).json()) as { pagination: { total: number } }).pagination.total).toBe(1);
    await expect(admin.rows()).toHaveCount(1);
    await expect(admin.row(slug)).toBeVisible();
    await expect(rowTags(admin, slug)).toHaveText([tag('手机'), 'a']);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
