// Storage drivers benchmark (issue 38): a measurement, never pass/fail. `pnpm bench --only=storage`, or
// alone: `node bench/bench-storage-drivers.mjs`. Needs only the api-server build (api-server/dist);
// builds nothing itself.
//
// One built api-server (temporary DATA_DIR, SQLite, free loopback port) with a mount per driver, made
// through the HTTP API (e2e/storage-drivers/drivers-world.mjs): local (the default local storage), S3
// (s3rver), WebDAV (Debian's `rclone serve webdav` over a temporary folder) and SFTP (Debian's OpenSSH
// sshd, key auth, internal-sftp), every server on this machine's loopback. The mounts' listing cache is
// off (cache_ttl 0), so every listing asks the storage. Per driver, in this order:
//   list      GET /api/admin/fs/list of a folder of BENCH_STORAGE_ENTRIES (5,000) small files, seeded
//             behind the server's back (files in the folder sshd / the local driver keep; PUTs to rclone,
//             whose VFS caches listings; S3 PutObject to s3rver; 32 at a time): request sent to whole
//             answer read, 5 runs, p50. The answer must hold every entry, else the driver's row says so.
//   up        PUT /dav/<mount>/big.bin of a BENCH_STORAGE_MB (1024) MB file of random bytes streamed from
//             disk (Content-Length set): request start to the answer; MB/s.
//   down      GET /api/admin/fs/download of that file (streamed through the server, bytes counted, the
//             count checked): MB/s.
//   range     GET /api/admin/fs/download with Range: bytes=500000000-500065535 (the same 64 KiB from the
//             middle of a file smaller than 1 GB): time to the first body byte, 20 runs, p50; each must be
//             206 with 65,536 bytes.
// Then the big file is deleted (DELETE /dav) before the next driver. MB are MiB.
// Results: bench-results/storage-drivers.json (every run, the machine, the load average before and
// after) and a table on stdout. BENCH_STORAGE_DRIVERS=local,sftp picks drivers.
import { createReadStream, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { davAuth, missingCommands, startDriverWorld } from '../e2e/storage-drivers/drivers-world.mjs';
import { formatTable } from '../scripts/budgets-lib.mjs';
import { entryNames, knobsFromEnv, mbPerSecond, rangeFor, summary, tableRows } from './bench-storage-drivers-lib.mjs';
import { repoRoot } from '../scripts/lib.mjs';
import { invokedDirectly, machineInfo, writeResults } from './bench-harness.mjs';
import { writeRandomFile } from '../e2e/webdav-clients/file-tree.mjs';

const MIB = 1024 * 1024;
const LIST_RUNS = 5;
const RANGE_RUNS = 20;
const SEED_CONCURRENCY = 32;
const LIST_FOLDER = 'list-bench';
const BIG_NAME = 'big.bin';
const requireFromApi = createRequire(path.join(repoRoot, 'api-server', 'package.json'));

/** Runs `task(item)` over `items`, `limit` at a time. */
async function eachLimited(items, limit, task) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await task(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** The listed folder's entries, written behind the server's back. */
async function seedListFolder(world, driver, names) {
  const content = (name) => `${name}\n`;
  const mount = world.mounts[driver];
  if (driver === 'webdav') {
    // rclone's VFS caches folder listings (--dir-cache-time, 5 min): write through rclone itself.
    const { url, username, password, rootDir } = world.servers.webdav;
    const folder = new URL(`${path.relative(rootDir, mount.remoteDir)}/${LIST_FOLDER}/`, url);
    const authorization = `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
    const segments = folder.pathname.split('/').filter(Boolean);
    for (let depth = 1; depth <= segments.length; depth += 1) {
      const made = await fetch(new URL(`/${segments.slice(0, depth).join('/')}/`, url), { method: 'MKCOL', headers: { authorization } });
      if (made.status !== 201 && made.status !== 405) throw new Error(`MKCOL on rclone: HTTP ${made.status}`);
    }
    await eachLimited(names, SEED_CONCURRENCY, async (name) => {
      const put = await fetch(new URL(name, folder), { method: 'PUT', headers: { authorization }, body: content(name) });
      if (!put.ok) throw new Error(`PUT on rclone: HTTP ${put.status}`);
    });
    return;
  }
  if (mount.remoteDir) {
    const folder = path.join(mount.remoteDir, LIST_FOLDER);
    mkdirSync(folder, { recursive: true });
    for (const name of names) writeFileSync(path.join(folder, name), content(name));
    return;
  }
  const { S3Client, PutObjectCommand } = requireFromApi('@aws-sdk/client-s3');
  const s3 = world.servers.s3;
  const client = new S3Client({
    endpoint: s3.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
  });
  try {
    await eachLimited(names, SEED_CONCURRENCY, (name) =>
      client.send(
        new PutObjectCommand({ Bucket: s3.bucket, Key: `${LIST_FOLDER}/${name}`, Body: content(name), ContentType: 'text/plain' }),
      ),
    );
  } finally {
    client.destroy();
  }
}

/**
 * One HTTP exchange with node:http (no fetch buffering): resolves with the status, the time to the
 * first body byte and to the end (ms since the request started), the body's length, and the body
 * itself when `keepBody`. `body` is a stream piped into the request.
 */
function exchange(url, { method = 'GET', headers = {}, body, keepBody = false } = {}) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const request = http.request(url, { method, headers }, (response) => {
      let firstByteMs = null;
      let bytes = 0;
      const chunks = [];
      response.on('data', (chunk) => {
        if (firstByteMs === null) firstByteMs = performance.now() - started;
        bytes += chunk.length;
        if (keepBody) chunks.push(chunk);
      });
      response.once('error', reject);
      response.once('end', () =>
        resolve({
          status: response.statusCode,
          firstByteMs,
          totalMs: performance.now() - started,
          bytes,
          body: keepBody ? Buffer.concat(chunks).toString('utf8') : null,
        }),
      );
    });
    request.once('error', reject);
    if (body) body.pipe(request);
    else request.end();
  });
}

async function measureList(world, driver, count) {
  const url = `${world.api.base}/api/admin/fs/list?path=${encodeURIComponent(`${world.mounts[driver].path}/${LIST_FOLDER}/`)}`;
  const times = [];
  for (let run = 0; run < LIST_RUNS; run += 1) {
    const answer = await exchange(url, { headers: { authorization: world.api.auth.authorization }, keepBody: true });
    if (answer.status !== 200) throw new Error(`list: HTTP ${answer.status} ${answer.body.slice(0, 200)}`);
    const items = JSON.parse(answer.body).data.items;
    if (items.length !== count) throw new Error(`list: ${items.length} of ${count} entries`);
    times.push(answer.totalMs);
  }
  return summary(times);
}

async function measureUpload(world, driver, source, size) {
  const url = `${world.api.base}/dav${world.mounts[driver].path}/${BIG_NAME}`;
  const headers = { authorization: davAuth(world.api), 'content-length': String(size), 'content-type': 'application/octet-stream' };
  const answer = await exchange(url, { method: 'PUT', headers, body: createReadStream(source, { highWaterMark: MIB }) });
  if (answer.status !== 201 && answer.status !== 204) throw new Error(`upload: HTTP ${answer.status}`);
  return { ms: answer.totalMs, mbPerSecond: mbPerSecond(size, answer.totalMs) };
}

function downloadUrl(world, driver) {
  return `${world.api.base}/api/admin/fs/download?path=${encodeURIComponent(`${world.mounts[driver].path}/${BIG_NAME}`)}`;
}

async function measureDownload(world, driver, size) {
  const answer = await exchange(downloadUrl(world, driver), { headers: { authorization: world.api.auth.authorization } });
  if (answer.status !== 200) throw new Error(`download: HTTP ${answer.status}`);
  if (answer.bytes !== size) throw new Error(`download: ${answer.bytes} of ${size} bytes`);
  return { ms: answer.totalMs, firstByteMs: answer.firstByteMs, mbPerSecond: mbPerSecond(size, answer.totalMs) };
}

async function measureRange(world, driver, range) {
  const times = [];
  for (let run = 0; run < RANGE_RUNS; run += 1) {
    const headers = { authorization: world.api.auth.authorization, range: range.header };
    const answer = await exchange(downloadUrl(world, driver), { headers });
    if (answer.status !== 206 || answer.bytes !== range.end - range.start + 1)
      throw new Error(`range: HTTP ${answer.status} with ${answer.bytes} bytes`);
    times.push(answer.firstByteMs);
  }
  return { range: range.header, ...summary(times) };
}

async function measureDriver(world, driver, { source, size, names }) {
  const figures = {};
  const steps = [
    ['list', () => measureList(world, driver, names.length)],
    ['upload', () => measureUpload(world, driver, source, size)],
    ['download', () => measureDownload(world, driver, size)],
    ['rangedRead', () => measureRange(world, driver, rangeFor(size))],
  ];
  const seedStarted = performance.now();
  await seedListFolder(world, driver, names);
  figures.seedMs = Math.round(performance.now() - seedStarted);
  for (const [name, step] of steps) {
    try {
      figures[name] = await step();
    } catch (error) {
      figures.error = error instanceof Error ? error.message : String(error);
      console.error(`  ${driver}: ${figures.error}`);
      if (name === 'upload') break;
    }
  }
  const removed = await fetch(`${world.api.base}/dav${world.mounts[driver].path}/${BIG_NAME}`, {
    method: 'DELETE',
    headers: { authorization: davAuth(world.api) },
  });
  if (!removed.ok && removed.status !== 404) console.error(`  ${driver}: DELETE of the big file answered ${removed.status}`);
  return figures;
}

export async function benchStorageDrivers({ resultsDir = path.join(repoRoot, 'bench-results'), commit = null } = {}) {
  const { megabytes, entries, drivers } = knobsFromEnv(process.env);
  const missing = missingCommands(drivers);
  if (missing.length) throw new Error(`bench storage: not installed: ${missing.join(', ')} (apt-get install -y rclone openssh-server)`);
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'cloudclip-bench-storage-'));
  const results = {
    measuredAt: new Date().toISOString(),
    commit,
    megabytes,
    entries,
    machine: machineInfo(),
    loadavgBefore: os.loadavg(),
    units: {
      list: `ms, request sent to whole answer read, p50 of ${LIST_RUNS}`,
      upload: 'MB/s (MiB), PUT through /dav',
      download: 'MB/s (MiB), GET /api/admin/fs/download',
      rangedRead: `ms to the first body byte, p50 of ${RANGE_RUNS}`,
    },
    drivers: {},
  };
  let world;
  try {
    const source = path.join(workDir, 'big.bin');
    console.log(`\nStorage drivers (${drivers.join(', ')}): ${entries} entries listed, ${megabytes} MB up and down, ranged reads`);
    await writeRandomFile(source, megabytes);
    const size = statSync(source).size;
    world = await startDriverWorld({ drivers, maxUploadMb: megabytes + 64, cacheTtl: 0 });
    const names = entryNames(entries);
    for (const driver of drivers) {
      console.log(`  ${driver} …`);
      results.drivers[driver] = await measureDriver(world, driver, { source, size, names });
    }
  } finally {
    await world?.stop();
    rmSync(workDir, { recursive: true, force: true });
  }
  results.loadavgAfter = os.loadavg();
  console.log(`\n${formatTable(tableRows(results))}`);
  console.log(
    `load average before ${results.loadavgBefore.map((v) => v.toFixed(2)).join(' ')}, after ${results.loadavgAfter.map((v) => v.toFixed(2)).join(' ')}`,
  );
  writeResults(resultsDir, 'storage-drivers.json', results);
  return results;
}

if (invokedDirectly(import.meta.url)) {
  benchStorageDrivers().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
