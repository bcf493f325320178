#!/usr/bin/env node
// WebDAV checked with real clients (issue 14): litmus and rclone against the built api-server.
//
//   node e2e/webdav-clients/webdav-clients.mjs   (pnpm test:webdav / pnpm bench:webdav; build the api-server first)
//   WEBDAV_BIG_MB=256 node e2e/webdav-clients/webdav-clients.mjs
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
//
// This file runs the checks in order; the parts live beside it: settings.mjs (paths, mounts, what
// runs), processes.mjs (children and clean-up), servers.mjs (s3rver, api-server, the mounts and key),
// litmus.mjs, rclone.mjs with file-tree.mjs, confinement.mjs (the scenarios), client-output.mjs (the
// clients' output read) and report.mjs (the results table).
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { checkConfinement } from './confinement.mjs';
import { runLitmus } from './litmus.mjs';
import { commandExists, installExitHandlers, removeTempFolders, stopChild, tempFolders } from './processes.mjs';
import { rcloneChecks } from './rclone.mjs';
import { resultsTable } from './report.mjs';
import { prepareWorld, startApiServer, startS3rver } from './servers.mjs';
import { KEY_HOME, MOUNTS, distMain, repoRoot, resultsFile, selectionFromEnv } from './settings.mjs';

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
