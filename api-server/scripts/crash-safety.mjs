#!/usr/bin/env node
/**
 * Crash safety of the api-server (issue 19): the built server (dist/main.js) is killed with SIGKILL
 * while clients create pastes, stream uploads and hold half-sent presigned uploads; it is then
 * started again on the same data and checked:
 *
 *   - every write the server acknowledged before the kill is there, byte for byte;
 *   - no file share serves half a file (every listed file downloads whole, with its recorded size);
 *   - the pending rows of presigned uploads that were never committed are gone, and so is the
 *     space they had reserved: their commit answers 404, and a presign of exactly the space the
 *     committed files leave free is granted (one byte more is refused);
 *   - no temporary upload file is left in the storage folder.
 *
 *   node scripts/crash-safety.mjs [--rounds N]          SQLite (a file in a temporary data folder)
 *   bash scripts/with-postgres.sh node scripts/crash-safety.mjs --postgres
 *                                                        PostgreSQL (DATABASE_URL)
 *
 * Needs `pnpm build` first. Exits 1 with the failed checks listed; prints the figures either way.
 */
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../bench/bench-server.mjs';
import { slowPut } from '../faults/slow-put.mjs';
import { exchange, filesUnder, waitUntilHealthy } from './server-process.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const serverMain = path.join(here, '..', 'dist', 'main.js');
const args = process.argv.slice(2);
const postgres = args.includes('--postgres');
const rounds = Number(args[args.indexOf('--rounds') + 1]) || 2;
const ADMIN_PASSWORD = 'crash-safety-admin-password';
/** How long the writers run before the kill, per round. */
const RUN_MS = 1500;
const WRITERS = 6;
/** The storage quota of the run: below max_upload_size (100 MB), so one presign can ask for all that is free. */
const QUOTA_BYTES = 96 * 1024 * 1024;

if (!existsSync(serverMain)) {
  console.error(`crash-safety: ${serverMain} is missing; run \`pnpm --filter @cloudclip/api-server build\` first`);
  process.exit(2);
}
if (postgres && !/^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? '')) {
  console.error('crash-safety: --postgres needs DATABASE_URL (run it through scripts/with-postgres.sh)');
  process.exit(2);
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The bytes of upload `n`: a pattern that names the upload, so any mix-up or truncation shows. */
function uploadBytes(n, size) {
  return Buffer.alloc(size, `upload-${n};`);
}

const sha256 = (buffer) => createHash('sha256').update(buffer).digest('hex');

// ---------------------------------------------------------------------------------- the server

class Server {
  constructor(dataDir, port) {
    this.dataDir = dataDir;
    this.port = port;
    this.base = `http://127.0.0.1:${port}`;
    this.output = '';
  }

  async start() {
    const env = {
      ...process.env,
      API_HOST: '127.0.0.1',
      API_PORT: String(this.port),
      DATA_DIR: this.dataDir,
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD,
      LOGIN_RATE_LIMIT_MAX: '100000',
      LOG_LEVEL: 'error',
    };
    if (!postgres) delete env.DATABASE_URL;
    const started = Date.now();
    this.child = spawn(process.execPath, [serverMain], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    this.exited = new Promise((resolve) => this.child.once('exit', (code, signal) => resolve({ code, signal })));
    for (const stream of [this.child.stdout, this.child.stderr]) stream.on('data', (chunk) => (this.output += chunk));
    await waitUntilHealthy([`${this.base}/api/health`], {
      process: this.child,
      output: () => this.output,
      timeoutMs: 60_000,
      intervalMs: 50,
    });
    return Date.now() - started;
  }

  async kill() {
    this.child.kill('SIGKILL');
    return this.exited;
  }

  async stop() {
    this.child.kill('SIGTERM');
    await this.exited;
  }
}

// ---------------------------------------------------------------------------------- the client

/** A JSON call: the status and the body (parsed, or its text when it is not JSON). */
async function api(server, method, url, { token, json } = {}) {
  const headers = token ? { authorization: `Bearer ${token}` } : {};
  const answer = await exchange(`${server.base}${url}`, { method, headers, body: json || undefined });
  return { status: answer.status, body: answer.json === undefined ? answer.text : answer.json };
}

async function login(server) {
  const { status, body } = await api(server, 'POST', '/api/admin/login', { json: { username: 'admin', password: ADMIN_PASSWORD } });
  if (status !== 200) throw new Error(`login failed: ${status} ${JSON.stringify(body)}`);
  return body.data.token;
}

/** Runs writers against the server until `state.stopped`; collects what the server acknowledged. */
async function writeUntilStopped(server, token, configId, state) {
  const auth = { authorization: `Bearer ${token}` };
  const writer = async () => {
    while (!state.stopped) {
      const n = state.next++;
      const kind = n % 3;
      try {
        if (kind === 0) {
          const content = `paste ${n} ${randomBytes(1500).toString('base64')}`;
          state.sent.pastes += 1;
          const { status, body } = await api(server, 'POST', '/api/paste', { token, json: { content, remark: `crash ${n}` } });
          if (status === 200) state.acked.pastes.push({ slug: body.slug, content });
        } else if (kind === 1) {
          const size = 64 * 1024 + ((n * 7919) % (768 * 1024));
          const bytes = uploadBytes(n, size);
          state.sent.uploads += 1;
          const answer = await slowPut(`${server.base}/api/upload-direct/crash-${n}.bin`, auth, bytes);
          if (answer.status === 200) {
            const { data } = JSON.parse(answer.text);
            state.acked.uploads.push({ slug: data.slug, size, hash: sha256(bytes) });
          }
        } else {
          const size = 256 * 1024;
          const presigned = await api(server, 'POST', '/api/s3/presign', {
            token,
            json: { s3_config_id: configId, filename: `pending-${n}.bin`, size },
          });
          if (presigned.status !== 200) continue;
          state.pending.push(presigned.body.data.file_id);
          // Half the body, then the client stalls: the upload never completes.
          void slowPut(presigned.body.data.upload_url, { 'content-type': presigned.body.data.contentType }, uploadBytes(n, size), {
            stopAfter: size / 2,
          });
        }
      } catch {
        // The server died under this request: it was never acknowledged.
      }
    }
  };
  await Promise.all(Array.from({ length: WRITERS }, () => writer()));
}

// ---------------------------------------------------------------------------------- the checks

async function download(server, slug) {
  const response = await fetch(`${server.base}/api/file-download/${encodeURIComponent(slug)}`);
  return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()) };
}

