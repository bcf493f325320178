import { webcrypto } from 'node:crypto';
import { request, type APIRequestContext, type Page } from '@playwright/test';
import { AdminPage } from '../pages/admin-page';
import { expect, test } from '../support/admin-test';
import { createApiKey, createPaste, uploadFile, type CreatedKey } from '../support/public-api';

/**
 * Search over pastes and file shares (issue 16) in Chromium against the real gateway and
 * api-server: the admin's text and file tables search on the server (a paste beyond the first page,
 * Chinese text, never an encrypted paste's plaintext), the admin header's global search opens the
 * management page of a hit, a key holder's own lists hold only its own items, and the text table's
 * search in the dark theme at 390 px.
 */

test.use({ locale: 'en-US' });

const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
/** A word found nowhere else in the e2e database. */
const word = (prefix: string) => `${prefix}${run}`;
/** A Chinese word found nowhere else: 鲸 and the run's digits as Chinese numerals. */
const chineseWord = `鲸${[...String(Date.now()).slice(-6)].map((digit) => '零一二三四五六七八九'[Number(digit)]).join('')}`;

/** The gateway the browser uses; the API-level checks go through it too. */
async function gateway(baseURL: string | undefined, authorization?: string): Promise<APIRequestContext> {
  return request.newContext({ baseURL, extraHTTPHeaders: authorization ? { Authorization: authorization } : {} });
}

/** The JSON body of a GET, failing the test on a non-2xx answer. */
async function getJson<T>(context: APIRequestContext, path: string): Promise<T> {
  const response = await context.get(path);
  expect(response.status(), `GET ${path}`).toBe(200);
  return (await response.json()) as T;
}

/** `plaintext` encrypted as the browser does (AES-256-GCM, random key and IV), as a v1 envelope. */
async function encryptedEnvelope(plaintext: string): Promise<string> {
  const key = await webcrypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, true, ['encrypt']);
  const iv = webcrypto.getRandomValues(new Uint8Array(12));
  const ct = new Uint8Array(await webcrypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, new TextEncoder().encode(plaintext)));
  return JSON.stringify({ v: 1, alg: 'AES-256-GCM', iv: Buffer.from(iv).toString('base64url'), ct: Buffer.from(ct).toString('base64url') });
}

interface ListBody {
  data: Array<{ id: string; slug: string; filename?: string; created_by: string | null }>;
  pagination: { total: number };
}

test("a key holder searches only its own pastes and files; the admin search is the admin's", async ({ api, baseURL }) => {
  const shared = word('mine');
  const keyA: CreatedKey = await createApiKey(api.token, { text: true, file: true });
  const keyB: CreatedKey = await createApiKey(api.token, { text: true, file: true });
  const asA = { apiKey: keyA.key };
  const asB = { apiKey: keyB.key };
  const viaKey = async (key: string, body: Record<string, unknown>) => {
    const context = await gateway(baseURL, `ApiKey ${key}`);
    try {
      const response = await context.post('/api/paste', { data: body });
      expect(response.status()).toBe(200);
      return (await response.json()) as { id: string; slug: string };
    } finally {
      await context.dispose();
    }
  };
  const ownPaste = await viaKey(keyA.key, { content: `key A writes ${shared}`, remark: 'A' });
  const otherKeyPaste = await viaKey(keyB.key, { content: `key B writes ${shared}` });
  const adminPaste = await createPaste(api.token, { content: `the admin writes ${shared}` });
  const ownFile = await uploadFile(asA, { name: `${shared}-a.txt`, content: 'a' });
  const otherKeyFile = await uploadFile(asB, { name: `${shared}-b.txt`, content: 'b' });
  const adminFile = await uploadFile(api.token, { name: `${shared}-admin.txt`, content: 'admin' });

  const anonymous = await gateway(baseURL);
  try {
    const version = await getJson<{ data: { features?: string[] } }>(anonymous, '/api/version');
    expect(version.data.features).toContain('search');
  } finally {
    await anonymous.dispose();
  }

  const a = await gateway(baseURL, `ApiKey ${keyA.key}`);
  try {
    const pastes = await getJson<ListBody>(a, `/api/user/pastes?q=${encodeURIComponent(shared)}`);
    expect(pastes.data.map((item) => item.id)).toEqual([ownPaste.id]);
    expect(pastes.pagination.total).toBe(1);
    const files = await getJson<{ data: { files: Array<{ id: string }>; pagination: { total: number } } }>(
      a,
      `/api/user/files?q=${encodeURIComponent(shared)}`,
    );
    expect(files.data.files.map((item) => item.id)).toEqual([ownFile.id]);
    expect(files.data.pagination.total).toBe(1);
    // Without q the key's list is the contract's plain list: its own items only, this one among them.
    const all = await getJson<ListBody>(a, '/api/user/pastes?limit=100');
    expect(all.data.map((item) => item.id)).toContain(ownPaste.id);
    expect(all.data.map((item) => item.id)).not.toContain(otherKeyPaste.id);
    expect((await a.get(`/api/admin/search?q=${encodeURIComponent(shared)}`)).status()).toBe(403);
    expect((await a.get(`/api/admin/pastes?q=${encodeURIComponent(shared)}`)).status()).toBe(403);
  } finally {
    await a.dispose();
  }

  const admin = await gateway(baseURL, `Bearer ${api.token}`);
  try {
    const pastes = await getJson<ListBody>(admin, `/api/admin/pastes?q=${encodeURIComponent(shared)}`);
    expect(new Set(pastes.data.map((item) => item.id))).toEqual(new Set([ownPaste.id, otherKeyPaste.id, adminPaste.id]));
    const found = await getJson<{ data: { items: Array<{ kind: string; id: string }>; pagination: { total: number } } }>(
      admin,
      `/api/admin/search?q=${encodeURIComponent(shared)}`,
    );
    expect(found.data.pagination.total).toBe(6);
    expect(new Set(found.data.items.map((item) => `${item.kind}:${item.id}`))).toEqual(
      new Set([
        `paste:${ownPaste.id}`,
        `paste:${otherKeyPaste.id}`,
        `paste:${adminPaste.id}`,
        `file:${ownFile.id}`,
        `file:${otherKeyFile.id}`,
        `file:${adminFile.id}`,
      ]),
    );
  } finally {
    await admin.dispose();
  }
});

