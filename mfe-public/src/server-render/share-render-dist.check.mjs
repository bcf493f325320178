// The built server renderer (dist/server/share-render.cjs, from `pnpm --filter @cloudclip/mfe-public
// build`) with the real Markdown pipeline: the unit tests (jest) use a stand-in for bytemd.
// Run: pnpm test:dist after a build (node --test; jest leaves .check.mjs files alone). `pnpm test` runs it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const bundle = fileURLToPath(new URL('../../dist/server/share-render.cjs', import.meta.url));
assert.ok(existsSync(bundle), `${bundle} is missing: build mfe-public first`);
const { renderShare, shareRenderPlan, SHARE_RENDER_CSS } = createRequire(import.meta.url)(bundle);

const paste = (content) => ({
  slug: 'p1',
  content,
  remark: null,
  views: 1,
  maxViews: null,
  expiresAt: null,
  createdAt: '2026-03-04T05:06:07Z',
});

async function contentOf(markdown) {
  const result = await renderShare({ kind: 'paste', slug: 'p1', status: 200, body: paste(markdown) });
  assert.ok(result);
  const start = result.html.indexOf('data-server-rendered="paste"');
  return result.html.slice(start, result.html.indexOf('</article>'));
}

test('sanitizes as the page does: no script, no event handler, no javascript: link', async () => {
  const html = await contentOf(
    '# Hi\n\n<script>alert(1)</script>\n\n<img src="x.png" onerror="alert(2)">\n\n[click](javascript:alert(3))\n\n<a href="javascript:alert(4)">raw</a>\n\n<details><summary>More</summary>kept</details>',
  );
  assert.doesNotMatch(html, /<script/i);
  assert.doesNotMatch(html, /onerror/i);
  assert.doesNotMatch(html, /javascript:/i);
  assert.doesNotMatch(html, /alert\(/);
  // Raw HTML the schema allows is kept (rehype-raw is in the server's pipeline).
  assert.match(html, /<details><summary>More<\/summary>kept<\/details>/);
  assert.match(html, /<img src="x.png">/);
});

test('renders GFM with the page’s heading ids and accessibility marks', async () => {
  const html = await contentOf('# Same\n\n## Same\n\n- [x] done item\n\n```js\nlet a = 1;\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |');
  assert.match(html, /<h1 id="user-content-same">Same<\/h1>/);
  assert.match(html, /<h2 id="user-content-same-1">Same<\/h2>/);
  assert.match(html, /<input type="checkbox" checked disabled aria-label="done item">/);
  assert.match(html, /<pre tabindex="0"><code class="language-js">/);
  assert.match(html, /<table tabindex="0">/);
});

test('a long document rendered over several readings keeps the page’s heading ids across chunks', async () => {
  const long = Array.from(
    { length: 400 },
    (_, i) => `## Section ${i % 200}\n\nText of section ${i}, long enough to cut the document into chunks.\n`,
  ).join('\n');
  const read = (budgetMs) => renderShare({ kind: 'paste', slug: 'p1', status: 200, body: paste(long), budgetMs });
  const first = await read(0);
  assert.equal(first.complete, false);
  assert.equal((await read(0)).complete, false);
  const whole = await read(60_000);
  assert.equal(whole.complete, true);
  const ids = [...whole.html.matchAll(/<h2 id="([^"]+)"/g)].map((match) => match[1]);
  assert.equal(ids.length, 400);
  assert.equal(new Set(ids).size, 400);
  assert.equal(ids[0], 'user-content-section-0');
  assert.equal(ids[200], 'user-content-section-0-1');
});

test('lays out the outline beside a text with headings, folded, with links that work without code', async () => {
  const result = await renderShare({ kind: 'paste', slug: 'p1', status: 200, body: paste('# One\n\ntext\n\n## Two\n\nmore') });
  assert.match(result.html, /<div class="cp-paste-layout" data-outline="on">/);
  const aside = result.html.slice(result.html.indexOf('<aside class="cp-paste-layout__outline">'));
  assert.equal((aside.match(/<details class="cp-outline__details">/g) ?? []).length, 2);
  assert.equal((aside.match(/href="#user-content-two"/g) ?? []).length, 2);
});

test('exports the stylesheets the markup needs, compacted', () => {
  for (const selector of ['.cp-paste-layout', '.cp-md-chunk', '.cp-file-layout', '.cc-card', '.cc-fs-variant']) {
    assert.ok(SHARE_RENDER_CSS.includes(selector), selector);
  }
  assert.doesNotMatch(SHARE_RENDER_CSS, /\/\*/);
});

test('holds its times hidden: the server cannot know the reader’s time zone, the page shows them', async () => {
  const result = await renderShare({ kind: 'paste', slug: 'p1', status: 200, body: paste('text') });
  assert.ok(result);
  // HTML attribute names are case-insensitive: React writes this one dateTime.
  assert.match(result.html, /<time datetime="2026-03-04T05:06:07.000Z" data-local-time="">/i);
  assert.ok(SHARE_RENDER_CSS.includes('.cc-first-screen [data-local-time]{visibility:hidden}'));
});

test('a template of a paste filled with its plan is the paste’s own rendering, for any view count', async () => {
  for (const views of [1, 12]) {
    const body = { ...paste('# Counted\n\ntext'), views, maxViews: 20 };
    const input = { kind: 'paste', slug: 'p1', status: 200, body, origin: 'https://clip.example' };
    const plan = shareRenderPlan(input);
    const template = await renderShare({ ...input, slots: true });
    assert.equal(typeof template.slots.views, 'string');
    const filled = template.html.split(template.slots.views).join(plan.values.views);
    assert.equal(filled, (await renderShare(input)).html);
    assert.match(filled, new RegExp(`>${views} / 20<`));
  }
  const first = shareRenderPlan({ kind: 'paste', slug: 'p1', status: 200, body: { ...paste('same'), views: 1 } });
  const later = shareRenderPlan({ kind: 'paste', slug: 'p1', status: 200, body: { ...paste('same'), views: 9 } });
  assert.equal(first.key, later.key);
});
