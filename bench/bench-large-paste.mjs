// The 1 MB paste scenario of `pnpm bench` (measurements, never pass/fail): a generated Markdown
// document of LARGE_PASTE_BYTES (headings, paragraphs with inline markup, lists, tables, code
// blocks, quotes) is made through the API and `/paste/{slug}` is opened in a new browser context
// (empty cache) per run, after one unrecorded warm-up run. Figures, all in ms since navigation start
// unless said otherwise:
//   firstChunk     the first rendered chunk of the document is on screen: the frame (rAF) after the
//                  first `.cp-md-chunk` with content entered the paste view
//   rendered       the whole document is in the page (the view's `data-rendered="true"`, set after
//                  the last chunk and the heading ids)
//   fpsRendering   frames per second while the document renders, measured with requestAnimationFrame
//                  from the first chunk until `data-rendered="true"`, while the page is scrolled by
//                  mouse-wheel steps every 50 ms (null when nothing was left to render by then)
//   fps5s          the same over the first 5 s of scrolling after the first chunk (rendering or not)
//   p95FrameMs / longFrames / longestFrameMs  frame intervals of the rendering window: 95th
//                  percentile, how many took longer than 50 ms, the longest
//   longTasks / longestTaskMs  main-thread tasks over 50 ms from navigation until rendered
// Two variants, measured in turn within each run so that both see the same machine load:
//   worker       the page as shipped (Markdown rendered in the Markdown worker)
//   main-thread  the same page with `Worker` removed before its scripts run: the fallback, which is
//                also how every chunk was rendered before the worker existed
// BENCH_LARGE_VARIANTS=worker (or main-thread) measures one. The median of each figure is printed
// and written, with every run, to bench-results/large-paste.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../scripts/lib.mjs';
import { formatTable } from '../scripts/budgets-lib.mjs';
import { createPaste } from '../scripts/page-harness.mjs';

export const LARGE_PASTE_BYTES = Math.round(Number(process.env.BENCH_PASTE_MB ?? 1) * 1024 * 1024);
const RUNS = Number(process.env.BENCH_LARGE_RUNS ?? 3);
const VARIANTS = (process.env.BENCH_LARGE_VARIANTS ?? 'worker,main-thread').split(',').filter(Boolean);
/** Scrolling while it renders stops after this long even when rendering has not finished (ms). */
const MAX_SCROLL_MS = 60000;

/** A realistic mixed document of about `size` characters. */
export function largeMarkdown(size) {
  const parts = ['# Large document', '', 'A generated handbook for the rendering benchmark.', ''];
  let length = parts.join('\n').length;
  for (let i = 1; length < size; i += 1) {
    const section = [
      `## Chapter ${i}`,
      '',
      `Paragraph ${i} with **bold**, *italic*, \`inline code\` and a [link](https://example.com/${i}). ${'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(4)}`,
      '',
      `- first point of ${i}`,
      '- second point',
      '  - nested point',
      '- [x] done item',
      '',
      '| key | value | note |',
      '|-----|-------|------|',
      `| a${i} | ${i} | first |`,
      `| b${i} | ${i * 2} | second |`,
      '',
      '```js',
      `function chapter${i}(x) {`,
      `  return x * ${i}; // comment`,
      '}',
      '```',
      '',
      `> A quote in chapter ${i}.`,
      '',
    ].join('\n');
    parts.push(section);
    length += section.length + 1;
  }
  return parts.join('\n').slice(0, size);
}

/** Runs in the page before its scripts: marks the first chunk, the end of rendering and long tasks. */
const INSTRUMENT = () => {
  const marks = { firstChunk: null, rendered: null, longTasks: [] };
  window.__largePaste = marks;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (marks.rendered === null) marks.longTasks.push(entry.duration);
  }).observe({ type: 'longtask', buffered: true });
  const observer = new MutationObserver(() => {
    const view = document.querySelector('[data-testid="paste-content"]');
    if (!view) return;
    if (marks.firstChunk === null && view.querySelector('.cp-md-chunk > *')) {
      marks.firstChunk = -1;
      requestAnimationFrame(() => {
        marks.firstChunk = performance.now();
      });
    }
    if (marks.rendered === null && view.dataset.rendered === 'true') {
      marks.rendered = performance.now();
      observer.disconnect();
    }
  });
  observer.observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-rendered'] });
};

/** Frame timestamps from now on, with whether the document was still rendering at each. */
const START_FRAMES = () => {
  const frames = [];
  window.__frames = frames;
  window.__stopFrames = false;
  const view = document.querySelector('[data-testid="paste-content"]');
  const tick = (now) => {
    frames.push([now, view?.dataset.rendered !== 'true']);
    if (!window.__stopFrames) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
};

function frameFigures(frames) {
  if (frames.length < 2) return null;
  const intervals = [];
  for (let i = 1; i < frames.length; i += 1) intervals.push(frames[i] - frames[i - 1]);
  const sorted = [...intervals].sort((a, b) => a - b);
  const elapsed = frames.at(-1) - frames[0];
  return {
    fps: ((frames.length - 1) * 1000) / elapsed,
    p95FrameMs: sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))],
    longFrames: intervals.filter((interval) => interval > 50).length,
    longestFrameMs: sorted.at(-1),
    windowMs: elapsed,
  };
}

