// Benchmark (not a test): MB/s of a 1 GB upload through the /upload page against a raw PUT of the
// same file to the same presigned URL, in the same run (headless Debian Chromium).
// Starts its own api-server + gateway on a fresh DATA_DIR (ports BENCH_PORT / BENCH_API_PORT,
// default 28180 / 28887: stop the e2e servers first), generates the file in the system temp folder,
// uploads it through the page (presign → PUT with progress → commit), then PUTs the same File again
// with a bare XMLHttpRequest in the page, and once more from Node, each to a presigned URL of its own
// (an upload address takes one upload).
// Needs a build (api-server, host-shell, the remotes). Run: node e2e/support/bench-upload.mjs
import { createReadStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { benchAdminToken, launchChromium, newAdminPage, startBenchStack } from './bench-stack.mjs';
import { writeRepeatedChunk } from './sized-file.mjs';

const SIZE = Number(process.env.BENCH_UPLOAD_BYTES ?? 1024 * 1024 * 1024);
const PORT = Number(process.env.BENCH_PORT ?? 28180);
const API_PORT = Number(process.env.BENCH_API_PORT ?? 28887);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const MB = 1024 * 1024;

async function api(method, route, token, body) {
  const response = await fetch(`${ORIGIN}${route}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await response.json();
  if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${JSON.stringify(json)}`);
  return json.data;
}

async function writeFile(file, size) {
  const chunk = Buffer.alloc(4 * MB);
  for (let index = 0; index < chunk.length; index += 1) chunk[index] = (index * 131) & 0xff;
  await writeRepeatedChunk(file, size, chunk);
}

/** Raw PUT of the file from Node (streamed), same URL and Content-Type. */
function nodePut(url, file, contentType) {
  return new Promise((resolve, reject) => {
    const target = new URL(url, ORIGIN);
    const started = performance.now();
    const request = http.request(
      target,
      { method: 'PUT', headers: { 'content-type': contentType, 'content-length': statSync(file).size } },
      (response) => {
        response.resume();
        response.on('end', () =>
          response.statusCode < 300 ? resolve(performance.now() - started) : reject(new Error(`PUT ${response.statusCode}`)),
        );
      },
    );
    request.on('error', reject);
    createReadStream(file, { highWaterMark: 4 * MB }).pipe(request);
  });
}

const rate = (bytes, ms) => (bytes / MB / (ms / 1000)).toFixed(1);

async function main() {
  const stack = await startBenchStack({ name: 'upload-data', port: PORT, apiPort: API_PORT, apiEnv: { TRUST_PROXY: '127.0.0.1' } });
  const fileDir = mkdtempSync(path.join(os.tmpdir(), 'cloudclip-bench-upload-file-'));
  let browser;
  try {
    const file = path.join(fileDir, 'bench-1gb.bin');
    await writeFile(file, SIZE);
    const token = await benchAdminToken(ORIGIN);
    await api('PUT', '/api/admin/system-settings', token, { max_upload_size: Math.ceil(SIZE / MB) + 1 });
    const config = await api('POST', '/api/s3-configs', token, { name: 'bench disk', provider_type: 'Local' });
    await api('PUT', `/api/s3-configs/${config.id}/set-default`, token);

    browser = await launchChromium();
    const { page } = await newAdminPage(browser, token);
    const scripts = [];
    page.on('requestfinished', async (request) => {
      if (request.resourceType() !== 'script') return;
      const sizes = await request.sizes().catch(() => null);
      scripts.push({ url: request.url(), bytes: sizes ? sizes.responseBodySize : 0 });
    });
    await page.goto(`${ORIGIN}/upload`);
    await page.getByTestId('option-storage').locator(`option[value="${config.id}"]`).waitFor({ state: 'attached' });
    await page.getByTestId('option-storage').selectOption(config.id);
    const uploadScripts = scripts.filter((entry) => entry.url.includes('/mfe-upload/'));

    // 1. Through the page: click → success (presign, PUT with progress and the list updating, commit).
    await page.getByTestId('file-input').setInputFiles(file);
    const presigned = page.waitForResponse((response) => response.url().includes('/api/s3/presign'));
    const started = performance.now();
    await page.getByTestId('start-upload').click();
    const { contentType } = (await (await presigned).json()).data;
    await page.locator('[data-testid="upload-item"][data-state="success"]').waitFor({ timeout: 30 * 60_000 });
    const pageMs = performance.now() - started;
    // A presigned upload address takes one upload: each raw PUT below gets its own, like the page's.
    const freshUploadUrl = async () =>
      (await api('POST', '/api/s3/presign', token, { s3_config_id: config.id, filename: path.basename(file), size: SIZE })).upload_url;

    // 2. A bare XMLHttpRequest PUT of the same File to a presigned URL, in the same page.
    await page.evaluate(() => {
      const input = document.createElement('input');
      input.type = 'file';
      input.id = 'bench-raw';
      document.body.appendChild(input);
    });
    await page.locator('#bench-raw').setInputFiles(file);
    const rawMs = await page.evaluate(
      ({ url, type }) =>
        new Promise((resolve, reject) => {
          const blob = document.getElementById('bench-raw').files[0];
          const xhr = new XMLHttpRequest();
          const begun = performance.now();
          xhr.open('PUT', url);
          xhr.setRequestHeader('Content-Type', type);
          xhr.onload = () => (xhr.status < 300 ? resolve(performance.now() - begun) : reject(new Error(`PUT ${xhr.status}`)));
          xhr.onerror = () => reject(new Error('network error'));
          xhr.send(blob);
        }),
      { url: await freshUploadUrl(), type: contentType },
    );

    // 3. The same PUT from Node (no browser at all), for reference.
    const nodeMs = await nodePut(await freshUploadUrl(), file, contentType);

    const result = {
      bytes: SIZE,
      pageMBps: Number(rate(SIZE, pageMs)),
      rawBrowserPutMBps: Number(rate(SIZE, rawMs)),
      rawNodePutMBps: Number(rate(SIZE, nodeMs)),
      pageSeconds: Number((pageMs / 1000).toFixed(2)),
      rawBrowserPutSeconds: Number((rawMs / 1000).toFixed(2)),
      rawNodePutSeconds: Number((nodeMs / 1000).toFixed(2)),
      pageVsRawBrowser: Number((rawMs / pageMs).toFixed(3)),
      uploadRemoteJsBytesOnWire: uploadScripts.reduce((sum, entry) => sum + entry.bytes, 0),
      uploadRemoteScripts: uploadScripts.length,
    };
    console.log(JSON.stringify(result, null, 2));
  } finally {
    await browser?.close();
    await stack.stop();
    rmSync(fileDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
