// pnpm budgets: the size check of the test command (sizes, never timings). Builds nothing.
//
// 1. Each built remote (`<remote>/dist`) and the host (`host-shell/dist`): total JS bytes, the same
//    gzipped, its entry (remoteEntry.js / main.js) gzipped and its initial JS gzipped.
// 2. Each route's first load, served by the real gateway + api-server in Chromium (a real paste and
//    a real file share are made first): the JS bytes on the wire.
// 3. Page rules: `/` and `/paste/{slug}` load no antd / pro-components / cssinjs / icons, and
//    `/paste/{slug}` loads no Markdown editor; deploy/budgets.json adds per route what it must not
//    load (`forbid`), e.g. a viewer chunk of the file-viewers layer (`viewer-pdf`, …). A loaded file
//    is identified by the `mf-manifest.json` next to it (its shared modules and their chunk files),
//    its source map (bundled packages, and the viewer folders of file-viewers it holds), its name
//    (`viewer-<name>.<hash>.js`) and, for the editor, the class names only the editor's code contains.
//
// Exit 1 with a table of what is over and by how much, or which file breaks which rule.
//
// Environment: BUDGET_PORT / BUDGET_API_PORT (default 27080 / 27787), BUDGETS_FILE (default
// deploy/budgets.json). `--update` rewrites the budgets file from today's sizes plus 20 % headroom.
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { REMOTES, repoRoot } from './lib.mjs';
import {
  RULE_TITLES,
  budgetsFromMeasurements,
  classifyScript,
  compareWithBudgets,
  findRuleBreaks,
  formatBytes,
  formatTable,
  packagesInSourceMap,
  rulesForRoute,
  sharedModulesByFile,
} from './budgets-lib.mjs';
import { ROUTES, createContent, launchChromium, openPage, requireBuild, routeUrl, stackPortsFromEnv, startStack } from './page-harness.mjs';

const STACK_PORTS = stackPortsFromEnv('BUDGET');
const BUDGETS_FILE = path.resolve(repoRoot, process.env.BUDGETS_FILE ?? 'deploy/budgets.json');
const UPDATE = process.argv.includes('--update');
const HEADROOM = 0.2;

const isJsFile = (name) => name.endsWith('.js');
const gzipSize = (buffer) => gzipSync(buffer, { level: 9 }).length;

