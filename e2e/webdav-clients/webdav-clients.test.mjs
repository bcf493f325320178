// Unit tests of the pure parts of the WebDAV client checks (litmus output, debug.log excerpts, rclone
// check output, tree manifests, the results table): node --test e2e/webdav-clients/
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { debugLogExcerpt, litmusProblems, manifestDifferences, parseLitmusOutput, rcloneDifferences } from './client-output.mjs';
import { mbPerSecond, resultsTable, textTable } from './report.mjs';
import { selectionFromEnv } from './settings.mjs';

/** A litmus line as litmus writes it to a pipe: the label, a carriage return, the label again, the result. */
const line = (number, name, result) => {
  const label = `${String(number).padStart(2)}. ${name}${'.'.repeat(Math.max(1, 22 - name.length))}`;
  return `\r${label} \r${label} ${result}\n`;
};

/** A suite's output as litmus writes it: its header, the init and begin steps, `steps`, its summary. */
const suiteOutput = (suite, steps, summary) =>
  [
    `-> running \`${suite}':\n`,
    line(0, 'init', 'pass'),
    line(1, 'begin', 'pass'),
    ...steps,
    `<- summary for \`${suite}': ${summary}\n`,
  ].join('');

const PASSING_HTTP = suiteOutput(
  'http',
  [line(2, 'expect100', 'pass'), line(3, 'finish', 'pass')],
  'of 4 tests run: 4 passed, 0 failed. 100.0%',
);

const FAILING_PROPS =
  suiteOutput(
    'props',
    [
      line(2, 'mkcol_again', 'FAIL (MKCOL on existing collection should fail (RFC2518:8.3.1))'),
      line(3, 'propset', "FAIL (PROPPATCH on `/dav/local/litmus/prop': http://x/dav/local/litmus/prop: 403 Forbidden\n)"),
      line(4, 'propget', 'SKIPPED'),
      line(5, 'propmove', 'SKIPPED'),
      '\r 6. cond_put_corrupt_token WARNING: PUT failed with 412 not 423\n',
      '    ...................... pass (with 1 warning)\n',
      line(7, 'finish', 'pass'),
      '-> 2 tests were skipped.\n',
    ],
    'of 6 tests run: 4 passed, 2 failed. 66.7%',
  ) + '-> 1 warning was issued.\n';

describe('parseLitmusOutput', () => {
  it('reads a passing suite from its summary line', () => {
    const [http] = parseLitmusOutput(PASSING_HTTP);
    assert.equal(http.suite, 'http');
    assert.equal(http.complete, true);
    assert.deepEqual([http.run, http.passed, http.failed, http.skipped, http.warnings], [4, 4, 0, 0, 0]);
    assert.deepEqual(http.failures, []);
  });

  it('names each failed test with its whole message, parentheses and line breaks included', () => {
    const [props] = parseLitmusOutput(FAILING_PROPS);
    assert.deepEqual([props.passed, props.failed, props.skipped, props.warnings], [4, 2, 2, 1]);
    assert.deepEqual(props.failures, [
      { number: 2, test: 'mkcol_again', message: 'MKCOL on existing collection should fail (RFC2518:8.3.1)' },
      { number: 3, test: 'propset', message: "PROPPATCH on `/dav/local/litmus/prop': http://x/dav/local/litmus/prop: 403 Forbidden" },
    ]);
    assert.deepEqual(props.skippedTests, [
      { number: 4, test: 'propget' },
      { number: 5, test: 'propmove' },
    ]);
    assert.deepEqual(props.warningMessages, [{ number: 6, test: 'cond_put_corrupt_token', message: 'PUT failed with 412 not 423' }]);
  });

  it('splits the output of several suites and marks one without a summary as incomplete', () => {
    const crashed = "-> running `locks':\n" + line(0, 'init', 'pass') + line(1, 'begin', 'pass');
    const suites = parseLitmusOutput(PASSING_HTTP + FAILING_PROPS + crashed);
    assert.deepEqual(
      suites.map((suite) => [suite.suite, suite.complete]),
      [
        ['http', true],
        ['props', true],
        ['locks', false],
      ],
    );
  });

  it('finds no suite in output that is not litmus output', () => {
    assert.deepEqual(parseLitmusOutput('litmus: Usage: /usr/bin/litmus [OPTIONS] URL\n'), []);
  });
});

