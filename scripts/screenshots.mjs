// The README's screenshots: starts the built product (page-harness.mjs's startStack: a throwaway
// api-server and the gateway), seeds a little realistic content, and photographs the editor (`/`)
// and the mount explorer (`/mount-explorer/…`) at 1280×800 in en-US, light and dark, in Debian's
// Chromium, into docs/screenshots/{editor,explorer}-{light,dark}.png. Needs `pnpm build` first.
// Usage: node scripts/screenshots.mjs
/* global window, document -- the functions given to addInitScript and page.evaluate run in the page */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './lib.mjs';
import { adminAuth, apiJson, launchChromium, requireBuild, startStack } from './page-harness.mjs';

const OUT_DIR = path.join(repoRoot, 'docs', 'screenshots');
const VIEWPORT = { width: 1280, height: 800 };
const THEMES = ['light', 'dark'];
const MOUNT_PATH = '/team';

const EDITOR_MARKDOWN = `# Release checklist

Notes for **Friday's release**, shared with the team.

## Before
- [x] Freeze the \`main\` branch
- [x] Run the full test suite
- [ ] Tag the release and write the notes

## Commands

\`\`\`sh
pnpm build && pnpm test
git tag v2.4.0 && git push --tags
\`\`\`

> Ping the on-call engineer before the database migration.

| Step | Owner | When |
| --- | --- | --- |
| Migration | Dana | 10:00 |
| Deploy | Lee | 11:00 |
`;

/** A few folders and files in a local-disk mount, made through the admin's file-system API. */
const EXPLORER_ITEMS = [
  { folder: 'design' },
  { folder: 'invoices' },
  { folder: 'photos' },
  { file: 'design/logo-brief.md', content: '# Logo brief\n\nA clipboard with a cloud.\n' },
  { file: 'invoices/2026-10.csv', content: 'date,client,amount\n2026-10-03,Acme,1200\n2026-10-17,Globex,860\n' },
  { file: 'meeting-notes.md', content: '# Weekly sync\n\n- Ship the explorer search\n- Review the backup schedule\n' },
  { file: 'roadmap.txt', content: 'Q1: sharing\nQ2: mobile app\nQ3: replicas\n'.repeat(20) },
  { file: 'README.md', content: '# Team folder\n\nEverything the team shares lives here.\n' },
];

async function post(apiUrl, auth, route, body, what) {
  return apiJson(
    await fetch(`${apiUrl}${route}`, {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    }),
    what,
  );
}

/** A local-disk storage configuration mounted at MOUNT_PATH, filled with EXPLORER_ITEMS. */
async function seedMount(apiUrl, auth) {
  const config = await post(apiUrl, auth, '/api/s3-configs', { name: 'Local disk', provider_type: 'Local' }, 'create storage');
  await post(
    apiUrl,
    auth,
    '/api/admin/mounts',
    { name: MOUNT_PATH.slice(1), storage_type: 'S3', storage_config_id: config.data.id, mount_path: MOUNT_PATH, cache_ttl: 0 },
    'create mount',
  );
  for (const item of EXPLORER_ITEMS) {
    if (item.folder) await post(apiUrl, auth, '/api/admin/fs/mkdir', { path: `${MOUNT_PATH}/${item.folder}/` }, `mkdir ${item.folder}`);
    else
      await post(apiUrl, auth, '/api/admin/fs/update', { path: `${MOUNT_PATH}/${item.file}`, content: item.content }, `write ${item.file}`);
  }
}

async function newPage(browser, baseUrl, theme, adminToken) {
  const context = await browser.newContext({ locale: 'en-US', colorScheme: theme, viewport: VIEWPORT, baseURL: baseUrl });
  if (adminToken) await context.addInitScript((token) => window.localStorage.setItem('admin_token', token), adminToken);
  return { context, page: await context.newPage() };
}

async function shootEditor(browser, baseUrl, theme) {
  const { context, page } = await newPage(browser, baseUrl, theme);
  try {
    await page.goto('/');
    const editor = page.locator('.cp-md-editor .CodeMirror');
    await editor.waitFor({ state: 'visible', timeout: 30_000 });
    await page.evaluate((markdown) => {
      const host = document.querySelector('.cp-md-editor .CodeMirror');
      host.CodeMirror.setValue(markdown);
    }, EDITOR_MARKDOWN);
    await page.getByTestId('editor-preview').getByText('Release checklist').first().waitFor({ timeout: 15_000 });
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: path.join(OUT_DIR, `editor-${theme}.png`) });
  } finally {
    await context.close();
  }
}

async function shootExplorer(browser, baseUrl, theme, adminToken) {
  const { context, page } = await newPage(browser, baseUrl, theme, adminToken);
  try {
    await page.goto(`/mount-explorer${MOUNT_PATH}`);
    await page.locator(`[data-testid="explorer"][data-directory="${MOUNT_PATH}/"]`).waitFor({ timeout: 30_000 });
    await page.locator('[data-testid="file-row"][data-name="roadmap.txt"]').waitFor({ timeout: 15_000 });
    await page.getByTestId('list-loading').waitFor({ state: 'detached', timeout: 15_000 });
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: path.join(OUT_DIR, `explorer-${theme}.png`) });
  } finally {
    await context.close();
  }
}

async function main() {
  requireBuild('node scripts/screenshots.mjs');
  mkdirSync(OUT_DIR, { recursive: true });
  const stack = await startStack({ port: 18480, apiPort: 18487, name: 'screenshots' });
  let browser;
  try {
    const auth = await adminAuth(stack.apiUrl);
    await seedMount(stack.apiUrl, auth);
    browser = await launchChromium();
    const adminToken = auth.Authorization.replace(/^Bearer /, '');
    for (const theme of THEMES) {
      await shootEditor(browser, stack.baseUrl, theme);
      await shootExplorer(browser, stack.baseUrl, theme, adminToken);
      console.log(`screenshots (${theme}) written to ${path.relative(repoRoot, OUT_DIR)}/`);
    }
  } finally {
    await browser?.close();
    stack.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
