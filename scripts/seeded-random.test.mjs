import assert from 'node:assert/strict';
import { test } from 'node:test';
import { seededRandom } from './seeded-random.cjs';

// The first numbers of a few seeds, recorded from the generator the route fuzz cases and the search
// bench used before they shared this one: the fuzz cases and the benches' rows must not change.
const KNOWN = [
  [0, [0.26642920868471265, 0.0003297457005828619, 0.2232720274478197]],
  [1, [0.6270739405881613, 0.002735721180215478, 0.5274470399599522]],
  [7, [0.011704753153026104, 0.06195825757458806, 0.97690763277933]],
  [0xdeadbeef, [0.9413696140982211, 0.26719574979506433, 0.772033357527107]],
  [-5, [0.48384718922898173, 0.05296749505214393, 0.9390332337934524]],
];

test('each seed gives the same first numbers as before', () => {
  for (const [seed, expected] of KNOWN) {
    const next = seededRandom(seed);
    assert.deepEqual([next(), next(), next()], expected, `seed ${seed}`);
  }
});

test('numbers stay in [0, 1) and two generators of one seed do not share state', () => {
  const a = seededRandom(42);
  const b = seededRandom(42);
  const first = a();
  a();
  assert.equal(b(), first);
  for (let i = 0; i < 10_000; i += 1) {
    const value = a();
    assert.ok(value >= 0 && value < 1, String(value));
  }
});
