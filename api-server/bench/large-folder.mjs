// The large-folder part of the api-server benchmark (`node bench/api-bench.mjs --only=large-folder`):
// a measurement, never a pass/fail test.
//
// On the started server (bench-server.mjs) it creates a local storage config and a mount `/large`
// on it (cache_ttl 3600), then for each folder size of BENCH_FOLDER_SIZES (default 5000,50000)
// writes that many small files into `/large/n<size>/` through the local storage driver of dist/
// (in this process, on the server's DATA_DIR: the files and their metadata exactly as uploads
// leave them, without an HTTP request per file) and measures, BENCH_FOLDER_RUNS times (default 5),
// median reported:
//   cold      GET /api/admin/fs/list?path=/large/n<size>/ right after POST /api/admin/cache/clear
//             for the mount (the listing cache is cold; the OS page cache is not): request sent →
//             whole response read. fs/list answers with the whole folder in one response, up to
//             FS_LIST_MAX_ENTRIES (20,000) entries, so this is the explorer's time to its first row
//             (minus parsing and rendering) and, up to 20,000 entries, its time to every row.
//   warm      the same request again, served from the listing cache.
//   driver    paging through the whole folder with the storage driver's ListObjectsV2-style pages
//             (1,000 entries, delimiter `/`, continuation tokens), in this process on a driver of
//             its own: the first page, and all pages (a folder beyond 20,000 entries is only listed
//             whole this way), and the longest the event loop was held up meanwhile (synchronous
//             work: sorting, reading metadata; perf_hooks.monitorEventLoopDelay, 1 ms resolution).
// Also the server's resident memory (RSS) before the folders exist, after each size's runs, and
// its peak. Results go to bench-results/api-large-folder.json (every run and the medians).
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { mb, packageDir, peakRssOf, postJson, round1, rssOf, table, timedGetJson, writeResults } from './bench-server.mjs';
import { createLocalMount, writeFiles } from './local-mount.mjs';

const repoRoot = path.resolve(packageDir, '..');
const RESULTS_FILE = path.join(repoRoot, 'bench-results', 'api-large-folder.json');
const MOUNT_PATH = '/large';
const SEED_CONCURRENCY = 8;

function parseSizes(raw) {
  const sizes = raw
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean)
    .map(Number);
  if (sizes.length === 0 || sizes.some((size) => !Number.isInteger(size) || size < 1)) {
    throw new Error('BENCH_FOLDER_SIZES must list positive integers, e.g. 5000,50000');
  }
  return sizes;
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

const summary = (values) => ({ medianMs: round1(median(values)), runsMs: values.map(round1) });

function gitCommit() {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repoRoot, encoding: 'utf8' }).trim();
  } catch {
    return null;
  }
}

/** The storage driver's paging helper of dist/ (loaded after the build check). */
function distListAllPages() {
  const require = createRequire(import.meta.url);
  return require('../dist/storage/storage-driver.js').listAllPages;
}

function seedFolder(driver, prefix, count) {
  return writeFiles(driver, count, (index) => `${prefix}file-${String(index).padStart(6, '0')}.txt`, SEED_CONCURRENCY);
}

/** One timed GET of the listing: milliseconds until the whole body is read, its entries and bytes. */
async function timedListing(url, auth) {
  const { ms, body, bytes } = await timedGetJson(url, auth);
  return { ms, items: body.data.items.length, bytes };
}

/** Pages through the folder with the driver; also the longest the event loop waited meanwhile (synchronous work). */
async function timedDriverPaging(listAllPages, driver, prefix) {
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  const started = performance.now();
  let firstPageMs = NaN;
  let pages = 0;
  let entries = 0;
  for await (const page of listAllPages(driver, { prefix, delimiter: '/' })) {
    if (pages === 0) firstPageMs = performance.now() - started;
    pages += 1;
    entries += page.objects.length + page.commonPrefixes.length;
  }
  const allPagesMs = performance.now() - started;
  delay.disable();
  return { firstPageMs, allPagesMs, pages, entries, eventLoopMaxDelayMs: delay.max / 1e6 };
}