/** Opens an admin management page with the admin's token and waits for its table's search box. */
async function openManagement(page: Page, admin: AdminPage, token: string, module: 'text-management' | 'file-management') {
  await admin.seedCredential({ adminToken: token });
  await admin.goto(`/admin/${module}`);
  await expect(admin.module(module)).toBeVisible();
  const box = page.getByTestId('table-search');
  await expect(box).toHaveAttribute('data-mode', 'server');
  return box;
}

/** Types `q` into the table's search box and returns the list answer that carried it. */
async function searchTable(page: Page, box: ReturnType<Page['getByTestId']>, list: string, q: string) {
  const answered = page.waitForResponse(
    (response) => response.url().includes(`${list}?`) && new URL(response.url()).searchParams.get('q') === q,
  );
  await box.fill(q);
  const response = await answered;
  expect(response.status()).toBe(200);
  return response.json() as Promise<{ data: unknown; pagination?: { total: number } }>;
}

test('the text table searches on the server: a paste beyond the first page, then 25 hits over three pages', async ({
  page,
  api,
  admin,
}) => {
  const needle = word('needle');
  const hay = word('hay');
  const target = await api.createPaste({ content: `# Notes\n\nThe ${needle} is in this paste.`, slug: `${run}-target` });
  for (let index = 0; index < 25; index += 1)
    await api.createPaste({ content: `filler ${index}: ${hay} and more`, slug: `${run}-hay-${index}`, remark: `hay ${index}` });
  const box = await openManagement(page, admin, api.token, 'text-management');
  await expect(admin.rows()).toHaveCount(10);
  await expect(admin.row(`${run}-hay-24`)).toBeVisible();
  await expect(admin.row(target.slug)).toHaveCount(0);

  const one = await searchTable(page, box, '/api/admin/pastes', needle);
  expect(one.pagination?.total).toBe(1);
  await expect(admin.rows()).toHaveCount(1);
  await expect(admin.row(target.slug)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`[?&]q=${needle}`));

  const many = await searchTable(page, box, '/api/admin/pastes', hay);
  expect(many.pagination?.total).toBe(25);
  await expect(admin.rows()).toHaveCount(10);
  await expect(page.locator('.ant-pagination-item')).toHaveCount(3);
  const third = page.waitForResponse((response) => {
    const params = new URL(response.url()).searchParams;
    return response.url().includes('/api/admin/pastes?') && params.get('q') === hay && params.get('page') === '3';
  });
  await admin.toPage(3);
  await third;
  await expect(admin.rows()).toHaveCount(5);
  await expect(admin.row(`${run}-hay-0`)).toBeVisible();
  await expect(admin.row(target.slug)).toHaveCount(0);
});

