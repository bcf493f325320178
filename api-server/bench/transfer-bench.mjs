#!/usr/bin/env node
// Transfer benchmark of the built server (dist/): a measurement, never a pass/fail test.
//
//   node bench/transfer-bench.mjs [--size-mb 1024]
//
// Starts `node dist/main.js` on a loopback port with a temporary DATA_DIR (local storage driver,
// the default config), then for a file of --size-mb (default 1024):
//   1. baseline: writes the same bytes straight to a file in the same DATA_DIR and reads them back;
//   2. PUT /api/upload-direct/{name} streaming the bytes, GET /api/file-download/{slug} streaming them back;
// and prints MB/s for each, the ratio api-server / direct disk, and the server's peak RSS
// (sampled every 100 ms from /proc) during the transfers.
import { spawn } from 'node:child_process';
import { createReadStream, createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { freePort } from './bench-server.mjs';

const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sizeArg = process.argv.indexOf('--size-mb');
const SIZE = (sizeArg > 0 ? Number(process.argv[sizeArg + 1]) : 1024) * 1024 * 1024;
const CHUNK = Buffer.alloc(1024 * 1024, 7);

function source(size) {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= size) return this.push(null);
      const n = Math.min(CHUNK.length, size - sent);
      sent += n;
      this.push(n === CHUNK.length ? CHUNK : CHUNK.subarray(0, n));
    },
  });
}

function rssOf(pid) {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('VmRSS:'));
    return line ? Number(line.replace(/\D+/g, '')) * 1024 : 0;
  } catch {
    return 0;
  }
}

const mbps = (bytes, ms) => (bytes / 1024 / 1024 / (ms / 1000)).toFixed(1);

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cloudclip-transfer-'));
  const port = await freePort();
  const server = spawn(process.execPath, [path.join(packageDir, 'dist/main.js')], {
    env: { ...process.env, API_PORT: String(port), DATA_DIR: dataDir, ADMIN_PASSWORD: 'bench-password-1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, rssOf(server.pid))), 100);
  try {
    const base = `http://127.0.0.1:${port}`;
    for (let i = 0; i < 100; i += 1) {
      try {
        if ((await fetch(`${base}/api/health`)).ok) break;
      } catch {
        /* starting */
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    const login = await (
      await fetch(`${base}/api/admin/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: 'bench-password-1' }),
      })
    ).json();
    const token = login.data.token;
    // Let the file through the size limit.
    await fetch(`${base}/api/admin/system-settings`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ max_upload_size: Math.ceil(SIZE / 1048576) + 1 }),
    });
    const idleRss = rssOf(server.pid);

    // 1. Straight to disk in the same folder.
    const direct = path.join(dataDir, 'direct.bin');
    let t = Date.now();
    await pipeline(source(SIZE), createWriteStream(direct));
    const diskWriteMs = Date.now() - t;
    t = Date.now();
    let read = 0;
    for await (const chunk of createReadStream(direct)) read += chunk.length;
    const diskReadMs = Date.now() - t;
    rmSync(direct);

    // 2. Through the api-server.
    peak = 0;
    t = Date.now();
    const uploaded = await new Promise((resolve, reject) => {
      const request = http.request(
        `${base}/api/upload-direct/bench.bin`,
        {
          method: 'PUT',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream', 'content-length': SIZE },
        },
        (response) => {
          let body = '';
          response.on('data', (c) => (body += c));
          response.on('end', () =>
            response.statusCode === 200 ? resolve(JSON.parse(body).data) : reject(new Error(`${response.statusCode} ${body}`)),
          );
        },
      );
      request.on('error', reject);
      source(SIZE).pipe(request);
    });
    const apiUploadMs = Date.now() - t;
    const uploadPeak = peak;
    peak = 0;
    t = Date.now();
    let downloaded = 0;
    const response = await fetch(`${base}/api/file-download/${uploaded.slug}`);
    for await (const chunk of response.body) downloaded += chunk.length;
    const apiDownloadMs = Date.now() - t;
    const downloadPeak = peak;
    if (downloaded !== SIZE || read !== SIZE) throw new Error(`size mismatch: ${downloaded} / ${read} / ${SIZE}`);

    const mb = SIZE / 1024 / 1024;
    console.log(`\nTransfer of ${mb} MiB (local storage driver, loopback):`);
    console.log(
      `  write  disk ${mbps(SIZE, diskWriteMs)} MB/s   api-server upload   ${mbps(SIZE, apiUploadMs)} MB/s   ratio ${(diskWriteMs / apiUploadMs).toFixed(2)}`,
    );
    console.log(
      `  read   disk ${mbps(SIZE, diskReadMs)} MB/s   api-server download ${mbps(SIZE, apiDownloadMs)} MB/s   ratio ${(diskReadMs / apiDownloadMs).toFixed(2)}`,
    );
    console.log(
      `  server RSS: idle ${(idleRss / 1048576).toFixed(0)} MB, peak during upload ${(uploadPeak / 1048576).toFixed(0)} MB, during download ${(downloadPeak / 1048576).toFixed(0)} MB`,
    );
  } finally {
    clearInterval(sampler);
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
