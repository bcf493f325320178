// node --test scripts/bench-ready-lib.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import vm from 'node:vm';
import {
  THIRD_SECTION_TITLE,
  benchMarkdown,
  combineRuns,
  compareThroughput,
  inspectSharePage,
  isReady,
  mergeResults,
  readyGoalRows,
  readyGoalTable,
  readyPollerScript,
  readyProbeFor,
} from './bench-ready-lib.mjs';

// A minimal stand-in for the page: elements with the few DOM calls isReady makes.
function el(tag, { attrs = {}, style = {}, box = { width: 100, height: 20 }, text = '', states = [], children = [], classes = [] } = {}) {
  const node = { tag, attrs, style, box, text, states, children, classes, parent: null };
  for (const child of children) child.parent = node;
  node.getAttribute = (name) => (name in attrs ? String(attrs[name]) : null);
  node.getClientRects = () => (hiddenByDisplay(node) ? [] : [box]);
  node.getBoundingClientRect = () => (hiddenByDisplay(node) ? { width: 0, height: 0 } : box);
  Object.defineProperty(node, 'textContent', { get: () => text + children.map((child) => child.textContent).join('') });
  node.matches = (selector) => selectorMatches(node, selector);
  node.closest = (selector) => {
    for (let at = node; at; at = at.parent) if (selectorMatches(at, selector)) return at;
    return null;
  };
  node.querySelectorAll = (selector) => descendants(node).filter((child) => selectorMatches(child, selector));
  node.querySelector = (selector) => node.querySelectorAll(selector)[0] ?? null;
  return node;
}
const descendants = (node) => node.children.flatMap((child) => [child, ...descendants(child)]);
const hiddenByDisplay = (node) => {
  for (let at = node; at; at = at.parent) if (at.style.display === 'none') return true;
  return false;
};
function selectorMatches(node, selector) {
  return selector.split(',').some((part) => {
    const s = part.trim();
    if (s === ':disabled' || s === ':read-write') return node.states.includes(s);
    if (s === '[inert]') return 'inert' in node.attrs;
    if (s.startsWith('#')) return node.attrs.id === s.slice(1);
    if (s.startsWith('.')) return node.classes.includes(s.slice(1));
    if (s === 'input[type="password"]') return node.tag === 'input' && node.attrs.type === 'password';
    if (s.startsWith('[contenteditable]')) return 'contenteditable' in node.attrs && node.attrs.contenteditable !== 'false';
    return /^[a-z0-9]+$/.test(s) && node.tag === s;
  });
}
function page(...children) {
  const root = el('body', { children });
  const win = {
    // visibility and pointer-events inherit: the nearest element that sets them decides.
    getComputedStyle: (node) => {
      const inherited = (property, fallback) => {
        for (let at = node; at; at = at.parent) if (at.style[property]) return at.style[property];
        return fallback;
      };
      return {
        display: node.style.display ?? 'block',
        visibility: inherited('visibility', 'visible'),
        pointerEvents: inherited('pointerEvents', 'auto'),
      };
    },
  };
  return { doc: root, win };
}
const main = (...children) => el('main', { attrs: { id: 'cc-main' }, children });
const firstScreen = (...children) => el('div', { attrs: { id: 'cc-first-screen' }, children });
const textarea = (options = {}) => el('textarea', { states: [':read-write'], ...options });
const password = (options = {}) =>
  el('input', { attrs: { type: 'password', ...(options.attrs ?? {}) }, states: [':read-write'], ...options });
const ready = (probe, { doc, win }) => isReady(probe, doc, win);
const heading = { kind: 'heading', text: THIRD_SECTION_TITLE };

