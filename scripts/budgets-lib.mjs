// The pure part of `pnpm budgets` (scripts/check-budgets.mjs): which package a loaded JS file
// carries, which page rules a route breaks, and how measured sizes compare with deploy/budgets.json.
// No I/O here, so scripts/budgets-lib.test.mjs can test it with node --test.

/**
 * Text that only the Markdown editor's code contains (CodeMirror's scroller and bytemd's toolbar
 * class names). The same idea as e2e/tests/public-paste-view.spec.ts ("viewing a paste does not
 * download the editor"): the viewer shares bytemd's processor, but never these.
 */
export const EDITOR_CODE_MARKERS = ['CodeMirror-scroll', 'bytemd-toolbar'];

/** npm packages that are the editor itself (found in a chunk's source map). */
export const EDITOR_PACKAGES = ['codemirror', 'codemirror-ssr'];

/**
 * The HTML parser of the Markdown pipeline (rehype-raw over parse5): loaded only for documents
 * that contain HTML (mfe-public/src/lib/markdown/raw-html-on-demand.ts).
 */
export const HTML_PARSER_PACKAGES = ['parse5', 'hast-util-raw', 'rehype-raw'];

/** antd and its family: what the light public pages must not load. */
export const ANTD_PACKAGES = ['antd', '@ant-design/pro-components', '@ant-design/cssinjs', '@ant-design/icons'];

/** Every `@ant-design/pro-*` package (pro-components re-exports pro-table, pro-form, pro-layout, …). */
export function isAntdPackage(name) {
  return ANTD_PACKAGES.includes(name) || name.startsWith('@ant-design/pro-');
}

/**
 * Rules that always apply, whatever the budgets file says (the file may add more per route under
 * `forbid`): the home page and the paste view stay free of antd, and the paste view of the editor.
 */
export const REQUIRED_RULES = {
  '/': ['antd'],
  '/paste/{slug}': ['antd', 'editor'],
};

/**
 * The viewers of the file-viewers layer, each a lazily loaded chunk `viewer-<name>`
 * (file-viewers/src/file-viewer.tsx): a page loads one only when a file of its kind is opened.
 */
export const VIEWER_CHUNKS = ['image', 'media', 'pdf', 'document', 'spreadsheet', 'slides', 'ebook', 'archive', 'code', 'html'];

/**
 * npm packages only one viewer uses (found in a chunk's source map: webpack may move a viewer's
 * library into a chunk of its own, without the viewer's name).
 */
export const VIEWER_PACKAGES = {
  pdf: ['pdfjs-dist'],
  document: ['docx-preview', 'jszip', 'mammoth'],
  spreadsheet: ['xlsx', '@e965/xlsx', 'papaparse'],
  archive: ['libarchive.js', '@zip.js/zip.js', 'comlink'],
  ebook: ['epubjs', 'foliate-js'],
};

/** `viewer-pdf` → 'pdf', for a rule name. */
export const RULE_TITLES = {
  antd: 'antd / @ant-design/pro-components / cssinjs / icons',
  editor: 'the Markdown editor (bytemd editor, CodeMirror)',
  'html-parser': 'the HTML parser of the Markdown pipeline (rehype-raw, parse5)',
  ...Object.fromEntries(
    VIEWER_CHUNKS.map((name) => [`viewer-${name}`, `the ${name} viewer of the file-viewers layer (chunk viewer-${name})`]),
  ),
};

/**
 * The viewer whose code a bundled source path is (`…/file-viewers/src/viewers/<name>/…`), or null.
 * A viewer's texts (`texts.ts`) are not its code: the layer bundles every viewer's texts with itself.
 */
export function viewerOfSource(sourcePath) {
  const match = /(?:^|\/)file-viewers\/src\/viewers\/([a-z0-9-]+)\/(.+)$/.exec(sourcePath);
  if (!match || match[2] === 'texts.ts') return null;
  return match[1];
}

/**
 * The viewer a chunk belongs to by its name, or null: `viewer-pdf.1a2b3c4d.js` → 'pdf', and a
 * viewer's own lazily loaded part `viewer-<name>-<part>` (`viewer-spreadsheet-sheetjs.….js`) → its viewer.
 */