async function listFiles(server, token) {
  const files = [];
  for (let offset = 0; ; offset += 100) {
    const { status, body } = await api(server, 'GET', `/api/admin/files?limit=100&offset=${offset}`, { token });
    if (status !== 200) throw new Error(`admin file list: ${status}`);
    files.push(...body.data.files);
    if (body.data.files.length < 100) return files;
  }
}

function tempFilesUnder(dir) {
  const internal = path.join(dir, 'storage', '.internal');
  const configs = existsSync(internal) ? readdirSync(internal) : [];
  return [...configs.flatMap((config) => filesUnder(path.join(internal, config, 'tmp'))), ...filesUnder(path.join(dir, 'tmp'))];
}

async function check(server, token, state, failures) {
  for (const paste of state.acked.pastes) {
    const { status, body } = await api(server, 'GET', `/api/paste/${encodeURIComponent(paste.slug)}`);
    if (status !== 200 || body.content !== paste.content) failures.push(`acknowledged paste ${paste.slug} lost or changed (${status})`);
  }
  for (const upload of state.acked.uploads) {
    const { status, bytes } = await download(server, upload.slug);
    if (status !== 200 || bytes.length !== upload.size || sha256(bytes) !== upload.hash)
      failures.push(`acknowledged upload ${upload.slug} lost or changed (${status}, ${bytes.length} of ${upload.size} bytes)`);
  }
  const files = await listFiles(server, token);
  let served = 0;
  for (const file of files) {
    const match = /^crash-(\d+)\.bin$/.exec(file.filename);
    const { status, bytes } = await download(server, file.slug);
    if (status !== 200) {
      failures.push(`listed file ${file.filename} (${file.slug}) is not served: ${status}`);
      continue;
    }
    served += 1;
    const whole = match && bytes.equals(uploadBytes(Number(match[1]), bytes.length)) && bytes.length === Number(file.size);
    if (!whole)
      failures.push(`file ${file.filename} (${file.slug}) is served with ${bytes.length} bytes, recorded ${file.size}: not whole`);
  }
  for (const fileId of state.pending) {
    const { status } = await api(server, 'POST', '/api/s3/commit', { token, json: { file_id: fileId } });
    if (status !== 404) failures.push(`the uncommitted presigned upload ${fileId} survived the restart (commit answered ${status})`);
  }
  // Space held by uploads that died with the server is free again: with a quota of QUOTA_BYTES (below
  // max_upload_size), a presign of exactly what the committed files leave fits, one byte more does not.
  const stats = await api(server, 'GET', '/api/admin/dashboard/stats', { token });
  const bucket = stats.body.data.s3Buckets.find((entry) => entry.id === state.configId);
  const free = Number(bucket.totalStorage) - Number(bucket.usedStorage);
  const over = await api(server, 'POST', '/api/s3/presign', {
    token,
    json: { s3_config_id: state.configId, filename: 'probe-over.bin', size: free + 1 },
  });
  if (over.status !== 400) failures.push(`a presign over the free space was answered ${over.status}, not 400`);
  const fits = await api(server, 'POST', '/api/s3/presign', {
    token,
    json: { s3_config_id: state.configId, filename: 'probe-fits.bin', size: free },
  });
  if (fits.status !== 200)
    failures.push(`space reserved before the crash is still held: a presign of the ${free} free bytes got ${fits.status}`);
  else await api(server, 'DELETE', `/api/admin/files/${fits.body.data.file_id}`, { token });
  const leftovers = tempFilesUnder(server.dataDir);
  if (leftovers.length > 0)
    failures.push(`temporary upload files left after the restart: ${leftovers.map((f) => path.relative(server.dataDir, f)).join(', ')}`);
  return { files: files.length, served };
}

