// What the tests of the benchmarks' data generators (bench-search-lib, bench-backup-lib) measure
// about a sample of the rows a generator makes.

/** The rows a generator makes for the indexes 0 to `count - 1` (`make(index)`). */
export function sampleOf(count, make) {
  return Array.from({ length: count }, (_, index) => make(index));
}

/** The share (0 to 1) of `rows` that `predicate` accepts. */
export function shareOf(rows, predicate) {
  return rows.filter(predicate).length / rows.length;
}
