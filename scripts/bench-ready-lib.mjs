// Pure parts of `pnpm bench`'s "ready" figures and its server-rendered page throughput (bench/bench.mjs,
// scripts/page-harness.mjs): the bench paste, the in-page readiness check, the goals and the
// summaries. No I/O here, so scripts/bench-ready-lib.test.mjs can check them.

/** The title of the bench paste's third `##` section: `/paste/{slug}` is ready when it is visible. */
export const THIRD_SECTION_TITLE = 'Upgrading from the previous release';

const SECTION_TITLES = [
  'What is new',
  'Fixed problems',
  THIRD_SECTION_TITLE,
  'Storage and backups',
  'Sharing and links',
  'Known limits',
  'Thanks',
  'Next steps',
];

const PARAGRAPHS = [
  'This release keeps every **share link** working as before and makes the pages lighter. Read the [changelog](https://example.com/changelog) for the full list.',
  'Pastes without a password open faster, and files keep their *original names* when they are downloaded again from a share page.',
  'The administrator can review what was shared, change expiry dates and remove old items in one place; nothing is deleted without a confirmation.',
  'Backups now include the settings of every storage and can be restored on another database engine without converting anything by hand.',
];

const LIST = [
  '- one item that explains a detail',
  '- another item with `inline code`',
  '- a third item with a [link](https://example.com)',
];

/**
 * The plain Markdown paste of the page measurements: an `#` title and eight `##` sections of
 * paragraphs and lists (one small code block in the first), at least `targetBytes` long (UTF-8,
 * all ASCII) and less than one paragraph over it. No password, encryption or burn-after-reading.
 * @returns {string}
 */
export function benchMarkdown(targetBytes = 24 * 1024) {
  const perSection = Math.max(1, Math.floor(targetBytes / SECTION_TITLES.length));
  const sections = SECTION_TITLES.map((title, index) => {
    const lines = [`## ${title}`, ''];
    if (index === 0) lines.push('```js', 'const answer = 42;', '```', '');
    let size = lines.join('\n').length;
    for (let part = 0; size < perSection; part += 1) {
      const block = part % 3 === 2 ? LIST.join('\n') : PARAGRAPHS[(index + part) % PARAGRAPHS.length];
      lines.push(block, '');
      size += block.length + 2;
    }
    return lines.join('\n');
  });
  let markdown = ['# Release notes', '', ...sections].join('\n');
  for (let part = 0; markdown.length < targetBytes; part += 1) markdown += `\n${PARAGRAPHS[part % PARAGRAPHS.length]}\n`;
  return markdown;
}

/**
 * What "ready" means per route (the route patterns of page-harness.mjs's ROUTES); routes without
 * an entry have no ready time.
 */
export const READY_PROBES = {
  '/paste/{slug}': { kind: 'heading', text: THIRD_SECTION_TITLE },
  '/': { kind: 'editor' },
  '/admin': { kind: 'password' },
};

export const readyProbeFor = (route) => READY_PROBES[route] ?? null;

/**
 * Whether the route's real content is usable now, in the main area (#cc-main) or the first screen
 * (#cc-first-screen). Runs in the page (page-harness.mjs serialises it, so it refers to nothing
 * outside itself); `doc` and `win` are the page's document and window.
 *   heading:  an h1–h6 whose text is probe.text, visible: in the layout (has boxes: neither it nor an
 *             ancestor display:none), computed visibility `visible`, a box of non-zero width and height.
 *   editor:   a visible textarea or contenteditable element that takes input: not inside [inert],
 *             not disabled, not readonly (`:read-write`), not tabindex=-1, not pointer-events:none;
 *             a CodeMirror's input textarea also needs the visible CodeMirror around it.
 *   password: an input[type=password] by the same rules.
 * @param {{ kind: 'heading' | 'editor' | 'password', text?: string }} probe
 */
