// Benchmark (not a test): how a 1 MB Markdown paste renders and scrolls in the paste view, and how
// the editor preview keeps up with typing in it. Real api-server + gateway + Debian Chromium.
//
//   pnpm --filter @cloudclip/mfe-public build && node deploy/scripts/release.mjs --force mfe-public
//   node mfe-public/bench/large-paste.mjs            (SIZE_MB=1 by default; BENCH_API_PORT, BENCH_PORT)
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { mkdtempSync, rmSync } from 'node:fs';
import { repoRoot, startProcess, waitForUrl } from '../../scripts/lib.mjs';

const requireFromE2e = createRequire(path.join(repoRoot, 'e2e/package.json'));
const { chromium } = requireFromE2e('@playwright/test');

const API_PORT = Number(process.env.BENCH_API_PORT ?? 19797);
const PORT = Number(process.env.BENCH_PORT ?? 19097);
const SIZE = Math.round(Number(process.env.SIZE_MB ?? 1) * 1024 * 1024);
const ADMIN_PASSWORD = 'bench-Password-1';

/** A realistic mixed document: headings, paragraphs with inline markup, lists, tables, code. */
function makeDocument(size) {
  const parts = ['# Large document\n\nA generated handbook for the rendering benchmark.\n'];
  let length = parts[0].length;
  for (let i = 1; length < size; i += 1) {
    const section = [
      `## Chapter ${i}\n`,
      `Paragraph ${i} with **bold**, *italic*, \`inline code\` and a [link](https://example.com/${i}). ${'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(4)}\n`,
      `- first point of ${i}\n- second point\n  - nested point\n- [x] done item\n`,
      `| key | value | note |\n|-----|-------|------|\n| a${i} | ${i} | first |\n| b${i} | ${i * 2} | second |\n`,
      `\`\`\`js\nfunction chapter${i}(x) {\n  return x * ${i}; // comment\n}\n\`\`\`\n`,
      `> A quote in chapter ${i}.\n`,
    ].join('\n');
    parts.push(section);
    length += section.length + 1;
  }
  return parts.join('\n').slice(0, size);
}

function stats(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  const sum = sorted.reduce((s, v) => s + v, 0);
  return { count: sorted.length, avg: sorted.length ? sum / sorted.length : 0, p50: at(0.5), p95: at(0.95), max: sorted.at(-1) ?? 0, sum };
}

const ms = (value) => `${Math.round(value)} ms`;

/** Records long tasks from the very start of the page. */
const OBSERVE_LONG_TASKS = () => {
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
};

