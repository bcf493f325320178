// What the Node-side benchmarks (search, backup, cluster, storage drivers) share: the description of
// the machine in their results, writing bench-results/<name>.json, running a benchmark file again in
// a child process (inside api-server/scripts/with-postgres.sh when PostgreSQL is measured) and
// reading back the JSON it wrote, and telling whether a file was started directly.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { repoRoot } from '../scripts/lib.mjs';

/** The throwaway PostgreSQL cluster a measurement runs inside (fsync off, DATABASE_URL set). */
export const WITH_POSTGRES = path.join(repoRoot, 'api-server', 'scripts', 'with-postgres.sh');

/** The machine a result was measured on. */
export function machineInfo() {
  return { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model ?? null, memoryBytes: os.totalmem(), node: process.version };
}

/** Writes `results` to `resultsDir`/`fileName` (pretty JSON) and says so; returns the file. */
export function writeResults(resultsDir, fileName, results) {
  mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, fileName);
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`Written: ${path.relative(repoRoot, file)}`);
  return file;
}

/** True when the module of `moduleUrl` (its import.meta.url) is the file node was started with. */
export function invokedDirectly(moduleUrl) {
  return Boolean(process.argv[1]) && path.resolve(process.argv[1]) === fileURLToPath(moduleUrl);
}

/**
 * Runs `node <script> ...args --out=<file>` to its end (inside with-postgres.sh when `postgres`) and
 * resolves with the JSON the child wrote to that file; rejects, naming `what`, when it exits non-zero.
 * @param {{ script: string, args?: string[], postgres?: boolean, env?: Record<string, string>, cwd?: string, tempPrefix: string, what: string }} options
 */
export function runMeasurementChild({ script, args = [], postgres = false, env = {}, cwd, tempPrefix, what }) {
  const outDir = mkdtempSync(path.join(os.tmpdir(), tempPrefix));
  const out = path.join(outDir, 'result.json');
  const nodeArgs = [script, ...args, `--out=${out}`];
  const [command, commandArgs] = postgres ? ['bash', [WITH_POSTGRES, process.execPath, ...nodeArgs]] : [process.execPath, nodeArgs];
  return new Promise((resolve, reject) => {
    const child = spawn(command, commandArgs, {
      ...(cwd ? { cwd } : {}),
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, ...env },
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      try {
        if (code !== 0) throw new Error(`${what} exited with code ${code}`);
        resolve(JSON.parse(readFileSync(out, 'utf8')));
      } catch (error) {
        reject(error);
      } finally {
        rmSync(outDir, { recursive: true, force: true });
      }
    });
  });
}
