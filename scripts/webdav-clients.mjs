#!/usr/bin/env node
// WebDAV checked with real clients (issue 14): litmus and rclone against the built api-server.
//
//   node scripts/webdav-clients.mjs            (pnpm test:webdav / pnpm bench:webdav; build the api-server first)
//   WEBDAV_BIG_MB=256 node scripts/webdav-clients.mjs
//
// Starts s3rver and `api-server/dist/main.js` (temporary folders, free loopback ports), creates through
// the HTTP API an S3 storage config on s3rver and the mounts /local (default local storage) and /s3,
// then runs:
//   - litmus, every suite (basic copymove props locks http) against each mount as the admin, and in
//     /local/keyhome as an API key confined there (Basic with the key as user and password);
//   - an rclone round trip per mount (a tree with a WEBDAV_BIG_MB file, default 1024, an empty file and
//     folder, spaces and Unicode in names): copy up, copy down, sha256 of every file, `rclone check`;
//     each direction timed and the server's RSS sampled every 200 ms; a raw disk copy for comparison;
//     the same small files (no big one) through the key into its home;
//   - an API key confined to /local/keyhome: inside its basic path it may work, outside it (plain paths,
//     Destination headers, `..` and percent-encoded tricks) it gets 403/404; anonymous requests get 401.
// Prints a results table, writes it to bench-results/webdav-clients.json and exits 1 on any functional
// failure. Timings and memory are reported only, never a reason to fail.
//
// While fixing a failure: WEBDAV_CHECKS=litmus,confinement,rclone picks parts (default all of them),
// WEBDAV_LITMUS_SUITES=props,locks picks litmus suites, WEBDAV_LOG_DIR=<dir> keeps a failed suite's debug.log.
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { freePort, json, postJson, rssOf, serverEnv } from '../api-server/bench/bench-server.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const distMain = path.join(repoRoot, 'api-server', 'dist', 'main.js');
const resultsFile = path.join(repoRoot, 'bench-results', 'webdav-clients.json');

/** The litmus suites the issue asks for, in litmus's own order. */
export const LITMUS_SUITES = ['basic', 'copymove', 'props', 'locks', 'http'];
/** The parts of the run, in their order. */
export const CHECKS = ['litmus', 'confinement', 'rclone'];

/**
 * Which parts and litmus suites to run, from WEBDAV_CHECKS and WEBDAV_LITMUS_SUITES (comma-separated,
 * blank or unset = all); an unknown name is an error, so a typo never turns into a green run of nothing.
 * @returns {{ checks: string[], suites: string[] }}
 */
export function selectionFromEnv(env) {
  const pick = (variable, known) => {
    const raw = env[variable];
    if (raw === undefined || raw.trim() === '') return [...known];
    const names = raw
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean);
    const unknown = names.filter((name) => !known.includes(name));
    if (unknown.length > 0) throw new Error(`${variable}: unknown ${unknown.join(', ')} (known: ${known.join(', ')})`);
    return known.filter((name) => names.includes(name));
  };
  return { checks: pick('WEBDAV_CHECKS', CHECKS), suites: pick('WEBDAV_LITMUS_SUITES', LITMUS_SUITES) };
}

/** The two mounts every check runs against: one per storage driver. */
const MOUNTS = [
  { path: '/local', driver: 'local' },
  { path: '/s3', driver: 's3 (s3rver)' },
];
const KEY_HOME = '/local/keyhome';
const SECRET_TEXT = 'outside the key home: must stay as it is\n';
/** RSS growth the issue allows while the big file moves; above it the table says so (not a failure). */
export const RSS_GROWTH_LIMIT_MB = 100;
const MIB = 1024 * 1024;

// ---------------------------------------------------------------------------------------------------
// Pure parts (unit-tested in webdav-clients.test.mjs)
// ---------------------------------------------------------------------------------------------------

/**
 * litmus's console output as one record per suite. litmus (when not on a terminal) writes each test
 * as `\r NN. name.... \r NN. name.... result`, a failure as `FAIL (message)` where the message may
 * span lines, warnings as `WARNING: …` before the result, and ends a suite with
 * `<- summary for `suite': of N tests run: P passed, F failed. x%` and maybe `-> S tests were skipped.`
 * The summary's counts are the truth; the per-test records name the failures for the report.
 * A suite without a summary line (litmus crashed or was killed) is `complete: false`.
 * @param {string} output
 * @returns {{ suite: string, run: number, passed: number, failed: number, skipped: number, warnings: number,
 *   complete: boolean, summary: string, failures: { number: number, test: string, message: string }[],
 *   skippedTests: { number: number, test: string }[], warningMessages: { number: number, test: string, message: string }[] }[]}
 */
