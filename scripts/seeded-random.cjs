// The seeded pseudo-random generator of the tests and benches (mulberry32): small, fast, good enough
// for sampling, and the same seed always gives the same numbers. One implementation for the route
// fuzz cases of the api-server (jest, CommonJS) and the benches' seeded data (Node ESM), so CommonJS;
// its types are in seeded-random.d.cts.
'use strict';

/** A generator of numbers in [0, 1) from `seed` (taken as an unsigned 32-bit integer). */
function seededRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

module.exports = { seededRandom };
