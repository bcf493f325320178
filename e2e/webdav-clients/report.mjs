// The WebDAV client checks' report (pure, unit-tested in webdav-clients.test.mjs): MB/s figures and
// the results table printed at the end of a run.
import { KEY_HOME, MIB, RSS_GROWTH_LIMIT_MB } from './settings.mjs';

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