export function isReady(probe, doc, win) {
  const scopes = ['#cc-first-screen', '#cc-main'].map((selector) => doc.querySelector(selector)).filter(Boolean);
  const visible = (element) => {
    const style = win.getComputedStyle(element);
    if (style.display === 'none' || style.visibility !== 'visible') return false;
    if (element.getClientRects().length === 0) return false;
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.height > 0;
  };
  const takesInput = (element) => {
    if (element.closest('[inert]')) return false;
    if (element.matches(':disabled') || !element.matches(':read-write')) return false;
    if (element.getAttribute('tabindex') === '-1') return false;
    if (win.getComputedStyle(element).pointerEvents === 'none') return false;
    const codeMirror = element.closest('.CodeMirror');
    return visible(element) && (!codeMirror || visible(codeMirror));
  };
  const selector =
    probe.kind === 'heading'
      ? 'h1, h2, h3, h4, h5, h6'
      : probe.kind === 'editor'
        ? 'textarea, [contenteditable]:not([contenteditable="false"])'
        : 'input[type="password"]';
  for (const scope of scopes) {
    for (const element of scope.querySelectorAll(selector)) {
      if (probe.kind === 'heading') {
        if ((element.textContent ?? '').trim() === probe.text && visible(element)) return true;
      } else if (takesInput(element)) return true;
    }
  }
  return false;
}

/**
 * The init script of a measured page: from the document's start, checks `isReady(probe)` on every
 * animation frame of the top window and keeps the first time it held (performance.now(), ms since
 * navigation start) in window.__cloudclipBenchReady.readyMs.
 * @returns {string}
 */
export function readyPollerScript(probe) {
  return `(${readyPoller.toString()})(${JSON.stringify(probe)}, ${isReady.toString()});`;
}

