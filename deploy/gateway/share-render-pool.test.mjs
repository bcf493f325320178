// The server renderer's worker threads: results come back, a renderer that never ends is stopped
// and its worker replaced, and the gateway's own thread never runs it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, writeFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createRenderPool } from './share-render-pool.mjs';

let root;
let file;

before(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'cloudclip-render-pool-'));
  file = path.join(root, 'renderer.cjs');
  await writeFile(
    file,
    `const { isMainThread, threadId } = require('node:worker_threads');
exports.renderShare = async ({ slug, body }) => {
  if (body.spin) for (;;);
  if (body.fail) throw new Error('no ' + slug);
  if (body.none) return null;
  return { html: '<p>' + slug + (isMainThread ? ' on the main thread' : '') + '</p>', complete: !body.partial, threadId };
};`,
  );
});

after(async () => {
  await rm(root, { recursive: true, force: true });
});

test('renders in a worker: the result, null, a partial rendering, a renderer error', async () => {
  const pool = createRenderPool({ size: 1 });
  try {
    assert.deepEqual(await pool.run(file, { slug: 'a', body: {} }), { html: '<p>a</p>', complete: true });
    assert.deepEqual(await pool.run(file, { slug: 'b', body: { partial: true } }), { html: '<p>b</p>', complete: false });
    assert.equal(await pool.run(file, { slug: 'c', body: { none: true } }), null);
    await assert.rejects(pool.run(file, { slug: 'd', body: { fail: true } }), /no d/);
  } finally {
    await pool.close();
  }
});

test('a renderer that never ends is stopped at the hard limit; the jobs behind it are served by a new worker', async () => {
  const pool = createRenderPool({ size: 1, hardLimitMs: 200 });
  try {
    const stuck = pool.run(file, { slug: 'spin', body: { spin: true } });
    const next = pool.run(file, { slug: 'after', body: {} });
    await assert.rejects(stuck, /ran over 200 ms/);
    assert.deepEqual(await next, { html: '<p>after</p>', complete: true });
  } finally {
    await pool.close();
  }
});

test('a closed pool refuses work', async () => {
  const pool = createRenderPool({ size: 1 });
  await pool.close();
  await assert.rejects(pool.run(file, { slug: 'x', body: {} }), /closed/);
});
