// The pure part of `pnpm bench:ab` (bench/bench-ab.mjs): the order of the interleaved loads and
// the summary of two builds' timings. No I/O, so bench/bench-ab-lib.test.mjs tests it.
import { median } from '../scripts/lib.mjs';

/**
 * The loads of one round, interleaved: for every route one load of each build, the builds' order
 * alternating from round to round, so a slow spell of the machine falls on both alike.
 * @param {number} round 0-based
 * @param {string[]} routes
 * @param {[string, string]} builds
 * @returns {Array<{ route: string, build: string }>}
 */
export function roundOrder(round, routes, builds) {
  const order = round % 2 ? [builds[1], builds[0]] : [builds[0], builds[1]];
  return routes.flatMap((route) => order.map((build) => ({ route, build })));
}

/**
 * Per route: each build's median FCP and LCP and B − A.
 * @param {Array<{ route: string, build: string, fcpMs: number | null, lcpMs: number | null }>} loads
 * @param {[string, string]} builds
 */
export function summarize(loads, builds) {
  const routes = [...new Set(loads.map((load) => load.route))];
  return routes.map((route) => {
    const of = (build, key) => median(loads.filter((load) => load.route === route && load.build === build).map((load) => load[key]));
    const row = { route, loads: loads.filter((load) => load.route === route && load.build === builds[0]).length };
    for (const key of /** @type {const} */ (['fcpMs', 'lcpMs'])) {
      const a = of(builds[0], key);
      const b = of(builds[1], key);
      row[key] = { [builds[0]]: a, [builds[1]]: b, difference: a === null || b === null ? null : b - a };
    }
    return row;
  });
}