/** Sizes of one build output folder. */
function measureBuild(pkg) {
  const dist = path.join(repoRoot, pkg, 'dist');
  const files = readdirSync(dist, { recursive: true }).map(String).filter(isJsFile);
  const sizes = new Map(
    files.map((file) => {
      const content = readFileSync(path.join(dist, file));
      return [file, { raw: content.length, gzip: gzipSize(content) }];
    }),
  );
  const gzipOf = (names) => [...new Set(names)].reduce((sum, name) => sum + (sizes.get(name)?.gzip ?? 0), 0);
  let entry;
  let initial;
  if (pkg === 'host-shell') {
    // The host's entry scripts are the ones index.html names (the runtime config /config.js is the gateway's).
    const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
    initial = [...html.matchAll(/<script[^>]*\ssrc=["']?\/?([^"'\s>]+\.js)/g)].map((match) => match[1]).filter((name) => sizes.has(name));
    entry = initial.filter((name) => name === 'main.js');
  } else {
    const manifest = JSON.parse(readFileSync(path.join(dist, 'mf-manifest.json'), 'utf8'));
    const remoteEntry = manifest.metaData?.remoteEntry?.name || 'remoteEntry.js';
    entry = [remoteEntry];
    initial = [remoteEntry, ...(manifest.exposes ?? []).flatMap((expose) => expose.assets?.js?.sync ?? [])];
  }
  return {
    totalJsBytes: [...sizes.values()].reduce((sum, size) => sum + size.raw, 0),
    totalJsGzipBytes: [...sizes.values()].reduce((sum, size) => sum + size.gzip, 0),
    entryGzipBytes: gzipOf(entry),
    initialJsGzipBytes: gzipOf(initial),
  };
}

/** Fetches JSON from the gateway, or null (no such file). Cached per URL. */
function jsonFetcher() {
  const cache = new Map();
  return (url) => {
    if (!cache.has(url)) {
      cache.set(
        url,
        fetch(url)
          .then((response) => (response.ok ? response.json() : null))
          .catch(() => null),
      );
    }
    return cache.get(url);
  };
}

/** What each loaded script carries: shared modules (mf-manifest.json beside it), bundled packages (its source map), editor markers. */
async function identifyScripts(responses, fetchJson) {
  const scripts = responses.filter((response) => response.type === 'script');
  return Promise.all(
    scripts.map(async (script) => {
      const url = new URL(script.url);
      const directory = url.pathname.slice(0, url.pathname.lastIndexOf('/') + 1);
      const fileName = url.pathname.slice(directory.length);
      const manifest = await fetchJson(`${url.origin}${directory}mf-manifest.json`);
      const sourceMap = await fetchJson(`${url.origin}${url.pathname}.map`);
      const sharedModules = manifest ? (sharedModulesByFile(manifest).get(fileName) ?? []) : [];
      const bundledPackages = [...packagesInSourceMap(sourceMap)];
      const evidence = classifyScript({
        sharedModules,
        bundledPackages,
        source: script.body?.toString('utf8') ?? '',
        fileName,
        sourcePaths: sourceMap?.sources ?? [],
      });
      return {
        url: url.pathname,
        wireBytes: script.wireBytes,
        decodedBytes: script.decodedBytes,
        sharedModules,
        hasSourceMap: !!sourceMap,
        evidence,
      };
    }),
  );
}

function printBudgetRows(rows) {
  const table = [['', 'measured', 'budget', 'over by', 'status']];
  for (const row of rows) {
    const over = row.budget === null ? '' : row.actual - row.budget;
    const overText = over === '' || over <= 0 ? '' : `${formatBytes(over)} (+${((over / row.budget) * 100).toFixed(1)} %)`;
    const mark = row.status === 'ok' ? 'ok' : row.status === 'over' ? 'OVER' : 'NO BUDGET';
    table.push([`${row.subject} ${row.metric}`, formatBytes(row.actual), formatBytes(row.budget), overText, mark]);
  }
  console.log(formatTable(table));
}

async function main() {
  requireBuild('pnpm budgets');
  const current = existsSync(BUDGETS_FILE) || !UPDATE ? JSON.parse(readFileSync(BUDGETS_FILE, 'utf8')) : {};

  /** @type {{ remotes: Record<string, Record<string, number>>, routes: Record<string, Record<string, number>> }} */
  const measured = { remotes: {}, routes: {} };
  for (const pkg of ['host-shell', ...REMOTES]) measured.remotes[pkg] = measureBuild(pkg);

  const stack = await startStack({ ...STACK_PORTS, name: 'budgets' });
  const ruleBreaks = [];
  const loads = {};
  const uncompressedNotes = [];
  try {
    const content = await createContent(stack.apiUrl);
    const browser = await launchChromium();
    const fetchJson = jsonFetcher();
    try {
      for (const { route, area } of ROUTES) {
        const url = `${stack.baseUrl}${routeUrl(route, content)}`;
        const { responses } = await openPage(browser, url, { area, keepScriptBodies: true }).catch((error) => {
          throw new Error(
            `${route} (${url}) did not render its ${area} page, so its size cannot be checked: ${error.message.split('\n')[0]}`,
          );
        });
        const scripts = await identifyScripts(responses, fetchJson);
        loads[route] = scripts;
        measured.routes[route] = { jsWireBytes: scripts.reduce((sum, script) => sum + script.wireBytes, 0) };
        ruleBreaks.push(...findRuleBreaks(route, rulesForRoute(route, current), scripts));
        const uncompressed = scripts.filter((script) => script.decodedBytes > 1024 && script.wireBytes >= script.decodedBytes);
        if (uncompressed.length) uncompressedNotes.push(`${route}: ${uncompressed.map((script) => script.url).join(', ')}`);
        const missingMaps = scripts.filter((script) => !script.hasSourceMap && !script.url.endsWith('/config.js'));
        if (missingMaps.length)
          console.log(
            `note: ${route}: no source map for ${missingMaps.map((script) => script.url).join(', ')} (identified by mf-manifest.json and content only)`,
          );
      }
    } finally {
      await browser.close();
    }
  } finally {
    stack.stop();
  }

  console.log('\nJavaScript loaded per route (first visit, empty cache):');
  console.log(
    formatTable([
      ['route', 'files', 'on the wire', 'decoded', 'shared modules loaded'],
      ...Object.entries(loads).map(([route, scripts]) => [
        route,
        scripts.length,
        formatBytes(measured.routes[route].jsWireBytes),
        formatBytes(scripts.reduce((sum, script) => sum + script.decodedBytes, 0)),
        [...new Set(scripts.flatMap((script) => script.sharedModules))].sort().join(', ') || '—',
      ]),
    ]),
  );

  if (UPDATE) {
    const next = budgetsFromMeasurements(measured, current, HEADROOM);
    writeFileSync(BUDGETS_FILE, `${JSON.stringify(next, null, 2)}\n`);
    console.log(`\nWrote ${path.relative(repoRoot, BUDGETS_FILE)}: today's sizes + ${HEADROOM * 100} % headroom.`);
  }

  const rows = compareWithBudgets(measured, UPDATE ? budgetsFromMeasurements(measured, current, HEADROOM) : current);
  console.log(
    `\nSizes against ${path.relative(repoRoot, BUDGETS_FILE)} (remotes: built dist, gzip level 9; routes: JS on the wire through the gateway):`,
  );
  printBudgetRows(rows);

  const failing = rows.filter((row) => row.status !== 'ok');
  if (uncompressedNotes.length) {
    console.log('\nNote: the gateway sent these JS files uncompressed (no br/gzip), which counts fully against the wire budgets:');
    for (const note of uncompressedNotes) console.log(`  ${note}`);
  }
  if (ruleBreaks.length) {
    console.log('\nPage rules broken:');
    console.log(
      formatTable([
        ['route', 'must not load', 'file', 'evidence'],
        ...ruleBreaks.map((item) => [item.route, RULE_TITLES[item.rule], item.url, item.evidence.join('; ')]),
      ]),
    );
  } else {
    const checked = ROUTES.map(({ route }) => [route, rulesForRoute(route, current)]).filter(([, rules]) => rules.length);
    console.log(`\nPage rules kept: ${checked.map(([route, rules]) => `${route} loads no ${rules.join(' or ')}`).join('; ')}.`);
  }

  if (failing.length || ruleBreaks.length) {
    console.error(
      `\nBudget check FAILED: ${failing.filter((row) => row.status === 'over').length} over budget, ${failing.filter((row) => row.status === 'no budget').length} without a budget, ${ruleBreaks.length} page rule break(s).`,
    );
    if (failing.length) {
      console.error('Over (or missing):');
      printBudgetRows(failing);
    }
    console.error(
      'If a size grew on purpose, raise its budget in deploy/budgets.json in the same change and say why (or run `pnpm budgets --update` and review the diff).',
    );
    process.exit(1);
  }
  console.log('\nBudget check passed.');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