/** Runs the large-folder measurements on a started server (see bench-server.mjs `startServer`). */
export async function benchLargeFolder(server) {
  const sizes = parseSizes(process.env.BENCH_FOLDER_SIZES ?? '5000,50000');
  const runs = Number(process.env.BENCH_FOLDER_RUNS ?? 5);
  if (!Number.isInteger(runs) || runs < 1) throw new Error('BENCH_FOLDER_RUNS must be a positive integer');
  const { base, auth, child } = server;
  const listAllPages = distListAllPages();
  const { mountId, driver } = await createLocalMount(server, {
    configName: 'bench large folders',
    mountName: 'large folders',
    mountPath: MOUNT_PATH,
    cacheTtl: 3600,
  });
  const clearCache = () => postJson(base, '/api/admin/cache/clear', { mountId }, auth);

  const rssBefore = rssOf(child.pid);
  const folders = {};
  for (const size of sizes) {
    const prefix = `n${size}/`;
    process.stderr.write(`bench: writing ${size} files into ${MOUNT_PATH}/${prefix} …\n`);
    const seedStarted = performance.now();
    await seedFolder(driver, prefix, size);
    const seedMs = performance.now() - seedStarted;

    const url = `${base}/api/admin/fs/list?path=${encodeURIComponent(`${MOUNT_PATH}/${prefix}`)}`;
    process.stderr.write(`bench: listing ${MOUNT_PATH}/${prefix} (${size} files), ${runs} cold and warm runs …\n`);
    // One unrecorded round first (the server's code paths warmed up), then the recorded ones.
    await clearCache();
    await timedListing(url, auth);
    const cold = [];
    const warm = [];
    let listed = { items: 0, bytes: 0 };
    for (let run = 0; run < runs; run += 1) {
      await clearCache();
      const first = await timedListing(url, auth);
      cold.push(first.ms);
      listed = first;
      warm.push((await timedListing(url, auth)).ms);
    }
    const rssAfterHttp = rssOf(child.pid);

    process.stderr.write(`bench: paging through ${prefix} with the storage driver, ${runs} runs …\n`);
    await timedDriverPaging(listAllPages, driver, prefix);
    const driverRuns = [];
    for (let run = 0; run < runs; run += 1) driverRuns.push(await timedDriverPaging(listAllPages, driver, prefix));

    folders[size] = {
      files: size,
      seedMs: Math.round(seedMs),
      http: {
        endpoint: `GET /api/admin/fs/list?path=${MOUNT_PATH}/${prefix}`,
        items: listed.items,
        responseBytes: listed.bytes,
        cold: summary(cold),
        warm: summary(warm),
      },
      driver: {
        pageSize: 1000,
        pages: driverRuns[0].pages,
        entries: driverRuns[0].entries,
        firstPage: summary(driverRuns.map((item) => item.firstPageMs)),
        allPages: summary(driverRuns.map((item) => item.allPagesMs)),
        eventLoopMaxDelay: summary(driverRuns.map((item) => item.eventLoopMaxDelayMs)),
      },
      serverRssAfterBytes: rssAfterHttp,
    };
  }
  const rssPeak = peakRssOf(child.pid);

  process.stdout.write(
    `\nLarge folder on the local driver — Node ${process.version}, ${os.cpus().length} CPU(s), load ${os
      .loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}, median of ${runs}\n\n`,
  );
  const ms = (value) => `${Math.round(value)} ms`;
  process.stdout.write(
    `${table(
      Object.values(folders).map((folder) => [
        folder.files,
        folder.http.items,
        ms(folder.http.cold.medianMs),
        ms(folder.http.warm.medianMs),
        ms(folder.driver.firstPage.medianMs),
        ms(folder.driver.allPages.medianMs),
        folder.driver.pages,
        ms(folder.driver.eventLoopMaxDelay.medianMs),
        mb(folder.serverRssAfterBytes),
      ]),
      [
        'files',
        'fs/list items',
        'fs/list cold',
        'fs/list warm',
        'driver 1st page',
        'driver all pages',
        'pages',
        'longest loop stall',
        'server RSS after',
      ],
    )}\n\n`,
  );
  process.stdout.write(`server RSS: before the folders ${mb(rssBefore)}, peak ${mb(rssPeak)}\n`);
  process.stdout.write('fs/list: one response with the whole folder (at most 20,000 entries); cold = listing cache cleared first.\n');

  writeResults(RESULTS_FILE, {
    measuredAt: new Date().toISOString(),
    commit: gitCommit(),
    node: process.version,
    cpus: os.cpus().length,
    loadAverage: os.loadavg().map(round1),
    runs,
    units: { times: 'ms, request sent to whole response read (driver: in-process call)', memory: 'bytes' },
    serverRss: { beforeBytes: rssBefore, peakBytes: rssPeak },
    folders,
  });
  process.stdout.write(`Written: ${path.relative(repoRoot, RESULTS_FILE)}\n`);
}
