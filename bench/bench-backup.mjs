// Backup benchmark (issue 37): a measurement, never pass/fail. `pnpm bench --only=backup`, or alone:
// `node bench/bench-backup.mjs [--pastes=N] [--files=N] [--dbs=sqlite,postgres]`. Needs only the
// api-server build (api-server/dist/backup/cli.js); builds nothing itself.
//
// 1. Seeding (not timed as part of any figure): a migrated database made through the build
//    (openDatabase + migrateToLatest of api-server/dist/db), then, in ONE transaction, one admin, one
//    local storage configuration, PASTES pastes (default 100,000), their tags and FILES file shares
//    (default 10,000) with plain batched INSERTs (SQLite: one prepared INSERT per row; PostgreSQL:
//    multi-row INSERTs). The migration's triggers and indexes see them as normal writes. Rows are
//    deterministic (bench/bench-backup-lib.mjs): pastes are Markdown of 200 B – 4 KB (log-uniform)
//    and 1 % of 40–60 KB, 3 % encrypted envelopes, 30 % with 1–3 tags, 10 % with a password (one
//    scrypt hash, sealed copy per row with the server secret), some with a remark, expiry or view
//    limit. Every file share has its object in the local storage (DATA_DIR/storage/<config>/uploads/…):
//    1–64 KB log-uniform (about 15 KB on average, so ≈150 MB for 10,000), half text (Markdown, JSON,
//    CSV: compresses well), half pseudo-random bytes (images, PDFs, zips: does not compress).
//    PostgreSQL: a throwaway cluster of api-server/scripts/with-postgres.sh (fsync off,
//    synchronous_commit off); this file runs itself inside it, each database of the run its own
//    `CREATE DATABASE`. Both sources share one DATA_DIR (the same objects).
// 2. Each measured run is a child process of the build's CLI, `node api-server/dist/backup/cli.js
//    create --objects --out FILE` or `… restore FILE` (DATA_DIR, APP_SECRET, DATABASE_URL in its
//    environment; a restore goes into a new empty DATA_DIR and a new empty database): wall time from
//    spawn to exit, peak RSS of the child (`/usr/bin/time -f %M` when installed, else VmHWM of
//    /proc/<pid>/status polled every 20 ms), the archive's size, rows per second (rows in the archive
//    / wall time). After a restore the target's pastes, files, tags and objects are counted against
//    the source ("verified").
//    Runs: create and restore on each database, then (both databases) SQLite archive → PostgreSQL and
//    PostgreSQL archive → SQLite; and, for "memory stays flat", the same create + restore at a tenth
//    of the size (PASTES/10, FILES/10) on each database, whose peak RSS is compared with the full one.
//    `--no-small` leaves that tenth out. Every step runs on a copy of api-server/dist taken at the
//    start (api-server/.bench-backup-dist-*, removed at the end), so a rebuild meanwhile changes nothing.
// Results: bench-results/backup.json, a table, and one JSON line with the load average (before and
// after) and the command.
import { cpSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatTable } from '../scripts/budgets-lib.mjs';
import { repoRoot } from '../scripts/lib.mjs';
import { invokedDirectly, machineInfo, runMeasurementChild, writeResults } from './bench-harness.mjs';
import { countOption, databasesOption, growthPercent, humanBytes, rowsOfCliOutput } from './bench-backup-lib.mjs';
import { apiDir, builtDist, useBuild, requireBackupBuild } from './bench-backup-build.mjs';
import { seedObjects, seedSqlite, createPostgresDatabase, seedPostgres } from './bench-backup-seed.mjs';
import { runCli, cliEnv, countRows, countObjects } from './bench-backup-cli.mjs';