describe('litmusProblems', () => {
  it('has nothing to say about a passing suite', () => {
    assert.deepEqual(litmusProblems(parseLitmusOutput(PASSING_HTTP)[0], 'http'), []);
  });

  it('lists the failures and the skipped tests of a suite', () => {
    const problems = litmusProblems(parseLitmusOutput(FAILING_PROPS)[0], 'props');
    assert.equal(problems.length, 3);
    assert.match(problems[0], /^props 2\. mkcol_again: MKCOL on existing collection/);
    assert.match(problems[1], /^props 3\. propset: PROPPATCH .* 403 Forbidden$/);
    assert.match(problems[2], /2 test\(s\) skipped after a failure \(4\. propget, 5\. propmove\)/);
  });

  it('reports a suite that printed nothing or stopped early', () => {
    assert.deepEqual(litmusProblems(undefined, 'locks'), ['litmus printed no results for the suite locks']);
    const [locks] = parseLitmusOutput("-> running `locks':\n" + line(0, 'init', 'pass'));
    assert.match(litmusProblems(locks, 'locks')[0], /stopped before its summary/);
  });
});

describe('debugLogExcerpt', () => {
  // The request and response heads keep their CR LF in neon's log; its own lines end in LF.
  const log = [
    '******* Running test 2: mkcol_again ********',
    'Sending request headers:',
    'MKCOL /dav/local/litmus/coll/ HTTP/1.1\r',
    'Authorization: Basic YWRtaW46c2VjcmV0\r',
    'Depth: 0\r',
    'X-Litmus: basic: 2 (mkcol_again)\r',
    '\r',
    '[status-line] < HTTP/1.1 201 Created\r',
    '[hdr] Location: /dav/local/litmus/coll/\r',
    'Read block (12 bytes):',
    '[<d:error/>]',
    '******* Running test 3: delete_coll ********',
    'DELETE /dav/local/litmus/coll/ HTTP/1.1',
    '[status-line] < HTTP/1.1 204 No Content',
  ].join('\n');

  it('keeps the requests, the interesting headers, the statuses and the bodies of one test only', () => {
    assert.deepEqual(debugLogExcerpt(log, 2, 'mkcol_again'), [
      '> MKCOL /dav/local/litmus/coll/ HTTP/1.1',
      '>   Depth: 0',
      '< HTTP/1.1 201 Created',
      '<   Location: /dav/local/litmus/coll/',
      '    [<d:error/>]',
    ]);
  });

  it('never repeats the credentials and is empty for a test not in the log', () => {
    assert.ok(!debugLogExcerpt(log, 2, 'mkcol_again').some((kept) => kept.includes('Authorization')));
    assert.deepEqual(debugLogExcerpt(log, 9, 'nothing'), []);
  });

  it('cuts a long excerpt and says how much was left out', () => {
    const long = ['******* Running test 1: many ********', ...Array.from({ length: 10 }, (_, i) => `GET /f${i} HTTP/1.1`)].join('\n');
    const excerpt = debugLogExcerpt(long, 1, 'many', 4);
    assert.equal(excerpt.length, 5);
    assert.equal(excerpt[4], '… 6 more lines');
  });
});

describe('rcloneDifferences', () => {
  it('reads the count of rclone check', () => {
    assert.equal(rcloneDifferences("NOTICE: webdav root 'tree': 0 differences found\n"), 0);
    assert.equal(rcloneDifferences("ERROR : webdav root 'tree': 3 differences found\n"), 3);
    assert.equal(rcloneDifferences('Failed to create file system\n'), null);
  });
});