test('the bench paste is plain Markdown of 24 KB with at least 4 ## sections, the third titled as the probe expects', () => {
  const markdown = benchMarkdown();
  const bytes = Buffer.byteLength(markdown, 'utf8');
  assert.ok(bytes >= 24 * 1024 && bytes < 25 * 1024, `${bytes} bytes`);
  const sections = markdown.match(/^## .+$/gm);
  assert.ok(sections.length >= 4);
  assert.equal(sections[2], `## ${THIRD_SECTION_TITLE}`);
  assert.equal(benchMarkdown(), markdown, 'the same paste every run');
  assert.ok(Buffer.byteLength(benchMarkdown(8 * 1024)) < 9 * 1024);
});

test('the routes of the issue have a ready probe, the others none', () => {
  assert.deepEqual(readyProbeFor('/paste/{slug}'), heading);
  assert.equal(readyProbeFor('/').kind, 'editor');
  assert.equal(readyProbeFor('/admin').kind, 'password');
  assert.equal(readyProbeFor('/upload'), null);
});

test('the third heading counts when visible in the page or the first screen, not when hidden or boxless', () => {
  const h2 = (options = {}) => el('h2', { text: THIRD_SECTION_TITLE, ...options });
  assert.equal(ready(heading, page(main(h2()))), true);
  assert.equal(ready(heading, page(firstScreen(el('div', { children: [h2()] })))), true);
  assert.equal(ready(heading, page(main(el('h2', { text: 'Fixed problems' })))), false);
  assert.equal(ready(heading, page(main(el('div', { style: { display: 'none' }, children: [h2()] })))), false);
  assert.equal(ready(heading, page(main(h2({ style: { visibility: 'hidden' } })))), false);
  assert.equal(ready(heading, page(main(h2({ box: { width: 0, height: 0 } })))), false);
  assert.equal(ready(heading, page(el('header', { children: [h2()] }))), false, 'outside the main area and the first screen');
});

test('an editor counts only when it takes input', () => {
  const editor = { kind: 'editor' };
  assert.equal(ready(editor, page(main(textarea()))), true);
  assert.equal(ready(editor, page(firstScreen(el('label', { children: [textarea()] })))), true);
  assert.equal(ready(editor, page(main(el('div', { attrs: { contenteditable: 'true' }, states: [':read-write'] })))), true);
  assert.equal(ready(editor, page(main(el('div', { attrs: { contenteditable: 'false' } })))), false);
  assert.equal(ready(editor, page(main(textarea({ states: [':disabled'] })))), false, 'disabled');
  assert.equal(ready(editor, page(main(textarea({ states: [] })))), false, 'readonly');
  assert.equal(ready(editor, page(main(textarea({ attrs: { tabindex: '-1' } })))), false, 'tabindex -1');
  assert.equal(
    ready(editor, page(firstScreen(el('div', { style: { pointerEvents: 'none' }, children: [textarea()] })))),
    false,
    'pointer-events none',
  );
  assert.equal(ready(editor, page(main(el('div', { attrs: { inert: '' }, children: [textarea()] })))), false, 'inert');
  assert.equal(ready(editor, page(main(textarea({ style: { display: 'none' } })))), false, 'not displayed');
  assert.equal(ready(editor, page(main())), false, 'a placeholder without a control');
});

test("a CodeMirror's input textarea counts only with its editor visible", () => {
  const editor = { kind: 'editor' };
  const codeMirror = (box) =>
    el('div', { classes: ['CodeMirror'], box, children: [el('div', { box: { width: 3, height: 0 }, children: [textarea()] })] });
  assert.equal(ready(editor, page(main(codeMirror({ width: 600, height: 300 })))), true);
  assert.equal(ready(editor, page(main(codeMirror({ width: 0, height: 0 })))), false);
});

test('the admin page is ready with an enabled, visible password field', () => {
  const probe = { kind: 'password' };
  assert.equal(ready(probe, page(main(el('form', { children: [password()] })))), true);
  assert.equal(ready(probe, page(firstScreen(password()))), true);
  assert.equal(ready(probe, page(main(password({ states: [':disabled'] })))), false);
  assert.equal(ready(probe, page(main(el('input', { attrs: { type: 'text' }, states: [':read-write'] })))), false);
  assert.equal(ready(probe, page(main(password({ style: { visibility: 'hidden' } })))), false);
});

test('the poller script records the first animation frame at which the probe holds', () => {
  const frames = [];
  let now = 0;
  const window = {
    requestAnimationFrame: (callback) => frames.push(callback),
  };
  window.top = window;
  const context = vm.createContext({
    window,
    // The password field is in the page from 48 ms on.
    document: { querySelector: () => (now >= 48 ? { querySelectorAll: () => [passwordField] } : null) },
    performance: { now: () => now },
    requestAnimationFrame: window.requestAnimationFrame,
  });
  const passwordField = password();
  window.getComputedStyle = page(passwordField).win.getComputedStyle;
  vm.runInContext(readyPollerScript({ kind: 'password' }), context);
  const state = window.__cloudclipBenchReady;
  assert.equal(state.readyMs, null);
  for (let frame = 0; frames.length > frame; frame += 1) {
    now = 16 * (frame + 1);
    frames[frame]();
  }
  assert.equal(state.readyMs, 48);
  assert.equal(state.frames, 3);
});

test('goal rows: slow 4G in seconds, loopback as a multiple of the upstream figure', () => {
  const slow = readyGoalRows('slow-4g', { '/paste/{slug}': 700, '/': 1200 });
  assert.deepEqual(
    slow.map((row) => [row.route, row.met, row.goalMs]),
    [
      ['/paste/{slug}', true, 800],
      ['/', false, 1000],
      ['/admin', null, 800],
    ],
  );
  const loop = readyGoalRows('loopback', { '/paste/{slug}': 320, '/': 241, '/admin': 200 });
  assert.deepEqual(
    loop.map((row) => [row.route, row.ratio, row.met]),
    [
      ['/paste/{slug}', 0.34, true],
      ['/', 0.4, false],
      ['/admin', 0.68, true],
    ],
  );
  assert.equal(loop[0].goal, '≤ 0.35× upstream (327 ms)');
  assert.equal(readyGoalRows('loopback', { '/paste/{slug}': 327 })[0].met, false, '0.35 × 934 ms is 326.9 ms');
  const table = readyGoalTable(loop);
  assert.equal(table.length, 4);
  assert.deepEqual(table[2], ['/', '241 ms', '600 ms', '0.4×', '≤ 0.4× upstream (240 ms)', 'NO']);
});

test('runs combine into one figure and the page is compared with the API read', () => {
  const run = (total, duration, p50, p99, extra = {}) => ({
    requests: { total },
    duration,
    latency: { p50, p99 },
    throughput: { total: total * 100 },
    ...extra,
  });
  const api = combineRuns([run(1000, 5, 4, 10), run(1200, 5, 6, 30, { non2xx: 2 })]);
  assert.deepEqual(api, { requests: 2200, seconds: 10, perSecond: 220, p50Ms: 5, p99Ms: 30, bytesPerResponse: 100, failed: 2 });
  const pageFigure = combineRuns([run(900, 5, 5, 12), run(860, 5, 5, 14)]);
  assert.deepEqual(compareThroughput(pageFigure, api), { ratio: 0.8, goal: 0.8, met: true });
  assert.deepEqual(compareThroughput(combineRuns([run(500, 5, 5, 12)]), api), { ratio: 0.45, goal: 0.8, met: false });
  assert.equal(compareThroughput(combineRuns([]), api).met, null);
});

test('a share page says whether it carries the rendered paste and the early answer', () => {
  const rendered =
    '<div id="cc-first-screen" class="cc-first-screen" data-live="server"><div data-server-rendered="paste" data-chunks="3"></div></div>' +
    '<script type="application/json" id="cc-early-answers">[]</script>';
  assert.deepEqual(inspectSharePage(rendered), { liveFirstScreen: true, serverRendered: true, earlyAnswers: true });
  assert.deepEqual(inspectSharePage('<div id="cc-first-screen" class="cc-first-screen"><h1>Paste</h1></div>'), {
    liveFirstScreen: false,
    serverRendered: false,
    earlyAnswers: false,
  });
});

test('results merge section by section', () => {
  assert.deepEqual(mergeResults(null, 'throughput', { a: 1 }), { throughput: { a: 1 } });
  assert.deepEqual(mergeResults({ ready: { x: 1 }, throughput: { a: 1 } }, 'throughput', { a: 2 }), {
    ready: { x: 1 },
    throughput: { a: 2 },
  });
});