// ---------------------------------------------------------------------------------- the run

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cloudclip-crash-'));
  const server = new Server(dataDir, await freePort());
  const failures = [];
  const figures = [];
  try {
    await server.start();
    let token = await login(server);
    const configs = await api(server, 'GET', '/api/s3-configs', { token });
    const configId = (configs.body.data.find((config) => Number(config.is_default) === 1) ?? configs.body.data[0]).id;
    const quota = await api(server, 'PUT', `/api/s3-configs/${configId}`, { token, json: { total_storage_bytes: QUOTA_BYTES } });
    if (quota.status !== 200) throw new Error(`setting the storage quota failed: ${quota.status}`);
    const state = { configId, next: 0, sent: { pastes: 0, uploads: 0 }, acked: { pastes: [], uploads: [] }, pending: [] };

    for (let round = 1; round <= rounds; round += 1) {
      const before = { pastes: state.acked.pastes.length, uploads: state.acked.uploads.length };
      state.stopped = false;
      const writing = writeUntilStopped(server, token, configId, state);
      await sleep(RUN_MS);
      const killedAt = Date.now();
      // Writers start nothing new from here; what is in flight dies with the server.
      state.stopped = true;
      await server.kill();
      await writing;
      const restartMs = await server.start();
      token = await login(server);
      const seen = await check(server, token, state, failures);
      figures.push(
        `round ${round}: killed after ${RUN_MS} ms of writing; acknowledged ${state.acked.pastes.length - before.pastes} pastes and ` +
          `${state.acked.uploads.length - before.uploads} uploads; ${state.pending.length} presigned uploads left pending in all; ` +
          `restart answered after ${restartMs} ms (${Date.now() - killedAt} ms from the kill to the end of the checks); ` +
          `${seen.files} files listed, ${seen.served} served whole`,
      );
    }
    figures.push(
      `in all: ${state.sent.pastes} paste creates and ${state.sent.uploads} uploads sent, ` +
        `${state.acked.pastes.length} and ${state.acked.uploads.length} acknowledged, all checked after each restart`,
    );
    await server.stop();
  } catch (error) {
    failures.push(error instanceof Error ? error.message : String(error));
    server.child?.kill('SIGKILL');
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  const label = postgres ? 'PostgreSQL' : 'SQLite';
  for (const line of figures) console.log(`crash-safety (${label}): ${line}`);
  if (failures.length > 0) {
    console.error(`crash-safety (${label}): ${failures.length} failed check(s):`);
    for (const failure of failures.slice(0, 20)) console.error(`  - ${failure.length > 400 ? `${failure.slice(0, 400)}…` : failure}`);
    if (failures.length > 20) console.error(`  … and ${failures.length - 20} more`);
    process.exit(1);
  }
  console.log(
    `crash-safety (${label}): every acknowledged write survived, nothing half-written is served, pending uploads were cleaned up`,
  );
}

await main();
