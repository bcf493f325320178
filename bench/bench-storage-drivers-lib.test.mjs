import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DRIVERS, RANGE_BYTES, entryNames, knobsFromEnv, mbPerSecond, rangeFor, summary, tableRows } from './bench-storage-drivers-lib.mjs';

test('knobs: defaults, explicit values, drivers in their own order, typos refused', () => {
  assert.deepEqual(knobsFromEnv({}), { megabytes: 1024, entries: 5000, drivers: DRIVERS });
  assert.deepEqual(knobsFromEnv({ BENCH_STORAGE_MB: '64', BENCH_STORAGE_ENTRIES: ' ', BENCH_STORAGE_DRIVERS: 'sftp, local' }), {
    megabytes: 64,
    entries: 5000,
    drivers: ['local', 'sftp'],
  });
  assert.throws(() => knobsFromEnv({ BENCH_STORAGE_MB: '1.5' }), /BENCH_STORAGE_MB must be a whole number/);
  assert.throws(() => knobsFromEnv({ BENCH_STORAGE_MB: '0' }), /BENCH_STORAGE_MB/);
  assert.throws(() => knobsFromEnv({ BENCH_STORAGE_ENTRIES: 'many' }), /BENCH_STORAGE_ENTRIES/);
  assert.throws(() => knobsFromEnv({ BENCH_STORAGE_DRIVERS: 'local,ftp' }), /unknown ftp/);
});

test('the ranged read is bytes=500000000-500065535 of 1 GB and 64 KiB from the middle of a smaller file', () => {
  assert.deepEqual(rangeFor(1024 * 1024 * 1024), { start: 500_000_000, end: 500_065_535, header: 'bytes=500000000-500065535' });
  const small = rangeFor(64 * 1024 * 1024);
  assert.equal(small.end - small.start + 1, RANGE_BYTES);
  assert.equal(small.start, (64 * 1024 * 1024 - RANGE_BYTES) / 2);
  assert.equal(small.header, `bytes=${small.start}-${small.end}`);
  assert.deepEqual(rangeFor(RANGE_BYTES), { start: 0, end: RANGE_BYTES - 1, header: `bytes=0-${RANGE_BYTES - 1}` });
  assert.throws(() => rangeFor(RANGE_BYTES - 1), /smaller than/);
});

test('entry names are unique, padded and sorted as a listing sorts them', () => {
  const names = entryNames(5000);
  assert.equal(names.length, 5000);
  assert.equal(new Set(names).size, 5000);
  assert.equal(names[0], 'entry-0000.txt');
  assert.equal(names[4999], 'entry-4999.txt');
  assert.deepEqual([...names].sort(), names);
  assert.deepEqual(entryNames(1), ['entry-0.txt']);
});

test('throughput in MB/s and p50 of the runs', () => {
  assert.equal(mbPerSecond(1024 * 1024 * 1024, 4000), 256);
  assert.equal(mbPerSecond(1, 0), null);
  assert.deepEqual(summary([5, 1.04, 3]), { p50Ms: 3, runsMs: [5, 1, 3] });
  assert.deepEqual(summary([4, 2]), { p50Ms: 3, runsMs: [4, 2] });
});

test('the table has one row per driver and a dash for what was not measured', () => {
  const rows = tableRows({
    entries: 5000,
    megabytes: 64,
    drivers: {
      local: { list: { p50Ms: 41.6 }, upload: { mbPerSecond: 310.25 }, download: { mbPerSecond: 520 }, rangedRead: { p50Ms: 1.26 } },
      sftp: { list: { p50Ms: 900 }, error: 'upload: HTTP 500' },
    },
  });
  assert.deepEqual(rows[0], ['driver', 'list 5000 (p50)', 'up 64 MB', 'down 64 MB', 'range TTFB (p50)', 'note']);
  assert.deepEqual(rows[1], ['local', '42 ms', '310.3 MB/s', '520.0 MB/s', '1.3 ms', '']);
  assert.deepEqual(rows[2], ['sftp', '900 ms', '—', '—', '—', 'upload: HTTP 500']);
});
