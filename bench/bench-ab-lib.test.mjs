// `pnpm bench:ab`: the interleaving of the loads and the summary.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { roundOrder, summarize } from './bench-ab-lib.mjs';
import { median } from '../scripts/lib.mjs';

test('each round loads every route once per build, the builds taking turns to go first', () => {
  assert.deepEqual(roundOrder(0, ['/', '/paste/{slug}'], ['before', 'after']), [
    { route: '/', build: 'before' },
    { route: '/', build: 'after' },
    { route: '/paste/{slug}', build: 'before' },
    { route: '/paste/{slug}', build: 'after' },
  ]);
  assert.deepEqual(
    roundOrder(1, ['/'], ['before', 'after']).map((load) => load.build),
    ['after', 'before'],
  );
});

test('the summary gives each build’s medians and B − A per route, ignoring loads without a figure', () => {
  const load = (route, build, fcpMs, lcpMs) => ({ route, build, fcpMs, lcpMs });
  const rows = summarize(
    [
      load('/paste/{slug}', 'a', 80, 340),
      load('/paste/{slug}', 'b', 84, 320),
      load('/paste/{slug}', 'a', 70, 360),
      load('/paste/{slug}', 'b', 76, 300),
      load('/paste/{slug}', 'a', 90, null),
      load('/paste/{slug}', 'b', 72, 310),
    ],
    ['a', 'b'],
  );
  assert.deepEqual(rows, [
    {
      route: '/paste/{slug}',
      loads: 3,
      fcpMs: { a: 80, b: 76, difference: -4 },
      lcpMs: { a: 350, b: 310, difference: -40 },
    },
  ]);
  assert.equal(median([]), null);
  assert.equal(median([3, null, 1, 2]), 2);
});
