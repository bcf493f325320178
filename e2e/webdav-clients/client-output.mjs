// Reading the clients' output (pure, unit-tested in webdav-clients.test.mjs): litmus's console
// output and debug.log, rclone check's count, and two tree manifests compared.

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