export function parseLitmusOutput(output) {
  const text = output.replace(/\r\n/g, '\n');
  const suites = [];
  let current = null;
  const sections = text.split(/^(?=-> running `)/m);
  for (const section of sections) {
    const start = /^-> running `([^']+)':/.exec(section);
    if (!start) continue;
    current = {
      suite: start[1],
      run: 0,
      passed: 0,
      failed: 0,
      skipped: 0,
      warnings: 0,
      complete: false,
      summary: '',
      failures: [],
      skippedTests: [],
      warningMessages: [],
    };
    suites.push(current);
    // One token stream per suite: test labels, warnings and results, in order of appearance.
    const token = /(\d+)\. ([A-Za-z0-9_]+)\.*|WARNING: ([^\n]*)|\b(pass)\b|\b(SKIPPED)\b|\bFAIL \(([\s\S]*?)\)\n/g;
    let test = { number: -1, name: '' };
    for (let match = token.exec(section); match; match = token.exec(section)) {
      if (match[1] !== undefined) test = { number: Number(match[1]), name: match[2] };
      else if (match[3] !== undefined) current.warningMessages.push({ number: test.number, test: test.name, message: match[3].trim() });
      else if (match[5] !== undefined) current.skippedTests.push({ number: test.number, test: test.name });
      else if (match[6] !== undefined) current.failures.push({ number: test.number, test: test.name, message: match[6].trim() });
    }
    const summary = /^<- summary for `[^']+': of (\d+) tests run: (\d+) passed, (\d+) failed\.[^\n]*$/m.exec(section);
    if (summary) {
      current.complete = true;
      current.summary = summary[0];
      current.run = Number(summary[1]);
      current.passed = Number(summary[2]);
      current.failed = Number(summary[3]);
    }
    const skipped = /^-> (\d+) tests? (?:was|were) skipped\./m.exec(section);
    current.skipped = skipped ? Number(skipped[1]) : current.skippedTests.length;
    const warned = /^-> (\d+) warnings? (?:was|were) issued\./m.exec(section);
    current.warnings = warned ? Number(warned[1]) : current.warningMessages.length;
  }
  return suites;
}

/**
 * What keeps a litmus suite from passing: failed tests, skipped tests (litmus skips a test only when
 * one it depends on failed, e.g. every propget after a failed PROPPATCH) and a missing summary.
 * @returns {string[]} one sentence per problem, empty when the suite passed
 */
export function litmusProblems(result, expectedSuite) {
  if (!result) return [`litmus printed no results for the suite ${expectedSuite}`];
  const problems = [];
  if (!result.complete) problems.push(`${result.suite}: litmus stopped before its summary (crash or timeout)`);
  for (const failure of result.failures) {
    problems.push(`${result.suite} ${failure.number}. ${failure.test}: ${failure.message.split('\n').join(' / ')}`);
  }
  if (result.failed > result.failures.length)
    problems.push(`${result.suite}: ${result.failed - result.failures.length} more failed test(s)`);
  if (result.skipped > 0) {
    const names = result.skippedTests.map((t) => `${t.number}. ${t.test}`).join(', ');
    problems.push(`${result.suite}: ${result.skipped} test(s) skipped after a failure${names ? ` (${names})` : ''}`);
  }
  return problems;
}

/**
 * The requests and answers of one litmus test in its debug.log (neon's trace), cut down to what tells
 * what went wrong: request lines, the WebDAV request headers, status lines, and the start of the
 * bodies. The log marks each test with `******* Running test N: name ********`.
 * @returns {string[]} at most `maxLines` lines, empty when the test is not in the log
 */
export function debugLogExcerpt(log, number, name, maxLines = 60) {
  const marker = `******* Running test ${number}: ${name} ********`;
  const start = log.indexOf(marker);
  if (start < 0) return [];
  const next = log.indexOf('******* Running test ', start + marker.length);
  // neon logs the request and response head as sent, each line ending in CR LF.
  const lines = log.slice(start + marker.length, next < 0 ? undefined : next).split(/\r?\n/);
  const kept = [];
  const headerOfInterest =
    /^(Depth|Destination|Overwrite|If|Lock-Token|Timeout|Content-Type|Content-Length|Content-Range|Range|If-Match|If-None-Match|Authorization):/i;
  let body = 0;
  for (const line of lines) {
    if (/^(OPTIONS|GET|HEAD|PUT|POST|DELETE|MKCOL|COPY|MOVE|PROPFIND|PROPPATCH|LOCK|UNLOCK) \S+ HTTP\/1\.[01]$/.test(line)) {
      kept.push(`> ${line}`);
      body = 0;
    } else if (headerOfInterest.test(line) && !/^Authorization:/i.test(line)) {
      kept.push(`>   ${line}`);
    } else if (line.startsWith('[status-line] < ')) {
      kept.push(`< ${line.slice('[status-line] < '.length)}`);
      body = 0;
    } else if (/^\[hdr\] (Location|Lock-Token|WWW-Authenticate|ETag|Content-Range):/i.test(line)) {
      kept.push(`<   ${line.slice('[hdr] '.length)}`);
    } else if (line.startsWith('Read block (') || line.startsWith('Sending request body:')) {
      body = 8;
    } else if (
      body > 0 &&
      line.trim() !== '' &&
      !/^(Got|Reading|Running|Request|auth:|sess:|Header Name|\[hdr\]|End of headers)/.test(line)
    ) {
      kept.push(`    ${line.slice(0, 200)}`);
      body -= 1;
    }
  }
  return kept.length > maxLines ? [...kept.slice(0, maxLines), `… ${kept.length - maxLines} more lines`] : kept;
}

/** The number in rclone check's "N differences found" line, or null when there is none. */
export function rcloneDifferences(output) {
  const match = /(\d+) differences? found/.exec(output);
  return match ? Number(match[1]) : null;
}

/**
 * What differs between two trees' manifests (relative path → sha256 of a file, or 'dir'):
 * missing entries, extra entries and different contents, one sentence each.
 * @param {Map<string, string>} expected
 * @param {Map<string, string>} actual
 */
export function manifestDifferences(expected, actual) {
  const differences = [];
  for (const [name, digest] of expected) {
    if (!actual.has(name)) differences.push(`missing: ${name}`);
    else if (actual.get(name) !== digest) differences.push(`different: ${name}`);
  }
  for (const name of actual.keys()) if (!expected.has(name)) differences.push(`extra: ${name}`);
  return differences;
}

/** MB/s (MiB) of `bytes` moved in `ms`, one decimal; null when nothing was measured. */
export function mbPerSecond(bytes, ms) {
  if (!(ms > 0) || !Number.isFinite(bytes)) return null;
  return Math.round((bytes / MIB / (ms / 1000)) * 10) / 10;
}

/** Columns of a plain text table, right-aligned, with a rule under the headers. */
export function textTable(headers, rows) {
  const cells = rows.map((row) => row.map((cell) => (cell === null || cell === undefined ? 'n/a' : String(cell))));
  const widths = headers.map((header, i) => Math.max(header.length, ...cells.map((row) => row[i].length)));
  const line = (row) => row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
  return [line(headers), widths.map((width) => '-'.repeat(width)).join('  '), ...cells.map(line)].join('\n');
}

/**
 * The results table: litmus per mount and suite (passed/failed/skipped), rclone per mount (MB/s up and
 * down, RSS growth, identical or not), the raw disk copy, the confinement checks, and the verdict.
 * @param {{ litmus: Record<string, Record<string, { passed: number, failed: number, skipped: number, warnings: number, complete: boolean }>>,
 *   rclone: Record<string, { upMBps: number|null, downMBps: number|null, rssGrowthMB: number|null, identical: boolean, checkDifferences: number|null }>,
 *   rawCopy: { MBps: number|null } | null, bigMb: number, confinement: { name: string, ok: boolean }[], failures: string[] }} results
 */
export function resultsTable(results) {
  const parts = [];
  const litmusRows = [];
  for (const [mount, suites] of Object.entries(results.litmus)) {
    for (const [suite, r] of Object.entries(suites)) {
      const verdict = r.complete && r.failed === 0 && r.skipped === 0 ? 'pass' : 'FAIL';
      litmusRows.push([mount, suite, r.passed, r.failed, r.skipped, r.warnings, verdict]);
    }
  }
  parts.push('litmus', textTable(['mount', 'suite', 'passed', 'failed', 'skipped', 'warnings', 'verdict'], litmusRows));

  const rcloneRows = Object.entries(results.rclone).map(([mount, r]) => [
    mount,
    r.upMBps,
    r.downMBps,
    r.rssGrowthMB === null ? null : `${r.rssGrowthMB}${r.rssGrowthMB > RSS_GROWTH_LIMIT_MB ? ` (over ${RSS_GROWTH_LIMIT_MB})` : ''}`,
    r.checkDifferences,
    r.identical ? 'identical' : 'DIFFERENT',
  ]);
  parts.push('', `rclone round trip (${results.bigMb} MB file + small files)`);
  parts.push(textTable(['mount', 'up MB/s', 'down MB/s', 'RSS growth MB', 'check diffs', 'bytes'], rcloneRows));
  parts.push('', `raw disk copy (cp + sync) of the ${results.bigMb} MB file: ${results.rawCopy?.MBps ?? 'n/a'} MB/s`);

  const unexpected = results.confinement.filter((check) => !check.ok);
  parts.push(
    `API key confined to ${KEY_HOME}: ${results.confinement.length - unexpected.length}/${results.confinement.length} checks as expected`,
  );
  parts.push(
    '',
    results.failures.length === 0 ? 'RESULT: all functional checks passed' : `RESULT: ${results.failures.length} functional failure(s)`,
  );
  return parts.join('\n');
}

// ---------------------------------------------------------------------------------------------------
// Processes and clean-up
// ---------------------------------------------------------------------------------------------------

/** Every child process this script started and has not seen exit: killed on any way out. */
const liveChildren = new Set();
/** Temporary folders to remove on any way out. */
const tempFolders = new Set();

function track(child) {
  liveChildren.add(child);
  child.once('exit', () => liveChildren.delete(child));
  return child;
}

function removeTempFolders() {
  for (const folder of tempFolders) rmSync(folder, { recursive: true, force: true });
  tempFolders.clear();
}

function killChildren() {
  for (const child of liveChildren) {
    try {
      child.kill('SIGKILL');
    } catch {
      // already gone
    }
  }
}

function installExitHandlers() {
  process.on('exit', () => {
    killChildren();
    removeTempFolders();
  });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(signal, () => {
      process.stderr.write(`\nwebdav-clients: ${signal}, cleaning up\n`);
      process.exit(130);
    });
  }
}

/** Ends a child with SIGTERM, then SIGKILL after `graceMs`. */
async function stopChild(child, graceMs = 5000) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = new Promise((resolve) => setTimeout(resolve, graceMs));
  await Promise.race([exited, timer]);
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

/**
 * Runs a command to its end and collects its output.
 * @returns {Promise<{ code: number|null, stdout: string, stderr: string, ms: number }>}
 */
function runCommand(command, args, { cwd = repoRoot, env = {}, timeoutMs = 30 * 60_000 } = {}) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = track(spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] }));
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk) => (stderr += chunk));
    const timer = setTimeout(() => {
      stderr += `\n[webdav-clients: ${command} killed after ${timeoutMs / 1000} s]\n`;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, ms: performance.now() - started });
    });
  });
}

function commandExists(command) {
  return (process.env.PATH ?? '').split(path.delimiter).some((dir) => dir && existsSync(path.join(dir, command)));
}

// ---------------------------------------------------------------------------------------------------
// Servers
// ---------------------------------------------------------------------------------------------------

/** s3rver in a child process (OpenSSL's legacy provider for its DES continuation tokens), with one bucket. */
async function startS3rver(directory) {
  const requireFromApi = createRequire(path.join(repoRoot, 'api-server', 'package.json'));
  const program = `
    const S3rver = require(process.env.S3RVER_MODULE);
    const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: process.env.S3RVER_DIR,
      configureBuckets: [{ name: process.env.S3RVER_BUCKET }] });
    server.run().then((address) => process.stdout.write(JSON.stringify({ port: address.port }) + '\\n'),
      (error) => { console.error(error); process.exit(1); });
    process.on('SIGTERM', () => server.close().finally(() => process.exit(0)));`;
  const bucket = 'webdav';
  const child = track(
    spawn(process.execPath, ['--openssl-legacy-provider', '-e', program], {
      env: { ...process.env, S3RVER_MODULE: requireFromApi.resolve('s3rver'), S3RVER_DIR: directory, S3RVER_BUCKET: bucket },
      stdio: ['ignore', 'pipe', 'inherit'],
    }),
  );
  const port = await new Promise((resolve, reject) => {
    let buffer = '';
    const timer = setTimeout(() => reject(new Error('s3rver did not start in 30 s')), 30_000);
    child.stdout.setEncoding('utf8').on('data', (chunk) => {
      buffer += chunk;
      const line = buffer.split('\n').find((candidate) => candidate.startsWith('{'));
      if (line) {
        clearTimeout(timer);
        resolve(JSON.parse(line).port);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`s3rver exited with code ${code}`));
    });
  });
  return { child, endpoint: `http://127.0.0.1:${port}`, bucket, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
}

/** The built api-server on a free port with a temporary DATA_DIR and a known admin; its stderr is prefixed. */
async function startApiServer(dataDir) {
  const port = await freePort();
  const admin = { username: 'admin', password: `webdav-${randomBytes(9).toString('base64url')}` };
  const env = serverEnv({ port, dataDir, admin });
  const child = track(
    spawn(process.execPath, [distMain], { cwd: path.dirname(path.dirname(distMain)), env, stdio: ['ignore', 'ignore', 'pipe'] }),
  );
  child.stderr.setEncoding('utf8').on('data', (chunk) => {
    for (const line of chunk.split('\n')) if (line) process.stderr.write(`[api] ${line.slice(0, 2000)}\n`);
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the api-server exited with code ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error('the api-server did not answer /api/health within 60 s');
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const login = await postJson(base, '/api/admin/login', admin);
  const auth = { authorization: `Bearer ${login.data.token}` };
  return { child, base, port, admin, auth };
}

/** The storage configs, mounts, API key and folders the checks use (contract §5.2, §5.5, §5.6, §5.9). */
async function prepareWorld(api, s3, bigMb) {
  // max_upload_size (MB) applies to WebDAV PUTs too (413 above it): room for the big file.
  const settings = await fetch(`${api.base}/api/admin/system-settings`, {
    method: 'PUT',
    headers: { ...api.auth, 'content-type': 'application/json' },
    body: JSON.stringify({ max_upload_size: Math.max(100, bigMb + 64) }),
  });
  await json(settings, 'PUT /api/admin/system-settings');
  const configs = await json(await fetch(`${api.base}/api/s3-configs`, { headers: api.auth }), 'GET /api/s3-configs');
  const local = configs.data.find((config) => String(config.provider_type).toLowerCase() === 'local');
  if (!local) throw new Error(`no local storage config among ${configs.data.map((config) => config.provider_type).join(', ')}`);
  const s3Config = await postJson(
    api.base,
    '/api/s3-configs',
    {
      name: 's3rver',
      provider_type: 'Other',
      endpoint_url: s3.endpoint,
      bucket_name: s3.bucket,
      region: 'us-east-1',
      access_key_id: s3.accessKeyId,
      secret_access_key: s3.secretAccessKey,
      path_style: true,
      is_public: true,
    },
    api.auth,
  );
  const configFor = { '/local': local.id, '/s3': s3Config.data.id };
  for (const mount of MOUNTS) {
    await postJson(
      api.base,
      '/api/admin/mounts',
      { name: `webdav ${mount.path}`, storage_type: 'S3', storage_config_id: configFor[mount.path], mount_path: mount.path },
      api.auth,
    );
  }
  const key = await postJson(
    api.base,
    '/api/admin/api-keys',
    { name: 'webdav key home', mount_permission: true, file_permission: true, basic_path: KEY_HOME, expires_at: 'never' },
    api.auth,
  );
  for (const folder of [`${KEY_HOME}/`, '/local/outside/', '/local/keyhome-sibling/']) {
    await postJson(api.base, '/api/admin/fs/mkdir', { path: folder }, api.auth);
  }
  await postJson(api.base, '/api/admin/fs/update', { path: '/local/outside/secret.txt', content: SECRET_TEXT }, api.auth);
  return { key: key.data.key };
}

// ---------------------------------------------------------------------------------------------------
// litmus
// ---------------------------------------------------------------------------------------------------

/**
 * Every chosen litmus suite in `folder` (a mount's root, or a key's home), signed in as `user`.
 * `mount` names the run in the output and the results (the folder, plus " (key)" for a key).
 */
async function runLitmus(api, { mount, folder, user, password }, suites, workRoot, failures) {
  const perSuite = {};
  // litmus works in `<url>litmus/` (it deletes and makes that collection itself).
  const url = `${api.base}/dav${folder}/`;
  for (const suite of suites) {
    const cwd = path.join(workRoot, `litmus${mount.replace(/[^A-Za-z0-9]+/g, '-')}-${suite}`);
    mkdirSync(cwd, { recursive: true });
    const run = await runCommand('litmus', ['-k', url, user, password], {
      cwd,
      env: { TESTS: suite },
      timeoutMs: 10 * 60_000,
    });
    const [result] = parseLitmusOutput(run.stdout + run.stderr);
    const problems = litmusProblems(result, suite);
    console.log(`  ${mount} ${result?.summary || `${suite}: no summary (exit code ${run.code})`}`);
    const warnings = result?.warningMessages ?? [];
    if (problems.length > 0 || warnings.length > 0) {
      const logFile = path.join(cwd, 'debug.log');
      const log = existsSync(logFile) ? readFileSync(logFile, 'utf8') : '';
      for (const problem of problems) console.log(`    FAIL ${mount} ${problem}`);
      // A warning is no failure, but its requests are shown too: litmus warns about what clients may trip on.
      for (const warning of warnings) console.log(`    WARNING ${mount} ${suite} ${warning.number}. ${warning.test}: ${warning.message}`);
      for (const { number, test } of [...(result?.failures ?? []), ...warnings]) {
        console.log(`    --- debug.log of ${mount} ${suite} ${number}. ${test}:`);
        for (const line of debugLogExcerpt(log, number, test)) console.log(`      ${line}`);
      }
      if (!result) console.log((run.stdout + run.stderr).split('\n').slice(-20).join('\n'));
      if (process.env.WEBDAV_LOG_DIR) {
        mkdirSync(process.env.WEBDAV_LOG_DIR, { recursive: true });
        writeFileSync(path.join(process.env.WEBDAV_LOG_DIR, `${path.basename(cwd)}.debug.log`), log);
      }
      for (const problem of problems) failures.push(`litmus ${mount} ${problem}`);
    }
    perSuite[suite] = result
      ? {
          passed: result.passed,
          failed: result.failed,
          skipped: result.skipped,
          warnings: result.warnings,
          complete: result.complete,
          failures: result.failures,
          warningMessages: result.warningMessages,
        }
      : { passed: 0, failed: 0, skipped: 0, warnings: 0, complete: false, failures: [], warningMessages: [] };
  }
  return perSuite;
}

// ---------------------------------------------------------------------------------------------------
// rclone round trip
// ---------------------------------------------------------------------------------------------------

const BIG_FILE = 'big file.bin';
/** Small files of the tree: spaces, Unicode (CJK, accents, emoji), characters URLs escape, nesting. */
const SMALL_FILES = {
  'empty.txt': '',
  '报告 2026.txt': '季度报告\n',
  'Ünïcödé/ña ñ.md': '# ña ñ\n',
  '🎉 fiesta/🚀 launch.txt': 'launch\n',
  'nested/one.txt': 'one\n',
  'nested/a/two.txt': 'two\n',
  'nested/a/b/c/deep.txt': 'deep\n',
  '100% & #1 +plus.txt': 'escapes\n',
};
const EMPTY_FOLDER = 'empty folder';

/** A file of `megabytes` MiB of random bytes, written 1 MiB at a time (never held in memory). */
export async function writeRandomFile(file, megabytes) {
  let left = megabytes;
  const source = new Readable({
    read() {
      if (left <= 0) return this.push(null);
      left -= 1;
      this.push(randomBytes(MIB));
    },
  });
  await pipeline(source, createWriteStream(file));
}

/** The round trip's tree; without the big file when `bigMb` is 0. */
async function makeTree(root, bigMb) {
  mkdirSync(root, { recursive: true });
  if (bigMb > 0) await writeRandomFile(path.join(root, BIG_FILE), bigMb);
  for (const [name, content] of Object.entries(SMALL_FILES)) {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    writeFileSync(path.join(root, name), content);
  }
  mkdirSync(path.join(root, EMPTY_FOLDER), { recursive: true });
}

async function sha256File(file) {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

/** relative path → sha256 (files, streamed) or 'dir' (folders), for the whole tree under `root`. */
async function manifestOf(root) {
  const manifest = new Map();
  const walk = async (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      const relative = path.relative(root, full).split(path.sep).join('/');
      if (entry.isDirectory()) {
        manifest.set(relative, 'dir');
        await walk(full);
      } else {
        manifest.set(relative, await sha256File(full));
      }
    }
  };
  await walk(root);
  return manifest;
}

function treeBytes(root) {
  let total = 0;
  for (const entry of readdirSync(root, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += statSync(path.join(entry.parentPath ?? entry.path, entry.name)).size;
  }
  return total;
}

/** Samples a process's RSS every 200 ms until stopped; start, peak and growth in MB. */
function rssSampler(pid) {
  const start = rssOf(pid);
  let peak = start;
  const timer = setInterval(() => {
    const now = rssOf(pid);
    if (Number.isFinite(now)) peak = Math.max(peak, now);
  }, 200);
  return () => {
    clearInterval(timer);
    const toMb = (bytes) => (Number.isFinite(bytes) ? Math.round((bytes / MIB) * 10) / 10 : null);
    return { startMB: toMb(start), peakMB: toMb(peak), growthMB: toMb(peak - start) };
  };
}

function rcloneEnv(api, mount, user, obscuredPassword) {
  return {
    RCLONE_CONFIG_CC_TYPE: 'webdav',
    RCLONE_CONFIG_CC_URL: `${api.base}/dav${mount}`,
    RCLONE_CONFIG_CC_VENDOR: 'other',
    RCLONE_CONFIG_CC_USER: user,
    RCLONE_CONFIG_CC_PASS: obscuredPassword,
  };
}

function tail(text, lines = 30) {
  return text.trim().split('\n').slice(-lines).join('\n');
}

/** rclone copy up and down, compared, and rclone check, in `folder` as `user`; `mount` names it in the results. */
async function rcloneRoundTrip({ api, mount, folder, user, obscured, tree, treeManifest, workRoot, failures }) {
  const env = rcloneEnv(api, folder, user, obscured);
  const common = ['--config', '/dev/null', '--retries', '1', '--low-level-retries', '2', '--stats', '0'];
  const remote = 'cc:rclone-tree';
  const bytes = treeBytes(tree);
  const result = {
    upMBps: null,
    downMBps: null,
    upSeconds: null,
    downSeconds: null,
    rss: {},
    rssGrowthMB: null,
    identical: false,
    checkDifferences: null,
  };

  const upRss = rssSampler(api.child.pid);
  const up = await runCommand('rclone', ['copy', tree, remote, '--create-empty-src-dirs', ...common], { env });
  result.rss.up = upRss();
  if (up.code !== 0) {
    failures.push(`rclone ${mount}: copy up failed (exit ${up.code})`);
    console.log(`    rclone copy up ${mount} failed:\n${tail(up.stderr)}`);
    return result;
  }
  result.upSeconds = Math.round(up.ms) / 1000;
  // A rate of a few small files says nothing: only a tree with the big file gets MB/s.
  const timed = bytes >= MIB;
  result.upMBps = timed ? mbPerSecond(bytes, up.ms) : null;

  const down = path.join(workRoot, `down${mount.replace(/[^A-Za-z0-9]+/g, '-')}`);
  const downRss = rssSampler(api.child.pid);
  const got = await runCommand('rclone', ['copy', remote, down, '--create-empty-src-dirs', ...common], { env });
  result.rss.down = downRss();
  result.rssGrowthMB = Math.max(result.rss.up.growthMB ?? 0, result.rss.down.growthMB ?? 0);
  if (got.code !== 0) {
    failures.push(`rclone ${mount}: copy down failed (exit ${got.code})`);
    console.log(`    rclone copy down ${mount} failed:\n${tail(got.stderr)}`);
  } else {
    result.downSeconds = Math.round(got.ms) / 1000;
    result.downMBps = timed ? mbPerSecond(bytes, got.ms) : null;
    const differences = manifestDifferences(treeManifest, await manifestOf(down));
    result.identical = differences.length === 0;
    for (const difference of differences) failures.push(`rclone ${mount}: round trip ${difference}`);
  }
  rmSync(down, { recursive: true, force: true });

  const check = await runCommand('rclone', ['check', tree, remote, ...common], { env });
  result.checkDifferences = rcloneDifferences(check.stderr + check.stdout);
  if (check.code !== 0 || result.checkDifferences !== 0) {
    failures.push(
      `rclone ${mount}: rclone check found ${result.checkDifferences ?? 'an unknown number of'} difference(s) (exit ${check.code})`,
    );
    console.log(`    rclone check ${mount}:\n${tail(check.stderr)}`);
  }
  return result;
}

async function rawCopy(tree, workRoot) {
  const target = path.join(workRoot, 'raw-copy.bin');
  const source = path.join(tree, BIG_FILE);
  const run = await runCommand('sh', ['-c', 'cp "$1" "$2" && sync "$2"', 'raw-copy', source, target]);
  const bytes = statSync(source).size;
  rmSync(target, { force: true });
  if (run.code !== 0) return { MBps: null, seconds: null, error: tail(run.stderr) };
  return { MBps: mbPerSecond(bytes, run.ms), seconds: Math.round(run.ms) / 1000 };
}

// ---------------------------------------------------------------------------------------------------
// Confinement of an API key, anonymous access
// ---------------------------------------------------------------------------------------------------

/** One HTTP request with the path sent exactly as given (no dot-segment clean-up, unlike fetch). */
function rawRequest(port, { method, target, headers = {}, body }) {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: target,
        headers: { ...headers, ...(body === undefined ? {} : { 'content-length': Buffer.byteLength(body) }) },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8').on('data', (chunk) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode, headers: response.headers, body: text }));
      },
    );
    request.setTimeout(30_000, () => request.destroy(new Error('timed out')));
    request.on('error', reject);
    request.end(body);
  });
}

function basic(user, password) {
  return `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
}

const PROPFIND_BODY = '<?xml version="1.0" encoding="utf-8"?><D:propfind xmlns:D="DAV:"><D:allprop/></D:propfind>';
const PROPPATCH_BODY =
  '<?xml version="1.0" encoding="utf-8"?><D:propertyupdate xmlns:D="DAV:" xmlns:Z="urn:x"><D:set><D:prop><Z:p>x</Z:p></D:prop></D:set></D:propertyupdate>';
const LOCK_BODY =
  '<?xml version="1.0" encoding="utf-8"?><D:lockinfo xmlns:D="DAV:"><D:lockscope><D:exclusive/></D:lockscope><D:locktype><D:write/></D:locktype></D:lockinfo>';

/**
 * The checks of a key whose basic_path is /local/keyhome. `expect` lists the statuses that pass:
 * inside the home the work succeeds; a target outside it gets 403 or 404; a path trick (`..`,
 * percent-encoded dots, slashes or backslashes) may also get 400.
 */
function confinementChecks(base) {
  const home = '/dav/local/keyhome';
  const file = `${home}/inside.txt`;
  const OK_WRITE = [201, 204];
  const OUT = [403, 404];
  const TRICK = [400, 403, 404];
  const xml = { 'content-type': 'application/xml; charset=utf-8' };
  const absolute = (target) => `${base}${target}`;
  const check = (name, method, target, expect, extra = {}) => ({ name, method, target, expect, ...extra });
  const propfind = (name, target, depth, expect) =>
    check(name, 'PROPFIND', target, expect, { headers: { depth, ...xml }, body: PROPFIND_BODY });
  const put = (name, target, expect) => check(name, 'PUT', target, expect, { body: 'evil\n' });
  const get = (name, target) => check(name, 'GET', target, TRICK);
  const transfer = (name, method, target, destination, expect) => check(name, method, target, expect, { headers: { destination } });
  const rootListing = (text) => /\/dav\/local\/?</.test(text) && !/\/dav\/s3\/?</.test(text);
  return [
    // inside the home: allowed
    propfind('PROPFIND its home (Depth 1)', `${home}/`, '1', [207]),
    check('PUT inside', 'PUT', file, OK_WRITE, { body: 'inside\n' }),
    check('GET inside', 'GET', file, [200], { bodyIs: 'inside\n' }),
    check('MKCOL inside', 'MKCOL', `${home}/sub/`, [201]),
    transfer('COPY inside → inside', 'COPY', file, absolute(`${home}/sub/copy.txt`), OK_WRITE),
    transfer('MOVE inside → inside', 'MOVE', `${home}/sub/copy.txt`, absolute(`${home}/moved.txt`), OK_WRITE),
    { ...propfind('PROPFIND /dav/ lists local, not s3', '/dav/', '1', [207]), bodyCheck: rootListing },
    // outside: refused
    propfind('PROPFIND other mount', '/dav/s3/', '1', OUT),
    propfind('PROPFIND sibling folder', '/dav/local/outside/', '1', OUT),
    propfind('PROPFIND prefix sibling (keyhome-sibling)', '/dav/local/keyhome-sibling/', '0', OUT),
    check('GET outside', 'GET', '/dav/local/outside/secret.txt', OUT),
    check('HEAD outside', 'HEAD', '/dav/local/outside/secret.txt', OUT),
    put('PUT outside', '/dav/local/outside/new.txt', OUT),
    put('PUT prefix sibling', '/dav/local/keyhome-sibling/new.txt', OUT),
    put('PUT other mount', '/dav/s3/new.txt', OUT),
    check('MKCOL outside', 'MKCOL', '/dav/local/outside/newdir/', OUT),
    check('PROPPATCH outside', 'PROPPATCH', '/dav/local/outside/secret.txt', OUT, { headers: xml, body: PROPPATCH_BODY }),
    check('LOCK outside', 'LOCK', '/dav/local/outside/secret.txt', OUT, { headers: { ...xml, timeout: 'Second-60' }, body: LOCK_BODY }),
    transfer('COPY outside → inside', 'COPY', '/dav/local/outside/secret.txt', absolute(`${home}/stolen.txt`), OUT),
    transfer('MOVE outside → inside', 'MOVE', '/dav/local/outside/secret.txt', absolute(`${home}/stolen.txt`), OUT),
    transfer('COPY → Destination outside', 'COPY', file, absolute('/dav/local/outside/copied.txt'), OUT),
    transfer('MOVE → Destination outside', 'MOVE', file, absolute('/dav/local/outside/moved.txt'), OUT),
    transfer('COPY → Destination on the other mount', 'COPY', file, absolute('/dav/s3/copied.txt'), OUT),
    transfer('COPY → Destination as a bare path outside', 'COPY', file, '/dav/local/outside/copied2.txt', TRICK),
    transfer('MOVE → Destination with ..', 'MOVE', file, absolute(`${home}/../outside/moved2.txt`), TRICK),
    transfer('MOVE → Destination with %2e%2e', 'MOVE', file, absolute(`${home}/%2e%2e/outside/moved3.txt`), TRICK),
    transfer('COPY → Destination with ..%2f', 'COPY', file, absolute(`${home}/..%2foutside%2fcopied3.txt`), TRICK),
    // path tricks on the request target
    get('GET home/../outside', `${home}/../outside/secret.txt`),
    get('GET home/%2e%2e/outside', `${home}/%2e%2e/outside/secret.txt`),
    get('GET home/%2E%2E/outside', `${home}/%2E%2E/outside/secret.txt`),
    get('GET home/..%2foutside%2f…', `${home}/..%2foutside%2fsecret.txt`),
    get('GET home/%2e%2e%2foutside%2f…', `${home}/%2e%2e%2foutside%2fsecret.txt`),
    get('GET home%2f..%2foutside…', `${home}%2f..%2foutside%2fsecret.txt`),
    get('GET home/..%5coutside%5c…', `${home}/..%5coutside%5csecret.txt`),
    get('GET /local//outside (double slash)', '/dav/local//outside/secret.txt'),
    propfind('PROPFIND home/%2e%2e/', `${home}/%2e%2e/`, '1', TRICK),
    put('PUT home/%2e%2e/outside', `${home}/%2e%2e/outside/evil.txt`, TRICK),
    put('PUT home/..%2fevil', `${home}/..%2fevil.txt`, TRICK),
    check('DELETE home/%2e%2e/outside/secret', 'DELETE', `${home}/%2e%2e/outside/secret.txt`, TRICK),
    check('DELETE outside', 'DELETE', '/dav/local/outside/secret.txt', OUT),
    check('DELETE home/%2e%2e/ (the mount root)', 'DELETE', `${home}/%2e%2e/`, TRICK),
  ];
}

/** Runs the confinement checks with the key, then the anonymous ones, then checks nothing outside changed. */
async function checkConfinement(api, key, failures) {
  const results = [];
  const record = (name, ok, detail) => {
    results.push({ name, ok, detail });
    if (!ok) failures.push(`confinement: ${name}: ${detail}`);
  };
  const auth = { authorization: basic(key, key) };
  for (const check of confinementChecks(api.base)) {
    let answer;
    try {
      // A source file the previous check may have moved (wrongly) is put back, so a 404 means refused.
      if ((check.method === 'COPY' || check.method === 'MOVE') && check.target.endsWith('/keyhome/inside.txt')) {
        await rawRequest(api.port, { method: 'PUT', target: check.target, headers: auth, body: 'inside\n' });
      }
      answer = await rawRequest(api.port, {
        method: check.method,
        target: check.target,
        headers: { ...auth, ...check.headers },
        body: check.body,
      });
    } catch (error) {
      record(check.name, false, `${check.method} ${check.target}: ${error.message}`);
      continue;
    }
    let ok = check.expect.includes(answer.status);
    let detail = `${check.method} ${check.target}${check.headers?.destination ? ` → ${check.headers.destination}` : ''}: ${answer.status} (expected ${check.expect.join('/')})`;
    if (ok && check.bodyIs !== undefined && answer.body !== check.bodyIs) {
      ok = false;
      detail += `, body ${JSON.stringify(answer.body.slice(0, 80))}`;
    }
    if (ok && check.bodyCheck && !check.bodyCheck(answer.body)) {
      ok = false;
      detail += `, unexpected listing ${answer.body.slice(0, 300)}`;
    }
    record(check.name, ok, detail);
  }

  for (const target of ['/dav/', '/dav/local/outside/secret.txt']) {
    const method = target.endsWith('/') ? 'PROPFIND' : 'GET';
    const answer = await rawRequest(api.port, { method, target, headers: method === 'PROPFIND' ? { depth: '0' } : {} });
    const challenge = String(answer.headers['www-authenticate'] ?? '');
    record(
      `anonymous ${method} ${target}`,
      answer.status === 401 && /^Basic\b/i.test(challenge),
      `${answer.status}, WWW-Authenticate: ${challenge || '(none)'} (expected 401 with Basic)`,
    );
  }
  const wrong = await rawRequest(api.port, {
    method: 'PROPFIND',
    target: '/dav/',
    headers: { depth: '0', authorization: basic(api.admin.username, 'wrong-password') },
  });
  record('wrong admin password', wrong.status === 401, `PROPFIND /dav/: ${wrong.status} (expected 401)`);

  // Nothing outside the home changed: the secret is intact, nothing new appeared next to it or at the roots.
  const secret = await fetch(`${api.base}/api/admin/fs/download?path=${encodeURIComponent('/local/outside/secret.txt')}`, {
    headers: api.auth,
  });
  const secretText = secret.ok ? await secret.text() : '';
  record('outside file intact', secret.ok && secretText === SECRET_TEXT, `download /local/outside/secret.txt: ${secret.status}`);
  const names = async (folder) => {
    const listing = await json(
      await fetch(`${api.base}/api/admin/fs/list?path=${encodeURIComponent(folder)}`, { headers: api.auth }),
      `list ${folder}`,
    );
    return (listing.data.items ?? []).map((item) => item.name).sort();
  };
  const outside = await names('/local/outside/');
  record(
    'nothing new outside',
    JSON.stringify(outside) === JSON.stringify(['secret.txt']),
    `/local/outside/ holds ${JSON.stringify(outside)}`,
  );
  const localRoot = await names('/local/');
  const strays = localRoot.filter((name) => /evil|moved|copied|stolen/.test(name));
  record('nothing new at /local/', strays.length === 0, `/local/ holds ${JSON.stringify(localRoot)}`);
  const sibling = await names('/local/keyhome-sibling/');
  record('nothing new in keyhome-sibling', sibling.length === 0, `/local/keyhome-sibling/ holds ${JSON.stringify(sibling)}`);
  const s3Root = await names('/s3/');
  const s3Strays = s3Root.filter((name) => /new|copied/.test(name));
  record('nothing new at /s3/', s3Strays.length === 0, `/s3/ holds ${JSON.stringify(s3Root)}`);
  return results;
}

/** The rclone round trip on every mount, then the raw disk copy of the big file. */
async function rcloneChecks({ api, key, bigMb, workRoot, results, failures }) {
  console.log(`\nrclone round trip (writing the ${bigMb} MB file …)`);
  const tree = path.join(workRoot, 'tree');
  await makeTree(tree, bigMb);
  const smallTree = path.join(workRoot, 'small-tree');
  await makeTree(smallTree, 0);
  const obscure = async (password) => (await runCommand('rclone', ['obscure', password])).stdout.trim();
  const admin = { user: api.admin.username, obscured: await obscure(api.admin.password) };
  // Each mount as the admin with the big file, then the small files in the key's home as the key.
  const runs = [
    ...MOUNTS.map((mount) => ({ mount: mount.path, folder: mount.path, ...admin, tree })),
    { mount: `${KEY_HOME} (key, small files)`, folder: KEY_HOME, user: key, obscured: await obscure(key), tree: smallTree },
  ];
  for (const run of runs) {
    const r = await rcloneRoundTrip({ api, ...run, treeManifest: await manifestOf(run.tree), workRoot, failures });
    results.rclone[run.mount] = r;
    console.log(
      `  ${run.mount}: up ${r.upMBps ?? 'n/a'} MB/s (${r.upSeconds ?? 'n/a'} s), down ${r.downMBps ?? 'n/a'} MB/s (${r.downSeconds ?? 'n/a'} s), ` +
        `RSS start ${r.rss.up?.startMB ?? 'n/a'} MB, peak up ${r.rss.up?.peakMB ?? 'n/a'} / down ${r.rss.down?.peakMB ?? 'n/a'} MB, ` +
        `growth ${r.rssGrowthMB ?? 'n/a'} MB, ${r.identical ? 'identical' : 'NOT identical'}, rclone check ${r.checkDifferences ?? 'n/a'} differences`,
    );
  }
  results.rawCopy = await rawCopy(tree, workRoot);
}

// ---------------------------------------------------------------------------------------------------
// Main
// ---------------------------------------------------------------------------------------------------

function bigMbFromEnv() {
  const raw = process.env.WEBDAV_BIG_MB;
  if (raw === undefined || raw.trim() === '') return 1024;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`WEBDAV_BIG_MB must be a whole number of MB ≥ 1, got "${raw}"`);
  return value;
}

async function main() {
  if (!existsSync(distMain)) {
    console.error(
      'webdav-clients: api-server/dist/main.js is missing. Build the api-server first: pnpm --filter @cloudclip/api-server run build (or pnpm build).',
    );
    return 2;
  }
  const missing = ['litmus', 'rclone'].filter((command) => !commandExists(command));
  if (missing.length > 0) {
    console.error(`webdav-clients: ${missing.join(' and ')} not found on PATH. Install them: apt-get install -y ${missing.join(' ')}`);
    return 2;
  }
  let bigMb;
  let selection;
  try {
    bigMb = bigMbFromEnv();
    selection = selectionFromEnv(process.env);
  } catch (error) {
    console.error(`webdav-clients: ${error.message}`);
    return 2;
  }
  installExitHandlers();
  const workRoot = mkdtempSync(path.join(os.tmpdir(), 'cloudclip-webdav-'));
  tempFolders.add(workRoot);
  const failures = [];
  const results = { date: new Date().toISOString(), bigMb, litmus: {}, rclone: {}, rawCopy: null, confinement: [], failures };
  let s3;
  let api;
  try {
    const s3Dir = path.join(workRoot, 's3rver');
    const dataDir = path.join(workRoot, 'data');
    mkdirSync(s3Dir);
    mkdirSync(dataDir);
    s3 = await startS3rver(s3Dir);
    api = await startApiServer(dataDir);
    console.log(`s3rver ${s3.endpoint}, api-server ${api.base} (pid ${api.child.pid}), big file ${bigMb} MB`);
    const { key } = await prepareWorld(api, s3, bigMb);

    if (selection.checks.includes('litmus')) {
      console.log('\nlitmus');
      const admin = { user: api.admin.username, password: api.admin.password };
      // Each mount as the admin, then the key's home as the key (its own locks and properties, Basic with the key).
      const runs = [
        ...MOUNTS.map((mount) => ({ mount: mount.path, folder: mount.path, ...admin })),
        { mount: `${KEY_HOME} (key)`, folder: KEY_HOME, user: key, password: key },
      ];
      for (const run of runs) results.litmus[run.mount] = await runLitmus(api, run, selection.suites, workRoot, failures);
    }
    if (selection.checks.includes('confinement')) {
      console.log('\nAPI key confinement');
      results.confinement = await checkConfinement(api, key, failures);
      for (const check of results.confinement) if (!check.ok) console.log(`  FAIL ${check.name}: ${check.detail}`);
    }
    if (selection.checks.includes('rclone')) await rcloneChecks({ api, key, bigMb, workRoot, results, failures });
  } catch (error) {
    failures.push(`run stopped: ${error instanceof Error ? error.message : String(error)}`);
    console.error(error);
  } finally {
    await stopChild(api?.child);
    await stopChild(s3?.child);
    removeTempFolders();
  }

  console.log(`\n${resultsTable(results)}`);
  for (const failure of failures) console.log(`  - ${failure}`);
  mkdirSync(path.dirname(resultsFile), { recursive: true });
  writeFileSync(resultsFile, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`\nwritten: ${path.relative(repoRoot, resultsFile)}`);
  return failures.length === 0 ? 0 : 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  process.exitCode = await main();
}
