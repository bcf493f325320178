// The previews scenario of `pnpm bench` (`--only=previews`; measurements, never pass/fail): large
// files of each viewer kind are shared through the API (PUT /api/upload-direct) and their share page
// `/file/{slug}` is opened cold (a new browser context, empty cache) on each network profile, after
// one unrecorded warm-up load per file. Figures (median of BENCH_PREVIEW_RUNS, default 3):
//   firstMs     ms since navigation start until the viewer shows its first page / row / slide /
//               entry / line: the scenario's marker text is inside [data-testid="file-viewer"] (for the
//               PDF also page 1's canvas drawn: [data-page-number="1"][data-rendered="true"])
//   pageJs      all code of the load as sent (compressed): every .js, .mjs and .wasm response, the
//               page's and its workers' (pdf.js's worker, SheetJS in the spreadsheet's worker)
//   viewerJs    pageJs minus the pageJs of a small .txt share (the page without any viewer, measured
//               first as `txt-baseline`): what opening this kind adds
// The files come from the generators of file-viewers/fixtures (the same ones the tests use): a
// 20-page .docx, a 100-page PDF, a 50,000-row .xlsx, a 1,000-entry zip and a 50 MB log. Written to
// bench-results/previews.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot } from '../scripts/lib.mjs';
import { formatBytes, formatTable } from '../scripts/budgets-lib.mjs';
import { adminAuth, apiJson, newVisitorPage } from '../scripts/page-harness.mjs';

const RUNS = Number(process.env.BENCH_PREVIEW_RUNS ?? 3);

const fixture = (name) => import(pathToFileURL(path.join(repoRoot, 'file-viewers/fixtures', `${name}.mjs`)).href);

/** The files measured: how each is made and the text that says its first screen is shown. */
export const PREVIEW_SCENARIOS = [
  {
    name: 'txt-baseline',
    file: 'notes.txt',
    make: async () => new TextEncoder().encode('A small text file: the page without a viewer.\n'),
    marker: 'the page without a viewer',
  },
  { name: 'docx-20-pages', file: 'handbook.docx', make: async () => (await fixture('document')).docxWithPages(20), marker: 'Page 1' },
  {
    name: 'pdf-100-pages',
    file: 'manual.pdf',
    make: async () => (await fixture('pdf')).pdfWithPages(100),
    marker: 'Page 1 of 100',
    selector: '[data-page-number="1"][data-rendered="true"]',
  },
  { name: 'xlsx-50000-rows', file: 'ledger.xlsx', make: async () => (await fixture('spreadsheet')).sheetWithRows(50000), marker: 'Row 1' },
  { name: 'zip-1000-entries', file: 'bundle.zip', make: async () => (await fixture('archive')).zipWithEntries(1000), marker: 'folder-00' },
  {
    name: 'log-50-mb',
    file: 'server.log',
    make: async () => (await fixture('text')).logOfBytes(50 * 1024 * 1024),
    marker: '000000001 2026-11-28',
  },
];

async function share(apiUrl, fileName, bytes) {
  const file = await apiJson(
    await fetch(`${apiUrl}/api/upload-direct/${encodeURIComponent(fileName)}?remark=bench`, {
      method: 'PUT',
      headers: await adminAuth(apiUrl),
      body: bytes,
    }),
    `upload ${fileName}`,
  );
  const slug = file.data?.slug;
  if (!slug) throw new Error(`unexpected answer: upload ${JSON.stringify(file).slice(0, 300)}`);
  return slug;
}

async function loadOnce(browser, url, { marker, selector }, network) {
  const { context, page } = await newVisitorPage(browser, { network });
  try {
    const code = [];
    page.on('requestfinished', (request) => {
      if (!/\.(?:m?js|wasm)(?:[?#]|$)/.test(request.url())) return;
      code.push(request.sizes().then((sizes) => sizes.responseBodySize));
    });
    await page.goto(url, { waitUntil: 'commit' });
    await page.locator('[data-testid="area-page"][data-area="public"]').first().waitFor({ state: 'visible', timeout: 60000 });
    const firstMs = await page.evaluate(
      ({ text, drawn }) =>
        new Promise((resolve, reject) => {
          const timeout = setTimeout(() => reject(new Error(`"${text}" not shown within 120 s`)), 120000);
          const check = () => {
            const viewer = document.querySelector('[data-testid="file-viewer"]');
            if (viewer?.querySelector('[data-testid="viewer-fallback"]')) {
              clearTimeout(timeout);
              reject(new Error(`fallback: ${viewer.textContent}`));
              return;
            }
            if (viewer && (viewer.textContent ?? '').includes(text) && (!drawn || viewer.querySelector(drawn))) {
              clearTimeout(timeout);
              requestAnimationFrame(() => resolve(performance.now()));
              return;
            }
            requestAnimationFrame(check);
          };
          check();
        }),
      { text: marker, drawn: selector ?? null },
    );
    await page.waitForLoadState('networkidle').catch(() => undefined);
    const sizes = await Promise.all(code);
    return { firstMs: Math.round(firstMs), pageJs: sizes.reduce((sum, size) => sum + Math.max(0, size), 0) };
  } finally {
    await context.close();
  }
}

/** Runs the scenario and writes bench-results/previews.json. */
export async function benchPreviews({ browser, baseUrl, apiUrl, median, commit, networks }) {
  const results = {};
  for (const scenario of PREVIEW_SCENARIOS) {
    const bytes = await scenario.make();
    const slug = await share(apiUrl, scenario.file, bytes);
    const url = `${baseUrl}/file/${slug}`;
    results[scenario.name] = { file: scenario.file, bytes: bytes.byteLength, networks: {} };
    for (const network of networks) {
      await loadOnce(browser, url, scenario, network);
      const runs = [];
      for (let run = 0; run < RUNS; run += 1) runs.push(await loadOnce(browser, url, scenario, network));
      results[scenario.name].networks[network] = {
        median: Object.fromEntries(Object.keys(runs[0]).map((key) => [key, median(runs.map((item) => item[key]))])),
        runs,
      };
    }
  }
  const baselineJs = results['txt-baseline'].networks[networks[0]].median.pageJs;
  for (const result of Object.values(results)) result.viewerJs = Math.max(0, result.networks[networks[0]].median.pageJs - baselineJs);
  console.log(`\nPreviews: cold /file/{slug}, median of ${RUNS} (first screen of the viewer, ms since navigation start):`);
  console.log(
    formatTable([
      ['file', 'size', ...networks.map((n) => `first (${n})`), 'viewer JS', 'page JS'],
      ...Object.entries(results).map(([name, result]) => {
        const first = networks.map((n) => `${result.networks[n].median.firstMs} ms`);
        const m = result.networks[networks[0]].median;
        return [name, formatBytes(result.bytes), ...first, formatBytes(result.viewerJs), formatBytes(m.pageJs)];
      }),
    ]),
  );
  const dir = path.join(repoRoot, 'bench-results');
  mkdirSync(dir, { recursive: true });
  const out = path.join(dir, 'previews.json');
  writeFileSync(
    out,
    `${JSON.stringify({ measuredAt: new Date().toISOString(), commit, chromium: browser.version(), runs: RUNS, results }, null, 2)}\n`,
  );
  console.log(`Written: ${path.relative(repoRoot, out)}`);
}
