// Cloudclip's /dav on mounts whose storage is a real WebDAV server (Debian's `rclone serve webdav`)
// and a real SFTP server (Debian's OpenSSH sshd): issue 38, "litmus over /dav runs against mounts on
// each new driver". Against the built api-server (api-server/dist/main.js) on a temporary DATA_DIR
// and a free port; the storage configs and mounts are made through the HTTP API (drivers-world.mjs).
// Per mount:
//   - Debian's litmus, the suites `pnpm test:webdav` runs (basic copymove props locks http, one litmus
//     run per suite, as the admin): as there, a suite passes only with no failed and no skipped test
//     (warnings are shown, not failures);
//   - byte ranges through /dav: a 1 MiB file PUT, then GETs of a middle range, an open-ended range, a
//     suffix range (206 with the exact bytes and Content-Range) and an unsatisfiable one (416);
//   - a 20 MB PUT round trip: the bytes on the remote server's disk (rclone's served folder, sshd's
//     data folder) and a GET back are the bytes sent.
//
//   pnpm test:storage-drivers     (needs the api-server build, litmus, rclone and openssh-server)
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { debugLogExcerpt, litmusProblems, parseLitmusOutput } from '../webdav-clients/client-output.mjs';
import { LITMUS_SUITES } from '../webdav-clients/settings.mjs';
import { davAuth, missingCommands, startDriverWorld } from './drivers-world.mjs';

const DRIVERS = ['webdav', 'sftp'];
const ROUND_TRIP_BYTES = 20 * 1024 * 1024;
const RANGE_FILE_BYTES = 1024 * 1024;
const LITMUS_TIMEOUT_MS = 10 * 60_000;

let world;
let workRoot;

before(async () => {
  const missing = missingCommands(DRIVERS, ['litmus']);
  if (missing.length > 0) throw new Error(`not installed: ${missing.join(', ')} (apt-get install -y litmus rclone openssh-server)`);
  if (!existsSync(path.resolve(import.meta.dirname, '../../api-server/dist/main.js')))
    throw new Error('api-server/dist/main.js is missing: pnpm --filter @cloudclip/api-server build');
  workRoot = mkdtempSync(path.join(os.tmpdir(), 'cloudclip-litmus-drivers-'));
  world = await startDriverWorld({ drivers: DRIVERS, maxUploadMb: 100 });
});

after(async () => {
  await world?.stop();
  if (workRoot) rmSync(workRoot, { recursive: true, force: true });
});

/** litmus (one suite) against `url`; resolves with its combined output and the debug.log it wrote. */
function runLitmus(url, user, password, suite, cwd) {
  return new Promise((resolve, reject) => {
    const child = spawn('litmus', ['-k', url, user, password], {
      cwd,
      env: { ...process.env, TESTS: suite },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk) => (output += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk) => (output += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), LITMUS_TIMEOUT_MS);
    child.once('error', reject);
    child.once('close', (code) => {
      clearTimeout(timer);
      const logFile = path.join(cwd, 'debug.log');
      resolve({ code, output, log: existsSync(logFile) ? readFileSync(logFile, 'utf8') : '' });
    });
  });
}

function dav(mountPath, name) {
  return `${world.api.base}/dav${mountPath}/${name}`;
}

async function davPut(url, body) {
  const response = await fetch(url, { method: 'PUT', headers: { authorization: davAuth(world.api) }, body });
  await response.arrayBuffer();
  return response.status;
}

async function davGet(url, headers = {}) {
  const response = await fetch(url, { headers: { authorization: davAuth(world.api), ...headers } });
  return { status: response.status, headers: response.headers, body: Buffer.from(await response.arrayBuffer()) };
}

const sha256 = (bytes) => createHash('sha256').update(bytes).digest('hex');