export function viewerOfFileName(fileName) {
  const match = /^viewer-([a-z0-9-]+)\.[0-9a-f]+\.js$/.exec(fileName);
  if (!match) return null;
  return VIEWER_CHUNKS.find((name) => match[1] === name || match[1].startsWith(`${name}-`)) ?? null;
}

/** The rules for one route: the required ones plus the file's `forbid` list. */
export function rulesForRoute(route, budgets) {
  const extra = budgets?.routes?.[route]?.forbid ?? [];
  for (const rule of extra)
    if (!(rule in RULE_TITLES))
      throw new Error(`deploy/budgets.json: unknown rule "${rule}" for ${route} (known: ${Object.keys(RULE_TITLES).join(', ')})`);
  return [...new Set([...(REQUIRED_RULES[route] ?? []), ...extra])];
}

/**
 * The npm package a bundled source path belongs to: the last `node_modules/<name>` (or
 * `node_modules/@scope/name`) in it, which also handles pnpm's `.pnpm/<id>/node_modules/<name>`.
 * @returns {string | null}
 */
export function packageOfSource(sourcePath) {
  const marker = 'node_modules/';
  const at = sourcePath.lastIndexOf(marker);
  if (at < 0) return null;
  const parts = sourcePath.slice(at + marker.length).split('/');
  if (!parts[0]) return null;
  if (parts[0].startsWith('@')) return parts[1] ? `${parts[0]}/${parts[1]}` : null;
  return parts[0];
}

/** The npm packages whose code a chunk carries, from its source map's `sources`. */
export function packagesInSourceMap(sourceMap) {
  const names = new Set();
  for (const source of sourceMap?.sources ?? []) {
    const name = packageOfSource(source);
    if (name) names.add(name);
  }
  return names;
}

/**
 * File name → the shared modules it provides, from a federation `mf-manifest.json`
 * (`shared[].assets.js.sync|async` list the chunk files of each shared package).
 * @returns {Map<string, string[]>}
 */
export function sharedModulesByFile(manifest) {
  /** @type {Map<string, string[]>} */
  const index = new Map();
  for (const shared of manifest?.shared ?? []) {
    const files = [...(shared.assets?.js?.sync ?? []), ...(shared.assets?.js?.async ?? [])];
    for (const file of files) index.set(file, [...(index.get(file) ?? []), shared.name]);
  }
  return index;
}

/**
 * What one loaded script is known to carry.
 * @param {{ sharedModules?: string[], bundledPackages?: Iterable<string>, source?: string, fileName?: string, sourcePaths?: Iterable<string> }} script
 *   `fileName`: the file's name (a viewer chunk is named after its viewer); `sourcePaths`: its source map's `sources`
 * @returns {Record<string, string[]>} the evidence for each rule (antd, editor, html-parser, viewer-<name>; empty when clean)
 */
export function classifyScript({ sharedModules = [], bundledPackages = [], source = '', fileName = '', sourcePaths = [] }) {
  const antd = [];
  const editor = [];
  for (const name of sharedModules) if (isAntdPackage(name)) antd.push(`shared module ${name} (mf-manifest.json)`);
  const bundled = [...bundledPackages];
  const bundledAntd = bundled.filter(isAntdPackage);
  const bundledEditor = bundled.filter((name) => EDITOR_PACKAGES.includes(name));
  if (bundledAntd.length) antd.push(`bundles ${bundledAntd.join(', ')} (source map)`);
  if (bundledEditor.length) editor.push(`bundles ${bundledEditor.join(', ')} (source map)`);
  for (const marker of EDITOR_CODE_MARKERS) if (source.includes(marker)) editor.push(`contains "${marker}"`);
  const bundledParser = bundled.filter((name) => HTML_PARSER_PACKAGES.includes(name));
  const htmlParser = bundledParser.length ? [`bundles ${bundledParser.join(', ')} (source map)`] : [];
  /** @type {Record<string, string[]>} */
  const viewers = Object.fromEntries(VIEWER_CHUNKS.map((name) => [`viewer-${name}`, []]));
  const named = viewerOfFileName(fileName);
  if (named && viewers[`viewer-${named}`]) viewers[`viewer-${named}`].push(`is the chunk viewer-${named} (file name)`);
  /** @type {Map<string, number>} */
  const viewerSources = new Map();
  for (const path of sourcePaths) {
    const viewer = viewerOfSource(path);
    if (viewer && viewers[`viewer-${viewer}`]) viewerSources.set(viewer, (viewerSources.get(viewer) ?? 0) + 1);
  }
  for (const [viewer, count] of viewerSources)
    viewers[`viewer-${viewer}`].push(`bundles ${count} file(s) of file-viewers/src/viewers/${viewer}/ (source map)`);
  for (const [viewer, packages] of Object.entries(VIEWER_PACKAGES)) {
    const found = bundled.filter((name) => packages.includes(name));
    if (found.length) viewers[`viewer-${viewer}`].push(`bundles ${found.join(', ')} (source map)`);
  }
  return { antd, editor, 'html-parser': htmlParser, ...viewers };
}