/* global window, document, requestAnimationFrame -- readyPoller runs in the page */
function readyPoller(probe, check) {
  if (window !== window.top || window.__cloudclipBenchReady) return;
  const state = { readyMs: null, frames: 0, failure: null };
  window.__cloudclipBenchReady = state;
  const tick = () => {
    state.frames += 1;
    try {
      if (check(probe, document, window)) {
        state.readyMs = performance.now();
        return;
      }
    } catch (error) {
      state.failure = String(error);
    }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}

/**
 * The upstream 0.6.5 client's ready times on this machine as the requirement records them (it is
 * not installed here, so the bench does not measure it) and the goals: slow 4G in ms, loopback as a
 * multiple of the upstream figure.
 */
export const UPSTREAM_READY_MS = {
  'slow-4g': { '/': 6000, '/paste/{slug}': 6300, '/admin': 2600 },
  loopback: { '/': 600, '/paste/{slug}': 934, '/admin': 295 },
};
export const READY_GOALS = {
  'slow-4g': { '/paste/{slug}': { maxMs: 800 }, '/': { maxMs: 1000 }, '/admin': { maxMs: 800 } },
  loopback: { '/paste/{slug}': { maxRatio: 0.35 }, '/': { maxRatio: 0.4 }, '/admin': { maxRatio: 0.7 } },
};

/**
 * Each goal of `network` against the measured medians (`readyMs` by route; null when not measured).
 * @returns {Array<{ route: string, readyMs: number | null, upstreamMs: number | null, ratio: number | null, goal: string, goalMs: number, met: boolean | null }>}
 */
export function readyGoalRows(network, readyMsByRoute) {
  const goals = READY_GOALS[network] ?? {};
  return Object.entries(goals).map(([route, goal]) => {
    const upstreamMs = UPSTREAM_READY_MS[network]?.[route] ?? null;
    const readyMs = typeof readyMsByRoute[route] === 'number' ? readyMsByRoute[route] : null;
    const goalMs = goal.maxMs ?? goal.maxRatio * upstreamMs;
    const ratio = readyMs !== null && upstreamMs ? Math.round((readyMs / upstreamMs) * 100) / 100 : null;
    const text =
      goal.maxMs !== undefined ? `≤ ${(goal.maxMs / 1000).toFixed(1)} s` : `≤ ${goal.maxRatio}× upstream (${Math.round(goalMs)} ms)`;
    return { route, readyMs, upstreamMs, ratio, goal: text, goalMs, met: readyMs === null ? null : readyMs <= goalMs };
  });
}

/** The goal rows as table rows for budgets-lib's formatTable (header first). */
export function readyGoalTable(rows) {
  const ms = (value) => (value === null ? '—' : `${Math.round(value)} ms`);
  return [
    ['route', 'ready (median)', 'upstream 0.6.5*', '× upstream', 'goal', 'met'],
    ...rows.map((row) => [
      row.route,
      ms(row.readyMs),
      ms(row.upstreamMs),
      row.ratio === null ? '—' : `${row.ratio}×`,
      row.goal,
      row.met === null ? '—' : row.met ? 'yes' : 'NO',
    ]),
  ];
}

/** Minimum page/API throughput ratio the server-rendered paste page should keep. */
export const SSR_THROUGHPUT_GOAL = 0.8;

/**
 * One figure from autocannon results of the same target (e.g. the two halves of an ABBA order):
 * requests/s over all of them, the mean of their p50s, the worst p99, and the failures.
 * @param {Array<{ requests: { total: number }, duration: number, latency: { p50: number, p99: number }, non2xx?: number, errors?: number, timeouts?: number, throughput?: { total: number } }>} results
 */
export function combineRuns(results) {
  const seconds = results.reduce((sum, result) => sum + result.duration, 0);
  const requests = results.reduce((sum, result) => sum + result.requests.total, 0);
  const bytes = results.reduce((sum, result) => sum + (result.throughput?.total ?? 0), 0);
  return {
    requests,
    seconds: Math.round(seconds * 100) / 100,
    perSecond: seconds > 0 ? Math.round((requests / seconds) * 10) / 10 : null,
    p50Ms: results.length ? Math.round((results.reduce((sum, result) => sum + result.latency.p50, 0) / results.length) * 100) / 100 : null,
    p99Ms: results.length ? Math.max(...results.map((result) => result.latency.p99)) : null,
    bytesPerResponse: requests > 0 ? Math.round(bytes / requests) : null,
    failed: results.reduce((sum, result) => sum + (result.non2xx ?? 0) + (result.errors ?? 0) + (result.timeouts ?? 0), 0),
  };
}

/** The page's throughput as a share of the API read's, against SSR_THROUGHPUT_GOAL. */
export function compareThroughput(page, api) {
  const ratio = page.perSecond && api.perSecond ? Math.round((page.perSecond / api.perSecond) * 100) / 100 : null;
  return { ratio, goal: SSR_THROUGHPUT_GOAL, met: ratio === null ? null : ratio >= SSR_THROUGHPUT_GOAL };
}

/**
 * What a page's HTML says about its first response: whether it carries the server-rendered paste
 * (a #cc-first-screen with data-live holding a [data-server-rendered="paste"] element) and whether
 * it embeds the page's first API answer (#cc-early-answers).
 */
export function inspectSharePage(html) {
  const firstScreen = /<div\b[^>]*\bid=["']?cc-first-screen["']?[^>]*>/i.exec(html)?.[0] ?? '';
  return {
    liveFirstScreen: /\bdata-live\b/i.test(firstScreen),
    serverRendered: /\bdata-server-rendered=["']?paste["'\s>]/i.test(html),
    earlyAnswers: /<script\b[^>]*\bid=["']?cc-early-answers["']?/i.test(html),
  };
}

/** `existing` (a parsed results file or null) with `section` replaced by `value`. */
export function mergeResults(existing, section, value) {
  const base = existing && typeof existing === 'object' && !Array.isArray(existing) ? existing : {};
  return { ...base, [section]: value };
}
