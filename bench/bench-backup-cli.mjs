// The backup CLI as the backup benchmark (bench-backup.mjs) runs it: a child process timed with its
// peak RSS (/usr/bin/time, else VmHWM polled), its environment, and the rows and objects a restore
// left in the target.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from '../scripts/lib.mjs';
import { parseMaxRss, parseVmHwm } from './bench-backup-lib.mjs';
import { cliFile } from './bench-backup-build.mjs';
import { APP_SECRET, CONFIG_ID } from './bench-backup-seed.mjs';
import { withDatabase } from './bench-search-database.mjs';

const TIME_BIN = '/usr/bin/time';

/**
 * Runs the build's backup CLI as a child process; resolves with its wall time, peak RSS and output.
 * Fails (with its stderr) when it exits non-zero.
 */
export function runCli(args, env) {
  const useTime = existsSync(TIME_BIN);
  const rssDir = mkdtempSync(path.join(os.tmpdir(), 'cloudclip-bench-rss-'));
  const rssFile = path.join(rssDir, 'maxrss');
  const [command, commandArgs] = useTime
    ? [TIME_BIN, ['-f', '%M', '-o', rssFile, process.execPath, cliFile(), ...args]]
    : [process.execPath, [cliFile(), ...args]];
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(command, commandArgs, { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    let polledPeak = null;
    const poll = useTime
      ? null
      : setInterval(() => {
          try {
            const peak = parseVmHwm(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
            if (peak !== null) polledPeak = Math.max(polledPeak ?? 0, peak);
          } catch {
            /* gone */
          }
        }, 20);
    child.once('error', reject);
    child.once('exit', (code) => {
      const seconds = (performance.now() - started) / 1000;
      if (poll) clearInterval(poll);
      const peakRssBytes = useTime && existsSync(rssFile) ? parseMaxRss(readFileSync(rssFile, 'utf8')) : polledPeak;
      rmSync(rssDir, { recursive: true, force: true });
      if (code !== 0) {
        reject(new Error(`backup ${args.join(' ')} exited with ${code}: ${stderr.trim().split('\n').slice(-3).join(' | ')}`));
        return;
      }
      resolve({ seconds, peakRssBytes, rssSource: useTime ? '/usr/bin/time %M' : 'VmHWM polled', output: stdout.trim() });
    });
  });
}

/** The CLI's environment: the given instance only (no inherited DATABASE_URL). */
export function cliEnv({ dataDir, databaseUrl }) {
  const env = { ...process.env, DATA_DIR: dataDir, APP_SECRET };
  delete env.DATABASE_URL;
  delete env.TEST_DATABASE_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  return env;
}

/** Rows of pastes, files and paste_tags in a target database. */
export async function countRows({ sqliteFile, databaseUrl }) {
  const tables = ['pastes', 'paste_tags', 'files'];
  return withDatabase({ sqliteFile, databaseUrl }, async (run) => {
    const counts = {};
    for (const table of tables) counts[table] = Number((await run(`SELECT count(*) AS n FROM ${table}`))[0].n);
    return counts;
  });
}

export function countObjects(dataDir) {
  const root = path.join(dataDir, 'storage', CONFIG_ID, 'uploads');
  return existsSync(root) ? readdirSync(root).length : 0;
}