async function runOnce(browser, url, variant) {
  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 900 } });
  try {
    if (variant === 'main-thread') await context.addInitScript(() => Reflect.deleteProperty(window, 'Worker'));
    await context.addInitScript(INSTRUMENT);
    const page = await context.newPage();
    await page.goto(url);
    await page.waitForFunction(() => window.__largePaste?.firstChunk > 0, null, { timeout: 120000, polling: 20 });
    await page.mouse.move(640, 600);
    await page.evaluate(START_FRAMES);
    const started = Date.now();
    while (Date.now() - started < MAX_SCROLL_MS) {
      const rendered = await page.evaluate(() => window.__largePaste.rendered !== null);
      if (rendered && Date.now() - started >= 5000) break;
      await page.mouse.wheel(0, 300);
      await page.waitForTimeout(50);
    }
    await page.waitForFunction(() => window.__largePaste.rendered !== null, null, { timeout: 300000 });
    const { marks, frames, outline, chunks } = await page.evaluate(() => {
      window.__stopFrames = true;
      return {
        marks: window.__largePaste,
        frames: window.__frames,
        outline: document.querySelectorAll('[data-testid="outline-link"]').length,
        chunks: document.querySelectorAll('[data-testid="paste-content"] .cp-md-chunk').length,
      };
    });
    const rendering = frameFigures(frames.filter(([, busy]) => busy).map(([time]) => time));
    const first5s = frameFigures(frames.map(([time]) => time).filter((time) => time - frames[0][0] <= 5000));
    const round = (value) => (typeof value === 'number' ? Math.round(value * 10) / 10 : value);
    return {
      firstChunkMs: round(marks.firstChunk),
      renderedMs: round(marks.rendered),
      fpsRendering: round(rendering?.fps ?? null),
      renderingWindowMs: round(rendering?.windowMs ?? null),
      p95FrameMs: round(rendering?.p95FrameMs ?? null),
      longFrames: rendering?.longFrames ?? null,
      longestFrameMs: round(rendering?.longestFrameMs ?? null),
      fps5s: round(first5s?.fps ?? null),
      longFrames5s: first5s?.longFrames ?? null,
      longTasks: marks.longTasks.length,
      longestTaskMs: round(marks.longTasks.length ? Math.max(...marks.longTasks) : 0),
      chunks,
      outline,
    };
  } finally {
    await context.close();
  }
}

/**
 * @param {{ browser: import('@playwright/test').Browser, baseUrl: string, apiUrl: string, median: (values: unknown[]) => number | null, commit: string | null }} options
 */
export async function benchLargePaste({ browser, baseUrl, apiUrl, median, commit }) {
  const content = largeMarkdown(LARGE_PASTE_BYTES);
  const slug = await createPaste(apiUrl, content, 'bench: large paste');
  const url = `${baseUrl}/paste/${slug}`;
  console.log(
    `\nLarge paste: ${(content.length / 1024).toFixed(0)} KB of Markdown (${VARIANTS.join(', ')}), one warm-up run, then ${RUNS} runs…`,
  );
  for (const variant of VARIANTS) await runOnce(browser, url, variant);
  const runs = Object.fromEntries(VARIANTS.map((variant) => [variant, []]));
  for (let run = 0; run < RUNS; run += 1) {
    for (const variant of VARIANTS) runs[variant].push(await runOnce(browser, url, variant));
  }
  const variants = Object.fromEntries(
    VARIANTS.map((variant) => {
      const keys = Object.keys(runs[variant][0]);
      return [
        variant,
        { median: Object.fromEntries(keys.map((key) => [key, median(runs[variant].map((item) => item[key]))])), runs: runs[variant] },
      ];
    }),
  );
  const ms = (value) => (value === null ? '—' : `${Math.round(value)} ms`);
  const fps = (value) => (value === null ? '—' : value.toFixed(0));
  console.log(`\nLarge paste (${(content.length / 1024).toFixed(0)} KB), median of ${RUNS} (new context each run):`);
  console.log(
    formatTable([
      [
        'variant',
        'first chunk',
        'whole document',
        'fps rendering',
        'p95 frame',
        'frames > 50 ms',
        'fps first 5 s',
        'long tasks',
        'longest task',
        'chunks',
      ],
      ...Object.entries(variants).map(([variant, { median: m }]) => [
        variant,
        ms(m.firstChunkMs),
        ms(m.renderedMs),
        fps(m.fpsRendering),
        ms(m.p95FrameMs),
        m.longFrames ?? '—',
        fps(m.fps5s),
        m.longTasks,
        ms(m.longestTaskMs),
        m.chunks,
      ]),
    ]),
  );
  console.log('times since navigation start; fps with requestAnimationFrame while scrolling (wheel steps every 50 ms).');
  const resultsDir = path.join(repoRoot, 'bench-results');
  mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, 'large-paste.json');
  writeFileSync(
    file,
    `${JSON.stringify({ measuredAt: new Date().toISOString(), commit, chromium: browser.version(), bytes: content.length, runs: RUNS, variants }, null, 2)}\n`,
  );
  console.log(`Written: ${path.relative(repoRoot, file)}`);
}
