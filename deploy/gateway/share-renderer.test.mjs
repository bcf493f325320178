// A share page's content rendered by the pinned remote's server renderer (share-renderer.mjs): in a
// worker, kept and reused, a template filled at every reading, never in the way of the page.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { createLru } from './share-renderer.mjs';
import { PASTES, answerValue, navigate, partsOf, startSharePages } from '../testing/share-pages.mjs';

/** The bench: deploy/testing/share-pages.mjs. */
let pages;
before(async () => {
  pages = await startSharePages();
});
after(() => pages.close());

test('a rendered page is cached: the same answer is not rendered twice', async () => {
  await navigate(pages.gateway, '/file/cached');
  const before = await pages.renders();
  assert.equal(before.filter((slug) => slug === 'cached').length, 1);
  const again = await navigate(pages.gateway, '/file/cached');
  assert.match(again.body, /data-slug="cached"/);
  assert.deepEqual(await pages.renders(), before);
});

test('a renderer with a plan renders a text once for all its readings; each page shows its own view count', async () => {
  const planned = await pages.gatewayFor(path.join(pages.root, 'with-plan'));
  // What the test renderer rendered since the test began (not the warm-up each worker does when it loads it).
  const start = (await pages.renders()).length;
  const renderedSince = async () => (await pages.renders()).slice(start).filter((entry) => entry !== 'planned:');
  try {
    const views = [];
    for (let i = 0; i < 3; i += 1) {
      const page = await navigate(planned, '/paste/counted');
      assert.match(page.body, /data-live="server"/);
      const shown = [...page.body.matchAll(/<p class="views">([^<]*)<\/p><p>([^<]*)<\/p>/g)].map((match) => [match[1], match[2]]);
      const answered = answerValue(partsOf(page.body).answers[0]).views;
      assert.deepEqual(shown, [[String(answered), String(answered)]]);
      views.push(answered);
    }
    assert.equal(new Set(views).size, 3, 'every reading counted a view');
    assert.deepEqual(await renderedSince(), ['planned:counted']);
    // A rendering cut short by its budget is not kept: the next reading renders again (and gets further).
    await navigate(planned, '/paste/partial');
    await navigate(planned, '/paste/partial');
    // What the plan says the server may not show is never sent to a worker.
    const locked = await navigate(planned, '/paste/locked');
    assert.doesNotMatch(locked.body, /data-live="server"/);
    assert.deepEqual(await renderedSince(), ['planned:counted', 'planned:partial', 'planned:partial']);
  } finally {
    await planned.close();
  }
});

test('a rendering that does not end in time leaves the page without it', async () => {
  const patient = await pages.gatewayFor(path.join(pages.root, 'with-renderer'), { renderWaitMs: 30 });
  try {
    const page = await navigate(patient, '/paste/hanging');
    assert.equal(page.statusCode, 200);
    assert.doesNotMatch(page.body, /data-live/);
    assert.deepEqual(answerValue(partsOf(page.body).answers[0]), PASTES.hanging);
  } finally {
    await patient.close();
  }
});

test('without a renderer, or with one that throws, the page carries the answer and no server first screen (logged once)', async () => {
  const plain = await pages.gatewayFor(path.join(pages.root, 'without-renderer'));
  try {
    const page = await navigate(plain, '/paste/plain');
    assert.equal(partsOf(page.body).answers.length, 1);
    assert.doesNotMatch(page.body, /data-live/);
  } finally {
    await plain.close();
  }
  const warnings = [];
  const warn = console.warn;
  console.warn = (message) => warnings.push(String(message));
  try {
    for (let i = 0; i < 2; i += 1) {
      const page = await navigate(pages.gateway, '/paste/broken');
      assert.equal(page.statusCode, 200);
      assert.doesNotMatch(page.body, /data-live/);
      assert.equal(partsOf(page.body).answers.length, 1);
    }
  } finally {
    console.warn = warn;
  }
  assert.equal(warnings.filter((message) => message.includes('renderShare failed: boom')).length, 1, warnings.join('\n'));
});

test('the rendering cache: an LRU bounded by count and by size', () => {
  const lru = createLru({ maxEntries: 2, maxBytes: 10, sizeOf: (value) => value.length });
  lru.set('a', 'aaaa');
  lru.set('b', 'bbbb');
  lru.get('a');
  lru.set('c', 'cc');
  assert.equal(lru.get('b'), undefined);
  assert.equal(lru.get('a'), 'aaaa');
  lru.set('d', 'dddddddd');
  assert.equal(lru.bytes <= 10, true);
  assert.equal(lru.get('d'), 'dddddddd');
  lru.set('huge', 'x'.repeat(11));
  assert.equal(lru.get('huge'), undefined);
});