/** Everything inside one process that has DATABASE_URL when PostgreSQL is measured. */
async function measureAll({ pastes, files, dbs, withSmall = true }) {
  requireBackupBuild();
  const baseUrl = process.env.DATABASE_URL;
  if (dbs.includes('postgres') && !baseUrl)
    throw new Error('postgres: DATABASE_URL is not set (run inside api-server/scripts/with-postgres.sh)');
  const snapshot = mkdtempSync(path.join(apiDir, '.bench-backup-dist-'));
  cpSync(builtDist, snapshot, { recursive: true });
  useBuild(snapshot);
  const work = mkdtempSync(path.join(os.tmpdir(), 'cloudclip-bench-backup-'));
  const runs = [];
  const seeding = {};
  let databaseCounter = 0;
  const newTarget = async (db) => {
    databaseCounter += 1;
    const dataDir = path.join(work, `target-${databaseCounter}`);
    mkdirSync(dataDir);
    if (db === 'sqlite') return { dataDir, sqliteFile: path.join(dataDir, 'cloudclip.db') };
    return { dataDir, databaseUrl: await createPostgresDatabase(baseUrl, `bench_target_${databaseCounter}`) };
  };
  const measure = async (label, size, fn) => {
    process.stderr.write(`[backup] ${label} (${size})…\n`);
    const loadavgBefore = os.loadavg();
    const run = await fn();
    runs.push({ label, size, ...run, loadavgBefore, loadavgAfter: os.loadavg() });
    const last = runs[runs.length - 1];
    process.stderr.write(
      `[backup]   ${last.seconds.toFixed(1)} s, peak RSS ${humanBytes(last.peakRssBytes ?? 0)}, archive ${humanBytes(last.archiveBytes)}, ${last.rows} rows, ${last.rowsPerSecond} rows/s${last.verified === undefined ? '' : `, verified ${last.verified}`}; load ${last.loadavgBefore.map((v) => v.toFixed(2)).join(' ')}\n`,
    );
  };

  try {
    /** One size: a source per database (sharing one DATA_DIR's objects), archives, and the runs. */
    const measureSize = async (size, sizes, { cross }) => {
      const sourceDir = path.join(work, `source-${size}`);
      const objectStarted = performance.now();
      const objectBytes = seedObjects(sourceDir, sizes.files);
      seeding[size] = { objects: sizes.files, objectBytes, objectSeconds: (performance.now() - objectStarted) / 1000 };
      const sources = {};
      for (const db of dbs) {
        const started = performance.now();
        if (db === 'sqlite') {
          const sqliteFile = path.join(sourceDir, 'cloudclip.db');
          const counts = await seedSqlite(sqliteFile, sizes);
          sources.sqlite = { dataDir: sourceDir, sqliteFile, counts };
        } else {
          const { url, counts } = await seedPostgres(baseUrl, `bench_source_${size}`, sizes);
          sources.postgres = { dataDir: sourceDir, databaseUrl: url, counts };
        }
        seeding[size][db] = { ...sources[db].counts, seconds: (performance.now() - started) / 1000 };
        process.stderr.write(`[backup] seeded ${db} (${size}) in ${seeding[size][db].seconds.toFixed(1)} s\n`);
      }
      const archives = {};
      for (const db of dbs) {
        const out = path.join(work, `${db}-${size}.tar.gz`);
        await measure(`create ${db}`, size, async () => {
          const result = await runCli(['create', '--objects', '--out', out], cliEnv(sources[db]));
          const rows = rowsOfCliOutput(result.output);
          const archiveBytes = statSync(out).size;
          return {
            ...result,
            from: db,
            to: 'archive',
            rows,
            archiveBytes,
            rowsPerSecond: rows === null ? null : Math.round(rows / result.seconds),
          };
        });
        archives[db] = out;
      }
      const pairs = dbs.map((db) => [db, db]);
      if (cross && dbs.length === 2) pairs.push(['sqlite', 'postgres'], ['postgres', 'sqlite']);
      for (const [from, to] of pairs) {
        await measure(`restore ${from} → ${to}`, size, async () => {
          const target = await newTarget(to);
          try {
            const result = await runCli(['restore', archives[from]], cliEnv(target));
            const rows = rowsOfCliOutput(result.output);
            const counts = await countRows(target);
            const objects = countObjects(target.dataDir);
            const expected = sources[from].counts;
            const verified =
              counts.pastes === expected.pastes &&
              counts.files === expected.files &&
              counts.paste_tags === expected.paste_tags &&
              objects === sizes.files;
            return {
              ...result,
              from,
              to,
              rows,
              archiveBytes: statSync(archives[from]).size,
              rowsPerSecond: rows === null ? null : Math.round(rows / result.seconds),
              restored: { ...counts, objects },
              verified,
            };
          } finally {
            rmSync(target.dataDir, { recursive: true, force: true });
          }
        });
      }
      rmSync(sourceDir, { recursive: true, force: true });
      for (const file of Object.values(archives)) rmSync(file, { force: true });
    };

    const small = { pastes: Math.max(1, Math.round(pastes / 10)), files: Math.max(1, Math.round(files / 10)) };
    if (withSmall) await measureSize('small', small, { cross: false });
    await measureSize('full', { pastes, files }, { cross: true });
    return { pastes, files, small, dbs, seeding, runs };
  } finally {
    rmSync(work, { recursive: true, force: true });
    rmSync(snapshot, { recursive: true, force: true });
  }
}