/** Every viewer rule (`viewer-<name>`), for a page that must load none. */
export const ALL_VIEWER_RULES = VIEWER_CHUNKS.map((name) => `viewer-${name}`);

/**
 * The rule breaks of one route.
 * @param {string} route
 * @param {string[]} rules
 * @param {Array<{ url: string, evidence: { antd: string[], editor: string[] } }>} scripts
 * @returns {Array<{ route: string, rule: string, url: string, evidence: string[] }>}
 */
export function findRuleBreaks(route, rules, scripts) {
  const breaks = [];
  for (const rule of rules) {
    for (const script of scripts) {
      const evidence = script.evidence[rule] ?? [];
      if (evidence.length) breaks.push({ route, rule, url: script.url, evidence });
    }
  }
  return breaks;
}

/**
 * Compares what was measured with the budgets. Every measured value needs a budget; a missing one
 * fails too (a new remote or route must get a budget when it is added).
 * @param {{ remotes: Record<string, Record<string, number>>, routes: Record<string, Record<string, number>> }} measured
 * @param {{ remotes?: Record<string, Record<string, unknown>>, routes?: Record<string, Record<string, unknown>> }} budgets
 * @returns {Array<{ group: 'remotes' | 'routes', subject: string, metric: string, actual: number, budget: number | null, status: 'ok' | 'over' | 'no budget' }>}
 */
export function compareWithBudgets(measured, budgets) {
  const rows = [];
  for (const group of /** @type {const} */ (['remotes', 'routes'])) {
    for (const [subject, metrics] of Object.entries(measured[group] ?? {})) {
      for (const [metric, actual] of Object.entries(metrics)) {
        const raw = budgets?.[group]?.[subject]?.[metric];
        const budget = typeof raw === 'number' ? raw : null;
        const status = budget === null ? 'no budget' : actual > budget ? 'over' : 'ok';
        rows.push({ group, subject, metric, actual, budget, status });
      }
    }
  }
  return rows;
}

/** Rounds a measured size up to a budget: `headroom` more (0.2 = 20 %), then up to a whole KiB. */
export function budgetFor(actual, headroom = 0.2) {
  return Math.ceil((actual * (1 + headroom)) / 1024) * 1024;
}

/**
 * A new budgets object from measurements: every number gets the headroom; everything else in the
 * current file (notes, `forbid` lists) is kept.
 */
export function budgetsFromMeasurements(measured, current = {}, headroom = 0.2) {
  const next = structuredClone(current);
  for (const group of ['remotes', 'routes']) {
    next[group] ??= {};
    for (const [subject, metrics] of Object.entries(measured[group] ?? {})) {
      next[group][subject] ??= {};
      for (const [metric, actual] of Object.entries(metrics)) next[group][subject][metric] = budgetFor(actual, headroom);
    }
  }
  return next;
}

export function formatBytes(bytes) {
  if (bytes === null || bytes === undefined) return '—';
  if (Math.abs(bytes) < 1024) return `${bytes} B`;
  return `${(bytes / 1024).toFixed(1)} KiB`;
}

/** A plain text table: the first row is the header; numbers are right-aligned. */
export function formatTable(rows) {
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => String(row[column]).length)));
  const line = (row) =>
    row
      .map((cell, column) => {
        const text = String(cell);
        return /^[-+]?[\d.,]+(?:\s?(?:B|KiB|MiB|ms|%|MB))?$/.test(text) ? text.padStart(widths[column]) : text.padEnd(widths[column]);
      })
      .join('  ')
      .trimEnd();
  return [line(rows[0]), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.slice(1).map(line)].join('\n');
}