for (const driver of DRIVERS) {
  describe(`/dav on a ${driver} mount`, () => {
    for (const suite of LITMUS_SUITES) {
      test(`litmus ${suite}`, async (t) => {
        const mount = world.mounts[driver];
        const cwd = path.join(workRoot, `${driver}-${suite}`);
        mkdirSync(cwd, { recursive: true });
        const run = await runLitmus(`${world.api.base}/dav${mount.path}/`, world.api.admin.username, world.api.admin.password, suite, cwd);
        const [result] = parseLitmusOutput(run.output);
        const problems = litmusProblems(result, suite);
        if (result?.summary) t.diagnostic(result.summary);
        for (const warning of result?.warningMessages ?? []) t.diagnostic(`WARNING ${warning.number}. ${warning.test}: ${warning.message}`);
        for (const { number, test: name } of result?.failures ?? []) {
          t.diagnostic(`debug.log of ${number}. ${name}:\n${debugLogExcerpt(run.log, number, name).join('\n')}`);
        }
        if (!result) t.diagnostic(run.output.split('\n').slice(-20).join('\n'));
        assert.deepEqual(problems, [], `litmus ${suite} on the ${driver} mount (exit code ${run.code})`);
      });
    }

    test('byte ranges of a file on the remote storage', async () => {
      const mount = world.mounts[driver];
      const bytes = randomBytes(RANGE_FILE_BYTES);
      const url = dav(mount.path, 'ranges.bin');
      assert.equal(await davPut(url, bytes), 201);
      assert.equal(sha256(readFileSync(path.join(mount.remoteDir, 'ranges.bin'))), sha256(bytes), 'the bytes on the remote server');
      const cases = [
        { range: 'bytes=500000-565535', start: 500000, end: 565535 },
        { range: `bytes=${RANGE_FILE_BYTES - 1000}-`, start: RANGE_FILE_BYTES - 1000, end: RANGE_FILE_BYTES - 1 },
        { range: 'bytes=-4096', start: RANGE_FILE_BYTES - 4096, end: RANGE_FILE_BYTES - 1 },
        { range: 'bytes=0-0', start: 0, end: 0 },
      ];
      for (const { range, start, end } of cases) {
        const answer = await davGet(url, { range });
        assert.equal(answer.status, 206, range);
        assert.equal(answer.headers.get('content-range'), `bytes ${start}-${end}/${RANGE_FILE_BYTES}`, range);
        assert.equal(answer.body.length, end - start + 1, range);
        assert.ok(answer.body.equals(bytes.subarray(start, end + 1)), `${range}: the bytes of that range`);
      }
      const beyond = await davGet(url, { range: `bytes=${RANGE_FILE_BYTES}-` });
      assert.equal(beyond.status, 416);
      assert.equal(beyond.headers.get('content-range'), `bytes */${RANGE_FILE_BYTES}`);
    });

    test('a 20 MB PUT lands on the remote storage and GETs back byte for byte', async () => {
      const mount = world.mounts[driver];
      const bytes = randomBytes(ROUND_TRIP_BYTES);
      const url = dav(mount.path, 'round%20trip/20%20MB.bin');
      const folder = await fetch(dav(mount.path, 'round%20trip/'), { method: 'MKCOL', headers: { authorization: davAuth(world.api) } });
      assert.equal(folder.status, 201);
      assert.equal(await davPut(url, bytes), 201);
      const onRemote = readFileSync(path.join(mount.remoteDir, 'round trip', '20 MB.bin'));
      assert.equal(onRemote.length, ROUND_TRIP_BYTES);
      assert.equal(sha256(onRemote), sha256(bytes), 'the bytes on the remote server');
      const back = await davGet(url);
      assert.equal(back.status, 200);
      assert.equal(back.body.length, ROUND_TRIP_BYTES);
      assert.equal(sha256(back.body), sha256(bytes), 'the bytes read back through /dav');
      assert.equal(await davPut(url, bytes.subarray(0, 1000)), 204, 'overwriting answers 204');
      assert.ok(
        readFileSync(path.join(mount.remoteDir, 'round trip', '20 MB.bin')).equals(bytes.subarray(0, 1000)),
        'the overwrite on the remote',
      );
    });
  });
}