/** Runs measureAll in a child process inside with-postgres.sh (when PostgreSQL is measured) and returns its result. */
function runInChild(options) {
  return runMeasurementChild({
    script: fileURLToPath(import.meta.url),
    args: [
      `--inside`,
      `--pastes=${options.pastes}`,
      `--files=${options.files}`,
      `--dbs=${options.dbs.join(',')}`,
      ...(options.withSmall ? [] : ['--no-small']),
    ],
    postgres: options.dbs.includes('postgres'),
    env: { CI: '1' },
    cwd: repoRoot,
    tempPrefix: 'cloudclip-bench-backup-out-',
    what: 'the backup measurement',
  });
}

const seconds = (value) => `${value.toFixed(1)} s`;

function printResults(results) {
  const rows = [['size', 'run', 'rows', 'objects', 'archive', 'wall', 'rows/s', 'peak RSS', 'verified', 'load before']];
  for (const run of results.runs) {
    rows.push([
      run.size,
      run.label,
      run.rows ?? '—',
      run.size === 'full' ? results.files : results.small.files,
      humanBytes(run.archiveBytes),
      seconds(run.seconds),
      run.rowsPerSecond ?? '—',
      run.peakRssBytes === null ? '—' : humanBytes(run.peakRssBytes),
      run.verified === undefined ? '' : run.verified ? 'yes' : 'NO',
      run.loadavgBefore.map((v) => v.toFixed(2)).join(' '),
    ]);
  }
  const full = results.seeding.full;
  console.log(
    `\nBackup and restore through the CLI (node api-server/dist/backup/cli.js), ${results.pastes} pastes + ${results.files} files (objects ${humanBytes(full.objectBytes)}); small = ${results.small.pastes} + ${results.small.files}:`,
  );
  console.log(formatTable(rows));
  const flatRows = [['run', `peak RSS (${results.small.pastes} pastes)`, `peak RSS (${results.pastes} pastes)`, 'growth']];
  for (const flat of results.memoryFlat) {
    flatRows.push([
      flat.label,
      humanBytes(flat.smallPeakRssBytes ?? 0),
      humanBytes(flat.fullPeakRssBytes ?? 0),
      flat.growthPercent === null ? '—' : `${flat.growthPercent} %`,
    ]);
  }
  console.log('\nMemory, 10× the rows:');
  console.log(formatTable(flatRows));
  console.log(
    `peak RSS: ${results.runs[0]?.rssSource ?? '—'} of the CLI child; rows/s: rows in the archive / wall time; verified: target's pastes, tags, files and objects counted.`,
  );
  for (const [size, seed] of Object.entries(results.seeding)) {
    const dbs = results.dbs.map((db) => `${db} ${seed[db].seconds.toFixed(1)} s`).join(', ');
    console.log(
      `seeding (${size}): ${seed.objects} objects, ${humanBytes(seed.objectBytes)} in ${seed.objectSeconds.toFixed(1)} s; ${dbs}`,
    );
  }
}

