#!/usr/bin/env node
// API benchmark of the built server (dist/): a measurement, never a pass/fail test, never part of
// `pnpm test`.
//
//   pnpm --filter @cloudclip/api-server bench [-- --only=throughput|large-folder|mount-index --duration 5 --connections 1,16 --no-build]
//
// Builds dist/ when it is missing or older than src/ (--build forces, --no-build skips). Each part
// starts `node dist/main.js` of its own on a free loopback port with a temporary DATA_DIR and a
// known admin (bench-server.mjs); `--only=<part>` runs one part.
//
// throughput: creates one unprotected paste (maxViews 0) and then, with autocannon, measures
// requests/s and p50/p99 latency of
//   GET  /api/paste/{slug}   (public read; counts a view each time)
//   POST /api/paste          (admin token; creates a paste each time)
// at each connection count, plus the server's resident memory (RSS) before and after; then
//   GET  /api/file-download/{slug} (one connection) while 16 connections send a wrong
//        `Authorization: Basic` header (the password-guessing flood of issue 19): the download's
//        p50/p99 with the flood on, and how the flood was answered (429 once its budget is spent,
//        503 when the password-hash queue is full).
//
// mount-index (mount-index.mjs): BENCH_INDEX_ENTRIES (100,000) files in nested folders of a local
// mount, the index rebuilt (entries/s, RSS growth) and GET /api/admin/fs/search p50/p99 for a few
// queries, written to bench-results/api-mount-index.json.
//
// large-folder (large-folder.mjs): folders of 5,000 and 50,000 files on a local mount listed
// through GET /api/admin/fs/list with the listing cache cold and warm, and paged through with the
// storage driver; median of 5, written to bench-results/api-large-folder.json.
//
// Database: SQLite in the temporary DATA_DIR. Set BENCH_DATABASE_URL=postgres://… to measure on
// PostgreSQL instead (e.g. `bash scripts/with-postgres.sh sh -c 'BENCH_DATABASE_URL=$DATABASE_URL node bench/api-bench.mjs'`).
import os from 'node:os';
import autocannon from 'autocannon';
import { buildIfNeeded, mb, peakRssOf, postJson, rssOf, startServer, table, json } from './bench-server.mjs';
import { benchLargeFolder } from './large-folder.mjs';
import { benchMountIndex } from './mount-index.mjs';

const PARTS = ['throughput', 'large-folder', 'mount-index'];

function parseArgs(argv) {
  const options = { duration: 5, connections: [1, 16], build: 'auto', only: undefined };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === '--') continue;
    if (arg === '--build') options.build = 'always';
    else if (arg === '--no-build') options.build = 'never';
    else if (arg === '--duration') options.duration = Number(argv[++i]);
    else if (arg === '--connections') options.connections = String(argv[++i]).split(',').map(Number);
    else if (arg.startsWith('--only=')) options.only = arg.slice('--only='.length);
    else if (arg === '--help' || arg === '-h') {
      process.stdout.write(
        `usage: node bench/api-bench.mjs [--only=${PARTS.join('|')}] [--duration <s>] [--connections 1,16] [--build | --no-build]\n`,
      );
      process.exit(0);
    } else throw new Error(`unknown argument: ${arg}`);
  }
  if (!(options.duration > 0)) throw new Error('--duration must be a positive number of seconds');
  if (options.connections.some((n) => !Number.isInteger(n) || n < 1)) throw new Error('--connections must list positive integers');
  if (options.only !== undefined && !PARTS.includes(options.only)) throw new Error(`--only takes one of: ${PARTS.join(', ')}`);
  return options;
}