/** Frame intervals while scrolling `steps` wheel notches through the page. */
async function measureScroll(page, steps = 60) {
  await page.mouse.move(640, 500);
  await page.evaluate(() => {
    window.__frames = [];
    let last = performance.now();
    const tick = (now) => {
      window.__frames.push(now - last);
      last = now;
      if (window.__frames.length < 100000 && !window.__stopFrames) requestAnimationFrame(tick);
    };
    window.__stopFrames = false;
    requestAnimationFrame(tick);
  });
  for (let i = 0; i < steps; i += 1) {
    await page.mouse.wheel(0, 1200);
    await page.waitForTimeout(40);
  }
  const frames = await page.evaluate(() => {
    window.__stopFrames = true;
    return window.__frames.slice(2);
  });
  const frameStats = stats(frames);
  const scrolled = await page.evaluate(() => window.scrollY);
  return { ...frameStats, fps: 1000 / frameStats.avg, janky: frames.filter((f) => f > 50).length, scrolled };
}

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cloudclip-bench-paste-'));
  const children = [
    startProcess('api', 'node', ['api-server/dist/main.js'], {
      API_PORT: String(API_PORT),
      DATA_DIR: dataDir,
      ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
    }),
  ];
  let browser;
  try {
    if (!(await waitForUrl(`http://127.0.0.1:${API_PORT}/api/health`))) throw new Error('api-server did not start');
    children.push(startProcess('gateway', 'node', ['deploy/gateway/server.mjs'], { PORT: String(PORT), API_PORT: String(API_PORT) }));
    if (!(await waitForUrl(`http://127.0.0.1:${PORT}/healthz`))) throw new Error('gateway did not start');

    const login = await fetch(`http://127.0.0.1:${API_PORT}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
    }).then((r) => r.json());
    const token = login.data.token;
    const content = makeDocument(SIZE);
    const created = await fetch(`http://127.0.0.1:${API_PORT}/api/paste`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ content }),
    }).then((r) => r.json());

    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
    await context.addInitScript(OBSERVE_LONG_TASKS);
    const page = await context.newPage();

    console.log(
      `\nPaste view of a ${(content.length / 1024).toFixed(0)} KB Markdown document (${content.split('\n## ').length - 1} sections)`,
    );
    const started = Date.now();
    await page.goto(`http://127.0.0.1:${PORT}/paste/${created.slug}`);
    await page.waitForSelector('[data-testid="paste-content"] .cp-md-chunk', { timeout: 60000 });
    const firstContent = Date.now() - started;

    // Scroll while the rest of the document is still being rendered.
    const duringRender = await measureScroll(page, 20);
    await page.waitForSelector('[data-testid="paste-content"][data-rendered="true"]', { timeout: 300000 });
    const fullyRendered = Date.now() - started;
    const renderInfo = await page.evaluate(() => ({
      chunks: document.querySelectorAll('[data-testid="paste-content"] .cp-md-chunk').length,
      headings: document.querySelectorAll('[data-testid="paste-content"] h2').length,
      outline: document.querySelectorAll('[data-testid="outline-link"]').length,
      longTasks: window.__longTasks,
      heapMb: performance.memory ? performance.memory.usedJSHeapSize / 1048576 : null,
      domNodes: document.getElementsByTagName('*').length,
    }));
    const tasks = stats(renderInfo.longTasks.map((task) => task.duration));

    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(300);
    const afterRender = await measureScroll(page, 80);

    console.log(`  first content visible        ${ms(firstContent)}`);
    console.log(
      `  whole document rendered      ${ms(fullyRendered)}  (${renderInfo.chunks} chunks, ${renderInfo.headings} h2, outline ${renderInfo.outline} entries)`,
    );
    console.log(`  long tasks (>50 ms)          ${tasks.count}  (max ${ms(tasks.max)}, p95 ${ms(tasks.p95)}, total ${ms(tasks.sum)})`);
    console.log(
      `  scrolling while rendering    ${duringRender.fps.toFixed(0)} fps avg, p95 frame ${ms(duringRender.p95)}, frames > 50 ms: ${duringRender.janky}/${duringRender.count}`,
    );
    console.log(
      `  scrolling after rendering    ${afterRender.fps.toFixed(0)} fps avg, p95 frame ${ms(afterRender.p95)}, frames > 50 ms: ${afterRender.janky}/${afterRender.count}, scrolled ${afterRender.scrolled}px`,
    );
    console.log(
      `  DOM nodes / JS heap          ${renderInfo.domNodes} / ${renderInfo.heapMb ? renderInfo.heapMb.toFixed(0) + ' MB' : 'n/a'}`,
    );

    // Editor preview: the same document in the editor, then one keystroke.
    const editorPage = await context.newPage();
    await editorPage.goto(`http://127.0.0.1:${PORT}/`);
    await editorPage.waitForSelector('.cp-md-editor .CodeMirror');
    const loadStarted = Date.now();
    await editorPage.evaluate((text) => document.querySelector('.cp-md-editor .CodeMirror').CodeMirror.setValue(text), content);
    await editorPage.waitForFunction(
      () => document.querySelector('[data-testid="editor-preview"] .cp-md')?.dataset.rendered === 'true',
      null,
      { timeout: 300000 },
    );
    const previewFull = Date.now() - loadStarted;
    await editorPage.evaluate(() => {
      window.__longTasks = [];
    });
    const typed = Date.now();
    await editorPage.evaluate(() => {
      const cm = document.querySelector('.cp-md-editor .CodeMirror').CodeMirror;
      cm.replaceRange('\n\n## Typed heading\n', { line: 3, ch: 0 });
    });
    await editorPage.waitForFunction(
      () => {
        const preview = document.querySelector('[data-testid="editor-preview"] .cp-md');
        return (
          preview?.dataset.rendered === 'true' &&
          !!Array.from(preview.querySelectorAll('h2')).find((h) => h.textContent === 'Typed heading')
        );
      },
      null,
      { timeout: 120000 },
    );
    const afterTyping = Date.now() - typed;
    const typingTasks = stats((await editorPage.evaluate(() => window.__longTasks)).map((task) => task.duration));
    console.log(`\nEditor with the same document`);
    console.log(`  preview of the whole document ${ms(previewFull)}`);
    console.log(`  one edit → preview updated    ${ms(afterTyping)}  (long tasks: ${typingTasks.count}, max ${ms(typingTasks.max)})`);
  } finally {
    await browser?.close();
    for (const child of children) child.kill();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