/** Peak RSS of each run at the small and at the full size. */
function memoryFlat(runs) {
  const labels = [...new Set(runs.filter((run) => run.size === 'small').map((run) => run.label))];
  return labels.map((label) => {
    const small = runs.find((run) => run.size === 'small' && run.label === label)?.peakRssBytes ?? null;
    const full = runs.find((run) => run.size === 'full' && run.label === label)?.peakRssBytes ?? null;
    return { label, smallPeakRssBytes: small, fullPeakRssBytes: full, growthPercent: growthPercent(small, full) };
  });
}

/**
 * The backup benchmark of `pnpm bench --only=backup`: options from the command line (`--pastes=`,
 * `--files=`, `--dbs=`) or BENCH_BACKUP_PASTES / BENCH_BACKUP_FILES / BENCH_BACKUP_DBS; prints the
 * table and the JSON line, writes bench-results/backup.json and returns the results.
 */
export async function benchBackup({ resultsDir = path.join(repoRoot, 'bench-results'), commit = null, argv = process.argv } = {}) {
  requireBackupBuild();
  const options = {
    pastes: countOption(argv, 'pastes', process.env.BENCH_BACKUP_PASTES, 100_000),
    files: countOption(argv, 'files', process.env.BENCH_BACKUP_FILES, 10_000),
    dbs: databasesOption(argv, process.env.BENCH_BACKUP_DBS),
    withSmall: !argv.includes('--no-small'),
  };
  const command = [path.basename(argv[0] ?? 'node'), ...argv.slice(1).map((arg) => path.relative(repoRoot, arg) || arg)].join(' ');
  const loadavgBefore = os.loadavg();
  const measured = await runInChild(options);
  const results = {
    measuredAt: new Date().toISOString(),
    commit,
    command,
    machine: machineInfo(),
    loadavgBefore,
    loadavgAfter: os.loadavg(),
    ...measured,
    memoryFlat: memoryFlat(measured.runs),
    units: {
      seconds: 'wall time, spawn to exit',
      peakRssBytes: 'bytes, peak resident set of the CLI process',
      rowsPerSecond: 'rows in the archive / wall time',
    },
  };
  printResults(results);
  console.log(
    JSON.stringify({
      bench: 'backup',
      command,
      loadavg: { before: loadavgBefore.map((v) => Number(v.toFixed(2))), after: results.loadavgAfter.map((v) => Number(v.toFixed(2))) },
      pastes: results.pastes,
      files: results.files,
      runs: results.runs.map((run) => ({
        size: run.size,
        run: run.label,
        seconds: Number(run.seconds.toFixed(2)),
        peakRssBytes: run.peakRssBytes,
        archiveBytes: run.archiveBytes,
        rowsPerSecond: run.rowsPerSecond,
        ...(run.verified === undefined ? {} : { verified: run.verified }),
      })),
    }),
  );
  writeResults(resultsDir, 'backup.json', results);
  return results;
}

if (invokedDirectly(import.meta.url)) {
  const argv = process.argv;
  const inside = argv.includes('--inside');
  const task = inside
    ? measureAll({
        pastes: countOption(argv, 'pastes', undefined, 100_000),
        files: countOption(argv, 'files', undefined, 10_000),
        dbs: databasesOption(argv, undefined),
        withSmall: !argv.includes('--no-small'),
      }).then((result) => writeFileSync(argv.find((arg) => arg.startsWith('--out=')).slice('--out='.length), JSON.stringify(result)))
    : benchBackup();
  task.catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