function runAutocannon(options) {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

/** autocannon's histogram holds whole milliseconds. */
function ms(value) {
  return value < 1 ? '<1' : String(Math.round(value));
}

/** A 1 KiB file share on the default (local) storage: presign → PUT → commit; returns its download URL. */
async function createFileShare(base, auth) {
  const configs = await json(await fetch(`${base}/api/s3-configs`, { headers: auth }), 'GET /api/s3-configs');
  const config = configs.data.find((entry) => entry.is_default === 1) ?? configs.data[0];
  if (!config) throw new Error('no storage config to upload to');
  const body = Buffer.alloc(1024, 'x');
  const presigned = await postJson(base, '/api/s3/presign', { s3_config_id: config.id, filename: 'bench.txt', size: body.length }, auth);
  const put = await fetch(new URL(presigned.data.upload_url, base), {
    method: 'PUT',
    headers: { 'content-type': presigned.data.contentType },
    body,
  });
  if (!put.ok) throw new Error(`PUT upload_url: HTTP ${put.status}`);
  await postJson(base, '/api/s3/commit', { file_id: presigned.data.file_id, size: body.length }, auth);
  return `${base}/api/file-download/${encodeURIComponent(presigned.data.slug)}`;
}

/** Downloads on one connection while 16 others send wrong Basic credentials, for `duration` seconds. */
async function downloadUnderBasicFlood(base, auth, duration) {
  const downloadUrl = await createFileShare(base, auth);
  const bogus = `Basic ${Buffer.from('admin:not-the-password').toString('base64')}`;
  process.stderr.write(`bench: file download under a 16-connection bogus Basic flood for ${duration} s …\n`);
  const [download, flood] = await Promise.all([
    runAutocannon({ url: downloadUrl, method: 'GET', connections: 1, duration }),
    runAutocannon({ url: `${base}/api/health`, method: 'GET', headers: { authorization: bogus }, connections: 16, duration }),
  ]);
  const statusCodes = {};
  for (const [code, stats] of Object.entries(flood.statusCodeStats ?? {})) statusCodes[code] = stats.count;
  return { download, flood, statusCodes };
}

/** The paste read/create throughput and the download under a Basic flood, on `server`. */
async function benchThroughput(server, options) {
  const { base, auth, child } = server;
  const created = await postJson(base, '/api/paste', { content: 'Hello from the benchmark.\n'.repeat(20), maxViews: 0 }, auth);
  const slug = created.slug;
  if (typeof slug !== 'string') throw new Error(`POST /api/paste returned no slug: ${JSON.stringify(created)}`);
  // warm-up
  await json(await fetch(`${base}/api/paste/${encodeURIComponent(slug)}`), 'GET /api/paste/{slug} (warm-up)');

  const rssIdle = rssOf(child.pid);
  const scenarios = [
    { name: `GET /api/paste/{slug}`, request: { url: `${base}/api/paste/${encodeURIComponent(slug)}`, method: 'GET' } },
    {
      name: 'POST /api/paste',
      request: { url: `${base}/api/paste`, method: 'POST', headers: auth, body: JSON.stringify({ content: 'benchmark paste body' }) },
    },
  ];

  const rows = [];
  for (const scenario of scenarios) {
    for (const connections of options.connections) {
      process.stderr.write(`bench: ${scenario.name} with ${connections} connection(s) for ${options.duration} s …\n`);
      const result = await runAutocannon({ ...scenario.request, connections, duration: options.duration });
      const failed = (result.non2xx ?? 0) + (result.errors ?? 0) + (result.timeouts ?? 0);
      rows.push([
        scenario.name,
        connections,
        Math.round(result.requests.average),
        // closed loop, one request in flight per connection: mean latency = connections / throughput
        result.requests.average > 0 ? ((connections * 1000) / result.requests.average).toFixed(2) : 'n/a',
        ms(result.latency.p50),
        ms(result.latency.p99),
        result.requests.total,
        failed,
      ]);
    }
  }
  const flood = await downloadUnderBasicFlood(base, auth, options.duration);
  const rssAfter = rssOf(child.pid);
  const rssPeak = peakRssOf(child.pid);

  const engine = (await json(await fetch(`${base}/api/version`), 'GET /api/version')).data.storage;
  process.stdout.write(
    `\nCloudclip API benchmark — ${engine}, Node ${process.version}, ${os.cpus().length} CPU(s), ${options.duration} s per row\n\n`,
  );
  process.stdout.write(`${table(rows, ['endpoint', 'conns', 'req/s', 'mean ms*', 'p50 ms', 'p99 ms', 'requests', 'non-2xx/errors'])}\n\n`);
  process.stdout.write(
    `${table(
      [
        [
          `GET /api/file-download/{slug} + Basic flood`,
          1,
          Math.round(flood.download.requests.average),
          ms(flood.download.latency.p50),
          ms(flood.download.latency.p99),
          flood.download.requests.total,
          (flood.download.non2xx ?? 0) + (flood.download.errors ?? 0),
        ],
      ],
      ['endpoint (under a 16-connection bogus Basic flood)', 'conns', 'req/s', 'p50 ms', 'p99 ms', 'requests', 'non-2xx/errors'],
    )}\n`,
  );
  process.stdout.write(`flood: ${flood.flood.requests.total} requests, status codes ${JSON.stringify(flood.statusCodes)}\n\n`);
  process.stdout.write(`server RSS: idle ${mb(rssIdle)}, after the run ${mb(rssAfter)}, peak ${mb(rssPeak)}\n`);
  process.stdout.write('autocannon records latencies in whole milliseconds ("<1" = under one);\n');
  process.stdout.write('* mean ms = connections / (req/s): each connection keeps exactly one request in flight\n');
  if (rows.some((row) => row[7] > 0)) process.stdout.write('note: some requests failed (non-2xx or socket errors); see the last column\n');
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  buildIfNeeded(options.build);
  const runs = (part) => options.only === undefined || options.only === part;
  // Each part gets a server of its own, so that its memory figures are its own.
  for (const [part, run] of [
    ['throughput', (server) => benchThroughput(server, options)],
    ['large-folder', (server) => benchLargeFolder(server)],
    ['mount-index', (server) => benchMountIndex(server)],
  ]) {
    if (!runs(part)) continue;
    const server = await startServer();
    try {
      await run(server);
    } finally {
      await server.stop();
    }
  }
}

main().catch((error) => {
  process.stderr.write(`bench: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
