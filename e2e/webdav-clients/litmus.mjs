// The litmus scenarios: every chosen suite in a mount's root or a key's home, read back per suite.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { debugLogExcerpt, litmusProblems, parseLitmusOutput } from './client-output.mjs';
import { runCommand } from './processes.mjs';

/**
 * Every chosen litmus suite in `folder` (a mount's root, or a key's home), signed in as `user`.
 * `mount` names the run in the output and the results (the folder, plus " (key)" for a key).
 */
export async function runLitmus(api, { mount, folder, user, password }, suites, workRoot, failures) {
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