describe('manifestDifferences', () => {
  it('names missing, extra and different entries', () => {
    const expected = new Map([
      ['a.txt', 'h1'],
      ['dir', 'dir'],
      ['dir/b.txt', 'h2'],
    ]);
    const actual = new Map([
      ['a.txt', 'h1'],
      ['dir/b.txt', 'hX'],
      ['c.txt', 'h3'],
    ]);
    assert.deepEqual(manifestDifferences(expected, actual), ['missing: dir', 'different: dir/b.txt', 'extra: c.txt']);
    assert.deepEqual(manifestDifferences(expected, new Map(expected)), []);
  });
});

describe('mbPerSecond', () => {
  it('gives MiB per second with one decimal, null without a duration', () => {
    assert.equal(mbPerSecond(256 * 1024 * 1024, 2000), 128);
    assert.equal(mbPerSecond(1024 * 1024, 3000), 0.3);
    assert.equal(mbPerSecond(1024, 0), null);
  });
});

describe('resultsTable', () => {
  const results = {
    bigMb: 256,
    litmus: {
      '/local': { basic: { passed: 16, failed: 0, skipped: 0, warnings: 0, complete: true } },
      '/s3': { props: { passed: 10, failed: 2, skipped: 16, warnings: 0, complete: true } },
    },
    rclone: {
      '/local': { upMBps: 120.5, downMBps: 200, rssGrowthMB: 12.3, identical: true, checkDifferences: 0 },
      '/s3': { upMBps: null, downMBps: null, rssGrowthMB: 140, identical: false, checkDifferences: null },
    },
    rawCopy: { MBps: 900.1 },
    confinement: [
      { name: 'a', ok: true },
      { name: 'b', ok: false },
    ],
    failures: ['x', 'y'],
  };

  it('gives a verdict per litmus suite and the rclone figures per mount', () => {
    const text = resultsTable(results);
    assert.match(text, /\/local\s+basic\s+16\s+0\s+0\s+0\s+pass/);
    assert.match(text, /\/s3\s+props\s+10\s+2\s+16\s+0\s+FAIL/);
    assert.match(text, /\/local\s+120\.5\s+200\s+12\.3\s+0\s+identical/);
    assert.match(text, /\/s3\s+n\/a\s+n\/a\s+140 \(over 100\)\s+n\/a\s+DIFFERENT/);
    assert.match(text, /raw disk copy \(cp \+ sync\) of the 256 MB file: 900\.1 MB\/s/);
    assert.match(text, /1\/2 checks as expected/);
    assert.match(text, /RESULT: 2 functional failure\(s\)$/);
  });

  it('says so when everything passed', () => {
    assert.match(resultsTable({ ...results, failures: [] }), /RESULT: all functional checks passed$/);
  });
});

describe('textTable', () => {
  it('left-aligns the first column, right-aligns the others and writes n/a for missing cells', () => {
    assert.equal(
      textTable(
        ['m', 'n'],
        [
          ['/a', 1],
          ['/bb', null],
        ],
      ),
      ['m      n', '---  ---', '/a     1', '/bb  n/a'].join('\n'),
    );
  });
});

describe('selectionFromEnv', () => {
  it('runs every part and every litmus suite when nothing is chosen', () => {
    assert.deepEqual(selectionFromEnv({}), {
      checks: ['litmus', 'confinement', 'rclone'],
      suites: ['basic', 'copymove', 'props', 'locks', 'http'],
    });
    assert.deepEqual(selectionFromEnv({ WEBDAV_CHECKS: ' ', WEBDAV_LITMUS_SUITES: '' }).checks.length, 3);
  });

  it('keeps the chosen ones in the run order', () => {
    assert.deepEqual(selectionFromEnv({ WEBDAV_CHECKS: 'rclone, litmus', WEBDAV_LITMUS_SUITES: 'locks,props' }), {
      checks: ['litmus', 'rclone'],
      suites: ['props', 'locks'],
    });
  });

  it('refuses a name it does not know', () => {
    assert.throws(() => selectionFromEnv({ WEBDAV_LITMUS_SUITES: 'prop' }), /WEBDAV_LITMUS_SUITES: unknown prop/);
    assert.throws(() => selectionFromEnv({ WEBDAV_CHECKS: 'litmus,s3' }), /WEBDAV_CHECKS: unknown s3/);
  });
});
