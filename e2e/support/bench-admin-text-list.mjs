// Benchmark (not a test): how fast the admin text list opens and pages with 10,000 pastes.
// Starts its own api-server + gateway on a fresh DATA_DIR, seeds the pastes straight into the SQLite
// file, then measures in Debian's Chromium the time from navigation (or click) to the first table row.
// Needs a build (api-server, host-shell, released remotes). Run: node e2e/support/bench-admin-text-list.mjs
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import {
  BENCH_ADMIN,
  benchAdminToken,
  launchChromium,
  newAdminPage,
  repoRoot,
  startBenchStack,
  timingSummary as stats,
} from './bench-stack.mjs';

const requireFromApi = createRequire(path.join(repoRoot, 'api-server/package.json'));
const Database = requireFromApi('better-sqlite3');

const COUNT = Number(process.env.BENCH_PASTES ?? 10_000);
const API_PORT = 19887;
const PORT = 19180;
const ROUNDS = 5;

function seed(dataDir, adminId) {
  const db = new Database(path.join(dataDir, 'cloudclip.db'));
  db.pragma('journal_mode = WAL');
  const insert = db.prepare(
    'INSERT INTO pastes (id, slug, content, remark, expires_at, max_views, views, created_by, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, 0, ?, ?, ?)',
  );
  const base = Date.now() - COUNT * 60_000;
  const many = db.transaction(() => {
    for (let index = 0; index < COUNT; index += 1) {
      const at = new Date(base + index * 60_000).toISOString().replace('T', ' ').slice(0, 19);
      const content = `# Paste ${index}\n\n${'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(1 + (index % 8))}`;
      insert.run(
        randomUUID(),
        `b${index.toString(36).padStart(5, '0')}`,
        content,
        index % 3 ? `remark ${index}` : null,
        null,
        null,
        adminId,
        at,
        at,
      );
    }
  });
  many();
  const total = db.prepare('SELECT COUNT(*) AS n FROM pastes').get().n;
  db.close();
  return total;
}

async function main() {
  const stack = await startBenchStack({ name: 'admin', port: PORT, apiPort: API_PORT });
  const { dataDir } = stack;
  try {
    const token = await benchAdminToken(stack.apiUrl);
    const db = new Database(path.join(dataDir, 'cloudclip.db'), { readonly: true });
    const adminId = db.prepare('SELECT id FROM admins WHERE username = ?').get(BENCH_ADMIN.username).id;
    db.close();
    const seedStart = Date.now();
    const total = seed(dataDir, adminId);
    console.log(`seeded ${total} pastes in ${Date.now() - seedStart} ms`);

    // API alone.
    const api = async (query) => {
      const started = performance.now();
      const response = await fetch(`${stack.origin}/api/admin/pastes?${query}`, { headers: { authorization: `Bearer ${token}` } });
      const body = await response.json();
      return { ms: performance.now() - started, total: body.pagination?.total, rows: body.data?.length };
    };
    const apiFirst = [];
    const apiLast = [];
    for (let round = 0; round < 20; round += 1) {
      apiFirst.push((await api('page=1&limit=10')).ms);
      apiLast.push((await api(`page=${Math.ceil(COUNT / 10)}&limit=10`)).ms);
    }
    console.log(`API GET /api/admin/pastes page 1:    ${stats(apiFirst)}`);
    console.log(`API GET /api/admin/pastes last page: ${stats(apiLast)}`);

    const browser = await launchChromium();
    const cold = [];
    const warm = [];
    const paging = [];
    const lastPage = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const { context, page } = await newAdminPage(browser, token, { viewport: { width: 1280, height: 900 } });
      // Cold: a new tab opens /admin/text-management (host, remote, antd and the first page of data).
      await page.goto(`${stack.origin}/admin/text-management`);
      await page.waitForSelector('.ant-table-row', { timeout: 60_000 });
      cold.push(await page.evaluate(() => performance.now()));

      // In-page timer: clicks an element and resolves with the time until a table row with the given
      // text shows up (no Playwright round trip inside the measurement).
      await page.evaluate(() => {
        window.__rowAfter = (text, selector) =>
          new Promise((resolve) => {
            const started = performance.now();
            const check = () => [...document.querySelectorAll('.ant-table-row')].some((row) => row.textContent?.includes(text));
            if (check()) return resolve(0);
            const observer = new MutationObserver(() => {
              if (check()) {
                observer.disconnect();
                resolve(performance.now() - started);
              }
            });
            observer.observe(document.body, { childList: true, subtree: true, characterData: true });
            document.querySelector(selector)?.click();
          });
      });
      // Paging: page 2 (server-side).
      const pageTwo = `b${(COUNT - 11).toString(36).padStart(5, '0')}`;
      paging.push(await page.evaluate((text) => window.__rowAfter(text, '.ant-pagination-item-2'), pageTwo));
      // The last page.
      const lastText = 'b00000';
      lastPage.push(
        await page.evaluate(([text, last]) => window.__rowAfter(text, `.ant-pagination-item-${last}`), [lastText, Math.ceil(COUNT / 10)]),
      );

      // Warm: remote already loaded; go to the dashboard and back through the menu.
      await page.getByTestId('menu-dashboard').click();
      await page.waitForSelector('[data-testid="stat-pastes"]');
      const newest = `b${(COUNT - 1).toString(36).padStart(5, '0')}`;
      warm.push(await page.evaluate((text) => window.__rowAfter(text, '[data-testid="menu-text-management"]'), newest));
      await context.close();
    }
    await browser.close();
    console.log(`\nText management with ${total} pastes (Chromium, ${ROUNDS} rounds):`);
    console.log(`  cold: navigation start → first row:          ${stats(cold)}`);
    console.log(`  warm: menu click → first row:                ${stats(warm)}`);
    console.log(`  page 2: click → its first row:               ${stats(paging)}`);
    console.log(`  last page (${Math.ceil(COUNT / 10)}): click → its first row:   ${stats(lastPage)}`);
  } finally {
    await stack.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