test('a Chinese keyword finds a Chinese paste, and an encrypted paste is found by its remark, never by its plaintext', async ({
  page,
  api,
  admin,
  baseURL,
}) => {
  const chinese = await api.createPaste({ content: `今天的会议记录：${chineseWord}的数据库已经备份。`, slug: `${run}-zh` });
  await api.createPaste({ content: `An English paste about ${word('other')}`, slug: `${run}-en` });
  const secret = word('launchcode');
  const remark = word('vault');
  const envelope = await encryptedEnvelope(`The launch code is ${secret}. Keep it safe.`);
  const encrypted = await createPaste(api.token, { content: envelope, encryption: 'aes-256-gcm/v1', remark, slug: `${run}-sealed` });

  const box = await openManagement(page, admin, api.token, 'text-management');
  const zh = await searchTable(page, box, '/api/admin/pastes', chineseWord);
  expect(zh.pagination?.total).toBe(1);
  await expect(admin.rows()).toHaveCount(1);
  await expect(admin.row(chinese.slug)).toBeVisible();
  // Two characters: shorter than a trigram, still a substring match.
  const short = await searchTable(page, box, '/api/admin/pastes', chineseWord.slice(0, 2));
  expect(short.pagination?.total).toBe(1);
  await expect(admin.row(chinese.slug)).toBeVisible();

  const plaintext = await searchTable(page, box, '/api/admin/pastes', secret);
  expect(plaintext.pagination?.total).toBe(0);
  await expect(admin.rows()).toHaveCount(0);
  const byRemark = await searchTable(page, box, '/api/admin/pastes', remark);
  expect(byRemark.pagination?.total).toBe(1);
  await expect(admin.row(encrypted.slug)).toBeVisible();

  // Neither the plaintext nor a piece of the ciphertext is found by any search of the server.
  const ciphertext = (JSON.parse(envelope) as { ct: string }).ct.slice(8, 20);
  const context = await gateway(baseURL, `Bearer ${api.token}`);
  try {
    for (const q of [secret, ciphertext]) {
      const pastes = await getJson<ListBody>(context, `/api/admin/pastes?q=${encodeURIComponent(q)}`);
      expect(pastes.pagination.total, q).toBe(0);
      const found = await getJson<{ data: { pagination: { total: number } } }>(context, `/api/admin/search?q=${encodeURIComponent(q)}`);
      expect(found.data.pagination.total, q).toBe(0);
    }
  } finally {
    await context.dispose();
  }
});

test('the file table finds a file share by part of its filename on the server', async ({ page, api, admin }) => {
  const stem = word('quarterly');
  const wanted = await api.uploadFile(`${stem}-report-q3.pdf`, 'q3 figures');
  await api.uploadFile(`${stem}-report-q2.pdf`, 'q2 figures');
  await api.uploadFile(`unrelated-${run}.txt`, 'nothing to see');
  const box = await openManagement(page, admin, api.token, 'file-management');
  const body = (await searchTable(page, box, '/api/admin/files', `${stem}-report-q3`)) as { data: { pagination: { total: number } } };
  expect(body.data.pagination.total).toBe(1);
  await expect(admin.rows()).toHaveCount(1);
  await expect(admin.row(`${stem}-report-q3.pdf`)).toBeVisible();
  expect(wanted.slug).toBeTruthy();
  const both = (await searchTable(page, box, '/api/admin/files', `${stem} report`)) as { data: { pagination: { total: number } } };
  expect(both.data.pagination.total).toBe(2);
  await expect(admin.rows()).toHaveCount(2);
  await expect(admin.row(`unrelated-${run}.txt`)).toHaveCount(0);
});

test('the header search finds a paste and a file, and a hit opens its management page showing that row', async ({ page, api, admin }) => {
  const topic = word('globe');
  const paste = await api.createPaste({ content: `Travel notes: ${topic} in spring`, slug: `${run}-travel`, remark: 'travel' });
  const file = await api.uploadFile(`${topic}-map.txt`, 'a map');
  await admin.seedCredential({ adminToken: api.token });
  await admin.goto('/admin');
  await admin.expectPanel();

  const search = async () => {
    const answered = page.waitForResponse(
      (response) => response.url().includes('/api/admin/search?') && new URL(response.url()).searchParams.get('q') === topic,
    );
    // The box keeps the last query after a hit was opened: clear it, then type the query again.
    const input = page.getByTestId('global-search-input');
    await input.fill('');
    await input.fill(topic);
    const body = (await (await answered).json()) as { data: { pagination: { total: number } } };
    expect(body.data.pagination.total).toBe(2);
    const results = page.getByTestId('global-search-results');
    await expect(results.getByTestId('global-search-hit')).toHaveCount(2);
    return results;
  };
  const hit = (results: ReturnType<Page['getByTestId']>, kind: 'paste' | 'file', slug: string) =>
    results.locator(`[data-testid="global-search-hit"][data-kind="${kind}"][data-slug="${slug}"]`);

  let results = await search();
  await expect(hit(results, 'file', file.slug)).toBeVisible();
  await hit(results, 'paste', paste.slug).click();
  await expect(admin.module('text-management')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/text-management\?/);
  await expect(admin.rows()).toHaveCount(1);
  await expect(admin.row(paste.slug)).toBeVisible();

  results = await search();
  await hit(results, 'file', file.slug).click();
  await expect(admin.module('file-management')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/file-management\?/);
  await expect(admin.rows()).toHaveCount(1);
  await expect(admin.row(`${topic}-map.txt`)).toBeVisible();
});

test.describe('dark theme at 390 px', () => {
  test.use({ colorScheme: 'dark', viewport: { width: 390, height: 844 } });

  test('the text table searches without sideways scrolling', async ({ page, api, admin }) => {
    const narrow = word('narrow');
    const paste = await api.createPaste({ content: `A paste for the phone: ${narrow}`, slug: `${run}-phone` });
    const box = await openManagement(page, admin, api.token, 'text-management');
    await expect(admin.area).toHaveAttribute('data-dark', 'true');
    const body = await searchTable(page, box, '/api/admin/pastes', narrow);
    expect(body.pagination?.total).toBe(1);
    await expect(admin.row(paste.slug)).toBeVisible();
    await expect(box).toBeInViewport();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
