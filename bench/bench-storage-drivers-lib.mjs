// The pure parts of bench/bench-storage-drivers.mjs (unit-tested in bench-storage-drivers-lib.test.mjs):
// its knobs from the environment, the ranged read's byte range, the names of the listed folder's
// entries, throughput, and the results table.
import { median } from '../scripts/lib.mjs';

export const DRIVERS = ['local', 's3', 'webdav', 'sftp'];
/** The ranged read the issue names: 64 KiB at 500,000,000 of a 1 GB file. */
export const RANGE_START = 500_000_000;
export const RANGE_BYTES = 65_536;
const MIB = 1024 * 1024;

/**
 * The run's knobs: BENCH_STORAGE_MB (size of the file moved up and down, default 1024), BENCH_STORAGE_ENTRIES
 * (entries of the listed folder, default 5000), BENCH_STORAGE_DRIVERS (comma-separated, default all).
 * Throws on anything else than a whole number ≥ 1 or a known driver, so a typo never measures nothing.
 */
export function knobsFromEnv(env) {
  const whole = (name, fallback) => {
    const raw = env[name];
    if (raw === undefined || raw.trim() === '') return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a whole number ≥ 1, got "${raw}"`);
    return value;
  };
  const drivers = (env.BENCH_STORAGE_DRIVERS ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const unknown = drivers.filter((name) => !DRIVERS.includes(name));
  if (unknown.length) throw new Error(`BENCH_STORAGE_DRIVERS: unknown ${unknown.join(', ')} (known: ${DRIVERS.join(', ')})`);
  return {
    megabytes: whole('BENCH_STORAGE_MB', 1024),
    entries: whole('BENCH_STORAGE_ENTRIES', 5000),
    drivers: drivers.length ? DRIVERS.filter((name) => drivers.includes(name)) : [...DRIVERS],
  };
}

/**
 * The ranged read's first and last byte in a file of `size` bytes: bytes=500000000-500065535 when the
 * file holds them (1 GB), else the same 64 KiB from the middle of a smaller file.
 */
export function rangeFor(size) {
  if (size < RANGE_BYTES) throw new Error(`a file of ${size} bytes is smaller than the ${RANGE_BYTES}-byte range`);
  const start = size >= RANGE_START + RANGE_BYTES ? RANGE_START : Math.floor((size - RANGE_BYTES) / 2);
  return { start, end: start + RANGE_BYTES - 1, header: `bytes=${start}-${start + RANGE_BYTES - 1}` };
}

/** The listed folder's file names, in the order a listing sorts them. */
export function entryNames(count) {
  const digits = String(count - 1).length;
  return Array.from({ length: count }, (_, index) => `entry-${String(index).padStart(digits, '0')}.txt`);
}

/** MB/s (MiB) of `bytes` moved in `ms`; null when nothing was timed. */
export function mbPerSecond(bytes, ms) {
  return ms > 0 ? bytes / MIB / (ms / 1000) : null;
}

/** p50 of a list of times, and every time rounded to 0.1 ms. */
export function summary(times) {
  return { p50Ms: median(times), runsMs: times.map((time) => Math.round(time * 10) / 10) };
}

const fixed = (value, digits, unit = '') => (typeof value === 'number' && Number.isFinite(value) ? `${value.toFixed(digits)}${unit}` : '—');

/** The table printed at the end: one row per driver (header row first), ready for formatTable. */
export function tableRows(results) {
  const rows = [
    [`driver`, `list ${results.entries} (p50)`, `up ${results.megabytes} MB`, `down ${results.megabytes} MB`, `range TTFB (p50)`, 'note'],
  ];
  for (const [driver, figures] of Object.entries(results.drivers)) {
    rows.push([
      driver,
      fixed(figures.list?.p50Ms, 0, ' ms'),
      fixed(figures.upload?.mbPerSecond, 1, ' MB/s'),
      fixed(figures.download?.mbPerSecond, 1, ' MB/s'),
      fixed(figures.rangedRead?.p50Ms, 1, ' ms'),
      figures.error ?? '',
    ]);
  }
  return rows;
}
